// Reads and validates every action input before anything is sent: a throw means nothing was sent.
// Each input's parser is in the input table (input-table.ts); this module adds what involves
// several inputs at once and builds the typed settings of the chosen mode.
import { InputError, InputErrors } from '../core/input-error.js'
import { isFullCommitSha } from '../core/commit-sha.js'
import { emptyGitHubToken, parseTerminateVia } from './parse-mode-inputs.js'
import { redactorFor } from '../core/redaction.js'
import { isUnevaluatedExpression, MODE_INPUTS } from './input-table.js'
import { InputReader, type GetInput } from './input-reader.js'
import type {
  CommonSettings,
  GreenlightSettings,
  Mode,
  NotifySettings,
  Settings,
  TerminateSettings
} from './settings.js'

export type { GetInput } from './input-reader.js'
export { parseBoolean } from './parse-common.js'
export { usableDefault } from './input-table.js'

export interface ReadSettingsResult {
  settings: Settings
  warnings: string[]
}

/** The inputs that hold secrets: redacted wherever the action writes. */
const SECRET_INPUTS = ['api-key', 'github-token'] as const

export type SecretInput = { name: (typeof SECRET_INPUTS)[number]; value: string }

/**
 * The values of the secret inputs, read once for masking and redaction (action.ts registers them
 * before anything is logged). An expression nothing evaluated (`${{ secrets.X }}` passed as text
 * by a local runner) is no secret but the action's own words: masking it would garble messages.
 */
export function secretInputs(getInput: GetInput): SecretInput[] {
  return SECRET_INPUTS.map(name => ({ name, value: getInput(name).trim() })).filter(
    ({ value }) => value !== '' && !isUnevaluatedExpression(value)
  )
}

/**
 * Validates every input of the chosen mode and builds the settings. Throws InputError (one problem)
 * or InputErrors (several). No message ever contains a piece of a secret input's value: `secrets`,
 * as the caller read them (`secretInputs`), or read here.
 */
export function readSettings(
  getInput: GetInput,
  secrets: readonly SecretInput[] = secretInputs(getInput)
): ReadSettingsResult {
  const reader = new InputReader(getInput)
  const redact = redactorFor(...secrets.map(secret => secret.value))
  try {
    const settings = readAll(reader)
    reader.throwIfInvalid()
    return { settings, warnings: reader.warnings.map(redact) }
  } catch (error) {
    throw redactError(error, redact)
  }
}

function readAll(r: InputReader): Settings {
  const mode = r.read('mode', undefined)
  const common: CommonSettings = {
    mode: mode ?? 'notify',
    apiKey: r.read('api-key', ''),
    baseUrl: readBaseUrl(r),
    label: r.read('label', ''),
    summary: r.read('summary', true)
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

/**
 * An empty `base-url` is most often a variable that is not set (`${{ vars.QA_BASE_URL }}`): like
 * any empty input it means the default, but the key then goes to QA Wolf, so the user is told.
 */
function readBaseUrl(r: InputReader): string {
  if (r.isEmpty('base-url')) {
    r.warn(
      `Input 'base-url' is empty (a variable that is not set?); using the default ` +
        `${r.value('base-url')}. Leave the input out to use the default without this warning.`
    )
  }
  return r.read('base-url', '')
}

type NotifyOnly = Omit<NotifySettings, keyof CommonSettings> & { mode: 'notify' }
type GreenlightOnly = Omit<GreenlightSettings, keyof CommonSettings> & { mode: 'greenlight' }
// Distributed over the union, so that each route keeps its own fields.
type TerminateOnly = TerminateSettings extends infer T
  ? T extends TerminateSettings
    ? Omit<T, keyof CommonSettings> & { mode: 'terminate' }
    : never
  : never

const ENVIRONMENT_NAMES = ['environment-id', 'environment-alias', 'deployment-url'] as const

function readTerminate(r: InputReader): TerminateOnly {
  const chosen = r.read('via', false, parseTerminateVia)
  // A mistyped `via` is the one error: which inputs name the environment depends on it.
  if (chosen === false) return r.abort()
  const via = chosen ?? 'environment-terminated'
  const workspaceId = r.read('workspace-id', undefined)
  if (via !== 'environment-terminated') return readCurrentPathTerminate(r, via, workspaceId)
  if (r.isSet('environment')) {
    r.warn(
      `Input 'environment' is ignored with via: environment-terminated (it names the environment by 'environment-id', 'environment-alias' or 'deployment-url').`
    )
  }
  const environmentId = r.read('environment-id', undefined)
  const environmentAlias = r.read('environment-alias', undefined)
  const deploymentUrl = r.read('deployment-url', undefined)
  const given = [environmentId, environmentAlias, deploymentUrl].filter(v => v !== undefined)
  if (given.length !== 1) {
    const which = ENVIRONMENT_NAMES.map(name => `'${name}'`).join(', ')
    r.fail(
      new InputError(
        'environment-id',
        given.length === 0
          ? `Input 'environment-id', 'environment-alias' or 'deployment-url' is required in terminate mode: set exactly one of ${which} to name the environment that is gone (or, on the current path, set 'via' to github-deployment or report-status with 'environment').`
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
  return dropUndefined({ mode: 'terminate', via, environment, workspaceId })
}

/** terminate on the current path: the environment by its name, as notify reported it. */
function readCurrentPathTerminate(
  r: InputReader,
  via: 'github-deployment' | 'report-status',
  workspaceId: string | undefined
): TerminateOnly {
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
    r.fail(
      new InputError(
        'environment',
        `Input 'environment' is required with via: ${via} in terminate mode: the environment's name as notify reported it, e.g. pr-42.`
      )
    )
  }
  if (via === 'github-deployment' && r.value('github-token') === '') {
    r.fail(emptyGitHubToken('via is github-deployment', 'deployments: write'))
  }
  if (via === 'report-status' && workspaceId === undefined) {
    r.fail(
      new InputError(
        'workspace-id',
        `Input 'workspace-id' is required with via: report-status: the report names the workspace it belongs to.`
      )
    )
  }
  return dropUndefined({
    mode: 'terminate',
    via,
    environmentName: environmentName ?? '',
    githubToken,
    workspaceId
  })
}

function readNotify(r: InputReader): NotifyOnly {
  const settings = dropUndefined({
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
  checkHostingService(r, settings)
  return settings
}

/**
 * What fits the hosting service, whichever route tells QA Wolf (each route's own rules are in its
 * module under notify/, applied before it sends).
 */
function checkHostingService(
  r: InputReader,
  s: Pick<NotifySettings, 'hostingService' | 'mergeRequestNumber' | 'repository'>
): void {
  const gitlab = s.hostingService === 'GitLab'
  if (s.mergeRequestNumber !== undefined && !gitlab) {
    r.fail(
      new InputError(
        'merge-request-number',
        `Input 'merge-request-number' is for GitLab only (hosting-service: GitLab); on GitHub set 'pull-request-number'.`
      )
    )
  }
  if (s.repository !== undefined && !gitlab && s.repository.owner.includes('/')) {
    r.fail(
      new InputError(
        'repository',
        `Input 'repository' must be owner/name on GitHub, with one slash (a namespace with groups is GitLab's: set hosting-service: GitLab).`
      )
    )
  }
}

function readWaitForUrl(r: InputReader): NotifySettings['waitForUrl'] {
  const wait = r.read('wait-for-url', false)
  const timeoutMs = r.read('wait-for-url-timeout', 0)
  if (!wait && r.isSet('wait-for-url-timeout')) {
    r.warn(`Input 'wait-for-url-timeout' has no effect while 'wait-for-url' is false.`)
  }
  return wait ? { timeoutMs } : undefined
}

function readGreenlight(r: InputReader): GreenlightOnly {
  // Read in action.yml order, so that several errors are listed in that order.
  const sha = r.read('sha', undefined)
  const verdictFrom = r.read('verdict-from', 'run')
  // A check's verdict needs no run ID: the input is then not read (nor required).
  const runIds = verdictFrom === 'run' ? r.read('run-id', []) : []
  const wait = r.read('wait', true)
  const timeoutMs = r.read('timeout', 0)
  const pollIntervalMs = r.read('poll-interval', 0)
  const outcome = r.read('outcome-when-blocking-bugs-in-other-workflows', 'green')
  const onSuperseded = r.read('on-superseded', 'follow')
  const failOnRed = r.read('fail-on-red', true)
  const failOnTimeout = r.read('fail-on-timeout', true)
  const check = readCheck(r, verdictFrom, sha)
  const commentOnPr = r.read('comment-on-pr', false)
  const githubToken = r.read('github-token', '')
  if (verdictFrom === 'check' && r.value('github-token') === '') {
    r.fail(
      emptyGitHubToken(
        "'verdict-from' is check",
        'checks: read',
        ', or gate on the run with verdict-from: run'
      )
    )
  }
  if (commentOnPr && r.value('github-token') === '') {
    r.fail(
      emptyGitHubToken(
        "'comment-on-pr' is true",
        'pull-requests: write',
        ', or set comment-on-pr: false'
      )
    )
  }
  if (!wait) {
    for (const name of ['timeout', 'poll-interval'] as const) {
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
    verdictFrom,
    runIds,
    ...(check === undefined ? {} : { check }),
    wait,
    timeoutMs,
    pollIntervalMs,
    outcomeWhenBlockingBugsInOtherWorkflows: outcome,
    onSuperseded,
    failOnRed,
    failOnTimeout,
    commentOnPr,
    githubToken
  }
}

/** The inputs that only one source of the verdict reads. */
const RUN_ONLY = [
  'run-id',
  'outcome-when-blocking-bugs-in-other-workflows',
  'on-superseded'
] as const
const CHECK_ONLY = ['sha', 'branch', 'check-name', 'check-app', 'since'] as const

function readCheck(
  r: InputReader,
  verdictFrom: 'run' | 'check',
  sha: string | undefined
): GreenlightSettings['check'] {
  for (const name of verdictFrom === 'check' ? RUN_ONLY : CHECK_ONLY) {
    if (r.isSet(name)) r.warn(`Input '${name}' is ignored with verdict-from: ${verdictFrom}.`)
  }
  if (verdictFrom === 'run') return undefined
  if (sha !== undefined && !isFullCommitSha(sha)) {
    // GitHub resolves a short SHA in the URL, but every check run names its commit in full: a
    // short one would match none, and the step would wait out its timeout for nothing.
    r.fail(
      new InputError(
        'sha',
        "With verdict-from: check, input 'sha' must be the full commit SHA (40 hexadecimal digits, or 64 for SHA-256), as check runs name their commit, e.g. sha: ${{ github.event.deployment.sha }}; or leave it empty for the event's commit."
      )
    )
  }
  const branch = r.read('branch', undefined)
  const since = r.read('since', undefined)
  return dropUndefined({
    name: r.read('check-name', 'QA Wolf Test Results'),
    app: r.read('check-app', ''),
    sha,
    branch,
    since
  })
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
