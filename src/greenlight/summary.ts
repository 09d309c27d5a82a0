// The greenlight job summary: the verdict first, then the bugs a reader acts on and what is known
// about each run, then what to do next. Words about the verdict come from messages.ts.
import {
  details,
  escapeText,
  link,
  outsideMarkdown,
  safeHttpUrl,
  table,
  type Markdown
} from '../render/markdown.js'
import { limitSummary, SUMMARY_MAX_BYTES } from '../render/byte-budget.js'
import type { GreenlightResponse } from '../service/schemas.js'
import type { BugList, Verdict, VerdictEntry } from './verdict.js'
import { count, renderBugList } from './summary-bugs.js'
import {
  bugTitle,
  capitalized,
  commentProblemLine,
  entryCause,
  entryName,
  moreWords,
  renderBugRules,
  renderCheckNextStep,
  renderTimedOutAdvice,
  renderVerdictLead,
  restOf,
  stageWords,
  STATUS_EMOJI,
  type JudgedTarget
} from './messages.js'

/** Beyond this, a bug list points to the service instead: a longer list helps nobody. */
export const MAX_LISTED_BUGS = 100

/**
 * One plain-text title per blocking bug across all entries: the bug's name, else its URL. For
 * `::error` annotations, whose writer escapes them.
 */
export function bugAnnotationTitles(verdict: Verdict): string[] {
  return verdict.bugs.blocking.shown.map(({ bug, entryId }) => bugTitle(bug, entryId))
}

/** "… and 3 more blocking bugs: see them all in the QA service" (linked when the URL is one). */
function moreInService(noun: string, bugsUrl: string | undefined) {
  return (rest: number): Markdown =>
    `${moreWords(rest, noun)}: ${link('see them all in the QA service', bugsUrl)}`
}

function bugListMarkdown(list: BugList, noun: string, bugsUrl: string | undefined): Markdown {
  const shown = list.shown.slice(0, MAX_LISTED_BUGS)
  return renderBugList(shown, restOf(list.count, shown.length), moreInService(noun, bugsUrl))
}

function bugSection(
  title: string,
  list: BugList,
  noun: string,
  bugsUrl: string | undefined
): string[] {
  if (list.count.total === 0) return []
  return [`**${title} (${list.count.total}):**`, '', bugListMarkdown(list, noun, bugsUrl), '']
}

/** The bugs first (what a reader acts on), then the run's figures. */
function renderResponse(entry: VerdictEntry, response: GreenlightResponse): string[] {
  const { blocking, nonBlocking, other } = entry.bugs
  const bugsUrl = response.relevantRunWithBugsUrl
  const lines = [
    ...bugSection('Blocking bugs', blocking, 'blocking bug', bugsUrl),
    ...bugSection('Blocking bugs in workflows outside this run', other, 'blocking bug', bugsUrl)
  ]
  const rootRun = link(entry.id, entry.url)
  const supersededBy = entry.run?.supersededBy
  if (supersededBy !== undefined) {
    const relevantRun = link(supersededBy, response.relevantRunUrl)
    lines.push(
      `Run ${relevantRun} superseded root run ${rootRun}; the figures below are the superseding run's.`,
      ''
    )
  }
  const reportsBugs =
    response.runStage === 'completed' || blocking.count.total + nonBlocking.count.total > 0
  // One row, columns only for what this stage says: a count the stage does not report is left
  // out rather than shown as a made-up 0.
  const columns: [string, Markdown][] = [
    ['Run', link(entry.run?.relevantRunId ?? entry.id, response.relevantRunUrl)],
    ['Stage', escapeText(stageWords(String(response.runStage)))],
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
    columns.push(['Blocking bugs', String(blocking.count.total)])
    columns.push(['Non-blocking bugs', String(nonBlocking.count.total)])
  }
  lines.push(
    table(
      columns.map(([name]) => name),
      [columns.map(([, cell]) => cell)]
    ),
    ''
  )
  if (nonBlocking.shown.length > 0) {
    const list = bugListMarkdown(nonBlocking, 'non-blocking bug', bugsUrl)
    lines.push(details(`Non-blocking bugs (${nonBlocking.count.total})`, list), '')
  }
  if (blocking.count.total + nonBlocking.count.total + other.count.total > 0) {
    lines.push(`${link('Open the run filtered to bugs', bugsUrl)}`, '')
  }
  return lines
}

function renderEntry(
  entry: VerdictEntry,
  several: boolean,
  timedOutAfterMs: number | undefined
): string[] {
  const lines: string[] = []
  if (several) {
    const cause = escapeText(entryCause(entry, timedOutAfterMs), 1000)
    const name = escapeText(capitalized(entryName(entry)))
    lines.push(`### ${STATUS_EMOJI[entry.status]} ${name}: ${cause}`, '')
  }
  if (entry.source === 'check') return [...lines, ...renderCheck(entry)]
  const response = entry.run?.response
  if (response !== undefined) return [...lines, ...renderResponse(entry, response)]
  lines.push(
    `No valid answer was received for run ${escapeText(entry.id)}, so its stage and bug counts are unknown.`,
    ''
  )
  return lines
}

/**
 * A check run as GitHub reported it: QA Wolf's own findings first (its output's title and summary,
 * their http(s) links kept), then what to do when it is red, then the check and the app that
 * posted it (so that `check-app` can be pinned), its conclusion and its links.
 */
function renderCheck(entry: VerdictEntry): string[] {
  const check = entry.check
  if (check === undefined) return []
  const lines: string[] = []
  if (check.title !== undefined) lines.push(`**${escapeText(check.title, 300)}**`, '')
  if (check.summary !== undefined) lines.push(outsideMarkdown(check.summary), '')
  lines.push(...renderCheckNextStep(entry))
  const app =
    check.appName === undefined
      ? `\`${escapeText(check.app)}\``
      : `${escapeText(check.appName)} (\`${escapeText(check.app)}\`)`
  const state =
    check.conclusion === undefined
      ? escapeText(check.checkStatus.replace(/_/g, ' '))
      : `concluded \`${escapeText(check.conclusion)}\``
  // A link that is not http(s) is left out, not shown as a label that leads nowhere.
  const linked = (text: string, url: string | undefined): string =>
    url !== undefined && safeHttpUrl(url) !== undefined ? link(text, url) : ''
  const links = [
    linked('Details in QA Wolf', check.detailsUrl),
    linked('Check run on GitHub', entry.url)
  ].filter(text => text !== '')
  lines.push(
    `${escapeText(check.name)} by ${app}: ${state}${check.fromEvent ? " (the check_run event's check run)" : ''}.` +
      (links.length > 0 ? ` ${links.join(' · ')}` : ''),
    ''
  )
  return lines
}

/** What the summary says besides the verdict: what was judged, and a comment that failed. */
export interface SummaryExtras {
  target?: JudgedTarget
  /** Why the pull request comment could not be written, when it could not. */
  commentProblem?: string
}

/** The job summary of a greenlight step, within GitHub's size limit. */
export function renderGreenlightSummary(
  verdict: Verdict,
  label: string,
  extras: SummaryExtras = {}
): Markdown {
  const several = verdict.entries.length > 1
  const lines = [...renderVerdictLead(verdict, label, extras.target), '']
  if (extras.commentProblem !== undefined) {
    lines.push(commentProblemLine(extras.commentProblem), '')
  }
  lines.push(...renderTimedOutAdvice(verdict))
  const rules = renderBugRules(verdict)
  let chars = rules.reduce((sum, line) => sum + line.length + 1, 0)
  const sections: string[] = []
  for (const entry of verdict.entries) {
    // Entries past the size limit are cut by limitSummary anyway (a character is at least a
    // byte); rendering 1,000 of them first would cost time and memory for nothing.
    if (chars > SUMMARY_MAX_BYTES) break
    const section = renderEntry(entry, several, verdict.timedOutAfterMs)
    chars += section.reduce((sum, line) => sum + line.length + 1, 0)
    sections.push(...section)
  }
  lines.push(...sections, ...rules)
  return limitSummary(
    `${lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd()}\n`
  )
}
