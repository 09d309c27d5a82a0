// notify on QA Wolf's current deployment path: `via: github-deployment` (a GitHub deployment and
// its success status, which QA Wolf's GitHub App forwards) or `via: report-status` (its public
// deployment.reportStatus). Both feed global triggers, which never see deploy_success. Neither
// answer names runs, so there is nothing to gate on yet: the step reports what it told.
import * as io from '../render/action-io.js'
import type { GitHubContext } from '../github/event-context.js'
import { BudgetExceeded, gitHubBudgetMs, withGitHub } from '../github/github-api.js'
import { createSuccessfulDeployment, DeploymentStepError } from '../github/deployments.js'
import { logPrefix, type NotifySettings } from '../inputs/settings.js'
import { postWithRetries } from '../service/post-retries.js'
import type { ServiceClient } from '../service/client.js'
import type { Clock } from '../core/clock.js'
import { errorMessage } from '../core/error-message.js'
import { formatDuration } from '../core/durations.js'
import { displayUrl } from '../core/urls.js'
import { planNotification, type DeploymentFacts } from './payload.js'
import { describeGitHubDeploymentFailure, planGitHubDeployment } from './github-deployment.js'
import { planDeploymentReport, readDeploymentReport } from './report-status.js'
import { renderRouteSummary, type RouteSummaryInput } from './route-summary.js'
import { EMPTY_NOTIFY_OUTPUTS, value } from './outputs.js'
import { waitUntilDeployed } from './url-probe.js'

export interface CurrentPathDeps {
  client: ServiceClient
  context: GitHubContext
  clock: Clock
  random: () => number
  signal: AbortSignal
  env: NodeJS.ProcessEnv
}

type Route = RouteSummaryInput['via']

export async function runCurrentPath(
  settings: NotifySettings & { via: Route },
  deps: CurrentPathDeps
): Promise<void> {
  const prefix = logPrefix(settings)
  const summary: RouteSummaryInput = {
    label: settings.label,
    via: settings.via,
    environment: settings.environment ?? ''
  }
  io.setOutputs({ ...EMPTY_NOTIFY_OUTPUTS, via: settings.via })
  const fail = async (reason: string): Promise<void> => {
    await writeSummary(settings, { ...summary, error: reason })
    io.setFailed(`${prefix}The deployment was not reported: ${reason}`)
  }

  const plan = planNotification(settings, deps.context)
  if (plan.kind === 'skip') {
    io.notice(`${prefix}${plan.reason} Nothing was sent.`, 'QA notification skipped')
    io.setOutputs({ skipped: 'true', 'skip-reason': value(plan.reason) })
    await writeSummary(settings, { ...summary, skippedReason: plan.reason })
    return
  }
  if (plan.kind === 'fail') return fail(plan.reason)
  for (const warning of plan.warnings) io.warning(`${prefix}${warning}`, 'Event file unreadable')
  for (const note of plan.notes) io.info(`${prefix}${note}`)
  const facts: DeploymentFacts = plan.facts
  if (facts.deploymentUrl !== undefined) summary.deploymentUrl = facts.deploymentUrl
  const unreachable = await waitUntilDeployed(settings, facts.deploymentUrl, deps)
  if (unreachable !== undefined) return fail(unreachable)

  if (settings.via === 'github-deployment') {
    const gh = planGitHubDeployment(settings, facts, deps.context)
    if (gh.kind === 'fail') return fail(gh.reason)
    for (const warning of gh.warnings)
      io.warning(`${prefix}${warning}`, 'Preview URL not per deployment')
    const { owner, repo, ref, environment } = gh.deployment
    io.info(
      `${prefix}Creating a GitHub deployment of ${ref} in ${owner}/${repo} to environment ${environment}, then its success status with ${displayUrl(gh.status.environment_url)}.`
    )
    const apiUrl = deps.context.apiUrl
    const budgetMs = gitHubBudgetMs(deps.env, 'QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS')
    try {
      const { id } = await withGitHub(
        settings.githubToken,
        apiUrl,
        (octokit, signal) => createSuccessfulDeployment(octokit, gh.deployment, gh.status, signal),
        budgetMs,
        deps.signal
      )
      io.setOutputs({ 'github-deployment-id': String(id) })
      io.info(
        `${prefix}GitHub deployment ${id} created with a success status; QA Wolf's GitHub App reads it and evaluates its triggers.`
      )
      await writeSummary(settings, { ...summary, githubDeploymentId: id })
    } catch (error) {
      if (error instanceof DeploymentStepError && error.deploymentId !== undefined) {
        io.setOutputs({ 'github-deployment-id': String(error.deploymentId) })
      }
      const message = deps.signal.aborted
        ? 'the job was cancelled while the GitHub deployment was being created. It may exist without its success status: look at the repository\u2019s deployments before running again.'
        : error instanceof DeploymentStepError
          ? describeGitHubDeploymentFailure(
              error.step,
              error.failure,
              apiUrl,
              settings.githubToken,
              error.deploymentId,
              Date.now()
            )
          : error instanceof BudgetExceeded
            ? `GitHub did not complete the deployment within ${formatDuration(budgetMs)}; it may exist without its success status: look at the repository\u2019s deployments before running again.`
            : errorMessage(error)
      return fail(message)
    }
    return
  }

  const rs = planDeploymentReport(settings, facts, deps.context)
  if (rs.kind === 'fail') return fail(rs.reason)
  io.info(
    `${prefix}Reporting deployment ${rs.report.providerDeploymentId} to ${settings.baseUrl} (deployment.reportStatus): environment ${rs.report.environment.name}, status success, target ${displayUrl(rs.report.deployTarget ?? '')}.`
  )
  let response
  try {
    response = await postWithRetries(
      signal => deps.client.reportDeploymentStatus(rs.report, signal),
      { ...deps, onRetry: line => io.info(`${prefix}${line}`) }
    )
  } catch (error) {
    return fail(
      deps.signal.aborted
        ? 'the job was cancelled while the report was being sent. It may have reached the service: look in the QA service before reporting again.'
        : errorMessage(error)
    )
  }
  const answer = readDeploymentReport(response)
  io.setOutputs({ 'deployment-id': value(answer.id), 'deployment-url': value(answer.url) })
  if (answer.id === undefined) {
    io.warning(
      `${prefix}The service took the report but its answer names no deployment ID (read under result.data.json); the deployment-id output is empty.`,
      'QA service answer partly unreadable'
    )
  }
  io.info(
    `${prefix}The QA service recorded the deployment${answer.id === undefined ? '' : ` ${answer.id}`}${answer.url === undefined ? '' : ` (${displayUrl(answer.url)})`}; it evaluates its triggers on this first success report.`
  )
  await writeSummary(settings, {
    ...summary,
    ...(answer.id === undefined ? {} : { deploymentId: answer.id }),
    ...(answer.url === undefined ? {} : { deploymentPage: answer.url })
  })
}

async function writeSummary(settings: NotifySettings, input: RouteSummaryInput): Promise<void> {
  if (!settings.summary) return
  await io.writeSummary(renderRouteSummary(input))
}
