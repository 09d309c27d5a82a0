// notify mode: tell the service a deployment succeeded and report which runs it started.
import * as io from '../report/action-io.js'
import type { Clock } from '../clock.js'
import type { GitHubContext } from '../github/event-context.js'
import { planNotification } from './payload.js'
import { reportNotification, type NotifyReport } from './results.js'
import { renderNotifySummary } from './summary.js'
import { backoffDelayMs, type BackoffPolicy } from '../service/retry.js'
import type { DeploymentNotification, NotificationResponse } from '../service/schemas.js'
import type { ServiceClient } from '../service/client.js'
import { ServiceError } from '../service/errors.js'
import type { NotifySettings } from '../inputs/settings.js'

/**
 * A POST is made at most this often in total. Repeating one is safe where it matters: the service
 * answers a SHA it has already seen with `duplicate_suite_id` instead of starting a second run.
 */
export const NOTIFY_MAX_ATTEMPTS = 3
const NOTIFY_BACKOFF: BackoffPolicy = { baseMs: 1000, capMs: 10_000 }
/** A Retry-After longer than this ends the step instead: a deploy step should not hang for minutes. */
const MAX_RETRY_AFTER_MS = 60_000

export interface NotifyDeps {
  client: ServiceClient
  context: GitHubContext
  clock: Clock
  random: () => number
  signal: AbortSignal
}

export async function runNotify(settings: NotifySettings, deps: NotifyDeps): Promise<void> {
  const labelPrefix = settings.label ? `[${settings.label}] ` : ''
  const plan = planNotification(settings, deps.context)
  if (plan.kind === 'skip') {
    io.notice(`${labelPrefix}${plan.reason} Nothing was sent.`, 'QA notification skipped')
    io.setOutputs({ 'run-id': '', 'run-ids': '[]', results: '[]', skipped: 'true' })
    await writeNotifySummary(
      settings,
      { outcomes: [], runIds: [], producedRun: false },
      {
        skippedReason: plan.reason
      }
    )
    return
  }

  io.info(
    `${labelPrefix}Notifying ${settings.baseUrl} of a successful deployment: ${describe(plan.body)}`
  )
  for (const note of plan.notes) io.info(`${labelPrefix}${note}`)
  io.setOutputs({ skipped: 'false' })
  let response: NotificationResponse
  try {
    response = await sendWithRetries(plan.body, deps)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    io.setOutputs({ 'run-id': '', 'run-ids': '[]', results: '[]' })
    await writeNotifySummary(
      settings,
      { outcomes: [], runIds: [], producedRun: false },
      { error: message }
    )
    io.setFailed(`${labelPrefix}The deployment notification failed: ${message}`)
    return
  }

  const results = io.redactDeep(response.results)
  const report = reportNotification(results)
  io.setOutputs({
    'run-id': report.runIds[0] ?? '',
    'run-ids': JSON.stringify(report.runIds),
    results: JSON.stringify(results)
  })
  for (const outcome of report.outcomes) {
    if (outcome.kind === 'failed') {
      io.warning(
        `${labelPrefix}Trigger ${outcome.triggerId}: no run created: ${outcome.failureReason}`,
        `QA trigger ${outcome.triggerId} failed`
      )
    } else {
      io.info(`${labelPrefix}Trigger ${outcome.triggerId}: ${outcome.kind} run ${outcome.runId}`)
    }
  }
  await writeNotifySummary(settings, report, {})

  if (!report.producedRun) {
    const why =
      report.outcomes.length === 0
        ? 'no trigger matched the notification (check deployment-type and the triggers configured in the service)'
        : 'every matched trigger failed to create a run'
    if (settings.failOnNoRun)
      io.setFailed(`${labelPrefix}The notification produced no run: ${why}.`)
    else io.warning(`${labelPrefix}The notification produced no run: ${why}.`)
  }
}

async function sendWithRetries(
  body: DeploymentNotification,
  deps: NotifyDeps
): Promise<NotificationResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.client.notifyDeploySuccess(body, deps.signal)
    } catch (error) {
      const retryable =
        error instanceof ServiceError && isRetryablePost(error) && !deps.signal.aborted
      if (!retryable || attempt >= NOTIFY_MAX_ATTEMPTS) throw error
      const backoff = backoffDelayMs(attempt - 1, NOTIFY_BACKOFF, deps.random)
      const delay = Math.max(backoff, error.retryAfterMs ?? 0)
      io.info(`Attempt ${attempt} failed (${error.message}); retrying in ${delay} ms.`)
      await deps.clock.sleep(delay, deps.signal)
    }
  }
}

/**
 * The one retry policy (ServiceError.transient), less what only a POST must refuse: an answer that
 * came but could not be read may have started runs, and a Retry-After longer than we are willing
 * to wait is the service saying "not now".
 */
function isRetryablePost(error: ServiceError): boolean {
  if ((error.retryAfterMs ?? 0) > MAX_RETRY_AFTER_MS) return false
  return error.transient && error.kind !== 'invalid-response'
}

function describe(body: DeploymentNotification): string {
  const parts = [
    body.sha && `sha ${body.sha}`,
    body.branch && `branch ${body.branch}`,
    body.deployment_type && `type ${body.deployment_type}`,
    body.deployment_url && `url ${body.deployment_url}`
  ].filter(Boolean)
  return parts.length > 0 ? parts.join(', ') : '(no commit information)'
}

async function writeNotifySummary(
  settings: NotifySettings,
  report: NotifyReport,
  extra: { skippedReason?: string; error?: string }
): Promise<void> {
  if (!settings.summary) return
  const markdown = renderNotifySummary({
    label: settings.label,
    baseUrl: settings.baseUrl,
    report,
    ...extra
  })
  await io.writeSummary(markdown)
}
