// Time for every mode: the injected clock, durations as messages show them and ISO 8601 times.
/** Injected: polling runs on a fake clock in tests. */
export interface Clock {
  now(): number
  /** Resolves after `ms`, or early (without rejecting) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

/** Past any sensible wait even on a self-hosted runner: a larger value is a typo (`7200m`). */
export const MAX_DURATION_MS = 24 * 60 * 60 * 1000

/** `750ms`, `1.5s`, `45s`, `2m 30s`, `2h`: tenths of a second only below 10 s. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.floor(ms))}ms`
  if (ms < 10_000) return `${Math.round(ms / 100) / 10}s`
  const s = Math.round(ms / 1000)
  const parts = { h: Math.floor(s / 3600), m: Math.floor(s / 60) % 60, s: s % 60 }
  return Object.entries(parts)
    .flatMap(([unit, value]) => (value > 0 ? [`${value}${unit}`] : []))
    .join(' ')
}

const ISO_8601_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/

// Milliseconds since the epoch of an ISO 8601 time with its zone, on a day that exists; else
// undefined. Never read in the runner's zone, and `Date.parse` alone takes far more than ISO 8601.
export function isoTimeMs(value: string): number | undefined {
  const match = ISO_8601_TIME.exec(value)
  if (match === null) return undefined
  const [year = 0, month = 0, day, hour = 0, minute = 0, second] = match.slice(1).map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  const real = date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  const inRange = hour < 24 && minute < 60 && (second || 0) < 60
  const ms = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))
  return real && inRange && Number.isFinite(ms) ? ms : undefined
}
