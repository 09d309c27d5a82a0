// The one typed settings object every mode works from (read and checked in kernel/inputs.ts).

export const MODES = ['notify', 'greenlight', 'terminate'] as const
export type Mode = (typeof MODES)[number]

export const NOTIFY_ROUTES = ['deploy-success', 'github-deployment', 'report-status'] as const
export type NotifyRoute = (typeof NOTIFY_ROUTES)[number]
export const TERMINATE_ROUTES = [
  'environment-terminated',
  'github-deployment',
  'report-status'
] as const
export type TerminateRoute = (typeof TERMINATE_ROUTES)[number]

/** `owner` is everything before the last slash (a GitLab namespace may hold groups). */
export interface RepositoryPath {
  owner: string
  name: string
}

export interface CommonSettings {
  mode: Mode
  /** '' with `verdict-from: check`, which calls no service. */
  apiKey: string
  baseUrl: string
  label: string
  summary: boolean
}

export interface NotifySettings extends CommonSettings {
  mode: 'notify'
  sha?: string
  branch?: string
  deploymentUrl?: string
  commitUrl?: string
  deploymentType?: string
  hostingService: 'GitHub' | 'GitLab'
  variables?: Record<string, string>
  deduplicationKey?: string
  ephemeralEnvironment?: boolean
  pullRequestNumber?: number
  failOnNoRun: boolean
  workspaceId?: string
  via: NotifyRoute
  environment?: string
  repository?: RepositoryPath
  mergeRequestNumber?: number
  service?: string
  githubToken: string
  waitForUrl?: { timeoutMs: number }
}

interface CheckSettings {
  name: string
  /** '' for any app but GitHub Actions. */
  app: string
  sha?: string
  /** On a `check_run` event only this branch's tip may be green; undefined: the default branch. */
  branch?: string
  /** Only check runs started at or after it count; undefined: any (`since: any`, or the event path). */
  since?: { iso: string; ms: number }
}

export interface GreenlightSettings extends CommonSettings {
  mode: 'greenlight'
  verdictFrom: 'run' | 'check'
  runIds: string[]
  check?: CheckSettings
  wait: boolean
  timeoutMs: number
  pollIntervalMs: number
  outcomeWhenBlockingBugsInOtherWorkflows: 'green' | 'red'
  onSuperseded: 'follow' | 'fail'
  failOnRed: boolean
  failOnTimeout: boolean
  commentOnPr: boolean
  githubToken: string
}

interface TerminateCommon extends CommonSettings {
  mode: 'terminate'
  workspaceId?: string
}

export interface LegacyTerminateSettings extends TerminateCommon {
  via: 'environment-terminated'
  environment: { environmentId: string } | { environmentAlias: string } | { deploymentUrl: string }
}

export interface CurrentPathTerminateSettings extends TerminateCommon {
  via: 'github-deployment' | 'report-status'
  environmentName: string
  githubToken: string
}

export type TerminateSettings = LegacyTerminateSettings | CurrentPathTerminateSettings
export type Settings = NotifySettings | GreenlightSettings | TerminateSettings

/** What starts every log line of a step, so that matrix steps can be told apart: `[label] `. */
export function logPrefix(settings: Pick<CommonSettings, 'label'>): string {
  return settings.label ? `[${settings.label}] ` : ''
}

export class InputError extends Error {
  constructor(
    readonly input: string,
    message: string
  ) {
    super(message)
    this.name = 'InputError'
  }
}

/** Several refused inputs: each in `errors`, one per line in the message. */
export class InputErrors extends InputError {
  constructor(readonly errors: readonly InputError[]) {
    super(errors[0]?.input ?? '', errors.map(e => e.message).join('\n'))
    this.name = 'InputErrors'
  }
}
