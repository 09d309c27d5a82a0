// Reading a notification response: a 200 is not success by itself, every entry is inspected. The
// documented entries carry an `outcome` (created, skipped, failed); older answers carry only
// `created_suite_id`, `duplicate_suite_id` or `failure_reason`, and both are read.
import type { NotificationResponse, NotificationResult } from '../service/schemas.js'

export type TriggerOutcomeKind = 'created' | 'duplicate' | 'skipped' | 'failed'

export interface TriggerOutcome {
  triggerId: string
  kind: TriggerOutcomeKind
  /** The created or duplicate suite ID. */
  runId?: string
  /** For people: `failure_message` (or the deprecated `failure_reason`), or `skip_reason`. */
  message?: string
  /** `failure_code`, e.g. `billing-prevented`. */
  code?: string
}

export interface NotifyReport {
  outcomes: TriggerOutcome[]
  /** Created or duplicate run IDs in `results` order, without repeats. */
  runIds: string[]
  /** False when `results` is empty, every entry failed or was skipped, or the deployment was skipped. */
  producedRun: boolean
  /** `skipped_deployment`: the service skipped the whole deployment. */
  skippedDeployment?: { reason: string; message?: string }
  /** Never changes the outcome: e.g. which workspace was used when none was named. */
  warning?: string
  deploymentId?: string
  environment?: string
}

const NO_OUTCOME = 'the service reported no outcome for this trigger'

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

function classifyResult(result: NotificationResult): TriggerOutcome {
  const triggerId = result.trigger_id
  const created = text(result.created_suite_id)
  const duplicate = text(result.duplicate_suite_id)
  const outcome = text(result.outcome)?.toLowerCase()
  if (outcome === 'skipped') {
    const message = text(result.skip_reason)
    return { triggerId, kind: 'skipped', ...(message === undefined ? {} : { message }) }
  }
  // A run ID counts whatever the outcome says: it is a run the service has.
  if (created !== undefined && (outcome === undefined || outcome === 'created')) {
    return { triggerId, kind: 'created', runId: created }
  }
  if (duplicate !== undefined && (outcome === undefined || outcome === 'created')) {
    return { triggerId, kind: 'duplicate', runId: duplicate }
  }
  // `failed`, an outcome this version does not know, or no outcome and no run: failed.
  const code = text(result.failure_code)
  const message =
    text(result.failure_message) ??
    text(result.failure_reason) ??
    (outcome !== undefined && outcome !== 'failed' ? `unknown outcome '${outcome}'` : NO_OUTCOME)
  return { triggerId, kind: 'failed', message, ...(code === undefined ? {} : { code }) }
}

export function reportNotification(response: NotificationResponse): NotifyReport {
  const outcomes = response.results.map(classifyResult)
  const runIds = [...new Set(outcomes.flatMap(o => (o.runId === undefined ? [] : [o.runId])))]
  const skipped = response.skipped_deployment
  const skippedMessage = text(skipped?.message)
  const skippedDeployment =
    skipped === undefined
      ? undefined
      : {
          reason: text(skipped.reason) ?? 'skipped',
          ...(skippedMessage === undefined ? {} : { message: skippedMessage })
        }
  const warning = text(response.warning)
  const deploymentId = text(response.deployment_id)
  const environment = text(response.environment)
  return {
    outcomes,
    runIds,
    producedRun: runIds.length > 0 && skippedDeployment === undefined,
    ...(skippedDeployment === undefined ? {} : { skippedDeployment }),
    ...(warning === undefined ? {} : { warning }),
    ...(deploymentId === undefined ? {} : { deploymentId }),
    ...(environment === undefined ? {} : { environment })
  }
}
