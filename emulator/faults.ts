// Reproducible fault injection: a per-route script consumed in order, then a seeded PRNG, so a
// failing end-to-end run can be replayed exactly from its config; and how each fault reaches the
// client, as a real network, proxy or badly written server would send it.
import type http from 'node:http'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import type { FaultSpec, RouteFaults, RouteName } from './config.js'
import { jsonAnswer, send, type Answer } from './http.js'

/** mulberry32: a tiny 32-bit PRNG; the same seed gives the same sequence on every platform. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export class FaultPlan {
  private scriptIndex = 0
  private readonly random: (() => number) | undefined

  constructor(private readonly faults: RouteFaults = {}) {
    this.random = faults.random ? mulberry32(faults.random.seed) : undefined
  }

  next(): FaultSpec | undefined {
    const script = this.faults.script ?? []
    if (this.scriptIndex < script.length) return script[this.scriptIndex++] ?? undefined
    const random = this.faults.random
    if (!random || !this.random) return undefined
    // Two draws per request whatever the outcome, so the sequence depends only on the request count.
    const hit = this.random() < random.probability
    const pick = random.kinds[Math.floor(this.random() * random.kinds.length)]
    return hit ? pick : undefined
  }
}

export interface FaultContext {
  req: http.IncomingMessage
  res: http.ServerResponse
  /** The request's record: the status sent goes there. */
  record: { status: number; headers: Record<string, string | undefined> }
  route: RouteName
  /** The answer the request would get without the fault; `processed` makes it count. */
  answer(processed: boolean): Answer
  errorAnswer(status: number, error: string, headers?: Record<string, string>): Answer
  now: number
  /** Resolves true after `ms`, false if the client left or the emulator closed first. */
  delay(ms: number): Promise<boolean>
}

const COMPRESS = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync }
/** The end of a JSON object's text, where a fault adds fields to the real answer. */
const CLOSING = /}\s*$/

export async function deliverFault(fault: FaultSpec, context: FaultContext): Promise<void> {
  const { req, res, record, errorAnswer } = context
  if (fault.kind === 'slow') {
    // Delivered late but otherwise normal, so it counts, unless the client gave up waiting.
    if (await context.delay(fault.delayMs)) send(res, record, context.answer(true))
    return
  }
  const real = context.answer(fault.processed === true)
  /** The status line and headers promising the whole body, then `then` once they have left. */
  const head = (then: () => void) => {
    record.status = real.status
    res.writeHead(real.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(real.body))
    })
    res.flushHeaders()
    // Writes are ordered: this callback runs once the headers have left.
    if (res.socket) res.socket.write(Buffer.alloc(0), then)
    else then()
  }
  switch (fault.kind) {
    case 'status':
      return send(res, record, errorAnswer(fault.status, `emulated fault: HTTP ${fault.status}`))
    case 'rate-limit': {
      const { retryAfter: after } = fault
      const value =
        typeof after === 'object'
          ? 'seconds' in after
            ? String(after.seconds)
            : new Date(context.now + after.dateInSeconds * 1000).toUTCString()
          : after
      const headers: Record<string, string> = value === undefined ? {} : { 'retry-after': value }
      return send(res, record, errorAnswer(429, 'too many requests', headers))
    }
    case 'reset-before-headers':
      req.socket.destroy()
      return
    case 'reset-after-headers': {
      const full = Buffer.from(real.body, 'utf8')
      return head(() =>
        res.write(full.subarray(0, Math.floor(full.length / 2)), () => res.destroy())
      )
    }
    case 'cut-after-status-line':
      return head(() => res.destroy())
    case 'cut-in-headers': {
      // The status line and part of a header, then the connection ends: the request was
      // received (and, with `processed`, acted on), but no header block ever completes.
      record.status = real.status
      const socket = req.socket
      socket.write(`HTTP/1.1 ${real.status} OK\r\nContent-Type: applic`, () => socket.destroy())
      return
    }
    case 'header-overflow': {
      // Twice Node's default limit for the whole header block (16 KiB): a client on default
      // settings cannot parse the answer.
      const padding = 'x'.repeat(32 * 1024)
      return send(res, record, {
        ...real,
        headers: { ...real.headers, 'x-emulator-padding': padding }
      })
    }
    case 'compressed': {
      const encoding = fault.encoding ?? 'gzip'
      const body = COMPRESS[encoding](real.body)
      return send(res, record, {
        ...real,
        body,
        headers: { ...real.headers, 'content-encoding': encoding }
      })
    }
    case 'html': {
      // What an HTTP proxy or load balancer in front of the service might send instead of JSON.
      const title = fault.status === 200 ? 'Sign in to continue' : `${fault.status} Bad Gateway`
      const body = `<!DOCTYPE html>\r\n<html><head><title>${title}</title></head>\r\n<body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>\r\n`
      const headers = { 'content-type': 'text/html; charset=utf-8' }
      return send(res, record, { status: fault.status, body, headers })
    }
    case 'truncated-json':
      return send(res, record, {
        status: 200,
        body: real.body.slice(0, Math.floor(real.body.length / 2))
      })
    case 'replay':
      return send(res, record, jsonAnswer(fault.status ?? 200, fault.body))
    case 'wrong-shape': {
      // Valid JSON that is not what the route returns; the greenlight one baits a lax client.
      const bait =
        context.route === 'greenlight'
          ? { greenlight: true, status: 'ok', data: { stage: 'done' } }
          : { ok: true, suites: [{ id: 'run-0' }] }
      return send(res, record, jsonAnswer(200, fault.body ?? bait))
    }
    case 'duplicate-key': {
      // The verdict fields repeated, saying green: a parser keeping the last value reads green.
      const repeats = ',"greenlight":true,"runStage":"completed","blockingBugsCount":0}'
      return send(res, record, { status: real.status, body: real.body.replace(CLOSING, repeats) })
    }
    case 'deep-nesting': {
      const depth = 5000
      const deep = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
      const body = real.body.replace(CLOSING, `,"extra":${deep}}`)
      return send(res, record, { status: real.status, body })
    }
    case 'echo-key': {
      // A 500 that repeats the request's credentials, as badly written services do.
      const authorization = record.headers['authorization']
      const token = authorization?.replace(/^Bearer\s+/i, '') ?? '(none)'
      const body = {
        error: `internal error: could not verify token ${token}`,
        request: { headers: { authorization: authorization ?? null } }
      }
      return send(res, record, jsonAnswer(500, body))
    }
  }
}
