// QA Wolf's service (docs/service-api.md): its four endpoints on the one reader (http.ts) and the
// words for its statuses. Whether to ask again is retry.ts's to decide.
import type { IncomingHttpHeaders } from 'node:http'
import type * as v from 'valibot'
import { isRecord } from './values.js'
import { excerpt } from './text.js'
import { DEFAULT_BASE_URL, displayUrl } from './parsers.js'
import { foreignAnswer, readJson, send, statusLine } from './http.js'
import { parseRetryAfterMs, POST_CONSEQUENCE, ServiceError, type PostEndpoint } from './retry.js'
import {
  NotificationSchema,
  object,
  type OutcomeWhenBlockingBugsInOtherWorkflows
} from './answers.js'
import type { greenlightSchema } from './greenlight-answer.js'
import { parseJson } from './json.js'

export * from './answers.js'

type Endpoint = keyof typeof ENDPOINTS
/** Told the answer's `Date` header (the service's clock) once a POST's answer was read. */
type OnAnswered = (serverDate: string | undefined) => void
export type ServiceClient = ReturnType<typeof createServiceClient>

export function createServiceClient(options: {
  baseUrl: string
  apiKey: string
  /** For tests: a cap on every request's deadline (ENDPOINTS). */
  requestTimeoutMs?: number
  redact: (text: string) => string
}) {
  const { redact, requestTimeoutMs: testCapMs = Infinity } = options

  async function call<S extends v.GenericSchema>(
    endpoint: Endpoint,
    path: string,
    schema: S,
    request: { body?: unknown; signal?: AbortSignal | undefined; timeoutMs?: number | undefined },
    onAnswered?: OnAnswered
  ): Promise<v.InferOutput<S>> {
    const url = `${options.baseUrl}${path}`
    const [method, deadlineMs] = ENDPOINTS[endpoint]
    const post = method === 'POST'
    try {
      const { status, headers, body } = await send({
        url,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(post ? { 'content-type': 'application/json' } : {})
        },
        ...(post ? { body: JSON.stringify(request.body) } : {}),
        timeoutMs: Math.max(1, Math.min(deadlineMs, testCapMs, request.timeoutMs ?? Infinity)),
        // A POST's answer is its only copy: a long shown field must not push `results` past the cap.
        maxBytes: post ? 16 << 20 : 1 << 20,
        signal: request.signal
      })
      const text = body.toString('utf8')
      if (status < 200 || status > 299) throw httpError(status, headers, text, endpoint, url)
      if (status !== 200) {
        // The service documents 200 only; a 201, 202 or 204 is some other server's answer.
        throw new ServiceError(
          'invalid-response',
          `Invalid response from the QA service: HTTP ${status} instead of 200. Check 'base-url'.`
        )
      }
      const value = readJson(text, headers['content-type'], schema, redact)
      onAnswered?.(headers['date'])
      return value
    } catch (error) {
      // A POST that got a connection and then failed: say what it may have done.
      if (!post || !(error instanceof ServiceError) || !error.reached) throw error
      if (error.kind === 'http' || error.kind === 'aborted') throw error
      const what = error.answered
        ? 'The QA service answered but the answer could not be read'
        : 'The request reached the QA service but no answer could be read'
      throw new ServiceError(
        error.kind,
        `${what}; ${POST_CONSEQUENCE[endpoint as PostEndpoint]}. ${error.message}`,
        { answered: error.answered, reached: true, cause: error }
      )
    }
  }

  function httpError(
    status: number,
    headers: IncomingHttpHeaders,
    text: string,
    endpoint: Endpoint,
    url: string
  ): ServiceError {
    const retryAfterMs = parseRetryAfterMs(headers['retry-after'], Date.now())
    // The redirect's target, resolved against the request URL, shown only when it is http(s) and
    // without any `user:pass@` (as every URL is).
    const redirect = status >= 300 && status <= 399
    const target = redirect ? URL.parse(headers['location'] ?? '', url) : null
    const where = /^https?:$/.test(target?.protocol ?? '')
      ? ` Location: ${excerpt(displayUrl(target!.href), redact)}.`
      : ''
    // Some other server's page: say so, and never quote its markup.
    const foreign = foreignAnswer(text, headers['content-type'], redact, status)
    if (foreign !== undefined) {
      const message = redact(`${foreign}${where}`)
      return new ServiceError('http', message, { status, retryAfterMs, foreign: true })
    }
    const said = errorBody(text)
    const message = excerpt(said.message, redact)
    const quoted = said.message === text ? `Response: "${message}"` : `The service says: ${message}`
    const eventId = excerpt(said.eventId ?? '', redact, 80)
    const words = [
      `${describeHttpStatus(status, endpoint)}${where}`,
      message && ` ${quoted}`,
      eventId && ` (service event ID ${eventId}; quote it to the service's support)`
    ]
    return new ServiceError('http', redact(words.join('')), { status, retryAfterMs })
  }

  const post =
    <S extends v.GenericSchema>(endpoint: Endpoint, path: string, schema: S) =>
    (body: object, signal?: AbortSignal, then?: OnAnswered) =>
      call(endpoint, path, schema, { body, signal }, then)
  const report = post('report-status', '/api/trpc/public.deployment.reportStatus', object({}))
  return {
    notifyDeploySuccess: post('notify', '/api/webhooks/deploy_success', NotificationSchema),
    terminateEnvironment: post('terminate', '/api/webhooks/environment_terminated', object({})),
    reportDeploymentStatus: (body: object, signal?: AbortSignal, then?: OnAnswered) =>
      report({ json: body }, signal, then),
    /** `schema` is greenlight mode's; `timeoutMs` shortens this request's deadline. */
    getGreenlight(
      runId: string,
      schema: typeof greenlightSchema,
      query: { outcomeWhenBlockingBugsInOtherWorkflows?: OutcomeWhenBlockingBugsInOtherWorkflows },
      signal?: AbortSignal,
      timeoutMs?: number
    ) {
      const outcome = query.outcomeWhenBlockingBugsInOtherWorkflows
      const path = `/api/v0/ci-greenlight/${encodeURIComponent(runId)}${outcome === undefined ? '' : `?outcomeWhenBlockingBugsInOtherWorkflows=${outcome}`}`
      return call('greenlight', path, schema(outcome), { signal, timeoutMs })
    }
  }
}

/** What an error body says: its message in any documented spelling (`error`; `failureMessage` with
 * or without `failureCode`; snake case; `message`; tRPC's `error.json.message` with the code under
 * `data`), and the `eventId` for support. Anything else is returned whole, to be quoted. */
export function errorBody(body: string): { message: string; eventId?: string } {
  let record = parseJson(body)
  if (!isRecord(record)) return { message: body }
  const outer = record['error']
  if (isRecord(outer)) {
    const shape = isRecord(outer['json']) ? outer['json'] : outer
    // tRPC's own `code` is a JSON-RPC number; the name (`CONFLICT`) is under `data`.
    const data = shape['data']
    record = { message: shape['message'], trpcCode: isRecord(data) ? data['code'] : undefined }
  }
  const text = (...keys: string[]): string | undefined =>
    keys
      .map(key => (record as Record<string, unknown>)[key])
      .find((value): value is string => typeof value === 'string' && value.trim() !== '')
      ?.trim()
  const eventId = text('eventId', 'event_id')
  const said = text('failureMessage', 'failure_message', 'error', 'message')
  const code = text('failureCode', 'failure_code', 'trpcCode')
  const message =
    said === undefined ? (code ?? body) : !code || said.includes(code) ? said : `${said} (${code})`
  return eventId === undefined ? { message } : { message, eventId }
}

/** Method, and deadline per request (connect, headers, whole body): the vendor's client waits 5
 * minutes for a notify answer, 2 for its other calls; a query, asked again in 'timeout', 30 s. */
const ENDPOINTS = {
  greenlight: ['GET', 30_000],
  notify: ['POST', 300_000],
  terminate: ['POST', 120_000],
  'report-status': ['POST', 120_000]
} as const
const BASE_URL = "'base-url' (https:// rather than http://, the host name, any path prefix)"
const STATUS_WORDS: Record<string, string> = {
  401: "the API key is missing or invalid. Check the 'api-key' input and the secret it is read from.",
  402: 'the service refused to start runs for billing reasons. Check the plan and billing of the QA service account; retrying will not help.',
  '403 report-status':
    "the service refused the report. A workspace key reports only to its own workspace: check that 'workspace-id' names the key's workspace (or use an organization or user key that covers it), and that the workspace is active.",
  '404 report-status':
    "the service found no such route or workspace. Check 'workspace-id', and that 'base-url' is the service's base address (QA Wolf's: https://app.qawolf.com).",
  '409 report-status':
    "this deployment ID (providerDeploymentId) is already bound to another environment. A re-run of the same job attempt reports the same ID: keep 'environment' as it was, or set 'label' to tell a matrix leg apart.",
  403: "the service refused the request, usually because the team is disabled. Check that the team is active and that 'api-key' belongs to it.",
  '404 terminate':
    "the service knows no such environment. Check 'environment-id', 'environment-alias' or 'deployment-url', and 'workspace-id'.",
  '409 terminate': 'the environment was already terminated.',
  '404 greenlight':
    "the run was not found. Check 'run-id' (a run ID from a notification) and that 'base-url' points at the right service.",
  404: `the notification endpoint was not found. Check 'base-url': it should be the service's base address (e.g. ${DEFAULT_BASE_URL}, the default), without /api/....`,
  405: "at this address. This usually means a wrong 'base-url' path or a proxy that rewrites the request.",
  '410 greenlight':
    'this is a legacy run that the service no longer reports on. Use the ID of a newer run.',
  429: 'the service is rate limiting requests; wait before trying again.',
  '5xx':
    "the service (or a proxy in front of it) had a server error. Contact the service's support if it persists.",
  '3xx': `the service answered with a redirect, which is not followed. Check ${BASE_URL}.`,
  304: "this answers a conditional request, which this action never sends, so a cache or proxy between the runner and the service answered. Check 'base-url' and the proxy settings (HTTPS_PROXY, NO_PROXY).",
  '4xx': 'the service rejected the request.'
}

export function describeHttpStatus(status: number, endpoint: Endpoint): string {
  // A 300 or 304 does not send the client elsewhere.
  const redirect = [301, 302, 303, 307, 308].includes(status)
  const kind = redirect ? '3xx' : status >= 400 && status <= 599 ? `${String(status)[0]}xx` : ''
  const words =
    STATUS_WORDS[`${status} ${endpoint}`] ??
    STATUS_WORDS[status] ??
    STATUS_WORDS[kind] ??
    'unexpected status from the service.'
  return `${statusLine(status)}: ${status === 405 ? `the service did not accept ${ENDPOINTS[endpoint][0]} ` : ''}${words}`
}
