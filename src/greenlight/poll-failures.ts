// How a failed greenlight query is sorted: retry, fatal or aborted (docs/service-api.md, "Status
// codes"). When a retry happens, and whether one still fits, is poll-state.ts's concern.
// - Transient failures (network errors and time-outs the client marks transient, unreadable
//   bodies, 408, 429, 5xx, and 404 within `notFoundGraceMs` of the first query) are retried.
// - Other 4xx (401, 403, 405, 410, …) and 404 after the grace end the run with `error` at once.
// - A request the client reports as aborted means the job was cancelled: `interrupted`.

export const INTERRUPTED_REASON = 'the job was cancelled while waiting for the verdict'

/**
 * The shape of the service client's errors, read structurally so the engine does not depend on
 * the client module. `kind` is one of network, timeout, http, invalid-response, too-large,
 * aborted.
 */
export interface ServiceFailureLike {
  kind: string
  status?: number
  retryAfterMs?: number
  transient: boolean
  /** The service was not reached at all (name not found, connection refused, TLS failure). */
  unreachable?: boolean
  message: string
}

export function isServiceFailure(error: unknown): error is ServiceFailureLike {
  if (typeof error !== 'object' || error === null) return false
  const e = error as Record<string, unknown>
  return (
    typeof e.kind === 'string' &&
    typeof e.transient === 'boolean' &&
    typeof e.message === 'string' &&
    (e.status === undefined || typeof e.status === 'number') &&
    (e.retryAfterMs === undefined || typeof e.retryAfterMs === 'number')
  )
}

export interface ClassifiedFailure {
  disposition: 'retry' | 'fatal' | 'aborted'
  /** One line for users: what went wrong and, for fatal ones, what to do. */
  reason: string
  /** Set when the service said how long to wait (429/503 with Retry-After). */
  retryAfterMs?: number
  /** The service was not reached at all; only a bounded time of this is retried. */
  unreachable?: boolean
  /** A 404 inside the grace period: the run may not be visible yet. */
  notFound?: boolean
}

/**
 * Sorts a failed query into retry / fatal / aborted by the client's one retry policy (its
 * `transient` flag), plus the one rule that is greenlight's own: a run created moments ago may
 * answer 404 for a while.
 */
export function classifyFailure(
  error: unknown,
  msSinceFirstQuery: number,
  notFoundGraceMs: number
): ClassifiedFailure {
  if (!isServiceFailure(error)) {
    const text = error instanceof Error ? error.message : String(error)
    return {
      disposition: 'fatal',
      reason: `unexpected failure while querying the service: ${text}`
    }
  }
  const reason = error.message.trim() || describeFailure(error)
  const retryAfterMs =
    error.retryAfterMs !== undefined &&
    Number.isFinite(error.retryAfterMs) &&
    error.retryAfterMs >= 0
      ? error.retryAfterMs
      : undefined
  const retry = (): ClassifiedFailure => ({
    disposition: 'retry',
    reason,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    ...(error.unreachable === true ? { unreachable: true } : {})
  })
  if (error.kind === 'aborted') return { disposition: 'aborted', reason: INTERRUPTED_REASON }
  if (error.kind === 'http' && error.status === 404) {
    if (msSinceFirstQuery <= notFoundGraceMs) return { ...retry(), notFound: true }
    return {
      disposition: 'fatal',
      reason: `${reason} (still not found ${Math.round(msSinceFirstQuery / 1000)} s after the first query; check the run-id input)`
    }
  }
  return error.transient ? retry() : { disposition: 'fatal', reason }
}

function describeFailure(error: ServiceFailureLike): string {
  if (error.kind !== 'http') return `greenlight query failed (${error.kind})`
  switch (error.status) {
    case 401:
      return 'the service rejected the API key (HTTP 401): check the api-key input'
    case 403:
      return 'the service refused access (HTTP 403): the team may be disabled'
    case 404:
      return 'the run was not found (HTTP 404)'
    case 405:
      return 'the service did not allow the request method (HTTP 405)'
    case 410:
      return 'the run is a legacy run the service no longer serves (HTTP 410): use a newer run ID'
    default:
      return `the service answered HTTP ${error.status ?? '(no status)'}`
  }
}
