// Durations for `timeout` and `poll-interval`: 500ms, 90s, 45m, 2h, or a bare number of seconds.
import { InputError } from './input-error.js'
import { refusedValue } from '../kernel/text.js'

/**
 * The longest accepted duration. A GitHub-hosted job ends after 6 hours, but self-hosted jobs may
 * run longer; 24 hours is past any sensible wait, so a larger value is taken to be a typo (such as
 * `7200m` for two hours) rather than silently waiting for days.
 */
export const MAX_DURATION_MS = 24 * 60 * 60 * 1000

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const
type Unit = keyof typeof UNIT_MS

const FORMS = '500ms, 90s, 45m, 2h or a bare number of seconds'
const DURATION = /^(\d+(?:\.\d+)?|\.\d+)\s*(ms|s|m|h)?$/i

/** Parses a duration to whole milliseconds (rounded). Throws InputError naming `input`. */
export function parseDuration(input: string, value: string): number {
  const text = value.trim()
  if (/^-\s*[\d.]/.test(text)) {
    throw new InputError(
      input,
      `Input '${input}' must not be negative; got ${refusedValue(value)}. Durations are ${FORMS}.`
    )
  }
  const match = DURATION.exec(text)
  if (match === null) {
    throw new InputError(
      input,
      `Input '${input}' must be a duration such as ${FORMS}; got ${refusedValue(value)}.` +
        meant(text)
    )
  }
  const amount = Number(match[1])
  const unit = (match[2]?.toLowerCase() ?? 's') as Unit
  const ms = Math.round(amount * UNIT_MS[unit])
  if (!Number.isFinite(ms) || ms > MAX_DURATION_MS) {
    throw new InputError(
      input,
      `Input '${input}' must be at most 24h; got ${refusedValue(value)}. ` +
        `Durations are ${FORMS} (a bare number means seconds).`
    )
  }
  return ms
}

const WORD_UNITS: ReadonlyArray<[RegExp, Unit]> = [
  [/^(h|hours?|hrs?)$/, 'h'],
  [/^(m|minutes?|mins?)$/, 'm'],
  [/^(s|seconds?|secs?)$/, 's'],
  [/^(ms|milliseconds?|millis|msecs?)$/, 'ms']
]

/**
 * The duration a value written in words or parts meant (`2 hours`, `1h30m`, `90 sec`), as a form
 * that is accepted, in a sentence; '' when there is none.
 */
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
  const [amount, unit] = (Object.entries(UNIT_MS) as [Unit, number][])
    .reverse()
    .map(([unit, size]) => [ms / size, unit] as const)
    .find(([amount]) => Number.isInteger(amount)) ?? [ms, 'ms']
  return ` Did you mean '${amount}${unit}'?`
}

/**
 * The one way a duration is written for people, in every message: `750ms`, `1.5s`, `45s`,
 * `2m 30s`, `2h`. Tenths of a second are kept only below 10 s, where they still matter.
 */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.floor(ms))}ms`
  if (ms < 10_000) return `${Math.round(ms / 100) / 10}s`
  const total = Math.round(ms / 1000)
  const parts = [
    [Math.floor(total / 3600), 'h'],
    [Math.floor((total % 3600) / 60), 'm'],
    [total % 60, 's']
  ] as const
  return parts
    .filter(([value]) => value > 0)
    .map(([value, unit]) => `${value}${unit}`)
    .join(' ')
}
