// `via: deploy-success`: the `deploy_success` webhook, which feeds a workspace's legacy triggers.
// Its answer names the runs it started, each `results` entry read by its outcome (results.ts);
// a step that produced no run fails unless `fail-on-no-run` is false.
import { displayUrl } from '../core/urls.js'
import * as io from '../kernel/io.js'
import type { DeploymentNotification, NotificationResponse } from '../service/schemas.js'
import { errorMessage } from '../core/error-message.js'
import { describeEnvironment, reportNotification, type NotifyReport } from './results.js'
import { renderNotifySummary } from './summary.js'
import { notifyOutputs, runIdsCutWarning, value } from './outputs.js'
import { previewWarnings } from './preview.js'
import { withoutEmpty, type DeploymentFacts } from './payload.js'
import type { NotifySettings } from '../inputs/settings.js'
import { ignoredInput, infoLines, postToService, type LogLine, type Route } from './route.js'

const NOTHING: NotifyReport = { outcomes: [], runIds: [], producedRun: false }

/** The answer as it came, and what it says (decided once, here). */
interface Answered {
  response: NotificationResponse
  report: NotifyReport
}
export const deploySuccess: Route<DeploymentNotification, Answered> = {
  via: 'deploy-success',
  words: {
    notSent: 'The deployment notification was not sent',
    failed: 'The deployment notification failed'
  },

  rules(settings) {
    const warnings: string[] = []
    if (settings.environment !== undefined) {
      warnings.push(
        ignoredInput(
          'environment',
          'deploy-success',
          'the service picks the environment from its triggers'
        )
      )
    }
    if (settings.service !== undefined) {
      warnings.push(ignoredInput('service', 'deploy-success', 'only via: report-status sends it'))
    }
    return { errors: [], warnings }
  },

  request(settings, plan) {
    const { body, notes } = deploySuccessBody(settings, plan.facts)
    const lines: LogLine[] = infoLines([...plan.notes, ...notes])
    // QA Wolf names a preview from its URL here (no environment input): the URL must be per deployment.
    lines.push(...previewWarnings(settings, plan.facts))
    if (body.sha === undefined) {
      lines.push({
        kind: 'warning',
        message:
          "The event names no commit, so the notification carries no SHA and the runs are linked to no commit. Set the 'sha' input to send one.",
        title: 'No commit SHA sent'
      })
    }
    return {
      kind: 'send',
      request: body,
      describe: `Notifying ${settings.baseUrl} of a successful deployment: ${describe(body)}`,
      lines
    }
  },

  send(body, _settings, deps, onRetry) {
    return postToService(
      (signal, onAnswered) => deps.client.notifyDeploySuccess(body, signal, onAnswered),
      response => ({ response, report: reportNotification(response) }),
      deps,
      onRetry
    )
  },

  failure(error, _settings, deps) {
    return {
      reason: deps.signal.aborted
        ? 'the job was cancelled while the notification was being sent. The request may have reached the service, so runs may have been created: check the QA service before notifying again.'
        : errorMessage(error)
    }
  },

  report({ response, report }, settings) {
    // Decided from the answer as it came; only what is shown of it is redacted (action-io.ts), so
    // that hiding the key can never rewrite a field name or a value the decision reads.
    const outputs = notifyOutputs(report, io.redactDeep(response.results ?? []))
    const lines: LogLine[] = []
    const cut = runIdsCutWarning(report, outputs)
    if (cut !== undefined) lines.push({ kind: 'warning', message: cut, title: 'run-ids cut' })
    const environment = report.environment && describeEnvironment(report.environment)
    if (environment !== undefined) lines.push({ kind: 'info', message: `${environment}.` })
    if (report.unreadable !== undefined) {
      lines.push({
        kind: 'warning',
        message: `The service's answer had fields of an unexpected type, left out of the outputs and the summary: ${report.unreadable.join(', ')}. The runs it names are reported as usual.`,
        title: 'QA service answer partly unreadable'
      })
    }
    if (report.warning !== undefined) {
      lines.push({ kind: 'warning', message: report.warning, title: 'QA service warning' })
    }
    const skipped = report.skippedDeployment
    if (skipped !== undefined) {
      lines.push({
        kind: 'notice',
        message: `The QA service skipped this deployment (${skipped.reason})${skipped.message ? `: ${skipped.message}` : '.'}`,
        title: 'QA deployment skipped'
      })
    }
    for (const outcome of report.outcomes) {
      const name = outcome.triggerId === undefined ? '' : ` ${outcome.triggerId}`
      const trigger = `Trigger${name}`
      if (outcome.kind === 'failed') {
        const code = outcome.code === undefined ? '' : ` (${outcome.code})`
        lines.push({
          kind: 'warning',
          message: `${trigger}: no run created: ${outcome.message ?? ''}${code}`,
          title: `QA trigger${name} failed`
        })
      } else if (outcome.kind === 'skipped') {
        lines.push({
          kind: 'info',
          message: `${trigger}: skipped${outcome.message ? `: ${outcome.message}` : ''}`
        })
      } else {
        lines.push({ kind: 'info', message: `${trigger}: ${outcome.kind} run ${outcome.runId}` })
      }
    }
    const all: Record<string, string | io.Redacted> = {
      ...outputs,
      results: new io.Redacted(outputs['results'] ?? '[]'),
      skipped: skipped === undefined ? 'false' : 'true',
      'skip-reason': value(skipped?.reason)
    }
    const earlier = earlierRunsOnly(report)
    if (earlier !== undefined) {
      // Every run is one the service started for an earlier report of this commit: its check
      // started before this report, so a `since` of now would never let it count and the gate
      // would wait out its timeout for a run that has its verdict. The answer gives no time for
      // that run, so no time is made up: empty `since` counts every check run of the commit, and
      // the newest of each app, that run's, decides.
      all['reported-at'] = ''
      lines.push({
        kind: 'notice',
        message: `The service answered with an earlier run of this commit (${earlier}, duplicate_suite_id), not a new one: reported-at is left empty, so greenlight's since counts that run's check run, which started before this report.`,
        title: 'Earlier QA run'
      })
    }
    if (report.previewWithoutRun) {
      const name = report.environment?.name ?? report.environment?.id
      lines.push({
        kind: 'info',
        message: `Preview environment${name === undefined ? '' : ` ${name}`} is ready; no trigger created a run. Nothing was tested.`
      })
      return { outputs: all, lines }
    }
    if (report.producedRun) return { outputs: all, lines }
    const why =
      skipped !== undefined
        ? `the service skipped the deployment (${skipped.reason})`
        : report.outcomes.length === 0
          ? 'no trigger matched the notification (check deployment-type and the triggers configured in the service; a workspace on global triggers never sees deploy_success, which feeds legacy triggers only: set via: github-deployment or via: report-status)'
          : 'no matched trigger created a run'
    const message = `The notification produced no run: ${why}.`
    if (settings.failOnNoRun) return { outputs: all, lines, failure: message }
    lines.push({ kind: 'warning', message, title: 'No QA run' })
    return { outputs: all, lines }
  },

  summary(input) {
    const { state } = input
    return renderNotifySummary({
      label: input.label,
      baseUrl: input.baseUrl,
      report: state.kind === 'reported' ? state.answer.report : NOTHING,
      ...(state.kind === 'skipped' ? { skippedReason: state.reason } : {}),
      ...(state.kind === 'failed' ? { error: state.reason } : {})
    })
  }
}

/**
 * The deploy_success body, the union the service's own client sends: an ephemeral environment is
 * linked to no repository or pull request; any other deployment is, which is what links its runs
 * to the pull request. With why an input is left out, for the log. Pure.
 */
export function deploySuccessBody(
  settings: NotifySettings,
  facts: DeploymentFacts
): { body: DeploymentNotification; notes: string[] } {
  const gitlab = settings.hostingService === 'GitLab'
  const ephemeral = settings.ephemeralEnvironment === true
  const notes =
    ephemeral && settings.pullRequestNumber !== undefined
      ? [
          "The input 'pull-request-number' is not sent with ephemeral-environment: true (an ephemeral environment is linked to no pull request)."
        ]
      : []
  const { repository } = facts
  const link = ephemeral
    ? {}
    : gitlab
      ? {
          hosting_service: settings.hostingService,
          // The vendor's client sends a GitLab project only as the user names it.
          repository: repository && { namespace: repository.owner, name: repository.name },
          merge_request_number: settings.mergeRequestNumber
        }
      : {
          hosting_service: settings.hostingService,
          repository: repository && { owner: repository.owner, name: repository.name },
          pull_request_number: facts.pullRequestNumber
        }
  const body = withoutEmpty({
    branch: facts.branch,
    sha: facts.sha,
    deployment_type: settings.deploymentType,
    deployment_url: facts.deploymentUrl,
    ...link,
    commit_url: facts.commitUrl,
    variables: settings.variables,
    deduplication_key: settings.deduplicationKey,
    ephemeral_environment: settings.ephemeralEnvironment,
    workspaceId: settings.workspaceId
  })
  return { body, notes }
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

/** The earlier runs an answer names, when it names no new one (only `duplicate_suite_id`). */
function earlierRunsOnly(report: NotifyReport): string | undefined {
  const kinds = report.outcomes.map(outcome => outcome.kind)
  if (!kinds.includes('duplicate') || kinds.includes('created')) return undefined
  return report.outcomes
    .flatMap(outcome =>
      outcome.kind === 'duplicate' && outcome.runId !== undefined ? [outcome.runId] : []
    )
    .join(', ')
}
