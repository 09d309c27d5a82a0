// Reproducible fault injection: a per-route script consumed in order, then a seeded PRNG, so a
// failing end-to-end run can be replayed exactly from its config.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import type {
  ContentEncoding,
  FaultSpec,
  RetryAfterSpec,
  RouteFaults,
  RouteName
} from './config.js'

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

export function retryAfterValue(spec: RetryAfterSpec | undefined, now: number): string | undefined {
  if (spec === undefined) return undefined
  if (typeof spec === 'string') return spec
  if ('seconds' in spec) return String(spec.seconds)
  return new Date(now + spec.dateInSeconds * 1000).toUTCString()
}

/** What an HTTP proxy or load balancer in front of the service might send instead of JSON. */
export function htmlErrorPage(status: number): string {
  const title = status === 200 ? 'Sign in to continue' : `${status} Bad Gateway`
  return [
    '<!DOCTYPE html>',
    `<html><head><title>${title}</title></head>`,
    `<body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>`,
    ''
  ].join('\r\n')
}

/** Valid JSON that is not what the route returns; the greenlight one baits a lax client with `greenlight: true`. */
export function wrongShapeBody(route: RouteName): unknown {
  return route === 'greenlight'
    ? { greenlight: true, status: 'ok', data: { stage: 'done' } }
    : { ok: true, suites: [{ id: 'run-0' }] }
}

/** A 500 body that repeats the request's credentials, as badly written services do. */
export function echoKeyBody(authorization: string | undefined): string {
  const token = authorization?.replace(/^Bearer\s+/i, '') ?? '(none)'
  return JSON.stringify({
    error: `internal error: could not verify token ${token}`,
    request: { headers: { authorization: authorization ?? null } }
  })
}

export function truncate(body: string): string {
  return body.slice(0, Math.floor(body.length / 2))
}

export function* oversizedChunks(megabytes: number): Generator<string> {
  const total = Math.floor(megabytes * 1024 * 1024)
  const item = JSON.stringify('x'.repeat(1000)) + ','
  const head = '{"padding":['
  const tail = '"end"]}'
  yield head
  let written = head.length
  let chunk = ''
  while (written + item.length + tail.length <= total) {
    chunk += item
    written += item.length
    if (chunk.length >= 64 * 1024) {
      yield chunk
      chunk = ''
    }
  }
  if (chunk) yield chunk
  yield tail
}

/**
 * The real answer with its verdict fields repeated, the repeats saying green: a parser that keeps
 * the last value of a repeated key would read a green verdict.
 */
export function duplicateKeyBody(body: string): string {
  return body.replace(/}\s*$/, ',"greenlight":true,"runStage":"completed","blockingBugsCount":0}')
}

export function deepNestingBody(body: string, depth = 5000): string {
  const deep = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
  return body.replace(/}\s*$/, `,"extra":${deep}}`)
}

/**
 * Bytes in the padding header of a `header-overflow` fault: twice Node's default limit for the
 * whole header block (16 KiB), so a client on default settings cannot parse the answer.
 */
export const HEADER_OVERFLOW_BYTES = 32 * 1024

export function compressBody(body: string, encoding: ContentEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body)
  if (encoding === 'deflate') return deflateSync(body)
  return brotliCompressSync(body)
}
