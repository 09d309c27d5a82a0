// The parsers shared by several inputs, and those of the inputs every mode reads. Each takes one
// trimmed value ('' when unset and without default) and throws InputError naming the input.
import { InputError } from '../core/input-error.js'
import { hasControlChar, refusedValue, unshownValue } from '../kernel/text.js'
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
    `Input '${name}' must be true or false (also True, TRUE, False, FALSE); got ${refusedValue(value)}.${didYouMean(booleanGuess(value))}`
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
    `Input '${name}' must be true, false or empty (not sent); got ${refusedValue(value)}.${didYouMean(booleanGuess(value))}`
  )
}

/** What a yes/no word other than YAML's booleans meant. */
function booleanGuess(value: string): 'true' | 'false' | undefined {
  const word = value.toLowerCase()
  if (['yes', 'y', 'on', '1', 'enabled', 'enable'].includes(word)) return 'true'
  if (['no', 'n', 'off', '0', 'disabled', 'disable'].includes(word)) return 'false'
  return nearestChoice(word, ['true', 'false'] as const)
}

const MODES: readonly Mode[] = ['notify', 'greenlight', 'terminate']

export function parseMode(name: string, value: string): Mode {
  if (value === '') {
    throw new InputError(
      name,
      `Input '${name}' is required: set it to notify, greenlight or terminate.`
    )
  }
  return parseChoice(name, value, MODES)
}

/**
 * One of `choices` (case-insensitively), else an error that quotes the value (a choice holds no
 * secret, and seeing `report_status` is what shows the typo) with the nearest choice.
 */
export function parseChoice<T extends string>(
  name: string,
  value: string,
  choices: readonly T[]
): T {
  const known = choices.find(choice => choice === value.toLowerCase())
  if (known !== undefined) return known
  throw new InputError(
    name,
    `Input '${name}' must be ${orList(choices)}; got ${refusedValue(value)}.${didYouMean(nearestChoice(value, choices))}`
  )
}

/** `a, b or c`. */
export function orList(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`
}

/** The sentence that offers a nearest valid value, or nothing. */
export function didYouMean(guess: string | undefined): string {
  return guess === undefined ? '' : ` Did you mean '${guess}'?`
}

/**
 * The choice a misspelling most likely meant: the same word with '_' or spaces for '-', the start
 * of its name, or a few typos away.
 */
export function nearestChoice<T extends string>(
  value: string,
  choices: readonly T[]
): T | undefined {
  const typed = value
    .toLowerCase()
    .trim()
    .replace(/[\s_]+/g, '-')
  const same = choices.find(choice => choice === typed)
  if (same !== undefined || typed.length < 3) return same
  const prefix = choices.find(choice => choice.startsWith(typed) || typed.startsWith(choice))
  if (prefix !== undefined) return prefix
  const ranked = choices
    .map(choice => ({ choice, distance: editDistance(typed, choice) }))
    .sort((a, b) => a.distance - b.distance)
  const best = ranked[0]
  // Two edits, or a third of a long name (greenlight, terminate).
  const allowed = best === undefined ? 0 : Math.max(2, Math.floor(best.choice.length / 3))
  return best !== undefined && best.distance <= allowed ? best.choice : undefined
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
