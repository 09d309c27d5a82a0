// The transport under the service client (client.ts): one HTTP request through
// @actions/http-client (so that HTTPS_PROXY, HTTP_PROXY and NO_PROXY work as in every other
// action) under one total deadline, with the body read within a size cap and decoded. It knows
// nothing of the endpoints; its errors carry the facts the retry policy decides from, above all
// whether the service's status line had arrived.
import type {
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  RequestOptions
} from 'node:http'
import { HttpClient } from '@actions/http-client'
import type { RequestHandler } from '@actions/http-client/lib/interfaces'
import { ServiceError } from './errors.js'
import { decodeBody } from './decode.js'
import { requestError } from './request-errors.js'
import { watchForStatusLine } from './status-line.js'
import { errorMessage } from '../core/error-message.js'
import { formatDuration } from '../core/durations.js'
import { USER_AGENT } from '../core/version.js'

/** Error bodies are only read for an excerpt, so they get a smaller budget. */
const MAX_ERROR_BODY_BYTES = 64 * 1024

export interface HttpAnswer {
  status: number
  headers: IncomingHttpHeaders
  /** Decoded. For a status other than 2xx, what could be read of it (possibly cut). */
  body: Buffer
}

export interface HttpRequest {
  method: 'GET' | 'POST'
  url: string
  headers: OutgoingHttpHeaders
  body?: string
  timeoutMs: number
  /** A 2xx body over this many bytes (sent or decoded) is refused with kind 'too-large'. */
  maxBytes: number
  signal?: AbortSignal
}

/** Sends one request; one attempt, whatever happens. */
export async function send(request: HttpRequest): Promise<HttpAnswer> {
  const { timeoutMs, url } = request
  const origin = new URL(url).origin
  // "Answered" means the status line arrived, not the whole header block: a service that sent
  // "HTTP/1.1 200 OK" got the request and may have acted on it, whatever breaks after that.
  let answered = false
  const onStatusLine = (): void => {
    answered = true
  }
  const timedOut = (): ServiceError =>
    new ServiceError(
      'timeout',
      answered
        ? `The answer from ${origin} did not arrive in full within ${formatDuration(timeoutMs)} (request time-out).`
        : `No response from ${origin} within ${formatDuration(timeoutMs)} (request time-out).`,
      { answered }
    )
  return withDeadline(timeoutMs, timedOut, request.signal, async signal => {
    const handler = new SignalHandler(signal, onStatusLine)
    const client = new HttpClient(USER_AGENT, [handler], {
      allowRedirects: false,
      allowRetries: false,
      keepAlive: false,
      socketTimeout: timeoutMs
    })
    let message: IncomingMessage
    try {
      const response = await client.request(
        request.method,
        url,
        request.body ?? null,
        request.headers
      )
      message = response.message
    } catch (error) {
      throw requestError(error, origin, timeoutMs, answered)
    }
    answered = true
    const status = message.statusCode ?? 0
    const ok = status >= 200 && status <= 299
    const limit = ok ? request.maxBytes : MAX_ERROR_BODY_BYTES
    let raw: Buffer
    try {
      raw = await readBody(message, limit, origin, ok)
    } catch (error) {
      // An error's status is the answer (a 401 stays a 401); its body is only for the message.
      if (ok) throw error
      raw = Buffer.alloc(0)
    }
    const encoding = headerValue(message.headers, 'content-encoding')
    return { status, headers: message.headers, body: decodeBody(raw, encoding, limit, origin, ok) }
  })
}

/**
 * Passes our AbortSignal into http.request, which then tears the socket down on abort, and
 * watches the socket for the status line when asked to. The deployment URL probe of wait-for-url
 * uses it too, so both reach their host and say who they are alike (GitHub's requests go through
 * Octokit).
 */
export class SignalHandler implements RequestHandler {
  constructor(
    private readonly signal: AbortSignal,
    private readonly onStatusLine?: () => void
  ) {}
  prepareRequest(options: RequestOptions): void {
    options.signal = this.signal
    if (this.onStatusLine) watchForStatusLine(options.agent, this.onStatusLine)
    // http-client passes URL.hostname, which keeps an IPv6 literal's brackets ("[::1]"); Node
    // would look that up as a host name and fail.
    if (typeof options.host === 'string' && /^\[.*\]$/.test(options.host)) {
      options.host = options.host.slice(1, -1)
    }
    // http-client appends the runner's orchestration ID; the documented User-Agent is exact.
    options.headers = { ...options.headers, 'user-agent': USER_AGENT }
  }
  canHandleAuthentication(): boolean {
    return false
  }
  handleAuthentication(): never {
    throw new Error('not used')
  }
}

/**
 * Runs `work` under one total deadline and the caller's signal. Whichever fires first settles the
 * call at once (the race does not wait for sockets to close) and aborts `work`'s signal, which
 * destroys the request and response: a server that trickles bytes cannot keep us waiting.
 */
async function withDeadline<T>(
  timeoutMs: number,
  timedOut: () => ServiceError,
  callerSignal: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>
): Promise<T> {
  const aborted = (): ServiceError =>
    new ServiceError('aborted', 'The request to the QA service was cancelled.')
  if (callerSignal?.aborted) throw aborted()
  const controller = new AbortController()
  let stop!: (error: ServiceError) => void
  const stopped = new Promise<never>((_, reject) => {
    stop = error => {
      if (controller.signal.aborted) return
      reject(error)
      controller.abort(error)
    }
  })
  const onCallerAbort = (): void => stop(aborted())
  const timer = setTimeout(() => stop(timedOut()), timeoutMs)
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true })
  try {
    return await Promise.race([stopped, work(controller.signal)])
  } finally {
    clearTimeout(timer)
    callerSignal?.removeEventListener('abort', onCallerAbort)
  }
}

/**
 * Reads the body (as sent, before decoding) up to `limit` bytes. Past it the response is
 * destroyed (closing the socket); with `strict` that is a 'too-large' error, otherwise the bytes
 * read so far are returned. A body cut off is 'unreadable': the status line had arrived.
 */
function readBody(
  message: IncomingMessage,
  limit: number,
  origin: string,
  strict: boolean
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooLarge = (): ServiceError =>
      new ServiceError(
        'too-large',
        `The response from ${origin} is larger than ${limit} bytes and was refused; the address may not be the QA service (check 'base-url').`
      )
    const declared = Number(headerValue(message.headers, 'content-length'))
    if (strict && Number.isFinite(declared) && declared > limit) {
      message.destroy()
      reject(tooLarge())
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const settle = (outcome: () => void): void => {
      if (settled) return
      settled = true
      outcome()
    }
    const cut = (cause?: unknown): ServiceError =>
      new ServiceError(
        'unreadable',
        `The answer from ${origin} was cut off: the connection closed after HTTP ${message.statusCode ?? '?'} and ${size} bytes of the body${cause === undefined ? '' : ` (${errorMessage(cause)})`}.`,
        { cause }
      )
    message.on('data', (chunk: Buffer) => {
      if (settled) return
      const room = limit - size
      if (chunk.length > room) {
        if (room > 0) chunks.push(chunk.subarray(0, room))
        message.destroy()
        settle(() => (strict ? reject(tooLarge()) : resolve(Buffer.concat(chunks))))
        return
      }
      chunks.push(chunk)
      size += chunk.length
    })
    message.on('end', () => settle(() => resolve(Buffer.concat(chunks))))
    message.on('error', error => settle(() => reject(cut(error))))
    message.on('close', () => settle(() => reject(cut())))
  })
}

export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}
