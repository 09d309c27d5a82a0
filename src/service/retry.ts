// Backoff and Retry-After handling shared by notify (bounded attempts) and greenlight (bounded time).

export interface BackoffPolicy {
  baseMs: number
  capMs: number
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 500, capMs: 30_000 }

/**
 * "Full jitter" exponential backoff: a uniform delay in [0, min(cap, base * 2^attempt)), which
 * spreads retries of many concurrent jobs instead of synchronising them. `attempt` counts from 0.
 */
export function backoffDelayMs(
  attempt: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random: () => number = Math.random
): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(attempt, 30))
  return Math.floor(random() * ceiling)
}

/**
 * Retry-After is either delay-seconds or an HTTP-date (RFC 9110 10.2.3). Returns milliseconds to
 * wait, or undefined when the header is absent or unreadable.
 */
export function parseRetryAfterMs(header: string | undefined, nowMs: number): number | undefined {
  if (header === undefined) return undefined
  const value = header.trim()
  if (value === '') return undefined
  if (/^\d+$/.test(value)) return Number(value) * 1000
  // Every HTTP-date form names its month; without one, Date.parse reads "-5" or "1.5" as a year.
  if (!/[a-z]{3}/i.test(value)) return undefined
  const date = Date.parse(value)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - nowMs)
}
