// `via: report-status`: QA Wolf's public `deployment.reportStatus`, as the vendor's shipped client
// (`qawolf/fastlane-plugin-qawolf` 1.0.0) sends it from GitHub Actions, and its reply read
// tolerantly. It feeds global triggers (a workspace key reports to its own workspace); only the first `success` report of a
// `providerDeploymentId` evaluates them, so a report may be repeated after a 429 or 5xx.
import { InputError } from '../kernel/settings.js'
import { errorMessage } from '../kernel/values.js'
import { isRecord } from '../kernel/values.js'
import { idText } from '../kernel/text.js'
import { displayUrl, isHttpUrl } from '../kernel/parsers.js'
import { providerDeploymentId } from '../kernel/event.js'
import { escapeText, link } from '../kernel/markdown.js'
import { postWithRetries } from '../kernel/retry.js'
import type { DeploymentReport, DeploymentReportResponse } from '../kernel/answers.js'
import {
  currentPathSummary,
  environmentRequired,
  infoLines,
  notSendable,
  previewWarnings,
  value,
  withoutEmpty,
  type LogLine,
  type Route
} from './deployment.js'

export const reportStatus: Route<DeploymentReport, DeploymentReportAnswer> = {
  words: {
    notSent: 'The deployment was not reported',
    failed: 'The deployment was not reported'
  },

  rules(settings) {
    const findings: ReturnType<Route<unknown, unknown>['rules']> = { errors: [], warnings: [] }
    if (settings.environment === undefined) {
      findings.errors.push(environmentRequired('report-status'))
    }
    if (settings.workspaceId === undefined) {
      findings.errors.push(
        new InputError(
          'workspace-id',
          `Input 'workspace-id' is required with via: report-status: the report names the workspace it belongs to.`
        )
      )
    }
    const repository = settings.repository
    if (repository !== undefined && repository.owner.includes('/')) {
      findings.errors.push(
        new InputError(
          'repository',
          `Input 'repository' must be owner/name with exactly one slash with via: report-status (QA Wolf refuses a repository with groups); for a GitLab project in a group, name its top-level owner and project, e.g. acme/shop.`
        )
      )
    }
    if (
      settings.hostingService === 'GitLab' &&
      settings.mergeRequestNumber !== undefined &&
      repository === undefined
    ) {
      findings.errors.push(
        new InputError(
          'repository',
          `Input 'repository' is required with 'merge-request-number' on via: report-status: QA Wolf refuses a merge request number without its repository (owner/name).`
        )
      )
    }
    return findings
  },

  request(settings, plan, ctx) {
    if (ctx.eventName === 'deployment_status' || ctx.eventName === 'deployment') {
      return notSendable(
        `the workflow runs on a ${ctx.eventName} event: QA Wolf's GitHub App already has that deployment, and a second report would evaluate its triggers twice. Leave this step out, or use via: deploy-success.`
      )
    }
    const id = providerDeploymentId(ctx, settings.label)
    if (id === undefined) {
      return notSendable(
        "GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT or GITHUB_JOB is not set, and the report is named by them (as QA Wolf's own client names it). They are set by the GitHub runner."
      )
    }
    const { facts } = plan
    if (facts.deploymentUrl === undefined) {
      return notSendable(
        "no deployment URL is known, and the report's deployTarget is what QA Wolf tests. Set the 'deployment-url' input."
      )
    }
    const lines = infoLines(plan.notes)
    const repository = facts.repository && `${facts.repository.owner}/${facts.repository.name}`
    const number =
      settings.hostingService === 'GitLab' ? settings.mergeRequestNumber : facts.pullRequestNumber
    if (number !== undefined && repository === undefined) {
      lines.push({
        kind: 'info',
        message: `The pull request number is not sent: QA Wolf takes one only with the repository, and none is known (set 'repository').`
      })
    }
    const environment = settings.environment ?? ''
    lines.push(...previewWarnings(settings, facts, environment))
    const report: DeploymentReport = withoutEmpty({
      workspaceId: settings.workspaceId ?? '',
      providerDeploymentId: id,
      status: 'success' as const,
      environment: withoutEmpty({ name: environment, ephemeral: settings.ephemeralEnvironment }),
      deployTarget: facts.deploymentUrl,
      environmentVariables: settings.variables,
      service: settings.service,
      metadata: withoutEmpty({
        commitSha: facts.sha,
        ref: facts.branch,
        repository,
        pullRequestNumber: repository === undefined ? undefined : number,
        commitUrl: facts.commitUrl
      })
    })
    return {
      kind: 'send',
      request: report,
      describe: `Reporting deployment ${id} to ${settings.baseUrl} (deployment.reportStatus): environment ${environment}, status success, target ${displayUrl(facts.deploymentUrl)}.`,
      lines
    }
  },

  async send(report, _settings, deps, onRetry) {
    let serverTime: string | undefined
    const response = await postWithRetries(
      signal =>
        deps.client.reportDeploymentStatus(report, signal, date => {
          serverTime = date
        }),
      { ...deps, onRetry }
    )
    const answer = readDeploymentReport(response)
    return serverTime === undefined ? { answer } : { answer, serverTime }
  },

  failure(error, _settings, deps) {
    return {
      reason: deps.signal.aborted
        ? 'the job was cancelled while the report was being sent. It may have reached the service: look in the QA service before reporting again.'
        : errorMessage(error)
    }
  },

  report(answer, settings) {
    const lines: LogLine[] = []
    if (answer.id === undefined) {
      lines.push({
        kind: 'warning',
        message:
          'The service took the report but its answer names no deployment ID (read under result.data.json or result.data); the deployment-id output is empty.',
        title: 'QA service answer partly unreadable'
      })
    }
    lines.push({
      kind: 'info',
      message: `The QA service recorded the deployment${answer.id === undefined ? '' : ` ${answer.id}`}${answer.url === undefined ? '' : ` (the environment's runs: ${displayUrl(answer.url)})`}; it evaluates its triggers on this first success report.`
    })
    return {
      outputs: {
        'deployment-id': value(answer.id),
        'deployment-url': value(answer.url),
        environment: value(settings.environment)
      },
      lines
    }
  },

  summary(input) {
    return currentPathSummary(input, answer => {
      const id = answer?.id === undefined ? '' : ` ${escapeText(answer.id)}`
      const page =
        answer?.url === undefined ? '' : ` (${link('the environment\u2019s runs', answer.url)})`
      return {
        route: 'QA Wolf\u2019s deployment.reportStatus',
        reported: `deployment${id}${page}, status success.`
      }
    })
  }
}

export interface DeploymentReportAnswer {
  id?: string
  /** The environment's runs page in QA Wolf (not a page of this deployment); only http(s). */
  url?: string
  status?: string
}

/**
 * The deployment under `result.data.json`, whether `json` is the deployment itself or
 * `{ deployment }` (no public source shows which), or under `result.data` without the `json`
 * layer, which the vendor's shipped reader also accepts. Nothing here decides: the 200 did.
 */
export function readDeploymentReport(response: DeploymentReportResponse): DeploymentReportAnswer {
  const result = response['result']
  const data = isRecord(result) ? result['data'] : undefined
  if (!isRecord(data)) return {}
  const json = isRecord(data['json']) ? data['json'] : data
  const deployment = isRecord(json['deployment']) ? json['deployment'] : json
  const id = idText(deployment['id'])
  const url = typeof deployment['url'] === 'string' ? deployment['url'] : undefined
  const status = idText(deployment['status'])
  return withoutEmpty({
    id,
    url: url !== undefined && isHttpUrl(url) ? url : undefined,
    status
  })
}
