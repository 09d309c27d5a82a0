// The typed client for the QA run service (docs/service-api.md). It is the
// only module that speaks HTTP. It goes through @actions/http-client so that HTTPS_PROXY,
// HTTP_PROXY and NO_PROXY work as in every other action. It makes one attempt per call: whether to
// retry is decided by the one retry policy (errors.ts, `transient`), applied by the callers
// (post-retries.ts for the POSTs, greenlight polling for the queries).
import { type IncomingMessage, type OutgoingHttpHeaders, type RequestOptions } from 'node:http'
import { HttpClient } from '@actions/http-client'
import type { RequestHandler } from '@actions/http-client/lib/interfaces'
import * as v from 'valibot'
import { parseRetryAfterMs } from './retry.js'
import {
  GreenlightResponseSchema,
  NotificationResponseSchema,
  TerminationResponseSchema,
  type DeploymentNotification,
  type EnvironmentTermination,
  type GreenlightResponse,
  type TerminationResponse,
  type NotificationResponse,
  type OutcomeWhenBlockingBugsInOtherWorkflows
} from './schemas.js'
import { describeHttpStatus, ServiceError, type Endpoint } from './errors.js'
import { errorMessage } from '../core/error-message.js'
import { errorBodyMessage, excerpt, parseServiceJson } from './read-body.js'
import { formatDuration } from '../core/durations.js'
import { USER_AGENT } from '../core/version.js'
import { redactorFor } from '../core/redaction.js'

// Callers catch these; they live in their own module so that tests can replace the client alone.
export { describeHttpStatus, ServiceError } from './errors.js'

/** Built from validated settings: `baseUrl` and `apiKey` are not checked again here. */
export interface ServiceClientOptions {
  /** Validated http(s) base address; a trailing slash is tolerated and a path prefix kept. */
  baseUrl: string
  /** Validated: non-empty, and sendable in a header. */
  apiKey: string
  /** Total per-request deadline: connect, headers and the whole body. Default 30 s. */
  requestTimeoutMs?: number
  /** Larger response bodies are refused with kind 'too-large'. Default 1 MiB. */
  maxResponseBytes?: number
  /** Wall clock for Retry-After HTTP-dates; injectable for tests. */
  now?: () => number
}

export interface GreenlightQuery {
  outcomeWhenBlockingBugsInOtherWorkflows?: OutcomeWhenBlockingBugsInOtherWorkflows
}

export interface ServiceClient {
  notifyDeploySuccess(
    body: DeploymentNotification,
    signal?: AbortSignal
  ): Promise<NotificationResponse>
  terminateEnvironment(
    body: EnvironmentTermination,
    signal?: AbortSignal
  ): Promise<TerminationResponse>
  /** `timeoutMs` shortens this request's deadline, e.g. to what is left of the step's timeout. */
  getGreenlight(
    runId: string,
    query?: GreenlightQuery,
    signal?: AbortSignal,
    timeoutMs?: number
  ): Promise<GreenlightResponse>
}

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000
const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024
/** Error bodies are only read for an excerpt, so they get a smaller budget. */
const MAX_ERROR_BODY_BYTES = 64 * 1024

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  // Base URL and key were validated once, with the other inputs (inputs/read-settings.ts).
  const base = options.baseUrl.replace(/\/+$/, '')
  const apiKey = options.apiKey
  const timeoutMs = positive(
    options.requestTimeoutMs,
    DEFAULT_REQUEST_TIMEOUT_MS,
    'requestTimeoutMs'
  )
  const maxBytes = positive(
    options.maxResponseBytes,
    DEFAULT_MAX_RESPONSE_BYTES,
    'maxResponseBytes'
  )
  const now = options.now ?? Date.now
  const redact = redactorFor(apiKey)

  async function call<T>(
    endpoint: Endpoint,
    method: 'GET' | 'POST',
    url: string,
    body: string | undefined,
    schema: v.GenericSchema<unknown, T>,
    callerSignal: AbortSignal | undefined,
    callTimeoutMs = timeoutMs
  ): Promise<T> {
    const timeout = Math.max(1, Math.min(timeoutMs, callTimeoutMs))
    const headers: OutgoingHttpHeaders = {
      authorization: `Bearer ${apiKey}`,
      accept: 'application/json'
    }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const origin = new URL(url).origin

    return withDeadline(timeout, origin, callerSignal, async signal => {
      const client = new HttpClient(USER_AGENT, [new SignalHandler(signal)], {
        allowRedirects: false,
        allowRetries: false,
        keepAlive: false,
        socketTimeout: timeout
      })
      let response
      try {
        response = await client.request(method, url, body ?? null, headers)
      } catch (error) {
        throw transportError(error, origin, timeout)
      }
      const message = response.message
      const status = message.statusCode ?? 0
      if (status < 200 || status > 299) {
        let buffer: Buffer = Buffer.alloc(0)
        try {
          ;({ buffer } = await readBody(message, MAX_ERROR_BODY_BYTES, origin, false))
        } catch (error) {
          // The status is the answer (a 401 stays a 401); its body is only for the message.
          if (error instanceof ServiceError && error.kind === 'aborted') throw error
        }
        const parts = [describeHttpStatus(status, endpoint)]
        const location = status >= 300 && status <= 399 ? safeLocation(message, url) : undefined
        if (location) parts.push(`Location: ${excerpt(location, redact)}.`)
        const said = errorBodyMessage(buffer.toString('utf8'))
        const text = excerpt(said, redact)
        if (text)
          parts.push(
            said === buffer.toString('utf8') ? `Response: "${text}"` : `The service says: ${text}`
          )
        throw new ServiceError('http', redact(parts.join(' ')), {
          status,
          retryAfterMs: parseRetryAfterMs(headerValue(message, 'retry-after'), now())
        })
      }
      const { buffer } = await readBody(message, maxBytes, origin, true)
      if (status !== 200) {
        // The service documents 200 only; a 201, 202 or 204 is some other server's answer.
        throw new ServiceError(
          'invalid-response',
          `Invalid response from the QA service: HTTP ${status} instead of 200. Check 'base-url'.`
        )
      }
      return parseServiceJson(
        buffer.toString('utf8'),
        headerValue(message, 'content-type'),
        schema,
        redact
      )
    })
  }

  return {
    notifyDeploySuccess(body, signal) {
      const url = `${base}/api/webhooks/deploy_success`
      return call('notify', 'POST', url, JSON.stringify(body), NotificationResponseSchema, signal)
    },
    terminateEnvironment(body, signal) {
      const url = `${base}/api/webhooks/environment_terminated`
      return call('terminate', 'POST', url, JSON.stringify(body), TerminationResponseSchema, signal)
    },
    getGreenlight(runId, query = {}, signal, timeoutMs) {
      let url = `${base}/api/v0/ci-greenlight/${encodeURIComponent(runId)}`
      const outcome = query.outcomeWhenBlockingBugsInOtherWorkflows
      if (outcome !== undefined) {
        url += `?outcomeWhenBlockingBugsInOtherWorkflows=${encodeURIComponent(outcome)}`
      }
      return call('greenlight', 'GET', url, undefined, GreenlightResponseSchema, signal, timeoutMs)
    }
  }
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number of milliseconds/bytes, got ${value}.`)
  }
  return value
}

/** Passes our AbortSignal into http.request, which then tears the socket down on abort. */
class SignalHandler implements RequestHandler {
  constructor(private readonly signal: AbortSignal) {}
  prepareRequest(options: RequestOptions): void {
    options.signal = this.signal
    // http-client passes URL.hostname, which keeps an IPv6 literal's brackets ("[::1]"); Node
    // would look that up as a host name and fail.
    if (typeof options.host === 'string' && /^\[.*\]$/.test(options.host)) {
      options.host = options.host.slice(1, -1)
    }
    // http-client appends the runner's orchestration ID; the contract's User-Agent is exact.
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
  origin: string,
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
  const timer = setTimeout(
    () =>
      stop(
        new ServiceError(
          'timeout',
          `No complete response from ${origin} within ${formatDuration(timeoutMs)} (request time-out).`
        )
      ),
    timeoutMs
  )
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true })
  try {
    return await Promise.race([stopped, work(controller.signal)])
  } finally {
    clearTimeout(timer)
    callerSignal?.removeEventListener('abort', onCallerAbort)
  }
}

/** Error codes that mean the service was not reached at all (as opposed to a dropped answer). */
const UNREACHABLE_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL'
])

function transportError(error: unknown, origin: string, timeoutMs: number): ServiceError {
  if (error instanceof ServiceError) return error
  const code = (error as { code?: unknown } | null)?.code
  const detail = errorMessage(error)
  // http-client's own idle timer (socketTimeout) is a backstop to our deadline.
  if (/^Request timeout/.test(detail)) {
    return new ServiceError(
      'timeout',
      `No response from ${origin} within ${formatDuration(timeoutMs)} (request time-out).`,
      { cause: error }
    )
  }
  const codeText = typeof code === 'string' && !detail.includes(code) ? ` (${code})` : ''
  if (typeof code === 'string' && /CERT|SSL|TLS|SELF_SIGNED/.test(code)) {
    return new ServiceError(
      'network',
      `TLS error talking to ${origin}: ${detail}${codeText}. Check 'base-url'; if the service uses a private CA, set NODE_EXTRA_CA_CERTS.`,
      { cause: error, transient: false, unreachable: true }
    )
  }
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) {
    return new ServiceError(
      'network',
      `Could not reach ${origin}: ${detail}${codeText}. Check 'base-url' (host name and port).`,
      { cause: error, unreachable: true }
    )
  }
  return new ServiceError('network', `Could not reach ${origin}: ${detail}${codeText}.`, {
    cause: error
  })
}

/**
 * Reads the body up to `limit` bytes. Past it the response is destroyed (closing the socket);
 * with `strict` that is a 'too-large' error, otherwise the bytes read so far are returned.
 */
function readBody(
  message: IncomingMessage,
  limit: number,
  origin: string,
  strict: boolean
): Promise<{ buffer: Buffer }> {
  return new Promise((resolve, reject) => {
    const tooLarge = (): ServiceError =>
      new ServiceError(
        'too-large',
        `The response from ${origin} is larger than ${limit} bytes and was refused; the address may not be the QA service (check 'base-url').`
      )
    const declared = Number(headerValue(message, 'content-length'))
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
    message.on('data', (chunk: Buffer) => {
      if (settled) return
      const room = limit - size
      if (chunk.length > room) {
        if (room > 0) chunks.push(chunk.subarray(0, room))
        message.destroy()
        settle(() => (strict ? reject(tooLarge()) : resolve({ buffer: Buffer.concat(chunks) })))
        return
      }
      chunks.push(chunk)
      size += chunk.length
    })
    message.on('end', () => settle(() => resolve({ buffer: Buffer.concat(chunks) })))
    message.on('error', error => settle(() => reject(transportError(error, origin, 0))))
    message.on('close', () =>
      settle(() =>
        reject(
          new ServiceError(
            'network',
            `The connection to ${origin} closed before the response was complete.`
          )
        )
      )
    )
  })
}

function headerValue(message: IncomingMessage, name: string): string | undefined {
  const value = message.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** The redirect target (resolved against the request URL), shown only when it is http(s). */
function safeLocation(message: IncomingMessage, requestUrl: string): string | undefined {
  const location = headerValue(message, 'location')
  if (!location) return undefined
  try {
    const url = new URL(location, requestUrl)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    return undefined
  }
}
