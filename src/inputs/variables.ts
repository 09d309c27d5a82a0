// The `variables` input: a JSON object of strings, or KEY=VALUE lines. Values are never echoed in
// messages: they often hold credentials for the tested environment. A refused line or name is not
// echoed either (a secret pasted without its `=` padding reads as a name): messages give its
// line, or its place among the JSON object's keys. A name that passed the check is shown.
import { InputError } from '../core/input-error.js'
import { hasControlChar, unshownValue } from '../kernel/text.js'

const VARIABLES_FORMS =
  'Give either a JSON object of string values, e.g. {"API_URL": "https://api.example.com"}, ' +
  'or KEY=VALUE lines (blank lines and lines starting with # are ignored).'

function variablesError(name: string, problem: string): InputError {
  return new InputError(name, `Input '${name}' ${problem}. ${VARIABLES_FORMS}`)
}

/**
 * A value starting with `{` is JSON; anything else is KEY=VALUE lines, except that another JSON
 * value (array, string, null, number) is named as such rather than reported as a bad line.
 */
export function parseVariables(
  name: string,
  value: string,
  warnings?: { warn(message: string): void }
): Record<string, string> | undefined {
  if (value === '') return undefined
  const entries = value.startsWith('{')
    ? variablesFromJson(name, value)
    : variablesFromLines(name, value, warnings)
  return entries.length === 0 ? undefined : Object.fromEntries(entries)
}

function variablesFromJson(name: string, value: string): [string, string][] {
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    throw variablesError(name, 'starts with { but is not valid JSON')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw variablesError(name, `must be a JSON object; got ${jsonKind(parsed)}`)
  }
  return Object.entries(parsed).map(([key, item], index) => {
    checkVariableKey(name, key, `the name of variable ${index + 1}`)
    if (typeof item !== 'string') {
      const hint =
        typeof item === 'number' || typeof item === 'boolean' ? ' (quote it: "8080")' : ''
      throw variablesError(
        name,
        `has ${withArticle(jsonType(item))} value for variable ${index + 1}; every value must be a string${hint}`
      )
    }
    return [key, item]
  })
}

function variablesFromLines(
  name: string,
  value: string,
  warnings?: { warn(message: string): void }
): [string, string][] {
  const json = tryJson(value)
  if (json.ok) throw variablesError(name, `must be a JSON object; got ${jsonKind(json.value)}`)
  const seen = new Map<string, string>()
  const firstLine = new Map<string, number>()
  value.split(/\r?\n|\r/).forEach((rawLine, index) => {
    const line = rawLine.trim()
    if (line === '' || line.startsWith('#')) return
    const eq = line.indexOf('=')
    if (eq === -1) throw variablesError(name, `line ${index + 1} has no '=' (not shown)`)
    const key = line.slice(0, eq).trim()
    checkVariableKey(name, key, `line ${index + 1}`)
    if (seen.has(key)) {
      warnings?.warn(
        `Input '${name}' line ${index + 1} sets the variable that line ${firstLine.get(key)} ` +
          `already set; the last value is used.`
      )
      seen.delete(key)
    } else firstLine.set(key, index + 1)
    seen.set(key, line.slice(eq + 1).trim())
  })
  return [...seen]
}

/** `where`: the line, or the key's place in the JSON object; the refused name is never shown. */
function checkVariableKey(name: string, key: string, where: string): void {
  if (key === '') throw variablesError(name, `has an empty variable name (${where})`)
  if (/\s/.test(key) || hasControlChar(key)) {
    throw variablesError(
      name,
      `has a variable name with spaces or control characters (${where}; ${unshownValue(key)})`
    )
  }
}

function tryJson(value: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(value) as unknown }
  } catch {
    return { ok: false }
  }
}

function jsonKind(value: unknown): string {
  return value === null ? 'null' : withArticle(jsonType(value))
}

function jsonType(value: unknown): string {
  if (value === null) return 'null'
  return Array.isArray(value) ? 'array' : typeof value
}

function withArticle(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`
}
