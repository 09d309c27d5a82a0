// The action.yml defaults as constants, so validation and the "ignored input" warnings can tell a
// user's value from the one the runner filled in. input-defaults.test.ts keeps them in step.

/** Each input's action.yml `default`; the required inputs (no default) are absent. */
export const INPUT_DEFAULTS: Readonly<Record<string, string>> = {
  sha: '',
  branch: '',
  'deployment-type': '',
  'deployment-url': '',
  'hosting-service': 'GitHub',
  'commit-url': '',
  variables: '',
  'deduplication-key': '',
  'ephemeral-environment': '',
  'fail-on-no-run': 'true',
  'workspace-id': '',
  'environment-id': '',
  'environment-alias': '',
  'run-id': '',
  wait: 'true',
  timeout: '2h',
  'poll-interval': '30s',
  'outcome-when-blocking-bugs-in-other-workflows': 'green',
  'fail-on-red': 'true',
  'fail-on-timeout': 'true',
  'comment-on-pr': 'false',
  'github-token': '${{ github.token }}',
  label: '',
  summary: 'true'
}

export const COMMON_INPUTS = ['mode', 'api-key', 'base-url', 'label', 'summary'] as const

const NOTIFY_INPUTS = [
  'sha',
  'branch',
  'deployment-type',
  'deployment-url',
  'hosting-service',
  'commit-url',
  'variables',
  'deduplication-key',
  'ephemeral-environment',
  'fail-on-no-run',
  'workspace-id'
] as const

const TERMINATE_INPUTS = [
  'environment-id',
  'environment-alias',
  'deployment-url',
  'workspace-id'
] as const

const GREENLIGHT_INPUTS = [
  'run-id',
  'wait',
  'timeout',
  'poll-interval',
  'outcome-when-blocking-bugs-in-other-workflows',
  'fail-on-red',
  'fail-on-timeout',
  'comment-on-pr',
  'github-token'
] as const

export type InputName =
  | (typeof COMMON_INPUTS)[number]
  | (typeof NOTIFY_INPUTS)[number]
  | (typeof GREENLIGHT_INPUTS)[number]
  | (typeof TERMINATE_INPUTS)[number]

/** The inputs each mode reads besides the common ones. */
export const MODE_INPUTS: Readonly<
  Record<'notify' | 'greenlight' | 'terminate', readonly string[]>
> = { notify: NOTIFY_INPUTS, greenlight: GREENLIGHT_INPUTS, terminate: TERMINATE_INPUTS }

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
