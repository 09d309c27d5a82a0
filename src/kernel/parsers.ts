// The parser of each input value: one trimmed value ('' when unset and without default) in, the
// typed value out, or an InputError naming the input and the accepted forms. A value that may hold
// a secret (key, token, URL, free text) is only described, never quoted.
import { hasControlChar, refusedValue, unshownValue } from './text.js'
import { MIN_SECRET_RUN } from './secrets.js'
import { isoTimeMs, MAX_DURATION_MS } from './time.js'
import { nearest } from './nearest.js'
import { InputError, isRecord } from './values.js'
import { parseJson } from './json.js'

export const MODES = ['notify', 'greenlight', 'terminate'] as const
export type Mode = (typeof MODES)[number]

/** `owner` is everything before the last slash (a GitLab namespace may hold groups). */
export type RepositoryPath = { owner: string; name: string }
type Warnings = { warn(message: string): void }
export type Parser<T> = (name: string, value: string, warnings: Warnings) => T

export function optional<T>(parse: Parser<T>): Parser<T | undefined> {
  return (name, value, warnings) => (value === '' ? undefined : parse(name, value, warnings))
}

function refuse(name: string, problem: string): never {
  throw new InputError(name, `Input '${name}' ${problem}`)
}

const checked =
  (problem: (value: string, name: string) => string | undefined) =>
  (name: string, value: string): string => {
    const wrong = problem(value, name)
    return wrong === undefined ? value : refuse(name, wrong)
  }

const multiLine = (value: string): string | undefined =>
  hasControlChar(value)
    ? `must be a single line without control characters; got ${unshownValue(value)}.`
    : undefined
export const parseSingleLine = checked(multiLine)
export const parseLabel = checked(
  value =>
    multiLine(value) ??
    (value.length > 100 ? `must be at most 100 characters; got ${value.length}.` : undefined)
)

/** The refusal of a value that a quoted example can correct, with the form most likely meant. */
function mustBe(name: string, forms: string, value: string, guess?: string): never {
  const meant = guess === undefined ? '' : ` Did you mean '${guess}'?`
  return refuse(name, `must be ${forms}; got ${refusedValue(value)}.${meant}`)
}

/** One of `choices`, case-insensitively; a refusal quotes the value (a choice holds no secret). */
export function choice<T extends string>(choices: readonly T[]) {
  const words = `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`
  // A choice cut short (`green` for greenlight) is meant too, unlike a check's shorter name.
  const startOf = (value: string) =>
    value.length < 3 ? undefined : choices.find(c => c.startsWith(value.toLowerCase()))
  return (name: string, value: string): T =>
    choices.find(choice => choice.toLowerCase() === value.toLowerCase()) ??
    mustBe(name, words, value, nearest(value, choices) ?? startOf(value))
}

export const parseMode = (name: string, value: string) =>
  value === ''
    ? refuse(name, `is required: set it to notify, greenlight or terminate.`)
    : choice(MODES)(name, value)

function boolean(accepted: RegExp, forms: string): Parser<boolean> {
  return (name, value) => {
    if (accepted.test(value)) return value.toLowerCase() === 'true'
    const word = value.toLowerCase()
    const guess = /^(yes|y|on|1|enabled?)$/.test(word)
      ? 'true'
      : /^(no|n|off|0|disabled?)$/.test(word)
        ? 'false'
        : nearest(word, ['true', 'false'])
    return mustBe(name, forms, value, guess)
  }
}
/** The YAML 1.2 core schema booleans, as @actions/core getBooleanInput accepts them. */
export const parseBoolean = boolean(
  /^(true|True|TRUE|false|False|FALSE)$/,
  'true or false (also True, TRUE, False, FALSE)'
)
export const parseOptionalBoolean = optional(
  boolean(/^(true|false)$/i, 'true, false or empty (not sent)')
)

// Printable ASCII only: anything else cannot go into an HTTP header (or is a pasting accident).
const notHeaderSafe = (value: string) => !/^[\x21-\x7e]+$/.test(value)
const NOT_IN_HEADER =
  'contains spaces, line breaks or other characters that cannot be sent in an HTTP header'

export const parseApiKey = checked((value, name) =>
  value === ''
    ? `is required: pass the API key from a secret, e.g. ${name}: \${{ secrets.QAWOLF_API_KEY }}.`
    : /^bearer\s/i.test(value)
      ? `must be the key alone, without the 'Bearer ' prefix (the value is not shown).`
      : notHeaderSafe(value)
        ? `${NOT_IN_HEADER}; pass the key alone (the value is not shown).`
        : // A key as short as a word could not be hidden in the logs without hiding that word.
          value.length < MIN_SECRET_RUN
          ? `is ${value.length} characters long, too short for an API key (at least ${MIN_SECRET_RUN}); pass the API key from a secret (the value is not shown).`
          : undefined
)

/** Whether a token is needed depends on the mode's features: the settings check that. */
export const parseToken = checked(value =>
  value !== '' && notHeaderSafe(value) ? `${NOT_IN_HEADER} (the value is not shown).` : undefined
)

/** An empty `github-token` that a feature (`because`) needs: the permission, and how to grant it. */
export function emptyGitHubToken(because: string, permission: string, otherwise = ''): InputError {
  return new InputError(
    'github-token',
    `Input 'github-token' is empty but ${because}: pass a token with ${permission} permission ` +
      `(the default is \${{ github.token }}, with permissions: ${permission} in the job)${otherwise}.`
  )
}

/** GitHub's stand-in for "no commit" (a `push` that created or deleted a branch). */
export const isZeroSha = (value: string): boolean => /^0+$/.test(value)
/** 4 to 64 hexadecimal digits (an abbreviated or full SHA-1 or SHA-256 commit ID), not all zeros. */
export const isCommitSha = (value: string): boolean =>
  /^[0-9a-f]{4,64}$/i.test(value) && !isZeroSha(value)
/** 40 digits (SHA-1) or 64 (SHA-256): what GitHub's API looks commits up by. */
export const isFullCommitSha = (value: string): boolean =>
  /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(value) && !isZeroSha(value)

export const parseSha = (name: string, value: string): string =>
  isCommitSha(value)
    ? value.toLowerCase()
    : refuse(
        name,
        `must be a commit SHA of 4 to 64 hexadecimal digits, not all zeros; got ${unshownValue(value)}.`
      )

/** `${{ github.ref }}` is a common thing to pass; the service wants the bare branch name. */
export const parseBranch = (name: string, value: string): string | undefined =>
  parseSingleLine(name, value).replace(/^refs\/heads\//, '') || undefined

export function positiveWholeNumber(empty: string): Parser<number> {
  return (name, value) => {
    const number = /^[1-9][0-9]*$/.test(value) ? Number(value) : NaN
    if (Number.isSafeInteger(number)) return number
    // `#42`, `42.0`, `PR 42`: the number meant is the one in it.
    const digits = /^(?:#|pr[ #-]?)?([1-9][0-9]{0,8})(?:\.0+)?$/i.exec(value)?.[1]
    return mustBe(name, `a positive whole number such as 42, ${empty}`, value, digits)
  }
}

/** `owner/name`; whether several slashes fit the hosting service is checked with it. */
export function parseRepository(name: string, value: string): RepositoryPath {
  const cut = value.lastIndexOf('/')
  return cut > 0 && value.split('/').every(part => part !== '' && !/\s/.test(part))
    ? { owner: value.slice(0, cut), name: value.slice(cut + 1) }
    : refuse(
        name,
        `must be owner/name, e.g. acme/shop (GitLab: namespace/name, e.g. acme/web/shop); got ${unshownValue(value)}.`
      )
}

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const
const FORMS = '500ms, 90s, 45m, 2h or a bare number of seconds'

/** `500ms`, `90s`, `45m`, `2h` or bare seconds, to whole milliseconds; throws naming `input`. */
export function parseDuration(input: string, value: string): number {
  const text = value.trim()
  const got = `got ${refusedValue(value)}.`
  if (/^-\s*[\d.]/.test(text)) refuse(input, `must not be negative; ${got} Durations are ${FORMS}.`)
  const match = /^(\d+(?:\.\d+)?|\.\d+)\s*(ms|s|m|h)?$/i.exec(text)
  if (match === null) mustBe(input, `a duration such as ${FORMS}`, value, meant(text))
  const ms = Math.round(Number(match[1]) * UNIT_MS[(match[2]?.toLowerCase() ?? 's') as 'ms'])
  if (!Number.isFinite(ms) || ms > MAX_DURATION_MS)
    refuse(
      input,
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

/** `90m` for a duration in words or parts (`1h30m`, `90 sec`), else undefined. */
function meant(text: string): string | undefined {
  const parts = [...text.toLowerCase().matchAll(/(\d+(?:\.\d+)?)\s*([a-z]+)[\s,]*/g)]
  if (parts.length === 0 || parts.map(part => part[0]).join('') !== text.toLowerCase()) return
  let ms = 0
  for (const [, amount, word] of parts) {
    const unit = WORD_UNITS.find(([pattern]) => pattern.test(word ?? ''))?.[1]
    if (unit === undefined) return
    ms += Number(amount) * UNIT_MS[unit]
  }
  if (ms <= 0 || ms > MAX_DURATION_MS) return
  const unit = (['h', 'm', 's'] as const).find(unit => Number.isInteger(ms / UNIT_MS[unit])) ?? 'ms'
  return `${ms / UNIT_MS[unit]}${unit}`
}

export const duration =
  (min: number, below: (value: string) => string): Parser<number> =>
  (name, value) => {
    const ms = parseDuration(name, value)
    return ms >= min ? ms : refuse(name, below(value))
  }

/** A GitHub App's slug as check runs carry it (`app.slug`). */
export const parseCheckApp = (name: string, value: string): string =>
  checked(value =>
    value !== '' && !/^[a-z0-9][a-z0-9-]{0,99}$/.test(value.toLowerCase())
      ? `must be a GitHub App's slug (letters, digits and '-', as in the app's page github.com/apps/<slug>), or empty for any app but GitHub Actions; got ${unshownValue(value)}.`
      : undefined
  )(name, value).toLowerCase()

/** An ISO 8601 time with its zone (without, it is another instant on every runner), or `any`. */
export function parseSince(name: string, value: string): { iso: string; ms: number } | 'any' {
  if (value.toLowerCase() === 'any') return 'any'
  const ms = isoTimeMs(value)
  if (ms !== undefined) return { iso: new Date(ms).toISOString(), ms }
  return refuse(
    name,
    `must be an ISO 8601 time with a time zone, e.g. 2026-11-26T12:00:00Z or ` +
      `2026-11-26T13:00:00+01:00 (notify's reported-at output), or any; got ${unshownValue(value)}.`
  )
}

const RUN_ID_FORMS =
  `Run IDs are letters, digits, '-', '_', '.' and ':' (at most 200 characters each), separated by ` +
  `commas, whitespace or newlines, or a JSON array such as ["id1","id2"] (the notify step's run-ids output).`
const NO_RUN_ID =
  "On QA Wolf's current path (via: github-deployment or report-status) notify returns no run " +
  "ID: gate on QA Wolf's check run of the commit instead, with " +
  'verdict-from: check and since: ${{ steps.notify.outputs.reported-at }}.'

export function parseRunIds(name: string, value: string): string[] {
  const json = value.startsWith('[') ? parseJson(value) : undefined
  if (value.startsWith('[') && json === undefined)
    refuse(name, `starts with [ but is not a valid JSON array. ${RUN_ID_FORMS}`)
  const list = json ?? value.split(/[\s,]+/)
  if (!Array.isArray(list) || !list.every(item => typeof item === 'string'))
    refuse(name, `must be a JSON array of strings when it starts with [. ${RUN_ID_FORMS}`)
  const unique = [...new Set(list.map(id => id.trim()).filter(id => id !== ''))]
  // An empty JSON list is notify's run-ids output when it started no run: passed as it should be.
  if (unique.length === 0)
    refuse(
      name,
      json
        ? `is an empty list: the notify step started no run, so there is no verdict to wait for. ${NO_RUN_ID}`
        : `is required in greenlight mode and lists no run ID: pass the notify step's output, e.g. ${name}: \${{ steps.notify.outputs.run-ids }}. ${NO_RUN_ID} ${RUN_ID_FORMS}`
    )
  const bad = unique.findIndex(id => !isSafeRunId(id))
  if (bad !== -1)
    refuse(
      name,
      `has entry ${bad + 1}, which is not a run ID (${unshownValue(unique[bad] ?? '')}). ${RUN_ID_FORMS}`
    )
  return unique
}

/** Run IDs become a URL path segment: anything that could change the path is refused. */
export const isSafeRunId = (id: string): boolean =>
  id.length <= 200 && /^[A-Za-z0-9._:-]+$/.test(id) && id !== '.' && id !== '..'

export const DEFAULT_BASE_URL = 'https://app.qawolf.com'
const BASE_URL_EXAMPLE = `e.g. ${DEFAULT_BASE_URL} (the default; leave the input out for QA Wolf)`

const isLoopbackHost = (host: string): boolean =>
  /^(localhost|\[::1\]|127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.test(host)

/** A URL as shown to people: without `user:password@` (up to the authority's last `@`). */
export const displayUrl = (value: string): string =>
  value.replace(/^(\s*[a-z][a-z0-9+.-]*:[\\/]+)[^\\/?#]*@/i, '$1')

export const hasCredentials = (value: string): boolean =>
  (URL.parse(value)?.username ?? '') !== '' || (URL.parse(value)?.password ?? '') !== ''

export const isHttpUrl = (value: string): boolean =>
  ['https:', 'http:'].includes(URL.parse(value)?.protocol ?? '')

/** Never echoes the value (it may hold credentials); never empty, as it has a default. */
export function parseBaseUrl(name: string, value: string): string {
  const url = isHttpUrl(value) ? URL.parse(value) : null
  const scheme = url === null ? missingScheme(value) : undefined
  const problem =
    url === null
      ? scheme === undefined
        ? `must be an absolute https:// URL, ${BASE_URL_EXAMPLE}; got a value that is not one (not shown, as it may hold credentials).`
        : `must start with https:// (or http:// for localhost); add ${scheme} in front of the host (the value is not shown, as it may hold credentials).`
      : hasCredentials(value)
        ? `must not contain a user name or password; pass the API key in 'api-key' (the value is not shown).`
        : url.search !== '' || url.hash !== '' || /[?#]/.test(value)
          ? `must not contain a query (?...) or fragment (#...); give the service's base address, ${BASE_URL_EXAMPLE}.`
          : url.protocol === 'http:' && !isLoopbackHost(url.hostname)
            ? `must use https://; http:// is accepted only for loopback hosts (localhost, 127.0.0.0/8, [::1]); got an http:// address of another host (not shown).`
            : undefined
  // No problem means a URL.
  return problem === undefined
    ? `${url!.origin}${url!.pathname}`.replace(/\/+$/, '')
    : refuse(name, problem)
}

/** For a bare host (`qa.example.com/qa`, `localhost:8080`): the scheme to add; else undefined. */
function missingScheme(value: string): string | undefined {
  // `name:` then a non-digit is a scheme (ftp:, javascript:); then digits, a port.
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(value) || !/^[a-z0-9[]/i.test(value)) return undefined
  if (/\s/.test(value) || hasControlChar(value)) return undefined
  const host = URL.parse(`https://${value}`)?.hostname
  if (host === undefined) return undefined
  if (isLoopbackHost(host)) return 'http://'
  // A dotted name or an IP address, not a typo such as `https//qa.example.com`.
  return host.includes('.') || host.startsWith('[') ? 'https://' : undefined
}

export const parseHttpUrl = checked(value =>
  !isHttpUrl(value) || hasControlChar(value)
    ? `must be an absolute http:// or https:// URL, e.g. https://app.example.com; got a value that is not one (not shown, as it may hold credentials).`
    : undefined
)

/** `{…}` is JSON; another JSON value is named as such; anything else is KEY=VALUE lines. */
export function parseVariables(name: string, value: string, warnings: Warnings) {
  // Values are never echoed (they often hold credentials), nor refused names: a secret pasted
  // without its `=` reads as a name. Messages give the line, or the place among JSON keys.
  const refuseAs = (problem: string): never =>
    refuse(
      name,
      `${problem}. Give either a JSON object of string values, e.g. {"API_URL": "https://api.example.com"}, or KEY=VALUE lines (blank lines and lines starting with # are ignored).`
    )
  const variables = new Map<string, string>()
  const firstLine = new Map<string, number>()
  const set = (key: string, item: string, where: string) => {
    if (key === '') refuseAs(`has an empty variable name (${where})`)
    if (/\s/.test(key) || hasControlChar(key))
      refuseAs(
        `has a variable name with spaces or control characters (${where}; ${unshownValue(key)})`
      )
    // Set last, so that a repeated name takes the place of its last line.
    variables.delete(key)
    variables.set(key, item)
  }
  const json = parseJson(value)
  if (value.startsWith('{') && json === undefined) refuseAs('starts with { but is not valid JSON')
  if (json !== undefined && !isRecord(json))
    refuseAs(`must be a JSON object; got ${jsonKind(json)}`)
  if (isRecord(json))
    Object.entries(json).forEach(([key, item], index) => {
      const hint = ['number', 'boolean'].includes(typeof item) ? ' (quote it: "8080")' : ''
      set(key, item as string, `the name of variable ${index + 1}`)
      if (typeof item !== 'string')
        refuseAs(
          `has ${item === null ? 'a null' : jsonKind(item)} value for variable ${index + 1}; every value must be a string${hint}`
        )
    })
  else
    value.split(/\r?\n|\r/).forEach((rawLine, index) => {
      const line = rawLine.trim()
      if (line === '' || line.startsWith('#')) return
      const eq = line.indexOf('=')
      if (eq === -1) refuseAs(`line ${index + 1} has no '=' (not shown)`)
      const key = line.slice(0, eq).trim()
      set(key, line.slice(eq + 1).trim(), `line ${index + 1}`)
      const first = firstLine.get(key) ?? index + 1
      if (first !== index + 1)
        warnings.warn(
          `Input '${name}' line ${index + 1} sets the variable that line ${first} already set; the last value is used.`
        )
      firstLine.set(key, first)
    })
  return variables.size === 0 ? undefined : Object.fromEntries(variables)
}

function jsonKind(value: unknown): string {
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
  return type === 'null' ? type : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`
}
