// The notify, report-status and terminate answers, checked by hand on what decides and nothing
// more: each is tolerant of every field it only shows (read field by field by its mode), so three
// small guards do the work and none of these endpoints loads a validation library at start-up
// (docs/adr/0003).
import type { AnswerCheck } from './read-body.js'
import type {
  DeploymentReportResponse,
  NotificationResponse,
  TerminationResponse
} from './schemas.js'
import { isRecord } from '../core/is-record.js'

const notAnObject = () => ({ ok: false as const, problems: ['the body: expected Object'] })

/** `results` a list, or absent only beside a skipped deployment; every other field is shown. */
export const checkNotificationResponse: AnswerCheck<NotificationResponse> = data => {
  if (!isRecord(data)) return notAnObject()
  const { results, skipped_deployment: skipped } = data
  if (results !== undefined && results !== null && !Array.isArray(results)) {
    return { ok: false, problems: ["field 'results': expected Array"] }
  }
  if (!Array.isArray(results) && (skipped === undefined || skipped === null)) {
    return { ok: false, problems: ['the body: a list of results (or a skipped deployment)'] }
  }
  return { ok: true, value: data }
}

/**
 * Any object: a 200 is the whole decision (the report was taken); the deployment it names is only
 * shown, read tolerantly in notify/report-status.ts, since its place in the reply is not public.
 */
export const checkDeploymentReportResponse: AnswerCheck<DeploymentReportResponse> = data =>
  isRecord(data) ? { ok: true, value: data } : notAnObject()

/**
 * Any object, not a list: `code` decides and is read, like the other fields, in
 * terminate/termination.ts. A list has no `code` and would read as terminated: it is refused.
 */
export const checkTerminationResponse: AnswerCheck<TerminationResponse> = data =>
  isRecord(data) ? { ok: true, value: data } : notAnObject()
