// The parsers shared by several inputs, and those of the inputs every mode reads. Each takes one
// trimmed value ('' when unset and without default) and throws InputError naming the input.
import { InputError } from '../core/input-error.js'
import { hasControlChar, unshownValue } from '../core/text.js'
import { MIN_SECRET_RUN } from '../core/redaction.js'
import type { Mode } from './settings.js'

/** Where a parser reports something worth a warning that does not refuse the value. */
export interface Warnings {
  warn(message: string): void
}

export type Parser<T> = (name: string, value: string, warnings: Warnings) => T

/** Wraps a parser so that an empty value means "not given". */
export function optional<T>(parse: Parser<T>): Parser<T | undefined> {
  return (name, value, warnings) => (value === '' ? undefined : parse(name, value, warnings))
}

export function parseSingleLine(name: string, value: string): string {
  if (hasControlChar(value)) {
    throw new InputError(
      name,
      `Input '${name}' must be a single line without control characters; got ${unshownValue(value)}.`
    )
  }
  return value
}

/** The YAML 1.2 core schema booleans, as @actions/core getBooleanInput accepts them. */
export function parseBoolean(name: string, value: string): boolean {
  if (['true', 'True', 'TRUE'].includes(value)) return true
  if (['false', 'False', 'FALSE'].includes(value)) return false
  throw new InputError(
    name,
    `Input '${name}' must be true or false (also True, TRUE, False, FALSE); got ${unshownValue(value)}.`
  )
}

export function parseOptionalBoolean(name: string, value: string): boolean | undefined {
  switch (value.toLowerCase()) {
    case '':
      return undefined
    case 'true':
      return true
    case 'false':
      return false
  }
  throw new InputError(
    name,
    `Input '${name}' must be true, false or empty (not sent); got ${unshownValue(value)}.`
  )
}

const MODES: readonly Mode[] = ['notify', 'greenlight', 'terminate']

export function parseMode(name: string, value: string): Mode {
  const mode = value.toLowerCase()
  const known = MODES.find(m => m === mode)
  if (known !== undefined) return known
  if (value === '') {
    throw new InputError(
      name,
      `Input '${name}' is required: set it to notify, greenlight or terminate.`
    )
  }
  const guess = closestMode(mode)
  throw new InputError(
    name,
    `Input '${name}' must be notify, greenlight or terminate; got ${unshownValue(value)}.` +
      (guess === undefined ? '' : ` Did you mean '${guess}'?`)
  )
}

/** The mode a misspelling most likely meant: a few typos away, or the start of its name. */
function closestMode(value: string): Mode | undefined {
  if (value.length < 3) return undefined
  const prefix = MODES.find(mode => mode.startsWith(value) || value.startsWith(mode))
  if (prefix !== undefined) return prefix
  const ranked = MODES.map(mode => ({ mode, distance: editDistance(value, mode) })).sort(
    (a, b) => a.distance - b.distance
  )
  const best = ranked[0]
  // Two edits, or three in a name as long as greenlight or terminate.
  const allowed = best === undefined ? 0 : Math.max(2, Math.floor(best.mode.length / 3))
  return best !== undefined && best.distance <= allowed ? best.mode : undefined
}

/** Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0))
  )
  const at = (i: number, j: number): number => d[i]?.[j] ?? Infinity
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1)
      }
      const row = d[i]
      if (row !== undefined) row[j] = best
    }
  }
  return at(a.length, b.length)
}

// Printable ASCII only: anything else cannot go into an HTTP header (or is a pasting accident).
export const HEADER_SAFE = /^[\x21-\x7e]+$/

export function parseApiKey(name: string, value: string): string {
  if (value === '') {
    throw new InputError(
      name,
      `Input '${name}' is required: pass the API key from a secret, ` +
        `e.g. ${name}: \${{ secrets.QAWOLF_API_KEY }}.`
    )
  }
  if (/^bearer\s/i.test(value)) {
    throw new InputError(
      name,
      `Input '${name}' must be the key alone, without the 'Bearer ' prefix (the value is not shown).`
    )
  }
  if (!HEADER_SAFE.test(value)) {
    throw new InputError(
      name,
      `Input '${name}' contains spaces, line breaks or other characters that cannot be sent in ` +
        `an HTTP header; pass the key alone (the value is not shown).`
    )
  }
  // A key as short as an ordinary word could not be hidden in the logs without hiding that word
  // wherever the action writes it; no service issues such keys.
  if (value.length < MIN_SECRET_RUN) {
    throw new InputError(
      name,
      `Input '${name}' is ${value.length} characters long, too short for an API key (at least ` +
        `${MIN_SECRET_RUN}); pass the API key from a secret (the value is not shown).`
    )
  }
  return value
}

const MAX_LABEL_LENGTH = 100

export function parseLabel(name: string, value: string): string {
  parseSingleLine(name, value)
  if (value.length > MAX_LABEL_LENGTH) {
    throw new InputError(
      name,
      `Input '${name}' must be at most ${MAX_LABEL_LENGTH} characters; got ${value.length}.`
    )
  }
  return value
}
