// The greenlight job summary: the verdict first, then what is known about each run and its bugs.
import { details, escapeText, link, table, type Markdown } from '../render/markdown.js'
import { plainText } from '../core/text.js'
import { limitSummary, SUMMARY_MAX_BYTES } from '../render/byte-budget.js'
import type { CompactResponse } from './compact-response.js'
import {
  bugsAcrossRuns,
  runCause,
  STAGE_WORDS,
  type JudgedRun,
  type JudgedVerdict,
  type ListedBugs
} from './verdict.js'
import { count, moreInService, renderBugList } from './summary-bugs.js'
import { renderVerdict, STATUS_EMOJI } from './summary-verdict.js'

/** Beyond this, a bug list points to the service instead: a longer list helps nobody. */
export const MAX_LISTED_BUGS = 100

/**
 * One plain-text title per blocking bug across all runs: the bug's name, else its URL. For
 * `::error` annotations, whose writer escapes them.
 */
export function bugAnnotationTitles(verdict: JudgedVerdict): string[] {
  return bugsAcrossRuns(verdict, run => run.bugs.blocking).bugs.map(({ bug, run }) => {
    const title = plainText(bug.name ?? bug.url ?? '')
    return title === '' ? `Unnamed blocking bug in run ${plainText(run.rootRunId)}` : title
  })
}

function bugSection(
  title: string,
  listed: ListedBugs,
  noun: string,
  bugsUrl: string | undefined
): string[] {
  if (listed.total === 0 && listed.shown.length === 0) return []
  const list = renderBugList(
    listed.shown,
    listed.total,
    MAX_LISTED_BUGS,
    moreInService(noun, bugsUrl)
  )
  return [`**${title} (${Math.max(listed.total, listed.shown.length)}):**`, '', list, '']
}

/** The bugs first (what a reader acts on), then the run's figures. */
function renderResponse(run: JudgedRun, response: CompactResponse): string[] {
  const { blocking, nonBlocking, other } = run.bugs
  const bugsUrl = response.relevantRunWithBugsUrl
  const lines = [
    ...bugSection('Blocking bugs', blocking, 'blocking bug', bugsUrl),
    ...bugSection('Blocking bugs in workflows outside this run', other, 'blocking bug', bugsUrl)
  ]
  const rootRun = link(run.rootRunId, run.rootRunUrl)
  if (run.supersededBy !== undefined) {
    const relevantRun = link(run.supersededBy, response.relevantRunUrl)
    lines.push(
      `Run ${relevantRun} superseded root run ${rootRun}; the figures below are the superseding run's.`,
      ''
    )
  }
  const { counts } = run
  const reportsBugs = response.runStage === 'completed' || counts.blocking + counts.nonBlocking > 0
  // One row, columns only for what this stage says: a count the stage does not report is left
  // out rather than shown as a made-up 0.
  const columns: [string, Markdown][] = [
    ['Run', link(run.relevantRunId ?? run.rootRunId, response.relevantRunUrl)],
    ['Stage', escapeText(STAGE_WORDS[response.runStage] ?? String(response.runStage))],
    ['Workflows', count(response.workflowsInRunCount)],
    ['Under investigation', count(response.workflowsUnderInvestigationCount)]
  ]
  if (response.workflowsAutoRetryingCount !== undefined) {
    columns.push(['Auto-retrying', count(response.workflowsAutoRetryingCount)])
  }
  if ((response.workflowsDisabledAfterRunCount ?? 0) > 0) {
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
  if (nonBlocking.shown.length > 0) {
    const list = renderBugList(
      nonBlocking.shown,
      nonBlocking.total,
      MAX_LISTED_BUGS,
      moreInService('non-blocking bug', bugsUrl)
    )
    lines.push(details(`Non-blocking bugs (${nonBlocking.total})`, list), '')
  }
  if (blocking.total + nonBlocking.total + other.total > 0) {
    lines.push(`${link('Open the run filtered to bugs', bugsUrl)}`, '')
  }
  return lines
}

function renderRun(
  run: JudgedRun,
  several: boolean,
  timedOutAfterMs: number | undefined
): string[] {
  const lines: string[] = []
  if (several) {
    const cause = escapeText(runCause(run, timedOutAfterMs), 1000)
    lines.push(`### ${STATUS_EMOJI[run.status]} Run ${escapeText(run.rootRunId)}: ${cause}`, '')
  }
  if (run.response !== undefined) return [...lines, ...renderResponse(run, run.response)]
  lines.push(
    `No valid answer was received for run ${escapeText(run.rootRunId)}, so its stage and bug counts are unknown.`,
    ''
  )
  return lines
}

/** The job summary of a greenlight step, within GitHub's size limit. */
export function renderGreenlightSummary(verdict: JudgedVerdict, label: string): Markdown {
  const several = verdict.runs.length > 1
  const lines = [...renderVerdict(verdict, label), '']
  let chars = 0
  for (const run of verdict.runs) {
    // Runs past the size limit are cut by limitSummary anyway (a character is at least a byte);
    // rendering 1,000 of them first would cost time and memory for nothing.
    if (chars > SUMMARY_MAX_BYTES) break
    const section = renderRun(run, several, verdict.timedOutAfterMs)
    chars += section.reduce((sum, line) => sum + line.length + 1, 0)
    lines.push(...section)
  }
  return limitSummary(
    `${lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd()}\n`
  )
}
