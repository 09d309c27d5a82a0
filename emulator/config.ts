// The emulator's JSON configuration: its types, documented field by field. config-schema.ts checks
// a file against them (valibot) and holds the lists of accepted values.
import type { CONTENT_ENCODINGS, FAULT_KINDS, PRIORITIES, ROUTES, STAGES } from './config-schema.js'
import type { Shape } from './spelling.js'

export {
  CONTENT_ENCODINGS,
  ConfigError,
  DEFAULT_TIMELINE,
  FAULT_KINDS,
  parseConfig,
  parseConfigText,
  parseFaults,
  parsePriority,
  parseRunConfig,
  PRIORITIES,
  ROUTES,
  STAGES,
  TERMINAL_STAGES
} from './config-schema.js'

export type Stage = (typeof STAGES)[number]

/** As the service names them; `unprioritized` (or null) is unset, which blocks. */
export type Priority = (typeof PRIORITIES)[number] | null

export interface TeamConfig {
  apiKey: string
  disabled?: boolean
  name?: string
  /**
   * An organization (or user) key's workspaces: a notification naming none goes to the first and
   * the answer carries a `warning`; one naming another gets a 400.
   */
  workspaces?: string[]
}

/** An ephemeral environment that terminate mode can name (notify also creates them). */
export interface EnvironmentConfig {
  id: string
  alias?: string
  deploymentUrl?: string
}

export interface TimelineEntry {
  stage: Stage
  /** Wall-clock time spent in this stage. */
  durationMs?: number
  /** Number of answered greenlight queries spent in this stage. */
  polls?: number
  /** Per-stage overrides of the run's counts. */
  workflowsUnderInvestigation?: number
  workflowsAutoRetrying?: number
  workflowsDisabledAfterRun?: number
}

export interface BugConfig {
  id: string
  name: string
  number?: number
  priority?: Priority
  isNew?: boolean
  /** The bug's page (`applicationUrl`); default: a URL on the emulator. */
  url?: string
  /** The linked tracker issue, sent as `externalIssue`. */
  externalIssue?: { platform: string; id: string; url: string }
  /** An older spelling of `externalIssue.url`. */
  externalIssueUrl?: string
  /** The service's own classification, overriding the priority rule. */
  isBlocking?: boolean
  /** First stage in which the bug is reported: `underReview` (default) or `completed`. */
  foundInStage?: 'underReview' | 'completed'
}

/** A run as created from a trigger: everything but the identity. */
export interface RunTemplate {
  timeline?: TimelineEntry[]
  workflowsInRun?: number
  workflowsUnderInvestigation?: number
  workflowsDisabledAfterRun?: number
  workflowsAutoRetrying?: number
  bugs?: BugConfig[]
  /** Blocking bugs in workflows not executed in this run (for outcomeWhenBlockingBugsInOtherWorkflows=red). */
  otherWorkflowsBlockingBugs?: number
  legacy?: boolean
  /** Answer 404 to this many greenlight queries first, as a service that is slow to index a new run. */
  notFoundPolls?: number
}

export interface RunConfig extends RunTemplate {
  id: string
  /** Explicit successor: greenlight on this run reports `supersededBy`'s status. */
  supersededBy?: string
  /** Runs with equal keys supersede older ones, like notifications' `deduplication_key`. */
  deduplicationKey?: string
}

export interface TriggerConfig {
  id: string
  deployment_type?: string
  environment?: string
  /** The deprecated diagnostic; alone, the answer has the older shape (no `outcome`). */
  failure_reason?: string
  /** With `failure_message`: the documented failed outcome, e.g. `environment-not-ready`. */
  failure_code?: string
  failure_message?: string
  /** The trigger matched but the service skipped it: outcome `skipped` with this reason. */
  skip_reason?: string
  /** Runs for preview deployments (`ephemeral_environment: true`) too; default: static only. */
  previews?: boolean
  run?: RunTemplate
}

/** The encodings Node's zlib writes, as an HTTP proxy might apply them. */
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number]

export type RetryAfterSpec = string | { seconds: number } | { dateInSeconds: number }

export type FaultSpec = (
  | { kind: 'status'; status: number }
  | { kind: 'rate-limit'; retryAfter?: RetryAfterSpec }
  | { kind: 'reset-before-headers' }
  | { kind: 'reset-after-headers' }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'html'; status: number }
  | { kind: 'truncated-json' }
  | { kind: 'wrong-shape'; body?: unknown }
  | { kind: 'oversized'; megabytes: number }
  | { kind: 'echo-key' }
  | { kind: 'duplicate-key' }
  | { kind: 'deep-nesting'; depth?: number }
  | { kind: 'cut-after-status-line' }
  | { kind: 'cut-in-headers' }
  | { kind: 'trickle-headers'; intervalMs?: number }
  | { kind: 'header-overflow'; bytes?: number }
  | { kind: 'compressed'; encoding?: ContentEncoding }
  | { kind: 'replay'; status?: number; body: unknown }
) & {
  /** The request is handled (state changes) before the fault hits it, e.g. a 504 after a run was created. */
  processed?: boolean
}
export type FaultKind = (typeof FAULT_KINDS)[number]

export interface RandomFaults {
  seed: number
  probability: number
  kinds: FaultSpec[]
}

export interface RouteFaults {
  /** Consumed in order by the route's requests; `null` answers normally. Then `random`, if any. */
  script?: (FaultSpec | null)[]
  random?: RandomFaults
}

export type RouteName = (typeof ROUTES)[number]
export type FaultsConfig = Partial<Record<RouteName, RouteFaults>>

export interface EmulatorConfig {
  teams: TeamConfig[]
  triggers?: TriggerConfig[]
  runs?: RunConfig[]
  faults?: FaultsConfig
  /** Every notification is answered with `skipped_deployment` and no runs. */
  skippedDeployment?: { reason: string; message: string }
  environments?: EnvironmentConfig[]
  /** Base of the URLs in responses; default: the emulator's own URL. */
  publicUrl?: string
  /** How answers are spelled: `live` (default, as the service sends them) or `docs`. */
  shape?: Shape
  description?: string
}
