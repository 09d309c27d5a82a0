// What can go wrong when talking to the service, as one typed error that carries the HTTP status
// and a message naming the cause.
// Only Node's table of reason phrases, no I/O.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { STATUS_CODES } from 'node:http'

export type Endpoint = 'notify' | 'greenlight' | 'terminate'

export type ServiceErrorKind =
  'network' | 'timeout' | 'http' | 'invalid-response' | 'too-large' | 'aborted'

export interface ServiceErrorDetails {
  /** HTTP status when kind is 'http'. */
  status?: number
  retryAfterMs?: number
  /** Defaults to transientByDefault(kind, status). */
  transient?: boolean
  /**
   * The service could not be reached at all: its name was not found, the connection was refused,
   * or TLS failed. Only a bounded time of such failures is retried.
   */
  unreachable?: boolean
  cause?: unknown
}

/**
 * The retry policy of every mode: whether asking again can help. Network errors, time-outs, 408,
 * 429 and 5xx (503 TRANSACTION_TIMEOUT among them) can pass; 402 (billing) and the other 4xx will
 * not. A body that is not JSON (an HTML page from a proxy, a connection cut mid-body) is treated
 * as transient too: it is usually a proxy or load balancer in trouble, and callers bound their
 * retries anyway. Well-formed JSON of the wrong shape is not transient (see parseServiceJson in read-body.ts): asking
 * again gives the same contract mismatch, and neither is a TLS failure (see transportError).
 * Callers add only what is theirs to decide: a POST (notify, terminate) is not repeated after an
 * answer that came but could not be read (post-retries.ts; where a repeat does happen, the
 * service deduplicates a notification by its SHA), greenlight gives a new run's 404 a grace period.
 */
function transientByDefault(kind: ServiceErrorKind, status?: number): boolean {
  switch (kind) {
    case 'network':
    case 'timeout':
    case 'invalid-response':
      return true
    case 'http':
      return status !== undefined && (status >= 500 || status === 429 || status === 408)
    case 'too-large':
    case 'aborted':
      return false
  }
}

export class ServiceError extends Error {
  readonly kind: ServiceErrorKind
  readonly status?: number
  readonly retryAfterMs?: number
  readonly transient: boolean
  readonly unreachable: boolean

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
    this.transient = details.transient ?? transientByDefault(kind, details.status)
    this.unreachable = details.unreachable ?? false
  }
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
      : `${head}: the notification endpoint was not found. Check 'base-url': it should be the service's base address (e.g. https://qa.example.com), without /api/....`
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
  if (status >= 300 && status <= 399) {
    return `${head}: the service answered with a redirect, which is not followed. Check 'base-url' (https:// rather than http://, the host name, any path prefix).`
  }
  if (status >= 400 && status <= 499) {
    return `${head}: the service rejected the request.`
  }
  return `${head}: unexpected status from the service.`
}
