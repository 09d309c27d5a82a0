// The typed client for the QA run service (docs/service-api.md): its four endpoints, on top of
// the transport (transport.ts). It makes one attempt per call; whether to try again is decided by
// the one retry policy (retry-policy.ts), applied by the callers (post-retries.ts for the POSTs,
// greenlight polling for the queries).
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http'
import { parseRetryAfterMs } from './retry.js'
import type {
  DeploymentNotification,
  DeploymentReport,
  DeploymentReportResponse,
  EnvironmentTermination,
  GreenlightResponse,
  TerminationResponse,
  NotificationResponse,
  OutcomeWhenBlockingBugsInOtherWorkflows
} from './schemas.js'
import { describeForeignAnswer, describeHttpStatus, ServiceError, type Endpoint } from './errors.js'
import {
  checkDeploymentReportResponse,
  checkNotificationResponse,
  checkTerminationResponse
} from './answer-checks.js'
import { errorBody, foreignAnswer, parseServiceJson, type AnswerCheck } from './read-body.js'
import { excerpt } from '../kernel/text.js'
import { headerValue, send } from './transport.js'
import { redactorFor } from '../core/redaction.js'
import { displayUrl } from '../core/urls.js'

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
  /** Larger response bodies (sent or decoded) are refused with kind 'too-large'. Default 1 MiB. */
  maxResponseBytes?: number
  /** The same for the answer to a POST (notify, terminate). Default 16 MiB. */
  maxPostResponseBytes?: number
  /** Wall clock for Retry-After HTTP-dates; injectable for tests. */
  now?: () => number
}

export interface GreenlightQuery {
  outcomeWhenBlockingBugsInOtherWorkflows?: OutcomeWhenBlockingBugsInOtherWorkflows
}

/**
 * Told the answer's `Date` header (the service's clock) once a POST's answer was read: notify's
 * `reported-at`. Undefined when the answer carried none.
 */
export type OnAnswered = (serverDate: string | undefined) => void

export interface ServiceClient {
  notifyDeploySuccess(
    body: DeploymentNotification,
    signal?: AbortSignal,
    onAnswered?: OnAnswered
  ): Promise<NotificationResponse>
  terminateEnvironment(
    body: EnvironmentTermination,
    signal?: AbortSignal
  ): Promise<TerminationResponse>
  /** `public.deployment.reportStatus` (tRPC): the body goes out as `{ "json": report }`. */
  reportDeploymentStatus(
    report: DeploymentReport,
    signal?: AbortSignal,
    onAnswered?: OnAnswered
  ): Promise<DeploymentReportResponse>
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
/**
 * A POST's answer is the only copy of what it did (a POST is never repeated once answered), so a
 * field that is only shown (a long `warning` beside a created run) must not push the decisive
 * `results` past the cap and lose the run. A larger, still bounded, cap is the simple way: a
 * streaming reader that skips shown fields would be more code on the path every notify takes, for
 * answers whose real size is a few kilobytes. A GET's answer can be asked for again, and is
 * compacted as it arrives, so it keeps the 1 MiB cap.
 */
const DEFAULT_MAX_POST_RESPONSE_BYTES = 16 * 1024 * 1024

/** What a POST's answer that came but could not be read may mean, for the user. */
const POST_CONSEQUENCE: Partial<Record<Endpoint, string>> = {
  notify: 'runs may have been created (look in the QA service before notifying again)',
  terminate: 'the environment may have been terminated',
  'report-status':
    'the deployment may have been recorded and its triggers evaluated (look in the QA service before reporting again)'
}

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
  const maxPostBytes = positive(
    options.maxPostResponseBytes,
    DEFAULT_MAX_POST_RESPONSE_BYTES,
    'maxPostResponseBytes'
  )
  const now = options.now ?? Date.now
  const redact = redactorFor(apiKey)

  async function call<T>(
    endpoint: Endpoint,
    url: string,
    body: string | undefined,
    check: AnswerCheck<T>,
    signal: AbortSignal | undefined,
    callTimeoutMs = timeoutMs,
    onAnswered?: OnAnswered
  ): Promise<T> {
    const method = body === undefined ? 'GET' : 'POST'
    const headers: OutgoingHttpHeaders = {
      authorization: `Bearer ${apiKey}`,
      accept: 'application/json'
    }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const answer = await send({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { body }),
      timeoutMs: Math.max(1, Math.min(timeoutMs, callTimeoutMs)),
      maxBytes: method === 'POST' ? maxPostBytes : maxBytes,
      ...(signal === undefined ? {} : { signal })
    })
    const { status, headers: received } = answer
    const text = answer.body.toString('utf8')
    if (status < 200 || status > 299) throw httpError(status, received, text, endpoint, url)
    if (status !== 200) {
      // The service documents 200 only; a 201, 202 or 204 is some other server's answer.
      throw new ServiceError(
        'invalid-response',
        `Invalid response from the QA service: HTTP ${status} instead of 200. Check 'base-url'.`
      )
    }
    const parsed = parseServiceJson(text, headerValue(received, 'content-type'), check, redact)
    onAnswered?.(headerValue(received, 'date'))
    return parsed
  }

  function httpError(
    status: number,
    headers: IncomingHttpHeaders,
    text: string,
    endpoint: Endpoint,
    url: string
  ): ServiceError {
    const retryAfterMs = parseRetryAfterMs(headerValue(headers, 'retry-after'), now())
    const location = status >= 300 && status <= 399 ? safeLocation(headers, url) : undefined
    const where = location ? ` Location: ${excerpt(location, redact)}.` : ''
    // Some other server's page: say so, and never quote its markup.
    const foreign = foreignAnswer(text, headerValue(headers, 'content-type'), redact)
    if (foreign !== undefined) {
      return new ServiceError('http', redact(describeForeignAnswer(foreign, status) + where), {
        status,
        retryAfterMs,
        foreign: true
      })
    }
    const parts = [describeHttpStatus(status, endpoint)]
    if (location) parts.push(where.trim())
    const said = errorBody(text)
    const message = excerpt(said.message, redact)
    if (message) {
      parts.push(said.message === text ? `Response: "${message}"` : `The service says: ${message}`)
    }
    const eventId = said.eventId === undefined ? '' : excerpt(said.eventId, redact, 80)
    if (eventId) parts.push(`(service event ID ${eventId}; quote it to the service's support)`)
    return new ServiceError('http', redact(parts.join(' ')), { status, retryAfterMs })
  }

  /** A POST's failure after its status line: say what it may have done, not "unreachable". */
  async function post<T>(endpoint: Endpoint, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (!(error instanceof ServiceError) || !error.answered || error.kind === 'http') throw error
      throw new ServiceError(
        error.kind,
        `The QA service answered but the answer could not be read; ${POST_CONSEQUENCE[endpoint] ?? 'it may have acted on the request'}. ${error.message}`,
        { answered: true, cause: error }
      )
    }
  }

  return {
    notifyDeploySuccess(body, signal, onAnswered) {
      const url = `${base}/api/webhooks/deploy_success`
      return post('notify', () =>
        call(
          'notify',
          url,
          JSON.stringify(body),
          checkNotificationResponse,
          signal,
          timeoutMs,
          onAnswered
        )
      )
    },
    terminateEnvironment(body, signal) {
      const url = `${base}/api/webhooks/environment_terminated`
      return post('terminate', () =>
        call('terminate', url, JSON.stringify(body), checkTerminationResponse, signal)
      )
    },
    reportDeploymentStatus(report, signal, onAnswered) {
      const url = `${base}/api/trpc/public.deployment.reportStatus`
      const body = JSON.stringify({ json: report })
      return post('report-status', () =>
        call(
          'report-status',
          url,
          body,
          checkDeploymentReportResponse,
          signal,
          timeoutMs,
          onAnswered
        )
      )
    },
    async getGreenlight(runId, query = {}, signal, timeoutMs) {
      let url = `${base}/api/v0/ci-greenlight/${encodeURIComponent(runId)}`
      const outcome = query.outcomeWhenBlockingBugsInOtherWorkflows
      if (outcome !== undefined) {
        url += `?outcomeWhenBlockingBugsInOtherWorkflows=${encodeURIComponent(outcome)}`
      }
      // Only the verdict-deciding answer needs valibot: its chunk is loaded here, not at start-up.
      const { greenlightAnswerCheck } = await import('./greenlight-answer.js')
      const check = greenlightAnswerCheck(outcome)
      return call('greenlight', url, undefined, check, signal, timeoutMs)
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

/** The redirect target (resolved against the request URL), shown only when it is http(s). */
function safeLocation(headers: IncomingHttpHeaders, requestUrl: string): string | undefined {
  const location = headerValue(headers, 'location')
  if (!location) return undefined
  try {
    const url = new URL(location, requestUrl)
    // A `user:pass@` in it may be credentials: shown without them, as every URL is.
    return url.protocol === 'https:' || url.protocol === 'http:' ? displayUrl(url.href) : undefined
  } catch {
    return undefined
  }
}
