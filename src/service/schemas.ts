// The service's wire types (docs/service-api.md). The greenlight answer's type is inferred from
// its valibot schema (greenlight-answer.ts, loaded only by greenlight) so that it cannot drift from
// the check; the notify and terminate answers are checked by hand (answer-checks.ts) on the two
// fields that decide, so that neither loads valibot. Type-only imports: erased at build.
import type * as v from 'valibot'
import type { GreenlightResponseSchema, ReproducedBugSchema } from './greenlight-answer.js'

/** The stages the action knows. The service may add others (see greenlight-answer.ts). */
export const RUN_STAGES = ['initializing', 'underReview', 'completed', 'canceled'] as const
export type RunStage = (typeof RUN_STAGES)[number]

/**
 * Where a checked greenlight answer lists the informing fields it carried with an unexpected type
 * and that were left out (greenlight-answer.ts): a symbol, so that no field the service sends can
 * pose as the list.
 */
export const DROPPED_FIELDS: unique symbol = Symbol('fields left out of a greenlight answer')

/** The informing fields left out of a checked greenlight answer, by name. */
export function droppedFields(response: object): readonly string[] {
  const dropped = (response as { [DROPPED_FIELDS]?: readonly string[] })[DROPPED_FIELDS]
  return dropped ?? []
}

export const HOSTING_SERVICES = ['GitHub', 'GitLab'] as const
export type HostingService = (typeof HOSTING_SERVICES)[number]

/** Request body of POST /api/webhooks/deploy_success (docs/service-api.md). Every field is optional. */
/** The repository a deployment belongs to, as the service's own client names it. */
export interface RepositoryRef {
  owner: string
  name: string
}

/** A GitLab project as the service's own client names it: the namespace may hold groups. */
export interface GitLabRepositoryRef {
  namespace: string
  name: string
}

export interface DeploymentNotification {
  branch?: string
  sha?: string
  deployment_type?: string
  deployment_url?: string
  hosting_service?: HostingService
  /** `{ owner, name }` with GitHub, `{ namespace, name }` with GitLab. */
  repository?: RepositoryRef | GitLabRepositoryRef
  /** With `repository`, what links the runs to their pull request. */
  pull_request_number?: number
  /** GitLab's counterpart of `pull_request_number`. */
  merge_request_number?: number
  commit_url?: string
  variables?: Record<string, string>
  deduplication_key?: string
  ephemeral_environment?: boolean
  /** The workspace to create runs in, for an organization or user key. */
  workspaceId?: string
}

/**
 * The notify answer, checked only where it decides (answer-checks.ts): `results` is a list (absent
 * only when the service skipped the whole deployment). Every entry and every other field is read
 * field by field in notify/results.ts, so that a field the action only shows (`environment` as a
 * name or as an object, `deployment_id`, `warning`, `trigger_id`, unknown fields, nulls) can never
 * make the answer unreadable and lose the runs it names.
 */
export interface NotificationResponse {
  results?: unknown[] | null
  skipped_deployment?: unknown
  [field: string]: unknown
}

/**
 * Response of POST /api/webhooks/environment_terminated: any object. `code` decides and the other
 * fields only inform, so each is read field by field in terminate/termination.ts; an ID that is not
 * a string must not make the answer unreadable.
 */
export interface TerminationResponse {
  code?: unknown
  environmentId?: unknown
  warning?: unknown
  [field: string]: unknown
}

/** Request body of POST /api/webhooks/environment_terminated: exactly one way to name it. */
export type EnvironmentTermination = (
  { environmentId: string } | { environmentAlias: string } | { deploymentUrl: string }
) & { workspaceId?: string }
/**
 * What `public.deployment.reportStatus` takes, inside tRPC's `{ "json": … }`. The service checks
 * it strictly (an unknown field is a 400), so only these fields are ever sent, and absent ones are
 * left out rather than sent empty.
 */
export interface DeploymentReport {
  workspaceId: string
  /** `GITHUB_RUN_ID-GITHUB_RUN_ATTEMPT-GITHUB_JOB`, plus `:<label>` for one leg of a matrix. */
  providerDeploymentId: string
  /** notify reports `success`; terminate `inactive` (what QA Wolf then does is not public). */
  status: 'success' | 'inactive'
  environment: { name: string; ephemeral?: boolean }
  deployTarget?: string
  environmentVariables?: Record<string, string>
  /** What a trigger's `servicePattern` matches. */
  service?: string
  metadata?: {
    commitSha?: string
    ref?: string
    /** `owner/name`. */
    repository?: string
    pullRequestNumber?: number
    commitUrl?: string
  }
}

/** The reportStatus reply: any object, read field by field in notify/report-status.ts. */
export interface DeploymentReportResponse {
  [field: string]: unknown
}

/** A bug entry, read field by field in greenlight/bugs.ts (greenlight-answer.ts). */
export type ReproducedBug = v.InferOutput<typeof ReproducedBugSchema>

/** The greenlight answer as its schema (greenlight-answer.ts) lets it through. */
export type GreenlightResponse = v.InferOutput<typeof GreenlightResponseSchema>

export type OutcomeWhenBlockingBugsInOtherWorkflows = 'green' | 'red'
