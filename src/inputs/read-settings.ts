// Reads and validates every action input before anything is sent: a throw means nothing was sent.
// All problems are collected, so a user fixes their workflow in one round trip.
import { parseDuration } from '../core/durations.js'
import { InputError, InputErrors, hasControlChar, quote } from '../core/input-error.js'
import { INPUT_DEFAULTS, MODE_INPUTS, isExpression, usableDefault } from './defaults.js'
import { parseRunIds } from '../core/run-ids.js'
import type { HostingService, OutcomeWhenBlockingBugsInOtherWorkflows } from '../service/schemas.js'
import type {
  CommonSettings,
  GreenlightSettings,
  Mode,
  NotifySettings,
  Settings,
  TerminateSettings
} from './settings.js'
import { parseBaseUrl, parseHttpUrl } from '../core/urls.js'
import { parseVariables } from './variables.js'
import { isCommitSha } from '../core/commit-sha.js'
import { redactorFor } from '../core/redaction.js'

/** Returns '' when the input is unset, like @actions/core getInput (which also trims). */
export type GetInput = (name: string) => string

export interface ReadSettingsResult {
  settings: Settings
  warnings: string[]
}

/**
 * Validates every input of the chosen mode and builds the settings. Throws InputError (one problem)
 * or InputErrors (several). No message ever contains the `api-key` value.
 */
export function readSettings(getInput: GetInput): ReadSettingsResult {
  const reader = new InputReader(getInput)
  const redact = redactorFor(getInput('api-key').trim())
  try {
    const settings = readAll(reader)
    reader.throwIfInvalid()
    return { settings, warnings: reader.warnings.map(redact) }
  } catch (error) {
    throw redactError(error, redact)
  }
}

function readAll(r: InputReader): Settings {
  const mode = r.read('mode', parseMode, undefined)
  const common: CommonSettings = {
    mode: mode ?? 'notify',
    apiKey: r.read('api-key', parseApiKey, ''),
    baseUrl: r.read('base-url', parseBaseUrl, ''),
    label: r.read('label', parseLabel, ''),
    summary: r.read('summary', parseBoolean, true)
  }
  // Which other inputs apply depends on the mode, so without one there is nothing more to check.
  if (mode === undefined) return r.abort()
  warnIgnored(r, mode)
  switch (mode) {
    case 'notify':
      return { ...common, ...readNotify(r) }
    case 'greenlight':
      return { ...common, ...readGreenlight(r) }
    case 'terminate':
      return { ...common, ...readTerminate(r) }
  }
}

type NotifyOnly = Omit<NotifySettings, keyof CommonSettings> & { mode: 'notify' }
type GreenlightOnly = Omit<GreenlightSettings, keyof CommonSettings> & { mode: 'greenlight' }
type TerminateOnly = Omit<TerminateSettings, keyof CommonSettings> & { mode: 'terminate' }

const ENVIRONMENT_NAMES = ['environment-id', 'environment-alias', 'deployment-url'] as const

function readTerminate(r: InputReader): TerminateOnly {
  const environmentId = r.read('environment-id', optional(parseSingleLine), undefined)
  const environmentAlias = r.read('environment-alias', optional(parseSingleLine), undefined)
  const deploymentUrl = r.read('deployment-url', optional(parseHttpUrl), undefined)
  const workspaceId = r.read('workspace-id', optional(parseSingleLine), undefined)
  const given = [environmentId, environmentAlias, deploymentUrl].filter(v => v !== undefined)
  if (given.length !== 1) {
    const which = ENVIRONMENT_NAMES.map(name => `'${name}'`).join(', ')
    r.fail(
      new InputError(
        'environment-id',
        given.length === 0
          ? `Input 'environment-id', 'environment-alias' or 'deployment-url' is required in terminate mode: set exactly one of ${which} to name the environment that is gone.`
          : `Inputs ${which}: set exactly one of them in terminate mode (the service takes one way to name the environment); ${given.length} are set.`
      )
    )
  }
  const environment =
    environmentId !== undefined
      ? { environmentId }
      : environmentAlias !== undefined
        ? { environmentAlias }
        : { deploymentUrl: deploymentUrl ?? '' }
  return dropUndefined({ mode: 'terminate', environment, workspaceId })
}

function readNotify(r: InputReader): NotifyOnly {
  return dropUndefined({
    mode: 'notify',
    sha: r.read('sha', parseSha, undefined),
    branch: r.read('branch', parseBranch, undefined),
    deploymentType: r.read('deployment-type', optional(parseSingleLine), undefined),
    deploymentUrl: r.read('deployment-url', optional(parseHttpUrl), undefined),
    hostingService: r.read('hosting-service', parseHostingService, 'GitHub'),
    commitUrl: r.read('commit-url', optional(parseHttpUrl), undefined),
    variables: r.read('variables', (name, value) => parseVariables(name, value, r), undefined),
    deduplicationKey: r.read('deduplication-key', optional(parseSingleLine), undefined),
    ephemeralEnvironment: r.read('ephemeral-environment', parseOptionalBoolean, undefined),
    failOnNoRun: r.read('fail-on-no-run', parseBoolean, true),
    workspaceId: r.read('workspace-id', optional(parseSingleLine), undefined)
  })
}

function readGreenlight(r: InputReader): GreenlightOnly {
  // Read in action.yml order, so that several errors are listed in that order.
  const runIds = r.read('run-id', parseRunIds, [])
  const wait = r.read('wait', parseBoolean, true)
  const timeoutMs = r.read('timeout', parseTimeout, 0)
  const pollIntervalMs = r.read('poll-interval', parsePollInterval, 0)
  const outcome = r.read('outcome-when-blocking-bugs-in-other-workflows', parseOutcome, 'green')
  const failOnRed = r.read('fail-on-red', parseBoolean, true)
  const failOnTimeout = r.read('fail-on-timeout', parseBoolean, true)
  const commentOnPr = r.read('comment-on-pr', parseBoolean, false)
  const githubToken = r.read(
    'github-token',
    (name, value) => parseToken(name, value, commentOnPr),
    ''
  )
  if (!wait) {
    for (const name of ['timeout', 'poll-interval']) {
      if (r.isSet(name)) {
        r.warn(
          `Input '${name}' has little effect when 'wait' is false: the run is queried once ` +
            `(retrying a failed query at most twice, within 30 s and the timeout).`
        )
      }
    }
  }
  return {
    mode: 'greenlight',
    runIds,
    wait,
    timeoutMs,
    pollIntervalMs,
    outcomeWhenBlockingBugsInOtherWorkflows: outcome,
    failOnRed,
    failOnTimeout,
    commentOnPr,
    githubToken
  }
}

function warnIgnored(r: InputReader, mode: Mode): void {
  const own = new Set(MODE_INPUTS[mode])
  const foreign = new Set(
    Object.values(MODE_INPUTS)
      .flat()
      .filter(name => !own.has(name))
  )
  for (const name of foreign) {
    if (r.isSet(name)) r.warn(`Input '${name}' is ignored in ${mode} mode.`)
  }
}

/** Parses one trimmed input value ('' when unset and without default); throws InputError. */
type Parser<T> = (name: string, value: string) => T

class InputReader {
  readonly errors: InputError[] = []
  readonly warnings: string[] = []

  constructor(private readonly getInput: GetInput) {}

  /** The trimmed value, or the action.yml default when the input reads as empty. */
  value(name: string): string {
    const raw = this.getInput(name).trim()
    return raw === '' ? usableDefault(name) : raw
  }

  /** True when the user gave a value other than the action.yml default (case-insensitively). */
  isSet(name: string): boolean {
    const raw = this.getInput(name).trim()
    const fallback = INPUT_DEFAULTS[name] ?? ''
    // The runner substitutes an expression default, so its text cannot be compared to the value.
    if (raw === '' || isExpression(fallback)) return false
    return raw.toLowerCase() !== fallback.toLowerCase()
  }

  /** Parses the input, recording a failure and returning `fallback` so later inputs still get checked. */
  read<T, F>(name: string, parse: Parser<T>, fallback: F): T | F {
    try {
      return parse(name, this.value(name))
    } catch (error) {
      if (!(error instanceof InputError)) throw error
      this.errors.push(error)
      return fallback
    }
  }

  warn(message: string): void {
    this.warnings.push(message)
  }

  /** Records a problem that involves several inputs at once. */
  fail(error: InputError): void {
    this.errors.push(error)
  }

  throwIfInvalid(): void {
    if (this.errors.length > 0) this.abort()
  }

  /** Throws what has been collected; only called once at least one error was recorded. */
  abort(): never {
    const [first, ...rest] = this.errors
    if (first === undefined) throw new Error('InputReader.abort() called without an error')
    throw rest.length === 0 ? first : new InputErrors(this.errors)
  }
}

// ---- common inputs -------------------------------------------------------------------------------

function parseMode(name: string, value: string): Mode {
  const mode = value.toLowerCase()
  if (mode === 'notify' || mode === 'greenlight' || mode === 'terminate') return mode
  if (value === '') {
    throw new InputError(
      name,
      `Input '${name}' is required: set it to notify, greenlight or terminate.`
    )
  }
  throw new InputError(
    name,
    `Input '${name}' must be notify, greenlight or terminate; got ${quote(value)}.`
  )
}

// Printable ASCII only: anything else cannot go into an HTTP header (or is a pasting accident).
const HEADER_SAFE = /^[\x21-\x7e]+$/

function parseApiKey(name: string, value: string): string {
  if (value === '') {
    throw new InputError(
      name,
      `Input '${name}' is required: pass the team API key from a secret, ` +
        `e.g. ${name}: \${{ secrets.QA_API_KEY }}.`
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
  return value
}

const MAX_LABEL_LENGTH = 100

function parseLabel(name: string, value: string): string {
  if (hasControlChar(value)) {
    throw new InputError(
      name,
      `Input '${name}' must be a single line without control characters; got ${quote(value)}.`
    )
  }
  if (value.length > MAX_LABEL_LENGTH) {
    throw new InputError(
      name,
      `Input '${name}' must be at most ${MAX_LABEL_LENGTH} characters; got ${value.length}.`
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
    `Input '${name}' must be true or false (also True, TRUE, False, FALSE); got ${quote(value)}.`
  )
}

// ---- notify inputs -------------------------------------------------------------------------------

/** Wraps a parser so that an empty value means "not given". */
function optional<T>(parse: Parser<T>): Parser<T | undefined> {
  return (name, value) => (value === '' ? undefined : parse(name, value))
}

function parseSha(name: string, value: string): string | undefined {
  if (value === '') return undefined
  if (!isCommitSha(value)) {
    throw new InputError(
      name,
      `Input '${name}' must be a commit SHA of 4 to 64 hexadecimal digits, not all zeros; got ${quote(value)}.`
    )
  }
  return value.toLowerCase()
}

function parseBranch(name: string, value: string): string | undefined {
  // `${{ github.ref }}` is a common thing to pass; the service wants the bare branch name.
  const branch = parseSingleLine(name, value).replace(/^refs\/heads\//, '')
  return branch === '' ? undefined : branch
}

function parseSingleLine(name: string, value: string): string {
  if (hasControlChar(value)) {
    throw new InputError(
      name,
      `Input '${name}' must be a single line without control characters; got ${quote(value)}.`
    )
  }
  return value
}

function parseHostingService(name: string, value: string): HostingService {
  switch (value.toLowerCase()) {
    case 'github':
      return 'GitHub'
    case 'gitlab':
      return 'GitLab'
  }
  throw new InputError(name, `Input '${name}' must be GitHub or GitLab; got ${quote(value)}.`)
}

function parseOptionalBoolean(name: string, value: string): boolean | undefined {
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
    `Input '${name}' must be true, false or empty (not sent); got ${quote(value)}.`
  )
}

// ---- greenlight inputs ---------------------------------------------------------------------------

const MIN_POLL_INTERVAL_MS = 100

function parseTimeout(name: string, value: string): number {
  const ms = parseDuration(name, value)
  if (ms <= 0) {
    throw new InputError(
      name,
      `Input '${name}' must be greater than zero; to query once without waiting, set wait: false.`
    )
  }
  return ms
}

function parsePollInterval(name: string, value: string): number {
  const ms = parseDuration(name, value)
  if (ms < MIN_POLL_INTERVAL_MS) {
    throw new InputError(
      name,
      `Input '${name}' must be at least ${MIN_POLL_INTERVAL_MS}ms; got ${quote(value)}.`
    )
  }
  return ms
}

function parseOutcome(name: string, value: string): OutcomeWhenBlockingBugsInOtherWorkflows {
  const outcome = value.toLowerCase()
  if (outcome === 'green' || outcome === 'red') return outcome
  throw new InputError(name, `Input '${name}' must be green or red; got ${quote(value)}.`)
}

function parseToken(name: string, value: string, needed: boolean): string {
  if (value === '' && needed) {
    throw new InputError(
      name,
      `Input '${name}' is empty but 'comment-on-pr' is true: pass a token with ` +
        `pull-requests: write permission (the default is \${{ github.token }}), or set comment-on-pr: false.`
    )
  }
  if (value !== '' && !HEADER_SAFE.test(value)) {
    throw new InputError(
      name,
      `Input '${name}' contains spaces, line breaks or other characters that cannot be sent in ` +
        `an HTTP header (the value is not shown).`
    )
  }
  return value
}

// ---- helpers -------------------------------------------------------------------------------------

/** Drops undefined properties so that "not given" is absent rather than present-but-undefined. */
function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}

// Defence in depth: a key pasted into the wrong input would otherwise be quoted back. Applied to
// the finished messages, so every message is covered whichever input it names.
function redactError(error: unknown, redact: (message: string) => string): unknown {
  if (!(error instanceof InputError)) return error
  if (error instanceof InputErrors) {
    return new InputErrors(error.errors.map(e => new InputError(e.input, redact(e.message))))
  }
  return new InputError(error.input, redact(error.message))
}
