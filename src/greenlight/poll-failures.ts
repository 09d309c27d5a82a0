// How a failed greenlight query is sorted: retry, fatal or aborted (CONTRACT.md, "Behaviour that
// users rely on"). When a retry happens, and whether one still fits, is poll-state.ts's concern.
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
}

/**
 * Sorts a failed query into retry / fatal / aborted. HTTP statuses follow the contract whatever
 * the client's `transient` flag says; other kinds trust the flag (the client knows that, say, a
 * TLS certificate error will not go away on retry, while a dropped connection may).
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
  const retry = (): ClassifiedFailure =>
    retryAfterMs === undefined
      ? { disposition: 'retry', reason }
      : { disposition: 'retry', reason, retryAfterMs }
  switch (error.kind) {
    case 'aborted':
      return { disposition: 'aborted', reason: INTERRUPTED_REASON }
    case 'http': {
      const status = error.status
      if (status === undefined) return error.transient ? retry() : { disposition: 'fatal', reason }
      // 408 is the server's own request time-out: a time-out, which the contract retries.
      if (status === 408 || status === 429 || status >= 500) return retry()
      if (status === 404 && msSinceFirstQuery <= notFoundGraceMs) return retry()
      if (status === 404) {
        return {
          disposition: 'fatal',
          reason: `${reason} (still not found ${Math.round(msSinceFirstQuery / 1000)} s after the first query; check the run-id input)`
        }
      }
      return { disposition: 'fatal', reason }
    }
    default:
      return error.transient ? retry() : { disposition: 'fatal', reason }
  }
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
