// What can go wrong when talking to the service, as one typed error that carries the facts (what
// failed, the HTTP status, whether an answer had arrived) and a message naming the cause.
// Only Node's table of reason phrases, no I/O.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { STATUS_CODES } from 'node:http'
import { DEFAULT_BASE_URL } from '../core/urls.js'

export type Endpoint = 'notify' | 'greenlight' | 'terminate' | 'report-status'

/**
 * What happened, as facts; whether that is worth another attempt is decided in one place,
 * `retryDecision` in retry-policy.ts.
 * - `network`: the connection failed or broke (`unreachable` when nothing was reached at all);
 * - `tls`: the TLS handshake failed (a certificate or protocol problem);
 * - `timeout`: no complete answer within the request's deadline;
 * - `http`: a status other than 2xx (`status`, `retryAfterMs`);
 * - `unreadable`: an answer came but cannot be read: not JSON, cut off, a repeated key, a body
 *   that does not decompress, headers too large to parse, or an answer about another run;
 * - `invalid-response`: an answer that reads but is not the documented one: the wrong shape, a 2xx
 *   other than 200, an unknown `Content-Encoding`;
 * - `too-large`: the body is over the size limit; `aborted`: the caller cancelled.
 */
export type ServiceErrorKind =
  | 'network'
  | 'tls'
  | 'timeout'
  | 'http'
  | 'unreadable'
  | 'invalid-response'
  | 'too-large'
  | 'aborted'

/** The kinds that can only follow an answer (a status line, or bytes that were meant as one). */
const ANSWERED_KINDS: ReadonlySet<ServiceErrorKind> = new Set([
  'http',
  'unreadable',
  'invalid-response',
  'too-large'
])

export interface ServiceErrorDetails {
  /** HTTP status when kind is 'http'. */
  status?: number
  retryAfterMs?: number
  /**
   * The service's status line had arrived (or bytes meant as one): it got the request and may
   * have acted on it. Always true for the kinds above that follow an answer; for `network` and
   * `timeout` it says whether the break came before or after the status line.
   */
  answered?: boolean
  /** For `network`: the host name was not found or the connection was refused. */
  unreachable?: boolean
  /**
   * For `http`: the body is not JSON at all (an HTML page, plain text), so some other server
   * answered: a wrong `base-url` path, or a proxy in front of the service. Its status is not the
   * service's word (a 404 is not "no such environment").
   */
  foreign?: boolean
  cause?: unknown
}

export class ServiceError extends Error {
  readonly kind: ServiceErrorKind
  readonly status?: number
  readonly retryAfterMs?: number
  readonly answered: boolean
  readonly unreachable: boolean
  readonly foreign: boolean

  constructor(kind: ServiceErrorKind, message: string, details: ServiceErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.name = 'ServiceError'
    this.kind = kind
    if (details.status !== undefined) this.status = details.status
    const retryAfterMs = details.retryAfterMs
    // A negative or endless Retry-After is no instruction at all.
    if (retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) {
      this.retryAfterMs = retryAfterMs
    }
    this.answered = ANSWERED_KINDS.has(kind) || details.answered === true
    this.unreachable = kind === 'network' && details.unreachable === true
    this.foreign = kind === 'http' && details.foreign === true
  }
}

/** The statuses that send the client elsewhere (a 304 or a 300 does not). */
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])

/**
 * The message for an answer whose body is not JSON at all (`what`: "an HTML page saying …"), with
 * its status when that is not 2xx: not the service's word, so its status says nothing about the
 * run or the environment.
 */
export function describeForeignAnswer(what: string, status?: number): string {
  const reason = status === undefined ? undefined : STATUS_CODES[status]
  const head =
    status === undefined
      ? `The answer is ${what}`
      : `${reason ? `HTTP ${status} ${reason}` : `HTTP ${status}`} with ${what}`
  const proxy =
    status === undefined
      ? 'a proxy in front of the QA service answered (a sign-in page, say), or '
      : status >= 500
        ? 'a proxy or load balancer in front of the QA service failed, or '
        : ''
  return `${head}, not the QA service's JSON: ${proxy}'base-url' does not point at the service. Check 'base-url': the service's base address, without /api/… or any other path the service does not have.`
}

/** The cause-naming message for a non-2xx status; always starts with the status number. */
export function describeHttpStatus(status: number, endpoint: Endpoint): string {
  const reason = STATUS_CODES[status]
  const head = reason ? `HTTP ${status} ${reason}` : `HTTP ${status}`
  if (status === 401) {
    return `${head}: the API key is missing or invalid. Check the 'api-key' input and the secret it is read from.`
  }
  if (status === 402) {
    return `${head}: the service refused to start runs for billing reasons. Check the plan and billing of the QA service account; retrying will not help.`
  }
  if (status === 403 && endpoint === 'report-status') {
    return `${head}: the service refused the report. A workspace key reports only to its own workspace: check that 'workspace-id' names the key's workspace (or use an organization or user key that covers it), and that the workspace is active.`
  }
  if (status === 404 && endpoint === 'report-status') {
    return `${head}: the service found no such route or workspace. Check 'workspace-id', and that 'base-url' is the service's base address (QA Wolf's: https://app.qawolf.com).`
  }
  if (status === 409 && endpoint === 'report-status') {
    return `${head}: this deployment ID (providerDeploymentId) is already bound to another environment. A re-run of the same job attempt reports the same ID: keep 'environment' as it was, or set 'label' to tell a matrix leg apart.`
  }
  if (status === 403) {
    return `${head}: the service refused the request, usually because the team is disabled. Check that the team is active and that 'api-key' belongs to it.`
  }
  if (status === 404 && endpoint === 'terminate') {
    return `${head}: the service knows no such environment. Check 'environment-id', 'environment-alias' or 'deployment-url', and 'workspace-id'.`
  }
  if (status === 409 && endpoint === 'terminate') {
    return `${head}: the environment was already terminated.`
  }
  if (status === 404) {
    return endpoint === 'greenlight'
      ? `${head}: the run was not found. Check 'run-id' (a run ID from a notification) and that 'base-url' points at the right service.`
      : `${head}: the notification endpoint was not found. Check 'base-url': it should be the service's base address (e.g. ${DEFAULT_BASE_URL}, the default), without /api/....`
  }
  if (status === 405) {
    const method = endpoint === 'greenlight' ? 'GET' : 'POST'
    return `${head}: the service did not accept ${method} at this address. This usually means a wrong 'base-url' path or a proxy that rewrites the request.`
  }
  if (status === 410 && endpoint === 'greenlight') {
    return `${head}: this is a legacy run that the service no longer reports on. Use the ID of a newer run.`
  }
  if (status === 429) {
    return `${head}: the service is rate limiting requests; wait before trying again.`
  }
  if (status >= 500 && status <= 599) {
    return `${head}: the service (or a proxy in front of it) had a server error. Contact the service's support if it persists.`
  }
  if (REDIRECTS.has(status)) {
    return `${head}: the service answered with a redirect, which is not followed. Check 'base-url' (https:// rather than http://, the host name, any path prefix).`
  }
  if (status === 304) {
    return `${head}: this answers a conditional request, which this action never sends, so a cache or proxy between the runner and the service answered. Check 'base-url' and the proxy settings (HTTPS_PROXY, NO_PROXY).`
  }
  if (status >= 400 && status <= 499) {
    return `${head}: the service rejected the request.`
  }
  return `${head}: unexpected status from the service.`
}
