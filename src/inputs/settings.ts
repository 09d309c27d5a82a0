// The one typed settings object that every mode works from (built and validated in read-settings.ts).
import type { HostingService, OutcomeWhenBlockingBugsInOtherWorkflows } from '../kernel/service.js'

export type Mode = 'notify' | 'greenlight' | 'terminate'

/** How notify tells the service: the legacy webhook, a GitHub deployment, or reportStatus. */
export const NOTIFY_ROUTES = ['deploy-success', 'github-deployment', 'report-status'] as const
export type NotifyRoute = (typeof NOTIFY_ROUTES)[number]

/** How terminate closes a preview: the legacy webhook, its GitHub deployments, or reportStatus. */
export const TERMINATE_ROUTES = [
  'environment-terminated',
  'github-deployment',
  'report-status'
] as const
export type TerminateRoute = (typeof TERMINATE_ROUTES)[number]

/** The `repository` input: `owner` is everything before the last slash (a GitLab namespace). */
export interface RepositoryPath {
  owner: string
  name: string
}

export interface CommonSettings {
  mode: Mode
  apiKey: string
  /** Validated http(s) base address with no trailing slash. */
  baseUrl: string
  label: string
  summary: boolean
}

export interface NotifySettings extends CommonSettings {
  mode: 'notify'
  /** Explicit inputs; undefined means "derive from the event". */
  sha?: string
  branch?: string
  deploymentUrl?: string
  commitUrl?: string
  deploymentType?: string
  hostingService: HostingService
  variables?: Record<string, string>
  deduplicationKey?: string
  ephemeralEnvironment?: boolean
  /** Explicit input; undefined means "from the pull_request event, if any". */
  pullRequestNumber?: number
  failOnNoRun: boolean
  workspaceId?: string
  via: NotifyRoute
  /** The environment's name (which routes need it is theirs to say: notify's route modules). */
  environment?: string
  repository?: RepositoryPath
  /** GitLab only. */
  mergeRequestNumber?: number
  /** With `via: report-status`: what a trigger's `servicePattern` matches. */
  service?: string
  /** For `via: github-deployment`; '' when not given. */
  githubToken: string
  /** Wait until the deployment URL answers before notifying (absent: no), at most this long. */
  waitForUrl?: { timeoutMs: number }
}

/** With `verdict-from: check`: which check run decides. */
export interface CheckSettings {
  /** `check-name`. */
  name: string
  /** `check-app`, lower-case; '' for any app but GitHub Actions. */
  app: string
  /** The `sha` input; undefined means "from the event". */
  sha?: string
  /**
   * `branch`: on a `check_run` event only its tip may be green; undefined means the repository's
   * default branch.
   */
  branch?: string
  /** `since`: only check runs started at or after it count. */
  since?: { iso: string; ms: number }
}

export interface GreenlightSettings extends CommonSettings {
  mode: 'greenlight'
  /** `run`: the service's greenlight of `runIds`; `check`: the check run of `check`. */
  verdictFrom: 'run' | 'check'
  /** Non-empty, without repeats, each a safe path segment, with `verdict-from: run`; else empty. */
  runIds: string[]
  /** Set exactly when `verdictFrom` is `check`. */
  check?: CheckSettings
  wait: boolean
  timeoutMs: number
  pollIntervalMs: number
  outcomeWhenBlockingBugsInOtherWorkflows: OutcomeWhenBlockingBugsInOtherWorkflows
  /** `follow`: a superseded run's verdict is the newer run's; `fail`: the step fails. */
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

/** `via: environment-terminated`, the legacy webhook: exactly one of the three names the environment. */
export interface LegacyTerminateSettings extends TerminateCommon {
  via: 'environment-terminated'
  environment: { environmentId: string } | { environmentAlias: string } | { deploymentUrl: string }
}

/** `via: github-deployment` or `report-status`: the environment by its name (`environment`). */
export interface CurrentPathTerminateSettings extends TerminateCommon {
  via: 'github-deployment' | 'report-status'
  environmentName: string
  /** For `via: github-deployment`; '' when not given. */
  githubToken: string
}

export type TerminateSettings = LegacyTerminateSettings | CurrentPathTerminateSettings

export type Settings = NotifySettings | GreenlightSettings | TerminateSettings

/** What starts every log line of a step, so that matrix steps can be told apart: `[label] `. */
export function logPrefix(settings: Pick<CommonSettings, 'label'>): string {
  return settings.label ? `[${settings.label}] ` : ''
}
