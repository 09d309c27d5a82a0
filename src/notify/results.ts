// Reading a notification response: a 200 is not success by itself, every entry is inspected.
import type { NotificationResult } from '../service/schemas.js'

export type TriggerOutcomeKind = 'created' | 'duplicate' | 'failed'

export interface TriggerOutcome {
  triggerId: string
  kind: TriggerOutcomeKind
  /** The created or duplicate suite ID. */
  runId?: string
  failureReason?: string
}

export interface NotifyReport {
  outcomes: TriggerOutcome[]
  /** Created or duplicate run IDs in `results` order, without repeats. */
  runIds: string[]
  /** False when `results` is empty or every entry failed. */
  producedRun: boolean
}

const NO_OUTCOME = 'the service reported no outcome for this trigger'

export function classifyResult(result: NotificationResult): TriggerOutcome {
  const triggerId = result.trigger_id
  if (result.created_suite_id) return { triggerId, kind: 'created', runId: result.created_suite_id }
  if (result.duplicate_suite_id) {
    return { triggerId, kind: 'duplicate', runId: result.duplicate_suite_id }
  }
  return { triggerId, kind: 'failed', failureReason: result.failure_reason || NO_OUTCOME }
}

export function reportNotification(results: readonly NotificationResult[]): NotifyReport {
  const outcomes = results.map(classifyResult)
  const runIds = [...new Set(outcomes.flatMap(o => (o.runId === undefined ? [] : [o.runId])))]
  return { outcomes, runIds, producedRun: runIds.length > 0 }
}
