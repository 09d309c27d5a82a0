// Every action input in one table (its modes, action.yml default and parser; also behind action.yml
// and the README), read into the one settings object with every problem collected: a workflow is
// fixed in one round trip, and a throw means nothing was sent.
import { definedOnly, InputError, InputErrors, type DefinedOnly } from './values.js'
import { Redactor } from './secrets.js'
import * as p from './parsers.js'
import { MODES, type Mode } from './parsers.js'
import { refusedValue } from './text.js'

export const NOTIFY_ROUTES = ['deploy-success', 'github-deployment', 'report-status'] as const
export type NotifyRoute = (typeof NOTIFY_ROUTES)[number]
const TERMINATE_ROUTES = ['environment-terminated', 'github-deployment', 'report-status'] as const
export type TerminateRoute = (typeof TERMINATE_ROUTES)[number]

/** `apiKey` is '' with `verdict-from: check`, which calls no service. */
type Common = { apiKey: string; baseUrl: string; label: string; summary: boolean }
export type NotifySettings = Common & ReturnType<typeof readNotify>
export type GreenlightSettings = Common & ReturnType<typeof readGreenlight>
export type TerminateSettings = Common & ReturnType<typeof readTerminate>
type Legacy = { via: 'environment-terminated' }
export type LegacyTerminateSettings = Extract<TerminateSettings, Legacy>
export type CurrentPathTerminateSettings = Exclude<TerminateSettings, Legacy>
export type Settings = NotifySettings | GreenlightSettings | TerminateSettings

/** What starts every log line of a step, so that matrix steps can be told apart: `[label] `. */
export const logPrefix = ({ label }: { label: string }): string => (label ? `[${label}] ` : '')

export interface InputSpec<T> {
  modes: readonly Mode[]
  default?: string
  /** Without a default: the sub-actions that declare it required (all by default). */
  requiredIn?: readonly Mode[]
  /** For the README's "required" column: required only then (action.yml cannot say it). */
  requiredWhen?: string
  /** A default per mode: the root action's is then '' and each sub-action declares its own. */
  modeDefaults?: Readonly<Partial<Record<Mode, string>>>
  parse: p.Parser<T>
}

const of =
  <const M extends readonly Mode[]>(modes: M) =>
  <T>(fallback: string, parse: p.Parser<T>) => ({ modes, default: fallback, parse })
const all = of(MODES)
const n = of(['notify'])
const g = of(['greenlight'])
const t = of(['terminate'])
const nt = of(['notify', 'terminate'])
const ng = of(['notify', 'greenlight'])
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
  'base-url': all(p.DEFAULT_BASE_URL, p.parseBaseUrl),
  sha: ng('', p.optional(p.parseSha)),
  branch: ng('', p.parseBranch),
  'deployment-type': n('', line),
  'deployment-url': nt('', url),
  'hosting-service': n('GitHub', p.choice(['GitHub', 'GitLab'] as const)),
  'commit-url': n('', url),
  variables: n('', p.optional(p.parseVariables)),
  'deduplication-key': n('', line),
  'ephemeral-environment': n('', p.parseOptionalBoolean),
  'pull-request-number': n(
    '',
    p.optional(p.positiveWholeNumber('or empty to take it from the pull_request event'))
  ),
  via: {
    ...nt('', p.optional(p.choice(NOTIFY_ROUTES))),
    modeDefaults: { notify: 'deploy-success', terminate: 'environment-terminated' }
  },
  environment: nt('', line),
  repository: n('', p.optional(p.parseRepository)),
  'merge-request-number': n('', p.optional(p.positiveWholeNumber('or empty for none'))),
  service: n('', line),
  'fail-on-no-run': n('true', p.parseBoolean),
  'workspace-id': nt('', line),
  'wait-for-url': n('false', p.parseBoolean),
  'wait-for-url-timeout': n('5m', positive('to notify without waiting, set wait-for-url: false')),
  'environment-id': t('', line),
  'environment-alias': t('', line),
  'verdict-from': g('run', p.choice(['run', 'check'] as const)),
  'run-id': { ...g('', p.parseRunIds), requiredWhen: 'with `verdict-from: run`' },
  wait: g('true', p.parseBoolean),
  timeout: g('2h', positive('to query once without waiting, set wait: false')),
  'poll-interval': g(
    '30s',
    p.duration(100, value => `must be at least 100ms; got ${refusedValue(value)}.`)
  ),
  'outcome-when-blocking-bugs-in-other-workflows': g('green', p.choice(['green', 'red'] as const)),
  'on-superseded': g('follow', p.choice(['follow', 'fail'] as const)),
  'fail-on-red': g('true', p.parseBoolean),
  'fail-on-timeout': g('true', p.parseBoolean),
  'check-name': g('QA Wolf Test Results', p.parseSingleLine),
  'check-app': g('', p.parseCheckApp),
  since: {
    ...g('', p.optional(p.parseSince)),
    requiredWhen: 'with `verdict-from: check` while polling'
  },
  'comment-on-pr': g('false', p.parseBoolean),
  'github-token': all('${{ github.token }}', p.parseToken),
  label: all('', p.parseLabel),
  summary: all('true', p.parseBoolean)
} satisfies Record<string, InputSpec<unknown>>

type InputName = keyof typeof INPUTS
type Parsed<K extends InputName> = ReturnType<(typeof INPUTS)[K]['parse']>
type OwnInput<M extends Mode> = {
  [K in InputName]: (typeof INPUTS)[K]['modes'] extends typeof MODES
    ? never
    : M extends (typeof INPUTS)[K]['modes'][number]
      ? K
      : never
}[InputName]
type Camel<S> = S extends `${infer A}-${infer B}` ? `${A}${Capitalize<Camel<B>>}` : S
const TABLE = Object.entries(INPUTS) as [InputName, InputSpec<unknown>][]

export const INPUT_DEFAULTS: Readonly<Record<string, string>> = Object.fromEntries(
  TABLE.flatMap(([name, spec]) => (spec.default === undefined ? [] : [[name, spec.default]]))
)
const named = (test: (modes: readonly Mode[]) => boolean) =>
  TABLE.filter(([, spec]) => test(spec.modes)).map(([name]) => name)
export const COMMON_INPUTS: readonly string[] = named(modes => modes === MODES)
export const MODE_INPUTS: Readonly<Record<Mode, readonly string[]>> = Object.fromEntries(
  MODES.map(mode => [mode, named(modes => modes !== MODES && modes.includes(mode))])
) as Record<Mode, string[]>

const isUnevaluated = (value: string): boolean => /\$\{\{[\s\S]*\}\}/.test(value)

/** The default an empty input takes; an expression default (`${{ github.token }}`) is none. */
export const usableDefault = (name: string): string =>
  isUnevaluated(INPUT_DEFAULTS[name] ?? '') ? '' : (INPUT_DEFAULTS[name] ?? '')

/** '' when the input is unset, like @actions/core getInput. */
type GetInput = (name: string) => string

/** The secret inputs' values (refused inside any other input); an unevaluated one is no secret. */
export function secretInputs(getInput: GetInput): { name: string; value: string }[] {
  return ['api-key', 'github-token']
    .map(name => ({ name, value: getInput(name).trim() }))
    .filter(({ value }) => value !== '' && !isUnevaluated(value))
}

class Reader {
  readonly errors: InputError[] = []
  readonly warnings: string[] = []
  private readonly unevaluated = new Set<string>()

  constructor(
    private readonly getInput: GetInput,
    private readonly redact: (text: string) => string
  ) {}

  value(name: string): string {
    return this.raw(name) || usableDefault(name)
  }

  // '' for an expression nothing evaluated: a local runner passes action.yml's `${{ github.token }}`
  // as text. One written by hand gets a warning; its text is not echoed (it may name a secret).
  raw(name: string): string {
    const raw = this.getInput(name).trim()
    if (!isUnevaluated(raw)) return raw
    if (raw !== INPUT_DEFAULTS[name] && !this.unevaluated.has(name)) {
      this.unevaluated.add(name)
      this.warn(
        `Input '${name}' is an expression that nothing evaluated (\${{ … }}), so it is treated as unset. A workflow's runner evaluates expressions; when running the action another way, give the value itself.`
      )
    }
    return ''
  }

  read<K extends InputName, V = Parsed<K>>(name: K, parse?: p.Parser<V>): V | undefined {
    try {
      return (parse ?? INPUTS[name].parse)(name, this.value(name), this) as V
    } catch (error) {
      if (!(error instanceof InputError)) throw error
      // The step ends before the warnings show, so the message says it itself.
      const unevaluated = this.unevaluated.has(name)
        ? ` (Its value was an expression that nothing evaluated, \${{ … }}, which counts as unset.)`
        : ''
      this.refuse(name, error.message + unevaluated)
      return undefined
    }
  }

  /** Each of `names` parsed, by its camelCase name; those not given (or refused) left out. */
  each<K extends InputName>(names: readonly K[]): DefinedOnly<{ [N in K as Camel<N>]: Parsed<N> }> {
    const key = (name: string) => name.replace(/-(.)/g, (_, c: string) => c.toUpperCase())
    return definedOnly(Object.fromEntries(names.map(name => [key(name), this.read(name)]))) as never
  }

  /** Warns of each of `names` given other than its default (case-insensitively): `why`. */
  ignore(names: readonly string[], why: string): void {
    for (const name of names) {
      const raw = this.raw(name).toLowerCase()
      if (raw !== '' && raw !== usableDefault(name).toLowerCase())
        this.warn(`Input '${name}' ${why}`)
    }
  }

  needsToken(because: string, permission: string, otherwise?: string): void {
    const { input, message } = p.emptyGitHubToken(because, permission, otherwise)
    if (this.value('github-token') === '') this.refuse(input, message)
  }

  warn(message: string): void {
    this.warnings.push(this.redact(message))
  }

  refuse(name: string, message: string): void {
    if (this.errors.some(e => e.input === name)) return
    this.errors.push(new InputError(name, this.redact(message)))
  }

  abort(): never {
    throw this.errors.length === 1 ? this.errors[0] : new InputErrors(this.errors)
  }
}

// The settings of the chosen mode, or a throw of InputError(s) showing no piece of a secret input:
// `redactor` holds them (else one is built here). On a `check_run` event greenlight reads the event.
export function readSettings(
  getInput: GetInput,
  options: { redactor?: Redactor; eventName?: string } = {}
): { settings: Settings; warnings: string[] } {
  const secrets = secretInputs(getInput)
  const redactor = options.redactor ?? new Redactor()
  if (options.redactor === undefined) for (const { value } of secrets) redactor.add(value)
  const r = new Reader(getInput, text => redactor.redact(text))
  const mode = r.read('mode')
  const readsService = !(mode === 'greenlight' && r.value('verdict-from').toLowerCase() === 'check')
  const apiKey = readsService ? (r.read('api-key') ?? '') : ''
  // Empty is most often an unset variable: the default applies, but the key then goes to QA Wolf.
  if (r.raw('base-url') === '')
    r.warn(
      `Input 'base-url' is empty (a variable that is not set?); using the default ${r.value('base-url')}. Leave the input out to use the default without this warning.`
    )
  const common = { apiKey, ...r.each(['base-url', 'label', 'summary']) }
  if (mode === undefined) return r.abort()
  r.ignore(
    [...new Set(MODES.flatMap(m => MODE_INPUTS[m]))].filter(n => !MODE_INPUTS[mode].includes(n)),
    `is ignored in ${mode} mode.`
  )
  const own = { notify: readNotify, greenlight: readGreenlight, terminate: readTerminate }
  const settings = { ...common, ...own[mode](r, options.eventName ?? '') }
  // A secret pasted into another input would be sent or shown there: refused, never quoted.
  for (const [name] of TABLE) {
    const held = secrets.find(
      s => s.name !== name && s.value.length >= 8 && getInput(name).includes(s.value)
    )
    if (held !== undefined)
      r.refuse(
        name,
        `Input '${name}' holds the value of '${held.name}', a secret that is sent nowhere else (the value is not shown): give '${name}' its own value.`
      )
  }
  if (r.errors.length > 0) r.abort()
  return { settings, warnings: r.warnings }
}

function readNotify(r: Reader) {
  const { waitForUrl, waitForUrlTimeout, ...s } = r.each(MODE_INPUTS.notify as OwnInput<'notify'>[])
  if (!waitForUrl)
    r.ignore(['wait-for-url-timeout'], `has no effect while 'wait-for-url' is false.`)
  const settings = {
    ...s,
    mode: 'notify' as const,
    via: s.via ?? 'deploy-success',
    githubToken: r.read('github-token') ?? '',
    ...(waitForUrl === true ? { waitForUrl: { timeoutMs: waitForUrlTimeout } } : {})
  }
  // What fits the hosting service, whichever route tells QA Wolf (routes check their own rules).
  const gitlab = settings.hostingService === 'GitLab'
  if (!gitlab && settings.mergeRequestNumber !== undefined)
    r.refuse(
      'merge-request-number',
      `Input 'merge-request-number' is for GitLab only (hosting-service: GitLab); on GitHub set 'pull-request-number'.`
    )
  if (!gitlab && settings.repository?.owner.includes('/'))
    r.refuse(
      'repository',
      `Input 'repository' must be owner/name on GitHub, with one slash (a namespace with groups is GitLab's: set hosting-service: GitLab).`
    )
  return settings
}

function readGreenlight(r: Reader, eventName: string) {
  // In action.yml order, which a list of several errors follows.
  const sha = r.read('sha')
  const verdictFrom = r.read('verdict-from') ?? 'run'
  const fromCheck = verdictFrom === 'check'
  const s = {
    mode: 'greenlight' as const,
    verdictFrom,
    runIds: fromCheck ? [] : (r.read('run-id') ?? []),
    wait: r.read('wait') ?? true,
    timeoutMs: r.read('timeout') ?? 0,
    pollIntervalMs: r.read('poll-interval') ?? 0,
    ...r.each([
      'outcome-when-blocking-bugs-in-other-workflows',
      'on-superseded',
      'fail-on-red',
      'fail-on-timeout'
    ]),
    ...(fromCheck ? { check: readCheck(r, sha, eventName) } : {}),
    ...r.each(['comment-on-pr', 'github-token'])
  }
  r.ignore(
    fromCheck
      ? ['run-id', 'outcome-when-blocking-bugs-in-other-workflows', 'on-superseded']
      : ['sha', 'branch', 'check-name', 'check-app', 'since'],
    `is ignored with verdict-from: ${verdictFrom}.`
  )
  const [byCheck, byComment] = ["'verdict-from' is check", "'comment-on-pr' is true"]
  if (fromCheck)
    r.needsToken(byCheck, 'checks: read', ', or gate on the run with verdict-from: run')
  if (s.commentOnPr)
    r.needsToken(byComment, 'pull-requests: write', ', or set comment-on-pr: false')
  if (!s.wait)
    r.ignore(
      ['timeout', 'poll-interval'],
      `has little effect when 'wait' is false: the run is queried once (retrying a failed query at most twice, within 30 s and the timeout).`
    )
  return s
}

function readCheck(r: Reader, sha: string | undefined, eventName: string) {
  // Check runs name their commit in full: a short SHA would match none, and the step wait for nothing.
  if (sha !== undefined && !p.isFullCommitSha(sha))
    r.refuse(
      'sha',
      "With verdict-from: check, input 'sha' must be the full commit SHA (40 hexadecimal digits, or 64 for SHA-256), as check runs name their commit, e.g. sha: ${{ github.event.deployment.sha }}; or leave it empty for the event's commit."
    )
  const branch = r.read('branch')
  const since = r.read('since')
  // `since` decides which check counts: while polling, an earlier deployment's check of the same
  // commit would otherwise pass at once. A check_run event names its own check run.
  if (since === undefined && eventName !== 'check_run')
    r.refuse(
      'since',
      "Input 'since' is required with verdict-from: check while polling: pass notify's reported-at output (e.g. since: ${{ steps.notify.outputs.reported-at }}), so that only a check run of this deployment counts, or since: any to let any check run of the commit count (also one of an earlier deployment)."
    )
  const { checkName: name, checkApp: app } = r.each(['check-name', 'check-app'])
  return definedOnly({ name, app, sha, branch, since: since === 'any' ? undefined : since })
}

const ENVIRONMENT_INPUTS = ['environment-id', 'environment-alias', 'deployment-url'] as const

function readTerminate(r: Reader) {
  const via = r.read('via', (name, value) =>
    p.choice(TERMINATE_ROUTES)(name, value || 'environment-terminated')
  )
  // Which inputs name the environment depends on `via`: a mistyped one is the one error.
  if (via === undefined) return r.abort()
  const workspaceId = r.read('workspace-id')
  if (via === 'environment-terminated') {
    r.ignore(
      ['environment'],
      `is ignored with via: environment-terminated (it names the environment by 'environment-id', 'environment-alias' or 'deployment-url').`
    )
    const environment = r.each(ENVIRONMENT_INPUTS)
    const given = Object.keys(environment).length
    if (given !== 1)
      r.refuse(
        'environment-id',
        given === 0
          ? `Input 'environment-id', 'environment-alias' or 'deployment-url' is required in terminate mode: set exactly one of 'environment-id', 'environment-alias', 'deployment-url' to name the environment that is gone (or, on the current path, set 'via' to github-deployment or report-status with 'environment').`
          : `Inputs 'environment-id', 'environment-alias', 'deployment-url': set exactly one of them in terminate mode (the service takes one way to name the environment); ${given} are set.`
      )
    return definedOnly({
      mode: 'terminate' as const,
      via,
      environment: environment as
        { environmentId: string } | { environmentAlias: string } | { deploymentUrl: string },
      workspaceId
    })
  }
  r.ignore(
    ENVIRONMENT_INPUTS,
    `is ignored with via: ${via} (it names the environment by 'environment').`
  )
  const { environment: environmentName = '', githubToken } = r.each(['environment', 'github-token'])
  if (environmentName === '')
    r.refuse(
      'environment',
      `Input 'environment' is required with via: ${via} in terminate mode: the environment's name as notify reported it, e.g. pr-42.`
    )
  if (via === 'github-deployment') r.needsToken('via is github-deployment', 'deployments: write')
  if (via === 'report-status' && workspaceId === undefined)
    r.refuse(
      'workspace-id',
      `Input 'workspace-id' is required with via: report-status: the report names the workspace it belongs to.`
    )
  return definedOnly({ mode: 'terminate' as const, via, environmentName, githubToken, workspaceId })
}
