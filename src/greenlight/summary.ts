// The greenlight job summary: the verdict first, then what is known about each run and its bugs.
import {
  bulletList,
  details,
  escapeText,
  link,
  plainText,
  plural,
  table,
  type Markdown
} from '../render/markdown.js'
import { limitSummary } from '../render/byte-budget.js'
import { formatDuration } from '../core/durations.js'
import type { GreenlightVerdict, RunOutcome, RunStatus } from './run-outcome.js'
import type { GreenlightResponse, RunStage } from '../service/schemas.js'
import { classifyBugs, readBugs, type BugView } from './bugs.js'
import { bugCounts, isGreenVerdict } from './verdict.js'

export interface GreenlightSummaryInput {
  label: string
  verdict: GreenlightVerdict
  /** The timeout that passed, for the `timed-out` wording. */
  timedOutAfterMs?: number
  /** The job was cancelled while waiting: the summary shows what was known at that moment. */
  interrupted?: boolean
}

/**
 * What "timed out" means for the verdict: after the configured timeout, or 0 when the step asked
 * once without waiting; undefined unless the verdict is `timed-out`.
 */
export function timedOutAfterMs(
  settings: { wait: boolean; timeoutMs: number },
  verdict: Pick<GreenlightVerdict, 'status'>
): number | undefined {
  if (verdict.status !== 'timed-out') return undefined
  return settings.wait ? settings.timeoutMs : 0
}

/** Beyond this, a bug list points to the service instead: a longer list helps nobody. */
export const MAX_LISTED_BUGS = 100

const STATUS_EMOJI: Readonly<Record<RunStatus, string>> = {
  passed: '✅',
  failed: '❌',
  canceled: '❌',
  'timed-out': '⏱️',
  interrupted: '⚠️',
  error: '⛔'
}

const STAGE_WORDS: Readonly<Record<RunStage, string>> = {
  initializing: 'initializing',
  underReview: 'under review',
  completed: 'completed',
  canceled: 'canceled'
}

/** Every blocking bug across all runs, a bug that blocks several runs once, with its first run. */
export function blockingBugsAcrossRuns(
  verdict: GreenlightVerdict
): { bug: BugView; run: GreenlightVerdict['runs'][number] }[] {
  const found: { bug: BugView; run: GreenlightVerdict['runs'][number] }[] = []
  const seen = new Set<string>()
  for (const run of verdict.runs) {
    if (run.lastResponse === undefined) continue
    for (const bug of classifyBugs(run.lastResponse).blocking) {
      const key = bug.url ?? bug.name
      if (key !== undefined) {
        if (seen.has(key)) continue
        seen.add(key)
      }
      found.push({ bug, run })
    }
  }
  return found
}

/**
 * One plain-text title per blocking bug across all runs: the bug's name, else its URL. For
 * `::error` annotations, whose writer escapes them.
 */
export function bugAnnotationTitles(verdict: GreenlightVerdict): string[] {
  return blockingBugsAcrossRuns(verdict).map(({ bug, run }) => {
    const title = plainText(bug.name ?? bug.url ?? '')
    return title === '' ? `Unnamed blocking bug in run ${plainText(run.rootRunId)}` : title
  })
}

/** Why a run has its status, in plain text. */
function runCause(run: RunOutcome, timedOutAfterMs: number | undefined): string {
  const stage = run.lastResponse === undefined ? undefined : STAGE_WORDS[run.lastResponse.runStage]
  switch (run.status) {
    case 'passed':
      return 'completed with no blocking bugs'
    case 'failed': {
      const blocking = bugCounts(run.lastResponse).blocking
      if (blocking > 0) return plural(blocking, 'blocking bug')
      return run.reason ?? 'the service did not give the greenlight'
    }
    case 'canceled':
      return run.reason ?? 'the run was canceled'
    case 'timed-out': {
      const waited =
        timedOutAfterMs === undefined || !Number.isFinite(timedOutAfterMs) || timedOutAfterMs < 0
          ? 'timed out'
          : timedOutAfterMs === 0
            ? 'not finished when queried once without waiting'
            : `timed out after ${formatDuration(timedOutAfterMs)}`
      return stage === undefined ? waited : `${waited}; the run was ${stage}`
    }
    case 'interrupted':
      return 'interrupted: the job was cancelled while waiting'
    case 'error':
      return `error: ${run.reason ?? 'the verdict could not be obtained'}`
  }
}

/** The verdict heading and its explanation, as lines; shared with the PR comment. */
export function renderVerdict(input: GreenlightSummaryInput): string[] {
  const { verdict, timedOutAfterMs } = input
  const green = isGreenVerdict(verdict)
  const label = escapeText(input.label)
  const title = label === '' ? 'QA greenlight' : `QA greenlight — ${label}`
  const lines = [
    `## ${green ? '✅' : verdict.status === 'passed' ? '❌' : STATUS_EMOJI[verdict.status]} ${title}: ${green ? 'green' : 'not green'}`,
    ''
  ]
  const [only, ...others] = verdict.runs
  if (only === undefined) {
    lines.push('**Not green:** no run was checked.')
  } else if (others.length === 0) {
    const cause = escapeText(runCause(only, timedOutAfterMs), 1000)
    lines.push(
      // A cause may be a message that ends its own sentence ("… check the base-url input.").
      `**${green ? 'Green' : 'Not green'}** (run ${escapeText(only.rootRunId)}): ${cause}${/[.!?]$/.test(cause) ? '' : '.'}`
    )
  } else {
    const notGreen = verdict.runs.filter(run => run.status !== 'passed').length
    lines.push(
      green
        ? `**Green:** all ${verdict.runs.length} runs completed with no blocking bugs.`
        : `**Not green:** ${notGreen} of ${verdict.runs.length} runs not green.`,
      '',
      bulletList(
        verdict.runs.map(
          run =>
            `${STATUS_EMOJI[run.status]} Run ${escapeText(run.rootRunId)}: ${escapeText(runCause(run, timedOutAfterMs), 1000)}`
        )
      )
    )
  }
  if (input.interrupted === true) {
    lines.push(
      '',
      '⚠️ The job was cancelled while waiting; this summary shows what was known then.'
    )
  }
  if (!green && verdict.runs.some(run => bugCounts(run.lastResponse).blocking > 0)) {
    lines.push(
      '',
      'A bug blocks while its priority is urgent, high or not set. If a bug should not block, lower its priority in the QA service; then re-run this step to check again.'
    )
  }
  return lines
}

/** A count as a table cell: a dash when the stage does not report it, never a made-up 0. */
export function count(value: number | undefined): Markdown {
  return value === undefined ? '—' : String(value)
}

/** One bug as a list item: linked name, number, priority, new/known, tracker issue. */
export function renderBug(bug: BugView): Markdown {
  const title = link(bug.name ?? bug.url ?? 'Unnamed bug', bug.url)
  const facts = [
    bug.number === undefined ? undefined : `bug ${bug.number}`,
    bug.priority === undefined
      ? undefined
      : bug.priority === null
        ? 'priority not set'
        : `priority ${bug.priority}`,
    bug.isNew === undefined ? undefined : bug.isNew ? 'new' : 'known'
  ].filter(fact => fact !== undefined)
  const described = facts.length === 0 ? title : `${title} — ${escapeText(facts.join(', '))}`
  return `${described}${renderTrackerIssue(bug.externalIssue)}`
}

/** The linked tracker issue, e.g. " — Jira PROJ-12" linking to the ticket. */
function renderTrackerIssue(issue: BugView['externalIssue']): Markdown {
  if (issue === undefined) return ''
  const name = [issue.platform, issue.id].filter(Boolean).join(' ') || 'tracker issue'
  return ` — ${link(name, issue.url)}`
}

function renderBugList(bugs: readonly BugView[], bugsUrl: string, noun: string): Markdown {
  const items = bugs.slice(0, MAX_LISTED_BUGS).map(renderBug)
  const rest = bugs.length - MAX_LISTED_BUGS
  if (rest > 0)
    items.push(
      `… and ${plural(rest, `more ${noun}`)}: ${link('see them all in the QA service', bugsUrl)}`
    )
  return bulletList(items)
}

/** The bugs first (what a reader acts on), then the run's figures. */
function renderResponse(run: RunOutcome, response: GreenlightResponse): string[] {
  const lines: string[] = []
  const { blocking, nonBlocking } = classifyBugs(response)
  const bugsUrl = response.relevantRunWithBugsUrl
  if (blocking.length > 0) {
    lines.push(
      `**Blocking bugs (${blocking.length}):**`,
      '',
      renderBugList(blocking, bugsUrl, 'blocking bug'),
      ''
    )
  }
  const others = readBugs(response.otherBlockingBugsInEnvironment)
  if (others.length > 0) {
    lines.push(
      `**Blocking bugs in workflows outside this run (${others.length}):**`,
      '',
      renderBugList(others, bugsUrl, 'blocking bug'),
      ''
    )
  }

  // Later queries ask for the superseding run, so the last response may no longer name the root.
  const rootRunUrl =
    run.rootRunUrl ?? (response.rootRunId === run.rootRunId ? response.rootRunUrl : undefined)
  const rootRun = link(run.rootRunId, rootRunUrl)
  const superseded = response.relevantRunId !== run.rootRunId
  if (superseded) {
    const relevantRun = link(response.relevantRunId, response.relevantRunUrl)
    lines.push(
      `Run ${relevantRun} superseded root run ${rootRun}; the figures below are the superseding run's.`,
      ''
    )
  }
  const counts = bugCounts(response)
  const reportsBugs = response.runStage === 'completed' || counts.blocking + counts.nonBlocking > 0
  // One row, columns only for what this stage says: a count the stage does not report is left
  // out rather than shown as a made-up 0.
  const columns: [string, Markdown][] = [
    ['Run', link(response.relevantRunId, response.relevantRunUrl)],
    ['Stage', escapeText(STAGE_WORDS[response.runStage] ?? String(response.runStage))],
    ['Workflows', count(response.workflowsInRunCount)],
    ['Under investigation', count(response.workflowsUnderInvestigationCount)]
  ]
  if (response.workflowsAutoRetryingCount !== undefined) {
    columns.push(['Auto-retrying', count(response.workflowsAutoRetryingCount)])
  }
  if (response.workflowsDisabledAfterRunCount > 0) {
    columns.push(['Disabled after run', count(response.workflowsDisabledAfterRunCount)])
  }
  if (reportsBugs) {
    columns.push(['Blocking bugs', String(counts.blocking)])
    columns.push(['Non-blocking bugs', String(counts.nonBlocking)])
  }
  lines.push(
    table(
      columns.map(([name]) => name),
      [columns.map(([, cell]) => cell)]
    ),
    ''
  )

  if (nonBlocking.length > 0) {
    const list = renderBugList(nonBlocking, bugsUrl, 'non-blocking bug')
    lines.push(details(`Non-blocking bugs (${nonBlocking.length})`, list), '')
  }
  if (blocking.length + nonBlocking.length + others.length > 0) {
    lines.push(`${link('Open the run filtered to bugs', bugsUrl)}`, '')
  }
  return lines
}

function renderRun(
  run: RunOutcome,
  several: boolean,
  timedOutAfterMs: number | undefined
): string[] {
  const lines: string[] = []
  if (several) {
    const cause = escapeText(runCause(run, timedOutAfterMs), 1000)
    lines.push(`### ${STATUS_EMOJI[run.status]} Run ${escapeText(run.rootRunId)}: ${cause}`, '')
  }
  if (run.lastResponse !== undefined) return [...lines, ...renderResponse(run, run.lastResponse)]
  lines.push(
    `No valid answer was received for run ${escapeText(run.rootRunId)}, so its stage and bug counts are unknown.`,
    ''
  )
  return lines
}

/** The job summary of a greenlight step, within GitHub's size limit. */
export function renderGreenlightSummary(input: GreenlightSummaryInput): Markdown {
  const several = input.verdict.runs.length > 1
  const lines = [...renderVerdict(input), '']
  for (const run of input.verdict.runs)
    lines.push(...renderRun(run, several, input.timedOutAfterMs))
  return limitSummary(
    `${lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd()}\n`
  )
}
