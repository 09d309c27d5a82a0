// The retry policy of every request to the QA service: whether a failed request is asked again,
// and when. notify's and terminate's POSTs (post-retries.ts) and greenlight's GETs
// (greenlight/polling.ts) only describe their situation and apply the answer. wait-for-url's probe
// and GitHub's API have their own loops with the same bounds (docs/adr/0008-three-retry-loops.md).
// The rules, for people: docs/retries.md.
import type { ServiceError } from './errors.js'
import { backoffDelayMs, type BackoffPolicy } from './retry.js'

/**
 * A POST is made at most this often in total. Repeating one whose request never got an answer is
 * safe where it matters: the service answers a SHA it has already seen with `duplicate_suite_id`,
 * and a second termination is a 409 that terminate accepts.
 */
export const POST_MAX_ATTEMPTS = 3
/** A Retry-After longer than this ends a POST instead: a deploy step should not hang for minutes. */
export const POST_MAX_RETRY_AFTER_MS = 60_000
/** `wait: false` asks for one answer: this many attempts at most (within its short window). */
export const NO_WAIT_MAX_ATTEMPTS = 3
/** A new run may answer 404 for a while after the notification that created it. */
export const DEFAULT_NOT_FOUND_GRACE_MS = 60_000
/**
 * This long of nothing but "not reached at all" ends the step: a typo must not wait for hours,
 * and a name that does not resolve or a port that refuses does not mend within a step. The
 * contract's bound is 60 s for the whole step; the process's start, the first try and the last
 * one's own time fit in the 5 s left.
 */
export const DEFAULT_UNREACHABLE_LIMIT_MS = 55_000
/** No pause is shorter: "Retry-After: 0" or a jitter draw near 0 never makes a tight loop. */
export const RETRY_PAUSE_FLOOR_MS = 100

export const POST_BACKOFF: BackoffPolicy = { baseMs: 1000, capMs: 10_000 }
export const GET_BACKOFF: BackoffPolicy = { baseMs: 500, capMs: 30_000 }

export interface RetrySituation {
  method: 'GET' | 'POST'
  /** Failed attempts in a row, this one included. */
  failures: number
  /** Milliseconds left until the caller's deadline; a POST has none (Infinity). */
  msLeft: number
  /** GET: false when the step asks once (`wait: false`). */
  wait?: boolean | undefined
  /** How long nothing but "not reached at all" failures have come (0 for the first of them). */
  unreachableForMs?: number | undefined
  unreachableLimitMs?: number | undefined
  /** GET: time since the run's first query, for the grace period of a new run's 404. */
  sinceFirstQueryMs?: number | undefined
  notFoundGraceMs?: number | undefined
  /** A uniform draw in [0, 1) for the full-jitter backoff. */
  jitter: number
  backoff?: BackoffPolicy | undefined
}

/** Why a failure is not asked again; callers name it in their message. */
export type StopReason =
  | 'aborted'
  /** The failure cannot pass by asking again (4xx, TLS, the wrong shape, too large). */
  | 'permanent'
  /** A POST whose status line had arrived: the service may have acted on it. */
  | 'answered'
  /** A 404 that outlasted the grace period of a new run (or any 404 of a POST). */
  | 'not-found'
  /** The service was not reached at all for `unreachableLimitMs`. */
  | 'unreachable'
  | 'attempts'
  /** The service asked to wait longer than the caller may (`retryAfterMs`). */
  | 'retry-after'
  | 'deadline'

export type RetryDecision =
  { retry: true; delayMs: number } | { retry: false; stop: StopReason; retryAfterMs?: number }

/** Statuses that say "not now": 408, 429 and every 5xx (503 TRANSACTION_TIMEOUT among them). */
function isTransientStatus(status: number | undefined): boolean {
  return status !== undefined && (status >= 500 || status === 429 || status === 408)
}

function failureStop(error: ServiceError, s: RetrySituation): StopReason | undefined {
  const post = s.method === 'POST'
  switch (error.kind) {
    case 'aborted':
      return 'aborted'
    case 'tls':
    case 'invalid-response':
    case 'too-large':
      return 'permanent'
    case 'network':
    case 'timeout':
    case 'unreadable':
      return post && error.answered ? 'answered' : undefined
    case 'http':
      if (isTransientStatus(error.status)) return undefined
      if (error.status !== 404) return 'permanent'
      // Another server's 404 page: a wrong address, which no grace period for new runs mends.
      if (error.foreign) return 'permanent'
      if (post) return 'not-found'
      return (s.sinceFirstQueryMs ?? 0) <= (s.notFoundGraceMs ?? DEFAULT_NOT_FOUND_GRACE_MS)
        ? undefined
        : 'not-found'
  }
}

/** Whether to ask again after `error`, and after how long. */
export function retryDecision(error: ServiceError, s: RetrySituation): RetryDecision {
  const stop = failureStop(error, s)
  if (stop !== undefined) return { retry: false, stop }
  const unreachableLimit = s.unreachableLimitMs ?? DEFAULT_UNREACHABLE_LIMIT_MS
  if (error.unreachable && (s.unreachableForMs ?? 0) >= unreachableLimit) {
    return { retry: false, stop: 'unreachable' }
  }
  const maxAttempts =
    s.method === 'POST' ? POST_MAX_ATTEMPTS : s.wait === false ? NO_WAIT_MAX_ATTEMPTS : Infinity
  if (s.failures >= maxAttempts) return { retry: false, stop: 'attempts' }
  if (s.msLeft <= 0) return { retry: false, stop: 'deadline' }
  const retryAfterMs = error.retryAfterMs
  const longestWait = s.method === 'POST' ? POST_MAX_RETRY_AFTER_MS : s.msLeft
  // The service said when it will answer again; asking sooner, at the deadline, ignores it.
  if (retryAfterMs !== undefined && retryAfterMs > longestWait) {
    return { retry: false, stop: 'retry-after', retryAfterMs }
  }
  const policy = s.backoff ?? (s.method === 'POST' ? POST_BACKOFF : GET_BACKOFF)
  // Never before Retry-After, and never a tight loop on "Retry-After: 0" either.
  const backoffMs = backoffDelayMs(s.failures - 1, policy, () => s.jitter)
  const delayMs = Math.max(RETRY_PAUSE_FLOOR_MS, retryAfterMs ?? 0, backoffMs)
  // A window that closes (the unreachable limit, a new run's 404 grace) gets its last try at its
  // end, not a backoff later: the step ends within the window, not up to 30 s past it.
  const windowLeftMs = error.unreachable
    ? unreachableLimit - (s.unreachableForMs ?? 0)
    : error.kind === 'http' && error.status === 404
      ? (s.notFoundGraceMs ?? DEFAULT_NOT_FOUND_GRACE_MS) - (s.sinceFirstQueryMs ?? 0)
      : Infinity
  return { retry: true, delayMs: Math.min(delayMs, Math.max(RETRY_PAUSE_FLOOR_MS, windowLeftMs)) }
}
