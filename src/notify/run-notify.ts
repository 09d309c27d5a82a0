// notify mode: tell the service a deployment succeeded and report which runs it started.
import * as io from '../render/action-io.js'
import type { Clock } from '../core/clock.js'
import { readGitHubContext, type GitHubContext } from '../github/event-context.js'
import { planNotification } from './payload.js'
import { describeEnvironment, reportNotification, type NotifyReport } from './results.js'
import { renderNotifySummary } from './summary.js'
import { EMPTY_NOTIFY_OUTPUTS, notifyOutputs, runIdsCutWarning, value } from './outputs.js'
import { postWithRetries } from '../service/post-retries.js'
import type { DeploymentNotification, NotificationResponse } from '../service/schemas.js'
import type { ServiceClient } from '../service/client.js'
import { logPrefix, type NotifySettings } from '../inputs/settings.js'
import { errorMessage } from '../core/error-message.js'
import { displayUrl } from '../core/urls.js'
import { waitUntilDeployed } from './url-probe.js'

export interface NotifyDeps {
  client: ServiceClient
  context: GitHubContext
  clock: Clock
  random: () => number
  signal: AbortSignal
}

export async function runNotify(settings: NotifySettings, deps: NotifyDeps): Promise<void> {
  const labelPrefix = logPrefix(settings)
  const plan = planNotification(settings, deps.context)
  if (plan.kind === 'skip') {
    io.notice(`${labelPrefix}${plan.reason} Nothing was sent.`, 'QA notification skipped')
    io.setOutputs({ ...EMPTY_NOTIFY_OUTPUTS, skipped: 'true', 'skip-reason': value(plan.reason) })
    await writeNotifySummary(
      settings,
      { outcomes: [], runIds: [], producedRun: false },
      { skippedReason: plan.reason }
    )
    return
  }
  // Nothing was notified: every output empty, the summary and the step name the reason.
  const fail = async (head: string, reason: string): Promise<void> => {
    io.setOutputs(EMPTY_NOTIFY_OUTPUTS)
    await writeNotifySummary(
      settings,
      { outcomes: [], runIds: [], producedRun: false },
      { error: reason }
    )
    io.setFailed(`${labelPrefix}${head}: ${reason}`)
  }
  if (plan.kind === 'fail') {
    return fail('The deployment notification was not sent', plan.reason)
  }

  for (const warning of plan.warnings)
    io.warning(`${labelPrefix}${warning}`, 'Event file unreadable')
  io.info(
    `${labelPrefix}Notifying ${settings.baseUrl} of a successful deployment: ${describe(plan.body)}`
  )
  for (const note of plan.notes) io.info(`${labelPrefix}${note}`)
  if (plan.body.sha === undefined) {
    io.warning(
      `${labelPrefix}The event names no commit, so the notification carries no SHA and the runs are linked to no commit. Set the 'sha' input to send one.`,
      'No commit SHA sent'
    )
  }
  const unreachable = await waitUntilDeployed(settings, plan.body.deployment_url, deps)
  if (unreachable !== undefined) {
    return fail('The deployment notification was not sent', unreachable)
  }
  io.setOutputs({ skipped: 'false', 'skip-reason': '' })
  let response: NotificationResponse
  try {
    response = await postWithRetries(signal => deps.client.notifyDeploySuccess(plan.body, signal), {
      ...deps,
      onRetry: line => io.info(`${labelPrefix}${line}`)
    })
  } catch (error) {
    const message = deps.signal.aborted
      ? 'the job was cancelled while the notification was being sent. The request may have reached the service, so runs may have been created: check the QA service before notifying again.'
      : errorMessage(error)
    return fail('The deployment notification failed', message)
  }

  // Decided from the answer as it came; only what is shown of it is redacted (action-io.ts), so
  // that hiding the key can never rewrite a field name or a value the decision reads.
  const report = reportNotification(response)
  const outputs = notifyOutputs(report, io.redactDeep(response.results ?? []))
  io.setOutputs({ ...outputs, results: new io.Redacted(outputs['results'] ?? '[]') })
  const cut = runIdsCutWarning(report, outputs)
  if (cut !== undefined) io.warning(`${labelPrefix}${cut}`, 'run-ids cut')
  const environment = report.environment && describeEnvironment(report.environment)
  if (environment !== undefined) io.info(`${labelPrefix}${environment}.`)
  if (report.unreadable !== undefined) {
    io.warning(
      `${labelPrefix}The service's answer had fields of an unexpected type, left out of the outputs and the summary: ${report.unreadable.join(', ')}. The runs it names are reported as usual.`,
      'QA service answer partly unreadable'
    )
  }
  if (report.warning !== undefined) {
    io.warning(`${labelPrefix}${report.warning}`, 'QA service warning')
  }
  if (report.skippedDeployment !== undefined) {
    const { reason, message } = report.skippedDeployment
    io.setOutputs({ skipped: 'true', 'skip-reason': value(reason) })
    io.notice(
      `${labelPrefix}The QA service skipped this deployment (${reason})${message ? `: ${message}` : '.'}`,
      'QA deployment skipped'
    )
  }
  for (const outcome of report.outcomes) {
    const name = outcome.triggerId === undefined ? '' : ` ${outcome.triggerId}`
    const trigger = `${labelPrefix}Trigger${name}`
    if (outcome.kind === 'failed') {
      const code = outcome.code === undefined ? '' : ` (${outcome.code})`
      io.warning(
        `${trigger}: no run created: ${outcome.message ?? ''}${code}`,
        `QA trigger${name} failed`
      )
    } else if (outcome.kind === 'skipped') {
      io.info(`${trigger}: skipped${outcome.message ? `: ${outcome.message}` : ''}`)
    } else {
      io.info(`${trigger}: ${outcome.kind} run ${outcome.runId}`)
    }
  }
  await writeNotifySummary(settings, report, {})

  if (report.previewWithoutRun) {
    const name = report.environment?.name ?? report.environment?.id
    io.info(
      `${labelPrefix}Preview environment${name === undefined ? '' : ` ${name}`} is ready; no trigger created a run.`
    )
    return
  }
  if (!report.producedRun) {
    const why =
      report.skippedDeployment !== undefined
        ? `the service skipped the deployment (${report.skippedDeployment.reason})`
        : report.outcomes.length === 0
          ? 'no trigger matched the notification (check deployment-type and the triggers configured in the service; a workspace on global triggers never sees deploy_success, which feeds legacy triggers only: set via: github-deployment or via: report-status)'
          : 'no matched trigger created a run'
    if (settings.failOnNoRun)
      io.setFailed(`${labelPrefix}The notification produced no run: ${why}.`)
    else io.warning(`${labelPrefix}The notification produced no run: ${why}.`)
  }
}

/**
 * The notify mode as main.ts runs it: the event is read here, where it is used. QA Wolf's current
 * path (current-path.ts) is loaded only when `via` asks for it.
 */
export const notifyMode = {
  emptyOutputs: EMPTY_NOTIFY_OUTPUTS,
  run: async (
    settings: NotifySettings,
    deps: Omit<NotifyDeps, 'context'> & { env: NodeJS.ProcessEnv }
  ) => {
    const context = readGitHubContext(deps.env)
    const via = settings.via
    if (via !== 'deploy-success') {
      const { runCurrentPath } = await import('./current-path.js')
      return runCurrentPath({ ...settings, via }, { ...deps, context })
    }
    await runNotify(settings, { ...deps, context })
    io.setOutputs({ via })
  }
}

function describe(body: DeploymentNotification): string {
  const parts = [
    body.sha && `sha ${body.sha}`,
    body.branch && `branch ${body.branch}`,
    body.deployment_type && `type ${body.deployment_type}`,
    body.deployment_url && `url ${displayUrl(body.deployment_url)}`,
    body.pull_request_number !== undefined && `pull request #${body.pull_request_number}`,
    body.repository &&
      `repository ${'owner' in body.repository ? body.repository.owner : body.repository.namespace}/${body.repository.name}`,
    body.merge_request_number !== undefined && `merge request !${body.merge_request_number}`,
    body.ephemeral_environment === true && 'ephemeral environment'
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
