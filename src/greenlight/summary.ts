// The greenlight job summary, in Markdown, in the order a reader sees it: the verdict's lead (its
// heading and cause, which the pull request comment shares), a comment that could not be written,
// what to do after a timeout, each entry (its bugs, its figures, a check run's findings and what to
// do when it is red), then how bugs are classified; and the bug list both surfaces show. The words
// an entry and a status have everywhere (headings, causes, names, "… and N more") are messages.ts's;
// the sentences only the Markdown surfaces say (the lead's tally, what to do next) are here. It
// decides nothing: everything shown comes from the Verdict.
import { formatDuration } from '../core/durations.js'
import { quote } from '../core/text.js'
import {
  bulletList,
  details,
  escapeText,
  link,
  outsideMarkdown,
  safeHttpUrl,
  table,
  type Markdown
} from '../render/markdown.js'
import { limitSummary, SUMMARY_MAX_BYTES } from '../render/byte-budget.js'
import type { GreenlightResponse } from '../kernel/service.js'
import type { BugView } from './bugs.js'
import type { RunStatus } from '../gate/facts.js'
import type { BugList, Verdict, VerdictEntry } from '../gate/verdict.js'
import {
  capitalized,
  CLASS_LEAD,
  entryCause,
  entryName,
  headingWords,
  moreWords,
  restOf,
  stageWords,
  STATUS_EMOJI,
  verdictEmoji
} from './messages.js'

/** Beyond this, a bug list points to the service instead: a longer list helps nobody. */
export const MAX_LISTED_BUGS = 100

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

/** What was judged, when the step knows it: the commit and the deployment. */
export interface JudgedTarget {
  sha?: string
  commitUrl?: string
  deploymentUrl?: string
}

/** The verdict heading and its explanation, as Markdown lines: the summary's and the comment's. */
export function renderVerdictLead(
  verdict: Verdict,
  label: string,
  target: JudgedTarget = {}
): string[] {
  const shownLabel = escapeText(label)
  const title = shownLabel === '' ? 'QA greenlight' : `QA greenlight — ${shownLabel}`
  const lead = CLASS_LEAD[verdict.class]
  const lines = [`## ${verdictEmoji(verdict)} ${title}: ${headingWords(verdict)}`, '']
  const [only, ...others] = verdict.entries
  const cause = (entry: VerdictEntry): string =>
    escapeText(entryCause(entry, verdict.timedOutAfterMs), 1000)
  if (only === undefined) {
    lines.push(`**${lead}:** no run was checked.`)
  } else if (others.length === 0) {
    const why =
      verdict.interrupted === 'reporting'
        ? 'the job was cancelled while the verdict was being reported'
        : cause(only)
    // A cause may be a message that ends its own sentence ("… check the base-url input.").
    lines.push(
      `**${lead}** (${escapeText(entryName(only))}): ${why}${/[.!?]$/.test(why) ? '' : '.'}`
    )
  } else {
    const entries = verdict.entries.length
    const noun = verdict.entries.every(entry => entry.source === 'check') ? 'check runs' : 'runs'
    const notGreen = verdict.entries.filter(entry => entry.class !== 'green').length
    const withoutVerdict = verdict.entries.filter(entry => entry.class === 'no-verdict').length
    lines.push(
      verdict.class === 'green'
        ? noun === 'runs'
          ? `**Green:** all ${entries} runs completed with no blocking bugs.`
          : `**Green:** all ${entries} check runs concluded success.`
        : verdict.interrupted === 'reporting'
          ? `**No verdict:** the job was cancelled while the verdict of ${entries} ${noun} was being reported.`
          : verdict.class === 'no-verdict'
            ? `**No verdict:** ${withoutVerdict} of ${entries} ${noun} without a verdict, ${notGreen} not green.`
            : `**Not green:** ${notGreen} of ${entries} ${noun} not green.`,
      '',
      bulletList(
        verdict.entries.map(
          entry =>
            `${STATUS_EMOJI[entry.status]} ${escapeText(capitalized(entryName(entry)))}: ${cause(entry)}`
        )
      )
    )
  }
  const judged = judgedLine(target)
  if (judged !== undefined) lines.push('', judged)
  if (verdict.interrupted !== undefined) lines.push('', INTERRUPTED_NOTES[verdict.interrupted])
  return lines
}

/** "Judged: commit abc1234, deployment https://…", when either is known. */
function judgedLine(target: JudgedTarget): Markdown | undefined {
  const parts: Markdown[] = []
  if (target.sha !== undefined) {
    parts.push(`commit ${link(target.sha.slice(0, 7), target.commitUrl)}`)
  }
  if (target.deploymentUrl !== undefined) {
    parts.push(`deployment ${link('', target.deploymentUrl)}`)
  }
  return parts.length === 0 ? undefined : `Judged: ${parts.join(', ')}.`
}

const INTERRUPTED_NOTES = {
  waiting: '⚠️ The job was cancelled while waiting; this summary shows what was known then.',
  reporting:
    '⚠️ The job was cancelled while the verdict was being reported, so the step ends interrupted and is not reported as green, whatever the service answered. Below is what was known then.'
} as const

/** The note of a pull request comment that could not be written. */
function commentProblemLine(problem: string): Markdown {
  return `⚠️ The pull request comment could not be written: ${escapeText(problem, 500)}`
}

/** For a timeout, what to do: the run goes on in QA Wolf (its link), and `timeout`. */
function renderTimedOutAdvice(verdict: Verdict): string[] {
  const lines: string[] = []
  if (verdict.status === 'timed-out') {
    const timedOut = verdict.entries.filter(entry => entry.status === 'timed-out')
    const after = verdict.timedOutAfterMs
    const how =
      after === 0
        ? 're-run the job with `wait: true` (it was false, so the step asked once)'
        : `re-run the job with a longer \`timeout\`${after === undefined ? '' : ` (it was ${formatDuration(after)})`}`
    if (
      timedOut.length > 0 &&
      timedOut.every(entry => entry.reason?.code === 'check-newer-running')
    ) {
      lines.push(
        "**What to do:** nothing here. This event's check run is not the commit's latest word: the newer check run's own `check_run` event starts this workflow again, and that run decides.",
        ''
      )
      return lines
    }
    const nearest = timedOut.map(entry =>
      entry.reason?.code === 'no-check' ? entry.reason.names?.nearest : undefined
    )[0]
    if (timedOut.length === 1 && nearest !== undefined) {
      // A mistyped name waits in vain however long the timeout: the fix is the input.
      lines.push(
        `**What to do:** set \`${nearest.input}\` to ${escapeText(quote(nearest.value))} (${nearest.input === 'check-name' ? 'GitHub lists a check run of that name on this commit' : 'that app posted the check run of that name on this commit'}), then re-run the job.`,
        ''
      )
      return lines
    }
    if (timedOut.length > 0 && timedOut.every(entry => entry.source === 'check')) {
      lines.push(
        `**What to do:** QA Wolf posts its check on the commit when its run ends (and its review, if any). To gate on it, ${how}; or gate without holding a runner, from a workflow started by the check (\`on: check_run\`).`,
        ''
      )
      return lines
    }
    const links = timedOut.map(entry =>
      link(entryName(entry), entry.run?.response?.relevantRunUrl ?? entry.url)
    )
    const where = links.length === 0 ? 'the QA service' : links.join(', ')
    lines.push(
      `**What to do:** the run goes on in QA Wolf (${where}); its verdict comes when it ends there. To gate on it, ${how}.`,
      ''
    )
  }
  return lines
}

/**
 * Below the bugs, never before them: for red with blocking bugs, "re-run the job" once they are
 * resolved, and how bugs are classified (collapsed).
 */
function renderBugRules(verdict: Verdict): string[] {
  const lines: string[] = []
  if (verdict.class === 'red' && verdict.bugs.blocking.count.total > 0) {
    lines.push(
      'Blocking bugs are triaged in the QA service; re-run the job once they are resolved.',
      '',
      details(
        'Which bugs block',
        "The QA service's classification first (a bug's `isBlocking`); a bug it has not classified blocks while its priority is urgent, high, not set or unknown."
      ),
      ''
    )
  }
  return lines
}

/**
 * Below a red check run's findings: what to do, as the legacy red summary says it (the run in
 * QA Wolf, then re-run the job). Worded by the entry's status; nothing for any other class.
 */
function renderCheckNextStep(entry: VerdictEntry): string[] {
  const check = entry.check
  if (entry.source !== 'check' || entry.class !== 'red' || check === undefined) return []
  const inQaWolf = check.detailsUrl !== undefined && safeHttpUrl(check.detailsUrl) !== undefined
  const open = (what: string): Markdown =>
    inQaWolf
      ? link('open the run in QA Wolf', check.detailsUrl) + ` ${what}`
      : `open the run in QA Wolf${entry.url === undefined ? '' : ` (from the ${link('check run on GitHub', entry.url)})`} ${what}`
  const again = "re-run this job: it reads QA Wolf's check on this commit again."
  const words: Partial<Record<RunStatus, string>> = {
    failed: `${open('for the bugs and the failed tests')}. Blocking bugs are triaged in QA Wolf; once they are resolved (or QA Wolf re-runs the tests), ${again}`,
    canceled: `${open('to see why it was cancelled')} (a newer run of the same environment replaces an older one). Once QA Wolf has a result for this commit, ${again}`,
    'not-tested': `${open('to see why nothing was tested')} (no flow ran, or the run was skipped): check the environment's triggers in QA Wolf. Once a run has tested this commit, ${again}`
  }
  const step = words[entry.status]
  return step === undefined ? [] : [`**What to do:** ${step}`, '']
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

/** A count as a table cell: a dash when the stage does not report it, never a made-up 0. */
export function count(value: number | undefined): Markdown {
  return value === undefined ? '—' : String(value)
}

/** One bug as a list item: linked name, number, priority, new/known, tracker issue. */
function renderBug(bug: BugView): Markdown {
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

/** `bugs`, then the line for the `rest` a surface does not list (its words: messages.ts's moreWords). */
export function renderBugList(
  bugs: readonly BugView[],
  rest: number,
  more: (rest: number) => Markdown
): Markdown {
  const items = bugs.map(renderBug)
  if (rest > 0) items.push(more(rest))
  return bulletList(items)
}
