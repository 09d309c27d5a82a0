// One HTTP exchange (through @actions/http-client's proxy-aware agent, under one total deadline,
// the body capped and decoded) and the one reader of its answer.
import * as http from 'node:http'
import * as https from 'node:https'
import type { Socket } from 'node:net'
import * as zlib from 'node:zlib'
import { HttpClient } from '@actions/http-client'
import * as v from 'valibot'
import { boundDepth, findRepeatedKey } from './json.js'
import { ServiceError, type ServiceErrorKind } from './retry.js'
import { errorMessage, USER_AGENT } from './values.js'
import { formatDuration } from './time.js'
import { excerpt } from './text.js'

/** Sends one request through the runner's proxy settings; the response's body is left unread. */
export function openRequest(
  method: string,
  url: string,
  headers: http.OutgoingHttpHeaders,
  body: string | undefined,
  signal: AbortSignal,
  onSocket?: (socket: Socket) => void
): Promise<http.IncomingMessage> {
  // A fresh client per request: its agent is cached per client, not per protocol.
  const agent = new HttpClient(USER_AGENT, [], { keepAlive: false }).getAgent(url)
  const target = new URL(url)
  return new Promise((resolve, reject) => {
    // The documented User-Agent, exactly (http-client would append the runner's orchestration ID).
    const request = (target.protocol === 'https:' ? https : http).request(target, {
      method,
      agent,
      signal,
      headers: { ...headers, 'user-agent': USER_AGENT }
    })
    request.once('socket', socket => onSocket?.(socket))
    request.once('response', resolve)
    request.once('error', reject)
    request.end(body)
  })
}

/** One attempt (a POST when there is a body), under one total deadline that also covers the whole
 * body; a 2xx body over `maxBytes` (sent or decoded) is refused as 'too-large'. */
export async function send(request: {
  url: string
  headers: http.OutgoingHttpHeaders
  body?: string
  timeoutMs: number
  maxBytes: number
  signal?: AbortSignal | undefined
}) {
  const { timeoutMs, url, body, headers } = request
  const method = body === undefined ? 'GET' : 'POST'
  const origin = new URL(url).origin
  const within = formatDuration(timeoutMs)
  let reached = false
  let answered = false
  const timedOut = (): ServiceError => {
    const message = answered
      ? `The answer from ${origin} did not arrive in full within ${within} (request time-out).`
      : reached
        ? `${origin} took the connection but sent no answer within ${within} (request time-out).`
        : `No response from ${origin} within ${within} (request time-out).`
    return new ServiceError('timeout', message, { answered, reached })
  }
  const cancelled = () =>
    new ServiceError('aborted', 'The request to the QA service was cancelled.')
  const onSocket = (socket: Socket): void => {
    if (!socket.connecting) reached = true
    else socket.once('connect', () => (reached = true))
  }
  return withDeadline(timeoutMs, { timedOut, cancelled }, request.signal, async signal => {
    const message = await openRequest(method, url, headers, body, signal, onSocket).catch(
      (error: unknown) => {
        throw requestError(error, origin, reached)
      }
    )
    answered = true
    const status = message.statusCode ?? 0
    const ok = status >= 200 && status <= 299
    // An error's status is the answer (a 401 stays a 401); its body, up to 64 KiB, only words it.
    const limit = ok ? request.maxBytes : 64 * 1024
    const raw = await readBody(message, limit, origin, ok).catch((error: unknown) => {
      if (ok) throw error
      return Buffer.alloc(0)
    })
    const coding = message.headers['content-encoding']
    return { status, headers: message.headers, body: decodeBody(raw, coding, limit, origin, ok) }
  })
}

/** `work` under a signal that aborts at `ms` (with `timedOut()`) or with `cancel` (with
 * `cancelled()`), whichever comes first; either settles the call at once, so a server (or a
 * proxy's tunnel) that trickles bytes cannot keep us waiting. Timer and listener are undone when
 * the call settles: left until the deadline (as AbortSignal.timeout's are), they would hold every
 * answer read so far that long. */
export async function withDeadline<T>(
  ms: number,
  reasons: { timedOut: () => unknown; cancelled: () => unknown },
  cancel: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>
): Promise<T> {
  if (cancel?.aborted) throw reasons.cancelled()
  const controller = new AbortController()
  const { signal } = controller
  const stopped = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error))
  })
  const onCancel = (): void => controller.abort(reasons.cancelled())
  cancel?.addEventListener('abort', onCancel, { once: true })
  const timer = setTimeout(() => controller.abort(reasons.timedOut()), ms)
  try {
    return await Promise.race([stopped, work(signal)])
  } finally {
    clearTimeout(timer)
    cancel?.removeEventListener('abort', onCancel)
  }
}

const UNREACHABLE =
  /^(ENOTFOUND|EAI_AGAIN|EAI_FAIL|EAI_NONAME|ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL)$/

function requestError(error: unknown, origin: string, reached: boolean): ServiceError {
  const code = String((error as { code?: unknown } | null)?.code ?? '')
  const detail = errorMessage(error)
  const said = `${detail}${code && !detail.includes(code) ? ` (${code})` : ''}`
  const [kind, message, more]: [ServiceErrorKind, string, object?] = code.startsWith('HPE_')
    ? // Bytes meant as an answer arrived: the request was received.
      ['unreadable', `${origin} answered, but its answer could not be parsed as HTTP: ${said}.`]
    : /CERT|SSL|TLS|SELF_SIGNED/.test(code)
      ? [
          'tls',
          `TLS error talking to ${origin}: ${said}. Check 'base-url'; if the service uses a private CA, set NODE_EXTRA_CA_CERTS.`
        ]
      : UNREACHABLE.test(code)
        ? [
            'network',
            `Could not reach ${origin}: ${said}. Check 'base-url' (host name and port).`,
            { unreachable: true }
          ]
        : reached
          ? [
              'network',
              `${origin} took the connection, then it broke before an answer came: ${said}.`,
              { reached }
            ]
          : ['network', `Could not reach ${origin}: ${said}.`]
  return new ServiceError(kind, message, { cause: error, ...more })
}

/** The body, up to `limit` bytes: past it, 'too-large' when `strict`, else what was read. */
function readBody(
  message: http.IncomingMessage,
  limit: number,
  origin: string,
  strict: boolean
): Promise<Buffer> {
  const tooLarge = new ServiceError(
    'too-large',
    `The response from ${origin} is larger than ${limit} bytes and was refused; the address may not be the QA service (check 'base-url').`
  )
  return new Promise((resolve, reject) => {
    // A declared size over the cap is refused before any byte is waited for.
    if (strict && Number(message.headers['content-length']) > limit) {
      message.destroy()
      return reject(tooLarge)
    }
    const chunks: Buffer[] = []
    let size = 0
    message.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      size += chunk.length
      if (size <= limit) return
      message.destroy()
      if (!strict) resolve(Buffer.concat(chunks).subarray(0, limit))
      reject(tooLarge)
    })
    message.on('end', () => resolve(Buffer.concat(chunks)))
    const cut = (cause?: unknown): void => {
      const why = cause === undefined ? '' : ` (${errorMessage(cause)})`
      const words = `The answer from ${origin} was cut off: the connection closed after HTTP ${message.statusCode} and ${size} bytes of the body${why}.`
      reject(new ServiceError('unreadable', words, { cause }))
    }
    message.on('error', cut)
    message.on('close', () => cut())
  })
}

type Decoder = (input: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions) => Buffer
const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: zlib.gunzipSync,
  'x-gzip': zlib.gunzipSync,
  // "deflate" is the zlib format, but some servers send raw deflate: RFC 1950's header tells.
  deflate: (input, options) =>
    (input[0]! & 0x0f) === 8 && (input[0]! * 256 + input[1]!) % 31 === 0
      ? zlib.inflateSync(input, options)
      : zlib.inflateRawSync(input, options),
  br: zlib.brotliDecompressSync
}

/** Content-Encoding undone within the same cap (a zip bomb is refused: docs/adr/0006). */
export function decodeBody(
  body: Buffer,
  header: string | undefined,
  limit: number,
  origin: string,
  strict: boolean
): Buffer {
  const codings = (header ?? '')
    .split(',')
    .map(coding => coding.trim().toLowerCase())
    .filter(coding => coding !== '' && coding !== 'identity')
  const unknown = codings.find(coding => DECODERS[coding] === undefined)
  if (unknown !== undefined) {
    if (!strict) return Buffer.from(`(a body compressed as '${unknown}')`)
    throw new ServiceError(
      'invalid-response',
      `The answer from ${origin} is compressed as '${unknown.slice(0, 40)}' (Content-Encoding), which the action cannot read; only gzip, deflate and br are. A proxy in front of the service may be compressing it.`
    )
  }
  let data = body
  for (const coding of codings.reverse()) {
    const flush =
      coding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH
    try {
      // An error body cut short still shows what it holds; a 2xx must decode whole.
      data = DECODERS[coding]!(data, {
        maxOutputLength: limit,
        ...(strict ? {} : { finishFlush: flush })
      })
    } catch (error) {
      if (!strict) return Buffer.from(`(a ${coding} body that could not be decompressed)`)
      const tooLarge = (error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE'
      throw new ServiceError(
        tooLarge ? 'too-large' : 'unreadable',
        tooLarge
          ? `The answer from ${origin} is larger than ${limit} bytes once decompressed (${coding}) and was refused; the address may not be the QA service (check 'base-url').`
          : `The answer from ${origin} is marked as ${coding}-compressed but could not be decompressed (${errorMessage(error)}).`
      )
    }
  }
  return data
}

/** The one reader of a 200 body: JSON, no key repeated in an object, bounded depth, `schema`. */
export function readJson<S extends v.GenericSchema>(
  body: string,
  contentType: string | undefined,
  schema: S,
  redact: (text: string) => string
): v.InferOutput<S> {
  const text = body.replace(/^\uFEFF/, '')
  const suffix = excerpt(text, redact) ? ` Response: "${excerpt(text, redact)}"` : ''
  const refuse = (kind: 'unreadable' | 'invalid-response', why: string): ServiceError =>
    new ServiceError(kind, redact(`Invalid response from the QA service: ${why}`))
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    const foreign = foreignAnswer(text, contentType, redact)
    if (foreign !== undefined) throw new ServiceError('unreadable', redact(foreign))
    const type = mediaType(contentType)
    const cause =
      type && !/^application\/([\w.-]+\+)?json$/.test(type)
        ? `expected JSON but got ${excerpt(type, redact)}`
        : text.trim() === ''
          ? 'expected JSON but the body was empty'
          : `the body is not valid JSON (${errorMessage(error)}); it may be truncated`
    throw refuse('unreadable', `${cause}.${suffix}`)
  }
  const repeated = findRepeatedKey(text)
  if (repeated !== undefined) {
    throw refuse(
      'unreadable',
      `the key "${excerpt(repeated, redact, 60)}" appears twice in one object, so the body cannot be read unambiguously.`
    )
  }
  const result = v.safeParse(schema, boundDepth(data))
  if (result.success) return result.output
  const problems = result.issues.map(issue => {
    const path = v.getDotPath(issue)
    const problem =
      issue.received === 'undefined'
        ? 'missing'
        : issue.type === 'check'
          ? issue.message
          : `expected ${issue.expected ?? 'a valid value'}`
    return `${path ? `field '${path}'` : 'the body'}: ${problem}`
  })
  const more = problems.length > 3 ? ` (and ${problems.length - 3} more problems)` : ''
  throw refuse(
    'invalid-response',
    `it does not have the documented shape: ${excerpt(problems.slice(0, 3).join('; '), redact, 600)}${more}.${suffix}`
  )
}

const mediaType = (contentType: string | undefined): string | undefined =>
  contentType?.split(';')[0]?.trim().toLowerCase()

/** An answer that is not JSON at all, for people (a page named by its heading, not markup), with
 * its status when that is not 2xx; undefined when it may be JSON. */
export function foreignAnswer(
  body: string,
  contentType: string | undefined,
  redact: (text: string) => string,
  status?: number
): string | undefined {
  const text = body.replace(/^\uFEFF/, '').trim()
  if (text === '' || /^[{[]/.test(text)) return undefined
  const type = mediaType(contentType)
  const html = (type !== undefined && /html|xml/.test(type)) || text.startsWith('<')
  const said = html
    ? excerpt(pageHeading(text.slice(0, 64 * 1024)), redact, 120)
    : excerpt(text, redact, 120)
  const kind = html
    ? 'an HTML page'
    : type && !/json/.test(type)
      ? excerpt(type, redact, 60)
      : 'text'
  const what = said ? `${kind} saying "${said}"` : kind
  const head = status === undefined ? `The answer is ${what}` : `${statusLine(status)} with ${what}`
  const proxy =
    status === undefined
      ? 'a proxy in front of the QA service answered (a sign-in page, say), or '
      : status >= 500
        ? 'a proxy or load balancer in front of the QA service failed, or '
        : ''
  return `${head}, not the QA service's JSON: ${proxy}'base-url' does not point at the service. Check 'base-url': the service's base address, without /api/… or any other path the service does not have.`
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', '#39': "'" }

function pageHeading(page: string): string {
  for (const tag of ['title', 'h1', 'h2', 'pre']) {
    const inner = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}\\s*>`, 'i')
      .exec(page)?.[1]
      ?.replace(/<[^>]*>/g, ' ')
      .replace(/&(lt|gt|amp|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? ' ')
      .replace(/\s+/g, ' ')
      .trim()
    if (inner) return inner
  }
  return ''
}

export const statusLine = (status: number): string =>
  `HTTP ${status}${http.STATUS_CODES[status] ? ` ${http.STATUS_CODES[status]}` : ''}`
