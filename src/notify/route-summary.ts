// The job summary of a notify step on QA Wolf's current path (a GitHub deployment, or a
// reportStatus): what was reported, where to look, and that gating on this path is not built yet.
import { escapeText, link, type Markdown } from '../render/markdown.js'
import { limitSummary } from '../render/byte-budget.js'
import type { NotifyRoute } from '../inputs/settings.js'
import { notifyHeading, skippedSummary } from './summary.js'

export interface RouteSummaryInput {
  label: string
  via: Exclude<NotifyRoute, 'deploy-success'>
  environment: string
  deploymentUrl?: string
  /** What the service or GitHub gave back. */
  githubDeploymentId?: number
  deploymentId?: string
  deploymentPage?: string
  skippedReason?: string
  error?: string
}

const ROUTE_WORDS = {
  'github-deployment':
    'a GitHub deployment with a success status (QA Wolf\u2019s GitHub App reads it)',
  'report-status': 'QA Wolf\u2019s deployment.reportStatus'
} as const

export function renderRouteSummary(input: RouteSummaryInput): Markdown {
  const lines = [notifyHeading(input.label), '']
  if (input.skippedReason !== undefined) return skippedSummary(lines, input.skippedReason)
  lines.push(`**Route:** ${ROUTE_WORDS[input.via]}`, '')
  lines.push(`**Environment:** ${escapeText(input.environment)}`)
  if (input.deploymentUrl !== undefined) {
    lines.push('', `**Deployment URL:** ${link(input.deploymentUrl, input.deploymentUrl)}`)
  }
  if (input.error !== undefined) {
    lines.push('', `❌ **Not reported:** ${escapeText(input.error, 2000)}`)
    return limitSummary(`${lines.join('\n')}\n`)
  }
  if (input.githubDeploymentId !== undefined) {
    lines.push('', `✅ **Reported:** GitHub deployment ${input.githubDeploymentId}, state success.`)
  } else {
    const id = input.deploymentId === undefined ? '' : ` ${escapeText(input.deploymentId)}`
    const page =
      input.deploymentPage === undefined ? '' : ` (${link('its page', input.deploymentPage)})`
    lines.push('', `✅ **Reported:** deployment${id}${page}, status success.`)
  }
  lines.push(
    '',
    'QA Wolf evaluates its global triggers on this report; which runs it starts is not in the answer, and gating on this path is not built yet.'
  )
  return limitSummary(`${lines.join('\n')}\n`)
}
