// The POSTs (notify, terminate) with their retries: the one retry policy (retry-policy.ts) decides,
// this loop waits and asks again.
import type { Clock } from '../core/clock.js'
import { ServiceError } from './errors.js'
import { formatDuration } from '../core/durations.js'
import { POST_MAX_RETRY_AFTER_MS, retryDecision } from './retry-policy.js'

export { POST_MAX_ATTEMPTS } from './retry-policy.js'

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
      if (!(error instanceof ServiceError) || deps.signal.aborted) throw error
      const decision = retryDecision(error, {
        method: 'POST',
        failures: attempt,
        msLeft: Infinity,
        jitter: deps.random()
      })
      if (!decision.retry) {
        if (decision.stop !== 'retry-after') throw error
        throw new ServiceError(
          error.kind,
          `${error.message} The service asked to wait ${formatDuration(decision.retryAfterMs ?? 0)} before trying again (Retry-After), longer than the ${formatDuration(POST_MAX_RETRY_AFTER_MS)} this step waits.`,
          { ...error, cause: error }
        )
      }
      deps.onRetry(
        `Attempt ${attempt} failed (${error.message}); retrying in ${decision.delayMs} ms.`
      )
      await deps.clock.sleep(decision.delayMs, deps.signal)
    }
  }
}
