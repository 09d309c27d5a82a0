// Every action input in one table (the modes that read it, its action.yml default, its parser),
// and the reading of a step's inputs into the one settings object: every problem collected, so
// that a workflow is fixed in one round trip, and a throw means nothing was sent. The table also
// feeds the "ignored input" warnings, the sub-actions' action.yml and the README's input table.
import { definedOnly } from './values.js'
import { Redactor } from './secrets.js'
import * as p from './parsers.js'
import { refusedValue } from './text.js'
import {
  InputError,
  InputErrors,
  MODES,
  NOTIFY_ROUTES,
  TERMINATE_ROUTES,
  type CommonSettings,
  type GreenlightSettings,
  type Mode,
  type NotifySettings,
  type Settings,
  type TerminateSettings
} from './settings.js'

export interface InputSpec<T> {
  modes: readonly Mode[]
  /** The action.yml `default`; absent for an input without one. */
  default?: string
  /** Without a default: the sub-actions that declare it required (all by default). */
  requiredIn?: readonly Mode[]
  /** For the README's "required" column: required only then (action.yml cannot say it). */
  requiredWhen?: string
  /** A default per mode: the root action's is then '' and each sub-action declares its own. */
  modeDefaults?: Readonly<Partial<Record<Mode, string>>>
  parse: p.Parser<T>
}

const N: readonly Mode[] = ['notify']
const G: readonly Mode[] = ['greenlight']
const T: readonly Mode[] = ['terminate']
const NT: readonly Mode[] = ['notify', 'terminate']
const NG: readonly Mode[] = ['notify', 'greenlight']
const line = p.optional(p.parseSingleLine)
const url = p.optional(p.parseHttpUrl)
const positive = (instead: string) =>
  p.duration(1, () => `must be greater than zero, e.g. 5m; ${instead}.`)

/** In action.yml order, which the README's table and a list of several errors follow. */
export const INPUTS = {
  mode: { modes: MODES, parse: p.parseMode },
  'api-key': {
    modes: MODES,
    requiredIn: ['notify', 'terminate'],
    requiredWhen: 'where the service is called (not with `verdict-from: check`)',
    parse: p.parseApiKey
  },
  'base-url': { modes: MODES, default: p.DEFAULT_BASE_URL, parse: p.parseBaseUrl },
  sha: { modes: NG, default: '', parse: p.optional(p.parseSha) },
  branch: { modes: NG, default: '', parse: p.parseBranch },
  'deployment-type': { modes: N, default: '', parse: line },
  'deployment-url': { modes: NT, default: '', parse: url },
  'hosting-service': {
    modes: N,
    default: 'GitHub',
    parse: p.choice(['GitHub', 'GitLab'] as const)
  },
  'commit-url': { modes: N, default: '', parse: url },
  variables: { modes: N, default: '', parse: p.optional(p.parseVariables) },
  'deduplication-key': { modes: N, default: '', parse: line },
  'ephemeral-environment': { modes: N, default: '', parse: p.parseOptionalBoolean },
  'pull-request-number': {
    modes: N,
    default: '',
    parse: p.positiveWholeNumber('or empty to take it from the pull_request event')
  },
  via: {
    modes: NT,
    default: '',
    modeDefaults: { notify: 'deploy-success', terminate: 'environment-terminated' },
    parse: p.optional(p.choice(NOTIFY_ROUTES))
  },
  environment: { modes: NT, default: '', parse: line },
  repository: { modes: N, default: '', parse: p.optional(p.parseRepository) },
  'merge-request-number': {
    modes: N,
    default: '',
    parse: p.positiveWholeNumber('or empty for none')
  },
  service: { modes: N, default: '', parse: line },
  'fail-on-no-run': { modes: N, default: 'true', parse: p.parseBoolean },
  'workspace-id': { modes: NT, default: '', parse: line },
  'wait-for-url': { modes: N, default: 'false', parse: p.parseBoolean },
  'wait-for-url-timeout': {
    modes: N,
    default: '5m',
    parse: positive('to notify without waiting, set wait-for-url: false')
  },
  'environment-id': { modes: T, default: '', parse: line },
  'environment-alias': { modes: T, default: '', parse: line },
  'verdict-from': { modes: G, default: 'run', parse: p.choice(['run', 'check'] as const) },
  'run-id': {
    modes: G,
    default: '',
    requiredWhen: 'with `verdict-from: run`',
    parse: p.parseRunIds
  },
  wait: { modes: G, default: 'true', parse: p.parseBoolean },
  timeout: {
    modes: G,
    default: '2h',
    parse: positive('to query once without waiting, set wait: false')
  },
  'poll-interval': {
    modes: G,
    default: '30s',
    parse: p.duration(100, value => `must be at least 100ms; got ${refusedValue(value)}.`)
  },
  'outcome-when-blocking-bugs-in-other-workflows': {
    modes: G,
    default: 'green',
    parse: p.choice(['green', 'red'] as const)
  },
  'on-superseded': { modes: G, default: 'follow', parse: p.choice(['follow', 'fail'] as const) },
  'fail-on-red': { modes: G, default: 'true', parse: p.parseBoolean },
  'fail-on-timeout': { modes: G, default: 'true', parse: p.parseBoolean },
  'check-name': { modes: G, default: 'QA Wolf Test Results', parse: p.parseSingleLine },
  'check-app': { modes: G, default: '', parse: p.parseCheckApp },
  since: {
    modes: G,
    default: '',
    requiredWhen: 'with `verdict-from: check` while polling',
    parse: p.optional(p.parseSince)
  },
  'comment-on-pr': { modes: G, default: 'false', parse: p.parseBoolean },
  'github-token': { modes: MODES, default: '${{ github.token }}', parse: p.parseToken },
  label: { modes: MODES, default: '', parse: p.parseLabel },
  summary: { modes: MODES, default: 'true', parse: p.parseBoolean }
} satisfies Record<string, InputSpec<unknown>>

type InputName = keyof typeof INPUTS
type Parsed<K extends InputName> = ReturnType<(typeof INPUTS)[K]['parse']>
const TABLE = Object.entries(INPUTS) as [InputName, InputSpec<unknown>][]

/** Each input's action.yml `default`; those without one are absent. */
export const INPUT_DEFAULTS: Readonly<Record<string, string>> = Object.fromEntries(
  TABLE.flatMap(([name, spec]) => (spec.default === undefined ? [] : [[name, spec.default]]))
)
/** The inputs every mode reads. */
export const COMMON_INPUTS: readonly string[] = TABLE.filter(([, s]) => s.modes === MODES).map(
  ([name]) => name
)
/** The inputs each mode reads besides the common ones. */
export const MODE_INPUTS: Readonly<Record<Mode, readonly string[]>> = Object.fromEntries(
  MODES.map(mode => [
    mode,
    TABLE.filter(([, s]) => s.modes !== MODES && s.modes.includes(mode)).map(([name]) => name)
  ])
) as Record<Mode, string[]>

const isExpression = (value: string): boolean => value.includes('${{')
/** A value that is still a `${{ … }}` expression: no runner evaluated it. */
const isUnevaluatedExpression = (value: string): boolean => /\$\{\{[\s\S]*\}\}/.test(value)

/** The default an empty input takes; an expression default (`${{ github.token }}`) is none. */
export function usableDefault(name: string): string {
  const value = INPUT_DEFAULTS[name] ?? ''
  return isExpression(value) ? '' : value
}

/** '' when the input is unset, like @actions/core getInput (which also trims). */
type GetInput = (name: string) => string

/** The secret inputs, hidden wherever the action writes and refused inside any other input. */
const SECRET_INPUTS = ['api-key', 'github-token'] as const

/** Their values. An expression nothing evaluated is the action's own words, no secret. */
export function secretInputs(getInput: GetInput): { name: string; value: string }[] {
  return SECRET_INPUTS.map(name => ({ name, value: getInput(name).trim() })).filter(
    ({ value }) => value !== '' && !isUnevaluatedExpression(value)
  )
}

class Reader {
  readonly errors: InputError[] = []
  readonly warnings: string[] = []
  private readonly unevaluated = new Set<string>()

  constructor(
    private readonly getInput: GetInput,
    private readonly redact: (text: string) => string
  ) {}

  /** The trimmed value, or the action.yml default when the input reads as empty. */
  value(name: string): string {
    return this.raw(name) || usableDefault(name)
  }

  /** Given, and other than the action.yml default (case-insensitively). */
  isSet(name: string): boolean {
    const raw = this.raw(name)
    const fallback = INPUT_DEFAULTS[name] ?? ''
    return raw !== '' && !isExpression(fallback) && raw.toLowerCase() !== fallback.toLowerCase()
  }

  /**
   * '' for an expression nothing evaluated: a local runner passes action.yml's `${{ github.token }}`
   * as text. One written by hand gets a warning; its text is not echoed (it may name a secret).
   */
  raw(name: string): string {
    const raw = this.getInput(name).trim()
    if (!isUnevaluatedExpression(raw)) return raw
    if (raw !== INPUT_DEFAULTS[name] && !this.unevaluated.has(name)) {
      this.unevaluated.add(name)
      this.warn(
        `Input '${name}' is an expression that nothing evaluated (\${{ … }}), so it is treated as unset. A workflow's runner evaluates expressions; when running the action another way, give the value itself.`
      )
    }
    return ''
  }

  /** Parsed by the table's parser (or `parse`); a refusal is recorded and `fallback` returned. */
  read<K extends InputName, F, V = Parsed<K>>(name: K, fallback: F, parse?: p.Parser<V>): V | F {
    try {
      return (parse ?? INPUTS[name].parse)(name, this.value(name), this) as V
    } catch (error) {
      if (!(error instanceof InputError)) throw error
      // The step ends before the warnings show, so the message says it itself.
      const unevaluated = this.unevaluated.has(name)
        ? ` (Its value was an expression that nothing evaluated, \${{ … }}, which counts as unset.)`
        : ''
      this.refuse(name, error.message + unevaluated)
      return fallback
    }
  }

  warn(message: string): void {
    this.warnings.push(this.redact(message))
  }

  fail(error: InputError): void {
    this.errors.push(new InputError(error.input, this.redact(error.message)))
  }

  refuse(name: string, message: string): void {
    this.fail(new InputError(name, message))
  }

  /** InputError for one problem, InputErrors for several. */
  abort(): never {
    throw this.errors.length === 1 ? this.errors[0] : new InputErrors(this.errors)
  }
}

/**
 * The settings of the chosen mode, or a throw of InputError (one problem) or InputErrors (several)
 * in which no piece of a secret input's value shows: `redactor` (the caller's, holding the secret
 * inputs), else one built here. On a `check_run` event (`eventName`) greenlight reads the event.
 */
export function readSettings(
  getInput: GetInput,
  options: { redactor?: Redactor; eventName?: string } = {}
): { settings: Settings; warnings: string[] } {
  const secrets = secretInputs(getInput)
  const redactor = options.redactor ?? new Redactor()
  if (options.redactor === undefined) for (const { value } of secrets) redactor.add(value)
  const r = new Reader(getInput, text => redactor.redact(text))
  const settings = readAll(r, options.eventName ?? '')
  // A secret pasted into another input would be sent or shown there: refused, never quoted.
  for (const [name] of TABLE) {
    const value = getInput(name)
    const secret = secrets.find(
      s => s.name !== name && s.value.length >= 8 && value.includes(s.value)
    )
    if (secret === undefined || r.errors.some(e => e.input === name)) continue
    r.refuse(
      name,
      `Input '${name}' holds the value of '${secret.name}', a secret that is sent nowhere else (the value is not shown): give '${name}' its own value.`
    )
  }
  if (r.errors.length > 0) r.abort()
  return { settings, warnings: r.warnings }
}

function readAll(r: Reader, eventName: string): Settings {
  const mode = r.read('mode', undefined)
  const readsService = !(mode === 'greenlight' && r.value('verdict-from').toLowerCase() === 'check')
  const common: CommonSettings = {
    mode: mode ?? 'notify',
    apiKey: readsService ? r.read('api-key', '') : '',
    baseUrl: readBaseUrl(r),
    label: r.read('label', ''),
    summary: r.read('summary', true)
  }
  // Which other inputs apply depends on the mode.
  if (mode === undefined) return r.abort()
  const own = new Set(MODE_INPUTS[mode])
  for (const name of new Set(MODES.flatMap(m => MODE_INPUTS[m]))) {
    if (!own.has(name) && r.isSet(name)) r.warn(`Input '${name}' is ignored in ${mode} mode.`)
  }
  if (mode === 'notify') return { ...common, ...readNotify(r) }
  if (mode === 'greenlight') return { ...common, ...readGreenlight(r, eventName) }
  return { ...common, ...readTerminate(r) } as TerminateSettings
}

/** Empty is most often an unset variable: the default applies, but the key then goes to QA Wolf. */
function readBaseUrl(r: Reader): string {
  if (r.raw('base-url') === '') {
    r.warn(
      `Input 'base-url' is empty (a variable that is not set?); using the default ${r.value('base-url')}. Leave the input out to use the default without this warning.`
    )
  }
  return r.read('base-url', '')
}

const ENVIRONMENT_NAMES = ['environment-id', 'environment-alias', 'deployment-url'] as const

function readTerminate(r: Reader): Omit<TerminateSettings, keyof CommonSettings> {
  const chosen = r.read('via', false, p.optional(p.choice(TERMINATE_ROUTES)))
  // Which inputs name the environment depends on `via`: a mistyped one is the one error.
  if (chosen === false) return r.abort()
  const via = chosen ?? 'environment-terminated'
  const workspaceId = r.read('workspace-id', undefined)
  if (via !== 'environment-terminated') {
    for (const name of ENVIRONMENT_NAMES) {
      if (r.isSet(name)) {
        r.warn(
          `Input '${name}' is ignored with via: ${via} (it names the environment by 'environment').`
        )
      }
    }
    const environmentName = r.read('environment', undefined)
    const githubToken = r.read('github-token', '')
    if (environmentName === undefined) {
      r.refuse(
        'environment',
        `Input 'environment' is required with via: ${via} in terminate mode: the environment's name as notify reported it, e.g. pr-42.`
      )
    }
    if (via === 'github-deployment' && r.value('github-token') === '') {
      r.fail(p.emptyGitHubToken('via is github-deployment', 'deployments: write'))
    }
    if (via === 'report-status' && workspaceId === undefined) {
      r.refuse(
        'workspace-id',
        `Input 'workspace-id' is required with via: report-status: the report names the workspace it belongs to.`
      )
    }
    return definedOnly({
      mode: 'terminate',
      via,
      environmentName: environmentName ?? '',
      githubToken,
      workspaceId
    })
  }
  if (r.isSet('environment')) {
    r.warn(
      `Input 'environment' is ignored with via: environment-terminated (it names the environment by 'environment-id', 'environment-alias' or 'deployment-url').`
    )
  }
  const [environmentId, environmentAlias, deploymentUrl] = ENVIRONMENT_NAMES.map(name =>
    r.read(name, undefined)
  )
  const given = [environmentId, environmentAlias, deploymentUrl].filter(v => v !== undefined)
  if (given.length !== 1) {
    const which = ENVIRONMENT_NAMES.map(name => `'${name}'`).join(', ')
    r.refuse(
      'environment-id',
      given.length === 0
        ? `Input 'environment-id', 'environment-alias' or 'deployment-url' is required in terminate mode: set exactly one of ${which} to name the environment that is gone (or, on the current path, set 'via' to github-deployment or report-status with 'environment').`
        : `Inputs ${which}: set exactly one of them in terminate mode (the service takes one way to name the environment); ${given.length} are set.`
    )
  }
  const environment =
    environmentId !== undefined
      ? { environmentId }
      : environmentAlias !== undefined
        ? { environmentAlias }
        : { deploymentUrl: deploymentUrl ?? '' }
  return definedOnly({ mode: 'terminate', via, environment, workspaceId })
}

function readNotify(r: Reader): Omit<NotifySettings, keyof CommonSettings> & { mode: 'notify' } {
  const s = definedOnly({
    mode: 'notify' as const,
    sha: r.read('sha', undefined),
    branch: r.read('branch', undefined),
    deploymentType: r.read('deployment-type', undefined),
    deploymentUrl: r.read('deployment-url', undefined),
    hostingService: r.read('hosting-service', 'GitHub'),
    commitUrl: r.read('commit-url', undefined),
    variables: r.read('variables', undefined),
    deduplicationKey: r.read('deduplication-key', undefined),
    ephemeralEnvironment: r.read('ephemeral-environment', undefined),
    pullRequestNumber: r.read('pull-request-number', undefined),
    via: r.read('via', undefined) ?? 'deploy-success',
    environment: r.read('environment', undefined),
    repository: r.read('repository', undefined),
    mergeRequestNumber: r.read('merge-request-number', undefined),
    service: r.read('service', undefined),
    failOnNoRun: r.read('fail-on-no-run', true),
    workspaceId: r.read('workspace-id', undefined),
    githubToken: r.read('github-token', ''),
    waitForUrl: readWaitForUrl(r)
  })
  // What fits the hosting service, whichever route tells QA Wolf (routes check their own rules).
  const gitlab = s.hostingService === 'GitLab'
  if (s.mergeRequestNumber !== undefined && !gitlab) {
    r.refuse(
      'merge-request-number',
      `Input 'merge-request-number' is for GitLab only (hosting-service: GitLab); on GitHub set 'pull-request-number'.`
    )
  }
  if (s.repository !== undefined && !gitlab && s.repository.owner.includes('/')) {
    r.refuse(
      'repository',
      `Input 'repository' must be owner/name on GitHub, with one slash (a namespace with groups is GitLab's: set hosting-service: GitLab).`
    )
  }
  return s
}

function readWaitForUrl(r: Reader): NotifySettings['waitForUrl'] {
  const wait = r.read('wait-for-url', false)
  const timeoutMs = r.read('wait-for-url-timeout', 0)
  if (!wait && r.isSet('wait-for-url-timeout')) {
    r.warn(`Input 'wait-for-url-timeout' has no effect while 'wait-for-url' is false.`)
  }
  return wait ? { timeoutMs } : undefined
}

/** The inputs that only one source of the verdict reads. */
const ONLY_READ_BY = {
  run: ['run-id', 'outcome-when-blocking-bugs-in-other-workflows', 'on-superseded'],
  check: ['sha', 'branch', 'check-name', 'check-app', 'since']
} as const

function readGreenlight(
  r: Reader,
  eventName: string
): Omit<GreenlightSettings, keyof CommonSettings> & { mode: 'greenlight' } {
  // In action.yml order, which a list of several errors follows.
  const sha = r.read('sha', undefined)
  const verdictFrom = r.read('verdict-from', 'run')
  const s = {
    mode: 'greenlight' as const,
    verdictFrom,
    runIds: verdictFrom === 'run' ? r.read('run-id', []) : [],
    wait: r.read('wait', true),
    timeoutMs: r.read('timeout', 0),
    pollIntervalMs: r.read('poll-interval', 0),
    outcomeWhenBlockingBugsInOtherWorkflows: r.read(
      'outcome-when-blocking-bugs-in-other-workflows',
      'green'
    ),
    onSuperseded: r.read('on-superseded', 'follow'),
    failOnRed: r.read('fail-on-red', true),
    failOnTimeout: r.read('fail-on-timeout', true)
  }
  for (const name of ONLY_READ_BY[verdictFrom === 'check' ? 'run' : 'check']) {
    if (r.isSet(name)) r.warn(`Input '${name}' is ignored with verdict-from: ${verdictFrom}.`)
  }
  const check = verdictFrom === 'check' ? { check: readCheck(r, sha, eventName) } : {}
  const commentOnPr = r.read('comment-on-pr', false)
  const githubToken = r.read('github-token', '')
  const noToken = r.value('github-token') === ''
  if (verdictFrom === 'check' && noToken) {
    r.fail(
      p.emptyGitHubToken(
        "'verdict-from' is check",
        'checks: read',
        ', or gate on the run with verdict-from: run'
      )
    )
  }
  if (commentOnPr && noToken) {
    r.fail(
      p.emptyGitHubToken(
        "'comment-on-pr' is true",
        'pull-requests: write',
        ', or set comment-on-pr: false'
      )
    )
  }
  for (const name of s.wait ? [] : (['timeout', 'poll-interval'] as const)) {
    if (r.isSet(name)) {
      r.warn(
        `Input '${name}' has little effect when 'wait' is false: the run is queried once (retrying a failed query at most twice, within 30 s and the timeout).`
      )
    }
  }
  return { ...s, ...check, commentOnPr, githubToken }
}

function readCheck(
  r: Reader,
  sha: string | undefined,
  eventName: string
): GreenlightSettings['check'] {
  if (sha !== undefined && !p.isFullCommitSha(sha)) {
    // Check runs name their commit in full: a short SHA would match none, and the step wait for nothing.
    r.refuse(
      'sha',
      "With verdict-from: check, input 'sha' must be the full commit SHA (40 hexadecimal digits, or 64 for SHA-256), as check runs name their commit, e.g. sha: ${{ github.event.deployment.sha }}; or leave it empty for the event's commit."
    )
  }
  const branch = r.read('branch', undefined)
  const since = r.read('since', undefined)
  // `since` decides which check counts: while polling, an earlier deployment's check of the same
  // commit would otherwise pass at once. A check_run event names its own check run.
  if (
    since === undefined &&
    eventName !== 'check_run' &&
    !r.errors.some(e => e.input === 'since')
  ) {
    r.refuse(
      'since',
      "Input 'since' is required with verdict-from: check while polling: pass notify's reported-at output (e.g. since: ${{ steps.notify.outputs.reported-at }}), so that only a check run of this deployment counts, or since: any to let any check run of the commit count (also one of an earlier deployment)."
    )
  }
  return definedOnly({
    name: r.read('check-name', 'QA Wolf Test Results'),
    app: r.read('check-app', ''),
    sha,
    branch,
    since: since === 'any' ? undefined : since
  })
}
