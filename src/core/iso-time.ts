// ISO 8601 times that decide something (the `since` input, a check run's `started_at` against it):
// one reader, so that the input and GitHub's field are held to the same form.

const ISO_8601_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/

/**
 * Milliseconds since the epoch of an ISO 8601 date and time with its time zone (`Z` or an offset),
 * on a day that exists; else undefined. A time without a zone is refused, never read in the
 * runner's zone: it would mean a different instant on every runner. `Date.parse` alone takes
 * far more than ISO 8601 ("Nov 26 2026") and zoneless times, hence the form first.
 */
export function isoTimeMs(value: string): number | undefined {
  const match = ISO_8601_TIME.exec(value)
  if (match === null) return undefined
  const [, year, month, day, hour, minute, second] = match
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  const realTime =
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day) &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second ?? 0) < 60
  const ms = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))
  return realTime && Number.isFinite(ms) ? ms : undefined
}
