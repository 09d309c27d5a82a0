// The service's wire types (docs/service-api.md), as valibot schemas so that every response is
// checked before use and the TypeScript types cannot drift from the checks.
import * as v from 'valibot'
import { isSafeRunId } from '../core/run-ids.js'

export const RUN_STAGES = ['initializing', 'underReview', 'completed', 'canceled'] as const
export type RunStage = (typeof RUN_STAGES)[number]

export const HOSTING_SERVICES = ['GitHub', 'GitLab'] as const
export type HostingService = (typeof HOSTING_SERVICES)[number]

/** Request body of POST /api/webhooks/deploy_success (docs/service-api.md). Every field is optional. */
/** The repository a deployment belongs to, as the service's own client names it. */
export interface RepositoryRef {
  owner: string
  name: string
}

export interface DeploymentNotification {
  branch?: string
  sha?: string
  deployment_type?: string
  deployment_url?: string
  hosting_service?: HostingService
  repository?: RepositoryRef
  /** With `repository`, what links the runs to their pull request. */
  pull_request_number?: number
  commit_url?: string
  variables?: Record<string, string>
  deduplication_key?: string
  ephemeral_environment?: boolean
  /** The workspace to create runs in, for an organization or user key. */
  workspaceId?: string
}

const count = v.pipe(v.number(), v.integer(), v.minValue(0))

/**
 * The notify answer, checked only where it decides: `results` is a list (absent only when the
 * service skipped the whole deployment). Every entry and every other field is read field by field
 * in notify/results.ts, so that a field the action only shows (`environment` as a name or as an
 * object, `deployment_id`, `warning`, `trigger_id`, unknown fields, nulls) can never make the
 * answer unreadable and lose the runs it names.
 */
export const NotificationResponseSchema = v.pipe(
  v.looseObject({
    results: v.optional(v.nullable(v.array(v.unknown()))),
    skipped_deployment: v.optional(v.unknown())
  }),
  v.check(
    answer =>
      Array.isArray(answer.results) ||
      (answer.skipped_deployment !== undefined && answer.skipped_deployment !== null),
    'a list of results (or a skipped deployment)'
  )
)
export type NotificationResponse = v.InferOutput<typeof NotificationResponseSchema>

/**
 * Response of POST /api/webhooks/environment_terminated: any object. `code` decides and the other
 * fields only inform, so each is read field by field in terminate/termination.ts; an ID that is not
 * a string must not make the answer unreadable.
 */
export const TerminationResponseSchema = v.looseObject({
  code: v.optional(v.unknown()),
  environmentId: v.optional(v.unknown()),
  warning: v.optional(v.unknown())
})
export type TerminationResponse = v.InferOutput<typeof TerminationResponseSchema>

/** Request body of POST /api/webhooks/environment_terminated: exactly one way to name it. */
export type EnvironmentTermination = (
  { environmentId: string } | { environmentAlias: string } | { deploymentUrl: string }
) & { workspaceId?: string }
/**
 * A bug entry (`reproducedBugs`, `otherBlockingBugsInEnvironment`): `{ name, number, priority,
 * isBlocking, isNew, applicationUrl, externalIssue }` as documented, read field by field in
 * greenlight/bugs.ts so that one odd field cannot make a whole answer unreadable.
 */
export const ReproducedBugSchema = v.record(v.string(), v.unknown())
export type ReproducedBug = v.InferOutput<typeof ReproducedBugSchema>

export const GreenlightResponseSchema = v.looseObject({
  greenlight: v.boolean(),
  /** Blank: no superseding run. Otherwise the next path segment, so `..` or `/` must not pass. */
  relevantRunId: v.pipe(
    v.string(),
    v.check(id => id.trim() === '' || isSafeRunId(id), 'not a valid run ID')
  ),
  relevantRunUrl: v.string(),
  relevantRunWithBugsUrl: v.string(),
  rootRunId: v.string(),
  rootRunUrl: v.string(),
  runStage: v.picklist(RUN_STAGES),
  workflowsDisabledAfterRunCount: count,
  workflowsInRunCount: count,
  workflowsUnderInvestigationCount: count,
  blockingBugsCount: v.optional(count),
  nonBlockingBugsCount: v.optional(count),
  workflowsAutoRetryingCount: v.optional(count),
  blockingBugUrls: v.optional(v.array(v.string())),
  nonBlockingBugUrls: v.optional(v.array(v.string())),
  reproducedBugs: v.optional(v.array(ReproducedBugSchema)),
  /** Blocking bugs in workflows of the environment that did not run in this run. */
  otherBlockingBugsInEnvironment: v.optional(v.array(ReproducedBugSchema))
})
export type GreenlightResponse = v.InferOutput<typeof GreenlightResponseSchema>

export type OutcomeWhenBlockingBugsInOtherWorkflows = 'green' | 'red'
