// Time for every mode: the injected clock, durations (inputs and messages) and ISO 8601 times.
import { InputError } from './values.js'
import { refusedValue } from './text.js'

/** Injected: polling runs on a fake clock in tests. */
export interface Clock {
  now(): number
  /** Resolves after `ms`, or early (without rejecting) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

/** Past any sensible wait even on a self-hosted runner: a larger value is a typo (`7200m`). */
export const MAX_DURATION_MS = 24 * 60 * 60 * 1000

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const
const FORMS = '500ms, 90s, 45m, 2h or a bare number of seconds'

/** `500ms`, `90s`, `45m`, `2h` or bare seconds, to whole milliseconds; throws naming `input`. */
export function parseDuration(input: string, value: string): number {
  const text = value.trim()
  const got = `got ${refusedValue(value)}.`
  const refused = (problem: string) => new InputError(input, `Input '${input}' ${problem}`)
  if (/^-\s*[\d.]/.test(text)) throw refused(`must not be negative; ${got} Durations are ${FORMS}.`)
  const match = /^(\d+(?:\.\d+)?|\.\d+)\s*(ms|s|m|h)?$/i.exec(text)
  if (match === null) throw refused(`must be a duration such as ${FORMS}; ${got}${meant(text)}`)
  const ms = Math.round(Number(match[1]) * UNIT_MS[(match[2]?.toLowerCase() ?? 's') as 'ms'])
  if (!Number.isFinite(ms) || ms > MAX_DURATION_MS)
    throw refused(
      `must be at most 24h; ${got} Durations are ${FORMS} (a bare number means seconds).`
    )
  return ms
}

const WORD_UNITS: ReadonlyArray<[RegExp, keyof typeof UNIT_MS]> = [
  [/^(h|hours?|hrs?)$/, 'h'],
  [/^(m|minutes?|mins?)$/, 'm'],
  [/^(s|seconds?|secs?)$/, 's'],
  [/^(ms|milliseconds?|millis|msecs?)$/, 'ms']
]

/** ` Did you mean '90m'?` for a duration in words or parts (`1h30m`, `90 sec`), else ''. */
function meant(text: string): string {
  const parts = [...text.toLowerCase().matchAll(/(\d+(?:\.\d+)?)\s*([a-z]+)[\s,]*/g)]
  if (parts.length === 0 || parts.map(part => part[0]).join('') !== text.toLowerCase()) return ''
  let ms = 0
  for (const [, amount, word] of parts) {
    const unit = WORD_UNITS.find(([pattern]) => pattern.test(word ?? ''))?.[1]
    if (unit === undefined) return ''
    ms += Number(amount) * UNIT_MS[unit]
  }
  if (ms <= 0 || ms > MAX_DURATION_MS) return ''
  const unit = (['h', 'm', 's'] as const).find(unit => Number.isInteger(ms / UNIT_MS[unit])) ?? 'ms'
  return ` Did you mean '${ms / UNIT_MS[unit]}${unit}'?`
}

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
