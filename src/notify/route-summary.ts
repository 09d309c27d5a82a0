// The job summary of a route on QA Wolf's current path (a GitHub deployment, a reportStatus): what
// was reported, where to look, and how to gate on it. Each route gives its own words.
import { escapeText, limitSummary, link, type Markdown } from '../kernel/markdown.js'
import { notifyHeading, skippedSummary } from './summary.js'
import type { SummaryInput } from './route.js'

export interface ReportedWords {
  /** How the route told QA Wolf, e.g. "QA Wolf’s deployment.reportStatus". */
  route: Markdown
  /** What was reported, after "✅ **Reported:** ". */
  reported: Markdown
}

export function renderRouteSummary<Answer>(
  input: SummaryInput<Answer>,
  words: (answer: Answer | undefined) => ReportedWords
): Markdown {
  const lines = [notifyHeading(input.label), '']
  const { state } = input
  if (state.kind === 'skipped') return skippedSummary(lines, state.reason)
  const said = words(state.kind === 'reported' ? state.answer : undefined)
  lines.push(`**Route:** ${said.route}`, '')
  lines.push(`**Environment:** ${escapeText(input.environment ?? '')}`)
  if (input.deploymentUrl !== undefined) {
    // link() shows a URL without its user:password@, in the text and the target alike.
    lines.push('', `**Deployment URL:** ${link(input.deploymentUrl, input.deploymentUrl)}`)
  }
  if (state.kind === 'failed') {
    lines.push('', `❌ **Not reported:** ${escapeText(state.reason, 2000)}`)
    return limitSummary(`${lines.join('\n')}\n`)
  }
  lines.push('', `✅ **Reported:** ${said.reported}`)
  lines.push(
    '',
    'QA Wolf evaluates its triggers on this report; the answer names no run, so this step cannot say whether anything was tested. To gate on the result, use greenlight with `verdict-from: check` and `since` set to this step’s `reported-at` (QA Wolf’s check on the commit).'
  )
  return limitSummary(`${lines.join('\n')}\n`)
}
