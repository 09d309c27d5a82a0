// The POSTs (notify, terminate) with their retries: the one retry policy (ServiceError.transient),
// less what only a POST must refuse, at most POST_MAX_ATTEMPTS in all with full-jitter backoff.
import type { Clock } from '../core/clock.js'
import { ServiceError } from './errors.js'
import { backoffDelayMs, type BackoffPolicy } from './retry.js'

/**
 * A POST is made at most this often in total. Repeating one is safe where it matters: the service
 * answers a SHA it has already seen with `duplicate_suite_id` instead of starting a second run,
 * and a second termination of an environment is a 409 that the terminate mode accepts.
 */
export const POST_MAX_ATTEMPTS = 3
const POST_BACKOFF: BackoffPolicy = { baseMs: 1000, capMs: 10_000 }
/** A Retry-After longer than this ends the step instead: a deploy step should not hang for minutes. */
const MAX_RETRY_AFTER_MS = 60_000

export interface PostDeps {
  clock: Clock
  random: () => number
  signal: AbortSignal
  /** One plain line per retry: what failed and when the next attempt comes. */
  onRetry: (line: string) => void
}

export async function postWithRetries<T>(
  send: (signal: AbortSignal) => Promise<T>,
  deps: PostDeps
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send(deps.signal)
    } catch (error) {
      const retryable =
        error instanceof ServiceError && isRetryablePost(error) && !deps.signal.aborted
      if (!retryable || attempt >= POST_MAX_ATTEMPTS) throw error
      const backoff = backoffDelayMs(attempt - 1, POST_BACKOFF, deps.random)
      const delay = Math.max(backoff, error.retryAfterMs ?? 0)
      deps.onRetry(`Attempt ${attempt} failed (${error.message}); retrying in ${delay} ms.`)
      await deps.clock.sleep(delay, deps.signal)
    }
  }
}

/**
 * An answer that came but could not be read may have been acted on, and a Retry-After longer than
 * we are willing to wait is the service saying "not now".
 */
function isRetryablePost(error: ServiceError): boolean {
  if ((error.retryAfterMs ?? 0) > MAX_RETRY_AFTER_MS) return false
  return error.transient && error.kind !== 'invalid-response'
}
