// `via: report-status`: QA Wolf's public `deployment.reportStatus`, as the vendor's shipped client
// (`qawolf/fastlane-plugin-qawolf` 1.0.0) sends it from GitHub Actions, and its reply read
// tolerantly. It feeds global triggers; only the first `success` report of a
// `providerDeploymentId` evaluates them, so a report may be repeated after a 429 or 5xx.
import { InputError } from '../kernel/settings.js'
import { errorMessage, isRecord } from '../kernel/values.js'
import { idText } from '../kernel/text.js'
import { displayUrl, isHttpUrl } from '../kernel/parsers.js'
import { NO_PROVIDER_ID, providerDeploymentId } from '../kernel/event.js'
import { escapeText, link } from '../kernel/markdown.js'
import { postWithRetries } from '../kernel/retry.js'
import { currentPath, environmentRequired, previewWarnings } from './deployment.js'
import { reportedAt, value, withoutEmpty, type Route } from './deployment.js'

export const reportStatus: Route = {
  rules(settings) {
    const { repository } = settings
    return [
      settings.environment === undefined && environmentRequired('report-status'),
      settings.workspaceId === undefined &&
        new InputError(
          'workspace-id',
          `Input 'workspace-id' is required with via: report-status: the report names the workspace it belongs to.`
        ),
      repository !== undefined &&
        repository.owner.includes('/') &&
        new InputError(
          'repository',
          `Input 'repository' must be owner/name with exactly one slash with via: report-status (QA Wolf refuses a repository with groups); for a GitLab project in a group, name its top-level owner and project, e.g. acme/shop.`
        ),
      settings.hostingService === 'GitLab' &&
        settings.mergeRequestNumber !== undefined &&
        repository === undefined &&
        new InputError(
          'repository',
          `Input 'repository' is required with 'merge-request-number' on via: report-status: QA Wolf refuses a merge request number without its repository (owner/name).`
        )
    ]
  },

  async tell(settings, plan, step) {
    const route = 'QA Wolf\u2019s deployment.reportStatus'
    const { failed, reported } = currentPath(settings, plan, route)
    if (plan.kind === 'fail') return failed(plan.reason)
    const ctx = step.context
    if (ctx.eventName === 'deployment_status' || ctx.eventName === 'deployment') {
      return failed(
        `the workflow runs on a ${ctx.eventName} event: QA Wolf's GitHub App already has that deployment, and a second report would evaluate its triggers twice. Leave this step out, or use via: deploy-success.`
      )
    }
    const id = providerDeploymentId(ctx, settings.label)
    if (id === undefined) return failed(NO_PROVIDER_ID)
    const { facts } = plan
    if (facts.deploymentUrl === undefined) {
      return failed(
        "no deployment URL is known, and the report's deployTarget is what QA Wolf tests. Set the 'deployment-url' input."
      )
    }
    for (const note of plan.notes) step.log(note)
    const repository = facts.repository && `${facts.repository.owner}/${facts.repository.name}`
    const number =
      settings.hostingService === 'GitLab' ? settings.mergeRequestNumber : facts.pullRequestNumber
    if (number !== undefined && repository === undefined) {
      step.log(
        `The pull request number is not sent: QA Wolf takes one only with the repository, and none is known (set 'repository').`
      )
    }
    const environment = settings.environment ?? ''
    previewWarnings(settings, facts, step.warn, environment)
    const report = {
      ...withoutEmpty({
        workspaceId: settings.workspaceId ?? '',
        providerDeploymentId: id,
        status: 'success' as const,
        environment: withoutEmpty({ name: environment, ephemeral: settings.ephemeralEnvironment }),
        deployTarget: facts.deploymentUrl,
        service: settings.service,
        metadata: withoutEmpty({
          commitSha: facts.sha,
          ref: facts.branch,
          repository,
          pullRequestNumber: repository === undefined ? undefined : number,
          commitUrl: facts.commitUrl
        })
      }),
      // QA Wolf's docs list it without `?`: sent even when empty, whichever way the schema reads it.
      environmentVariables: settings.variables ?? {}
    }
    const unready = await step.ready(
      `Reporting deployment ${id} to ${settings.baseUrl} (deployment.reportStatus): environment ${environment}, status success, target ${displayUrl(facts.deploymentUrl)}.`
    )
    if (unready !== undefined) return failed(unready)
    let serverTime: string | undefined
    let answer: ReturnType<typeof readDeploymentReport>
    try {
      const send = (signal: AbortSignal) =>
        step.client.reportDeploymentStatus(report, signal, date => (serverTime = date))
      answer = readDeploymentReport(await postWithRetries(send, step, 'report-status'))
    } catch (error) {
      return failed(
        step.signal.aborted
          ? 'the job was cancelled while the report was being sent. It may have reached the service: look in the QA service before reporting again.'
          : errorMessage(error)
      )
    }
    if (answer.id === undefined) {
      step.warn(
        'The service took the report but its answer names no deployment ID (read under result.data.json or result.data); the deployment-id output is empty.',
        'QA service answer partly unreadable'
      )
    }
    step.log(
      `The QA service recorded the deployment${answer.id === undefined ? '' : ` ${answer.id}`}${answer.url === undefined ? '' : ` (the environment's runs: ${displayUrl(answer.url)})`}; it evaluates its triggers on this first success report.`
    )
    const page =
      answer.url === undefined ? '' : ` (${link('the environment\u2019s runs', answer.url)})`
    const shown = answer.id === undefined ? '' : ` ${escapeText(answer.id)}`
    return reported(`deployment${shown}${page}, status success.`, {
      'deployment-id': value(answer.id),
      'deployment-url': value(answer.url),
      environment: value(settings.environment),
      'reported-at': reportedAt(serverTime)
    })
  }
}

/** The deployment under `result.data.json` (itself or `{ deployment }`: no public source shows
 * which), or under `result.data` as the vendor's reader accepts. Nothing here decides: the 200 did. */
export function readDeploymentReport(response: Record<string, unknown>) {
  const data = isRecord(response['result']) ? response['result']['data'] : undefined
  const json = !isRecord(data) ? {} : isRecord(data['json']) ? data['json'] : data
  const deployment = isRecord(json['deployment']) ? json['deployment'] : json
  const url = deployment['url']
  // The environment's runs page in QA Wolf (not a page of this deployment); only http(s).
  return withoutEmpty({
    id: idText(deployment['id']),
    url: typeof url === 'string' && isHttpUrl(url) ? url : undefined
  })
}
