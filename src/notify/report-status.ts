// `via: report-status`: QA Wolf's public `deployment.reportStatus`, as the vendor's client sends
// it from GitHub Actions, and its reply read tolerantly. Pure.
import type { GitHubContext } from '../github/event-context.js'
import type { NotifySettings } from '../inputs/settings.js'
import type { DeploymentReport, DeploymentReportResponse } from '../service/schemas.js'
import type { DeploymentFacts } from './payload.js'
import { withoutEmpty } from './payload.js'
import { isRecord } from '../core/is-record.js'
import { idText } from '../core/text.js'
import { isHttpUrl } from '../core/urls.js'

export type DeploymentReportPlan =
  { kind: 'send'; report: DeploymentReport } | { kind: 'fail'; reason: string }

export function planDeploymentReport(
  settings: NotifySettings,
  facts: DeploymentFacts,
  ctx: GitHubContext
): DeploymentReportPlan {
  const id = providerDeploymentId(ctx, settings.label)
  if (id === undefined) {
    return {
      kind: 'fail',
      reason:
        "GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT or GITHUB_JOB is not set, and the report is named by them (as QA Wolf's own client names it). They are set by the GitHub runner."
    }
  }
  if (facts.deploymentUrl === undefined) {
    return {
      kind: 'fail',
      reason:
        "no deployment URL is known, and the report's deployTarget is what QA Wolf tests. Set the 'deployment-url' input."
    }
  }
  const repository = facts.repository && `${facts.repository.owner}/${facts.repository.name}`
  const report: DeploymentReport = withoutEmpty({
    workspaceId: settings.workspaceId ?? '',
    providerDeploymentId: id,
    status: 'success' as const,
    environment: withoutEmpty({
      name: settings.environment ?? '',
      ephemeral: settings.ephemeralEnvironment
    }),
    deployTarget: facts.deploymentUrl,
    environmentVariables: settings.variables,
    metadata: withoutEmpty({
      commitSha: facts.sha,
      ref: facts.branch,
      repository,
      pullRequestNumber: facts.pullRequestNumber,
      commitUrl: facts.commitUrl
    })
  })
  return { kind: 'send', report }
}

/**
 * `GITHUB_RUN_ID-GITHUB_RUN_ATTEMPT-GITHUB_JOB`, as QA Wolf's client composes it, plus
 * `:<label>` so that the legs of a matrix (one job definition) report different deployments.
 */
export function providerDeploymentId(ctx: GitHubContext, label: string): string | undefined {
  const { runId, runAttempt, job } = ctx
  if (!runId || !runAttempt || !job) return undefined
  const id = `${runId}-${runAttempt}-${job}`
  return label === '' ? id : `${id}:${label}`
}

export interface DeploymentReportAnswer {
  id?: string
  /** The deployment's page in the QA service; only an http(s) URL. */
  url?: string
  status?: string
}

/**
 * The deployment under `result.data.json`, whether `json` is the deployment itself or
 * `{ deployment }` (no public source shows which). Nothing here decides: the 200 did.
 */
export function readDeploymentReport(response: DeploymentReportResponse): DeploymentReportAnswer {
  const result = response['result']
  const data = isRecord(result) ? result['data'] : undefined
  const json = isRecord(data) ? data['json'] : undefined
  if (!isRecord(json)) return {}
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
