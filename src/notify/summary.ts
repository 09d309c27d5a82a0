// The notify job summary: what each matched trigger did and whether a run came out of it.
import {
  escapeMultilineText,
  escapeText,
  limitSummary,
  link,
  SUMMARY_MAX_BYTES,
  table,
  type Markdown
} from '../kernel/markdown.js'
import { describeEnvironment, type NotifyReport, type TriggerOutcomeKind } from './results.js'

export interface NotifySummaryInput {
  label: string
  baseUrl: string
  report: NotifyReport
  /** Set when nothing was sent (a non-success `deployment_status`): why. */
  skippedReason?: string
  /** Set when the notification failed (HTTP error, unreadable response): the message. */
  error?: string
}

/** Run IDs named in the "run produced" line; the table lists them all. */
const MAX_NAMED_RUNS = 20

const OUTCOME_WORDS: Readonly<Record<TriggerOutcomeKind, string>> = {
  created: '✅ created',
  duplicate: '🔁 duplicate (a run for this SHA already exists)',
  skipped: '⏭️ skipped',
  failed: '❌ failed'
}

function producedLine(report: NotifyReport): Markdown {
  if (report.skippedDeployment !== undefined) {
    const { reason, message } = report.skippedDeployment
    const said = message === undefined ? '' : `: ${escapeText(message, 1000)}`
    return `⏭️ **Run produced:** no — the QA service skipped this deployment (${escapeText(reason)})${said}.`
  }
  if (report.producedRun) {
    const named = report.runIds.slice(0, MAX_NAMED_RUNS).map(id => escapeText(id))
    const rest = report.runIds.length - named.length
    const list = named.join(', ') + (rest > 0 ? ` and ${rest} more` : '')
    const runs = report.runIds.length === 1 ? 'run' : 'runs'
    return `✅ **Run produced:** yes — ${report.runIds.length} ${runs}: ${list}.`
  }
  if (report.previewWithoutRun) {
    // Not a pass: nothing was tested, and a ✅ here would read as one (a PR check going green).
    return '⚠️ **Run produced:** none — the preview environment is ready, but no trigger started a run: **nothing was tested**. To gate the pull request anyway, use greenlight with `verdict-from: check`, or add a trigger for previews.'
  }
  if (report.outcomes.length === 0) {
    return (
      '❌ **Run produced:** no — no trigger in the QA service matched this notification. ' +
      'Check that a trigger is configured for this branch, environment and deployment type.'
    )
  }
  return '❌ **Run produced:** no — no matched trigger created a run; the reasons are below.'
}

/** The heading of a notify step's summary, whichever route it took. */
export function notifyHeading(label: string): Markdown {
  const shown = escapeText(label)
  return shown === '' ? '## QA notify' : `## QA notify — ${shown}`
}

/** The summary of a notify step that sent nothing, whichever route it was to take. */
export function skippedSummary(lines: Markdown[], reason: string): Markdown {
  const why = escapeText(reason, 1000)
  lines.push(`⏭️ **Nothing was sent**${why === '' ? '.' : `: ${why}`}`)
  return limitSummary(`${lines.join('\n')}\n`)
}

/** The job summary of a notify step, within GitHub's size limit. */
export function renderNotifySummary(input: NotifySummaryInput): Markdown {
  const lines = [notifyHeading(input.label), '']
  if (input.skippedReason !== undefined) return skippedSummary(lines, input.skippedReason)

  const { report } = input
  if (input.error !== undefined) {
    const message = escapeMultilineText(input.error)
    lines.push(
      `⛔ **The notification failed:** ${message === '' ? 'no details were given.' : message}`,
      ''
    )
  }
  if (input.error === undefined || report.outcomes.length > 0) lines.push(producedLine(report), '')
  if (report.warning !== undefined) lines.push(`⚠️ ${escapeText(report.warning, 1000)}`, '')
  const environment = report.environment && describeEnvironment(report.environment)
  const deployment = [
    environment === undefined ? undefined : escapeText(environment),
    report.deploymentId === undefined ? undefined : `deployment ${escapeText(report.deploymentId)}`
  ].filter(part => part !== undefined)
  lines.push(
    `Service: ${link(input.baseUrl, input.baseUrl)}${deployment.length > 0 ? ` · ${deployment.join(' · ')}` : ''}`,
    ''
  )

  if (report.outcomes.length > 0) {
    // The live service names no trigger: a column of dashes would say nothing.
    const named = report.outcomes.some(outcome => outcome.triggerId !== undefined)
    const rows: Markdown[][] = []
    let chars = 0
    for (const outcome of report.outcomes) {
      // Rows past the size limit are cut by limitSummary anyway (a character is at least a byte);
      // escaping 20,000 of them first would cost seconds.
      if (chars > SUMMARY_MAX_BYTES) break
      const row = [
        ...(named ? [outcome.triggerId === undefined ? '—' : escapeText(outcome.triggerId)] : []),
        OUTCOME_WORDS[outcome.kind],
        outcome.runId === undefined ? '—' : escapeText(outcome.runId),
        outcome.message === undefined
          ? '—'
          : escapeText(
              outcome.code === undefined ? outcome.message : `${outcome.message} (${outcome.code})`,
              1000
            )
      ]
      chars += row.reduce((sum, cell) => sum + cell.length, 0)
      rows.push(row)
    }
    const headings = ['Outcome', 'Run ID', 'Why']
    lines.push(table(named ? ['Trigger', ...headings] : headings, rows), '')
  }
  return limitSummary(`${lines.join('\n').trimEnd()}\n`)
}
