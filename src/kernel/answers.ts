// What QA Wolf's service takes and answers (docs/service-api.md): the request types, and the
// schema of each answer, strict on what decides, tolerant of what is only shown. Pure.
import * as v from 'valibot'
import { isRecord } from './values.js'

/** The stages the action knows; the service may add others (never terminal, never green). */
export const RUN_STAGES = ['initializing', 'underReview', 'completed', 'canceled'] as const
export type RunStage = (typeof RUN_STAGES)[number]

/** Body of POST /api/webhooks/deploy_success: every field optional. */
export interface DeploymentNotification {
  branch?: string
  sha?: string
  deployment_type?: string
  deployment_url?: string
  hosting_service?: 'GitHub' | 'GitLab'
  /** `{ owner, name }` with GitHub, `{ namespace, name }` (groups allowed) with GitLab. */
  repository?: { owner: string; name: string } | { namespace: string; name: string }
  pull_request_number?: number
  merge_request_number?: number
  commit_url?: string
  variables?: Record<string, string>
  deduplication_key?: string
  ephemeral_environment?: boolean
  workspaceId?: string
}

/** Body of POST /api/webhooks/environment_terminated: exactly one way to name it. */
export type EnvironmentTermination = (
  { environmentId: string } | { environmentAlias: string } | { deploymentUrl: string }
) & { workspaceId?: string }

/** `public.deployment.reportStatus` (inside tRPC's `{ "json": … }`): it refuses unknown fields. */
export interface DeploymentReport {
  workspaceId: string
  /** `GITHUB_RUN_ID-GITHUB_RUN_ATTEMPT-GITHUB_JOB`, plus `:<label>` for one leg of a matrix. */
  providerDeploymentId: string
  status: 'success' | 'inactive'
  environment: { name: string; ephemeral?: boolean }
  deployTarget?: string
  environmentVariables?: Record<string, string>
  service?: string
  metadata?: {
    commitSha?: string
    ref?: string
    repository?: string
    pullRequestNumber?: number
    commitUrl?: string
  }
}

/** Any JSON object, not a list (a list has no `code` and would read as terminated). */
export const object = <T extends v.ObjectEntries>(entries: T) =>
  v.pipe(v.unknown(), v.check(isRecord, 'expected Object'), v.looseObject(entries))

/** `results` a list, or absent only beside a skipped deployment. */
export const NotificationSchema = v.pipe(
  object({ results: v.nullish(v.array(v.unknown())) }),
  v.check(
    data => Array.isArray(data.results) || (data['skipped_deployment'] ?? null) !== null,
    'a list of results (or a skipped deployment)'
  )
)
export type NotificationResponse = v.InferOutput<typeof NotificationSchema>
/** Read field by field by their modes: a 200 is the report's whole decision. */
export type TerminationResponse = { [field: string]: unknown }
export type DeploymentReportResponse = TerminationResponse

// Only greenlight's query loads the answer's schema, so the other bundles do not carry it.
export type {
  GreenlightResponse,
  OutcomeWhenBlockingBugsInOtherWorkflows,
  ReproducedBug
} from './greenlight-answer.js'
