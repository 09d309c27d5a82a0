// The verdict as people read it, built once for the job summary and the pull request comment: the
// heading, one line of why, a line per run when there are several, and what to do next.
import { bulletList, escapeText } from '../render/markdown.js'
import type { RunStatus } from './run-outcome.js'
import { runCause, type JudgedRun, type JudgedVerdict } from './verdict.js'

export const STATUS_EMOJI: Readonly<Record<RunStatus, string>> = {
  passed: '✅',
  failed: '❌',
  canceled: '❌',
  superseded: '❌',
  'timed-out': '⏱️',
  interrupted: '⚠️',
  error: '⛔'
}

/** Statuses that are no verdict at all: the step could not learn whether the runs are green. */
const NO_VERDICT: ReadonlySet<RunStatus> = new Set(['timed-out', 'interrupted', 'error'])

/** What the heading says after "QA greenlight:". A red verdict and no verdict never read alike. */
function headingWords(verdict: JudgedVerdict): string {
  if (verdict.green) return 'green'
  switch (verdict.status) {
    case 'timed-out':
      return 'timed out, no verdict'
    case 'interrupted':
      return 'interrupted, no verdict'
    case 'error':
      return 'error, no verdict'
    default:
      return 'not green'
  }
}

const INTERRUPTED_NOTES = {
  waiting: '⚠️ The job was cancelled while waiting; this summary shows what was known then.',
  reporting:
    '⚠️ The job was cancelled while the verdict was being reported, so the step ends interrupted and is not reported as green, whatever the service answered. Below is what was known then.'
} as const

/** The verdict heading and its explanation, as lines. */
export function renderVerdict(verdict: JudgedVerdict, label: string): string[] {
  const shownLabel = escapeText(label)
  const title = shownLabel === '' ? 'QA greenlight' : `QA greenlight — ${shownLabel}`
  const emoji = verdict.green
    ? '✅'
    : verdict.status === 'passed'
      ? '❌'
      : STATUS_EMOJI[verdict.status]
  const lead = verdict.green ? 'Green' : NO_VERDICT.has(verdict.status) ? 'No verdict' : 'Not green'
  const lines = [`## ${emoji} ${title}: ${headingWords(verdict)}`, '']
  const [only, ...others] = verdict.runs
  const cause = (run: JudgedRun): string => escapeText(runCause(run, verdict.timedOutAfterMs), 1000)
  if (only === undefined) {
    lines.push(`**${lead}:** no run was checked.`)
  } else if (others.length === 0) {
    const why =
      verdict.interrupted === 'reporting'
        ? 'the job was cancelled while the verdict was being reported'
        : cause(only)
    // A cause may be a message that ends its own sentence ("… check the base-url input.").
    lines.push(
      `**${lead}** (run ${escapeText(only.rootRunId)}): ${why}${/[.!?]$/.test(why) ? '' : '.'}`
    )
  } else {
    const runs = verdict.runs.length
    const notGreen = verdict.runs.filter(run => run.status !== 'passed').length
    const withoutVerdict = verdict.runs.filter(run => NO_VERDICT.has(run.status)).length
    lines.push(
      verdict.green
        ? `**Green:** all ${runs} runs completed with no blocking bugs.`
        : verdict.interrupted === 'reporting'
          ? `**No verdict:** the job was cancelled while the verdict of ${runs} runs was being reported.`
          : lead === 'No verdict'
            ? `**No verdict:** ${withoutVerdict} of ${runs} runs without a verdict, ${notGreen} not green.`
            : `**Not green:** ${notGreen} of ${runs} runs not green.`,
      '',
      bulletList(
        verdict.runs.map(
          run => `${STATUS_EMOJI[run.status]} Run ${escapeText(run.rootRunId)}: ${cause(run)}`
        )
      )
    )
  }
  if (verdict.interrupted !== undefined) lines.push('', INTERRUPTED_NOTES[verdict.interrupted])
  if (!verdict.green && verdict.runs.some(run => run.counts.blocking > 0)) {
    lines.push(
      '',
      "Which bugs block is the QA service's classification first (a bug's `isBlocking`); a bug it has not classified blocks while its priority is urgent, high, not set or unknown. Blocking bugs are triaged in the QA service; re-run this step once they are resolved."
    )
  }
  return lines
}
