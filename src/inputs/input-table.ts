// Every action input in one table: the modes that read it, its action.yml default and its parser.
// Validation, the "ignored input" warnings and the README's input table (scripts/readme-tables.ts)
// all read it; a test keeps action.yml in step with it.
import { DEFAULT_BASE_URL, parseBaseUrl, parseHttpUrl } from '../core/urls.js'
import { parseRunIds } from '../core/run-ids.js'
import {
  optional,
  parseApiKey,
  parseBoolean,
  parseLabel,
  parseMode,
  parseOptionalBoolean,
  parseSingleLine,
  type Parser
} from './parse-common.js'
import {
  parseBranch,
  parseCheckApp,
  parseCheckName,
  parseHostingService,
  parseMergeRequestNumber,
  parseOnSuperseded,
  parseOutcome,
  parsePollInterval,
  parsePullRequestNumber,
  parseRepository,
  parseSha,
  parseSince,
  parseTimeout,
  parseToken,
  parseVerdictFrom,
  parseVia,
  parseWaitForUrlTimeout
} from './parse-mode-inputs.js'
import { parseVariables } from './variables.js'
import type { Mode } from './settings.js'

export interface InputSpec<T> {
  /** The modes that read the input; all three for the common inputs. */
  modes: readonly Mode[]
  /** The action.yml `default`; absent for a required input. */
  default?: string
  /**
   * Only for the README's "required" column: required only under this condition (e.g. "with
   * `verdict-from: run`"), which action.yml's `required` cannot say, so it is `false` there and
   * in every sub-action, and the step itself names the input when the condition holds.
   */
  requiredWhen?: string
  /**
   * A default that differs by mode: the root action's `default` is then '' (the mode picks), and
   * each sub-action declares its own mode's.
   */
  modeDefaults?: Readonly<Partial<Record<Mode, string>>>
  parse: Parser<T>
}

const ALL: readonly Mode[] = ['notify', 'greenlight', 'terminate']
const NOTIFY: readonly Mode[] = ['notify']
const GREENLIGHT: readonly Mode[] = ['greenlight']
const TERMINATE: readonly Mode[] = ['terminate']
const NOTIFY_TERMINATE: readonly Mode[] = ['notify', 'terminate']
const NOTIFY_GREENLIGHT: readonly Mode[] = ['notify', 'greenlight']
const line = optional(parseSingleLine)

/** In action.yml order, which the README's table and the list of several errors follow. */
export const INPUTS = {
  mode: { modes: ALL, parse: parseMode },
  'api-key': { modes: ALL, parse: parseApiKey },
  'base-url': { modes: ALL, default: DEFAULT_BASE_URL, parse: parseBaseUrl },
  sha: { modes: NOTIFY_GREENLIGHT, default: '', parse: parseSha },
  branch: { modes: NOTIFY_GREENLIGHT, default: '', parse: parseBranch },
  'deployment-type': { modes: NOTIFY, default: '', parse: line },
  'deployment-url': { modes: NOTIFY_TERMINATE, default: '', parse: optional(parseHttpUrl) },
  'hosting-service': { modes: NOTIFY, default: 'GitHub', parse: parseHostingService },
  'commit-url': { modes: NOTIFY, default: '', parse: optional(parseHttpUrl) },
  variables: { modes: NOTIFY, default: '', parse: parseVariables },
  'deduplication-key': { modes: NOTIFY, default: '', parse: line },
  'ephemeral-environment': { modes: NOTIFY, default: '', parse: parseOptionalBoolean },
  'pull-request-number': { modes: NOTIFY, default: '', parse: parsePullRequestNumber },
  via: {
    modes: NOTIFY_TERMINATE,
    default: '',
    modeDefaults: { notify: 'deploy-success', terminate: 'environment-terminated' },
    parse: parseVia
  },
  environment: { modes: NOTIFY_TERMINATE, default: '', parse: line },
  repository: { modes: NOTIFY, default: '', parse: parseRepository },
  'merge-request-number': { modes: NOTIFY, default: '', parse: parseMergeRequestNumber },
  service: { modes: NOTIFY, default: '', parse: line },
  'fail-on-no-run': { modes: NOTIFY, default: 'true', parse: parseBoolean },
  'workspace-id': { modes: NOTIFY_TERMINATE, default: '', parse: line },
  'wait-for-url': { modes: NOTIFY, default: 'false', parse: parseBoolean },
  'wait-for-url-timeout': { modes: NOTIFY, default: '5m', parse: parseWaitForUrlTimeout },
  'environment-id': { modes: TERMINATE, default: '', parse: line },
  'environment-alias': { modes: TERMINATE, default: '', parse: line },
  'verdict-from': { modes: GREENLIGHT, default: 'run', parse: parseVerdictFrom },
  'run-id': {
    modes: GREENLIGHT,
    default: '',
    requiredWhen: 'with `verdict-from: run`',
    parse: parseRunIds
  },
  wait: { modes: GREENLIGHT, default: 'true', parse: parseBoolean },
  timeout: { modes: GREENLIGHT, default: '2h', parse: parseTimeout },
  'poll-interval': { modes: GREENLIGHT, default: '30s', parse: parsePollInterval },
  'outcome-when-blocking-bugs-in-other-workflows': {
    modes: GREENLIGHT,
    default: 'green',
    parse: parseOutcome
  },
  'on-superseded': { modes: GREENLIGHT, default: 'follow', parse: parseOnSuperseded },
  'fail-on-red': { modes: GREENLIGHT, default: 'true', parse: parseBoolean },
  'fail-on-timeout': { modes: GREENLIGHT, default: 'true', parse: parseBoolean },
  'check-name': { modes: GREENLIGHT, default: 'QA Wolf Test Results', parse: parseCheckName },
  'check-app': { modes: GREENLIGHT, default: '', parse: parseCheckApp },
  since: { modes: GREENLIGHT, default: '', parse: parseSince },
  'comment-on-pr': { modes: GREENLIGHT, default: 'false', parse: parseBoolean },
  'github-token': { modes: ALL, default: '${{ github.token }}', parse: parseToken },
  label: { modes: ALL, default: '', parse: parseLabel },
  summary: { modes: ALL, default: 'true', parse: parseBoolean }
} satisfies Record<string, InputSpec<unknown>>

export type InputName = keyof typeof INPUTS
/** What an input's parser returns. */
export type Parsed<N extends InputName> = ReturnType<(typeof INPUTS)[N]['parse']>

const TABLE: [InputName, InputSpec<unknown>][] = Object.entries(INPUTS) as [
  InputName,
  InputSpec<unknown>
][]

/** Each input's action.yml `default`; the required inputs (no default) are absent. */
export const INPUT_DEFAULTS: Readonly<Record<string, string>> = Object.fromEntries(
  TABLE.flatMap(([name, spec]) => (spec.default === undefined ? [] : [[name, spec.default]]))
)

/** The inputs every mode reads. */
export const COMMON_INPUTS: readonly string[] = TABLE.filter(
  ([, spec]) => spec.modes.length === ALL.length
).map(([name]) => name)

/** The inputs each mode reads besides the common ones. */
export const MODE_INPUTS: Readonly<Record<Mode, readonly string[]>> = {
  notify: modeInputs('notify'),
  greenlight: modeInputs('greenlight'),
  terminate: modeInputs('terminate')
}

function modeInputs(mode: Mode): InputName[] {
  return TABLE.filter(
    ([name, spec]) => spec.modes.includes(mode) && !COMMON_INPUTS.includes(name)
  ).map(([name]) => name)
}

/**
 * The default to use when an input reads as empty (e.g. `with: { wait: '' }`, or a runner that did
 * not fill defaults). An expression default such as `${{ github.token }}` is evaluated by the
 * runner, so its literal text is no usable value: it yields ''.
 */
export function usableDefault(name: string): string {
  const value = INPUT_DEFAULTS[name] ?? ''
  return isExpression(value) ? '' : value
}

export function isExpression(value: string): boolean {
  return value.includes('${{')
}

/** A value that is still a `${{ … }}` expression: no runner evaluated it. */
export function isUnevaluatedExpression(value: string): boolean {
  return /\$\{\{[\s\S]*\}\}/.test(value)
}
