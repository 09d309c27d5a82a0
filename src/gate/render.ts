// Every surface of a greenlight step, each a short function of the report (report.ts): the job
// summary, the pull request comment, the annotations, the log lines about a verdict, the closing
// line and the outputs. None decides anything or words a reason again.
import type { GitHubContext } from '../kernel/event.js'
import { formatDuration } from '../kernel/time.js'
import { oneLine, plainText, plural, quote } from '../kernel/text.js'
import {
  bulletList,
  codeSpan,
  details,
  escapeText,
  fitJsonList,
  fitLines,
  limitSummary,
  link,
  outsideMarkdown,
  percentEncoded,
  safeHttpUrl,
  SUMMARY_MAX_BYTES,
  table,
  utf8Length,
  type Markdown
} from '../kernel/markdown.js'
import type { BugView } from './bugs.js'
import type { CompactResponse } from './compact-response.js'
import type { Contradiction } from './reasons.js'
import { verdictOf } from './verdict.js'
import type { BugList, StepGate, Verdict, VerdictEntry } from './verdict.js'
import { buildReport, contradictionText, reasonText, spaced, stageWords } from './report.js'
import type { Report } from './report.js'

/** Beyond this, a bug list points to the service instead: a longer list helps nobody. */
export const MAX_LISTED_BUGS = 100
export const MAX_COMMENT_BUGS = 25
/** GitHub rejects a comment body over 65,536 characters; this leaves a margin. */
export const COMMENT_MAX_CHARS = 65_000
export const COMMENT_TRUNCATION_NOTE =
  "⚠️ **This comment was truncated** to stay within GitHub's comment size limit. The job summary of the workflow run has the details."
/** GitHub shows about ten error annotations per step: eight bugs, "N more", and the verdict fit. */
const MAX_BUG_ANNOTATIONS = 8

const INTERRUPTED_NOTES = {
  waiting: '⚠️ The job was cancelled while waiting; this summary shows what was known then.',
  reporting:
    '⚠️ The job was cancelled while the verdict was being reported, so the step ends interrupted and is not reported as green, whatever the service answered. Below is what was known then.'
} as const

const capitalized = (words: string): string => `${words.charAt(0).toUpperCase()}${words.slice(1)}`

const moreWords = (rest: number, noun: string): string => `… and ${plural(rest, `more ${noun}`)}`

const restOf = (count: BugList['count'], shown: number): number =>
  count.more + Math.max(0, count.listed - shown)

const entryTitle = (line: Report['entries'][number]): Markdown =>
  `${line.emoji} ${escapeText(capitalized(line.name))}: ${escapeText(line.cause, 1000)}`

function lead(report: Report): string[] {
  const { verdict, facts, entries } = report
  const label = escapeText(facts.label)
  const title = label === '' ? 'QA greenlight' : `QA greenlight — ${label}`
  const lines = [`## ${report.emoji} ${title}: ${report.heading}`, '']
  const [only] = entries
  if (only === undefined) lines.push(`**${report.lead}:** no run was checked.`)
  else if (report.tally !== undefined) {
    lines.push(`**${report.lead}:** ${report.tally}`, '', bulletList(entries.map(entryTitle)))
  } else {
    const why =
      verdict.interrupted === 'reporting'
        ? 'the job was cancelled while the verdict was being reported'
        : escapeText(only.cause, 1000)
    // A cause may be a message that ends its own sentence ("… check the base-url input.").
    const stop = /[.!?]$/.test(why) ? '' : '.'
    lines.push(`**${report.lead}** (${escapeText(only.name)}): ${why}${stop}`)
  }
  const { sha, commitUrl, deploymentUrl } = facts.target ?? {}
  const judged = [
    sha === undefined ? '' : `commit ${link(sha.slice(0, 7), commitUrl)}`,
    deploymentUrl === undefined ? '' : `deployment ${link('', deploymentUrl)}`
  ].filter(Boolean)
  if (judged.length > 0) lines.push('', `Judged: ${judged.join(', ')}.`)
  if (verdict.interrupted !== undefined) lines.push('', INTERRUPTED_NOTES[verdict.interrupted])
  return lines
}

export function renderSummary(report: Report): Markdown {
  const { verdict, facts } = report
  const lines = [...lead(report), '']
  if (facts.commentProblem !== undefined) {
    lines.push(
      `⚠️ The pull request comment could not be written: ${escapeText(facts.commentProblem, 500)}`,
      ''
    )
  }
  const next = nextStep(report)
  if (next !== undefined) lines.push(`**What to do:** ${next}`, '')
  // Below the bugs: for red with blocking bugs, re-run once resolved, and which bugs block.
  const rules =
    verdict.class !== 'red' || verdict.bugs.blocking.count.total === 0
      ? []
      : [
          'Blocking bugs are triaged in the QA service; re-run the job once they are resolved.',
          '',
          details(
            'Which bugs block',
            "The QA service's classification first (a bug's `isBlocking`); a bug it has not classified blocks while its priority is urgent, high, not set or unknown."
          ),
          ''
        ]
  let chars = rules.reduce((sum, line) => sum + line.length + 1, 0)
  for (const line of report.entries) {
    // Entries past the size limit are cut anyway (a character is at least a byte).
    if (chars > SUMMARY_MAX_BYTES) break
    const { entry } = line
    const response = entry.run?.response
    const section = [
      ...(report.tally === undefined ? [] : [`### ${entryTitle(line)}`, '']),
      ...(entry.source === 'check'
        ? checkSection(entry, facts.since)
        : response !== undefined
          ? runSection(entry, response)
          : [
              `No valid answer was received for run ${escapeText(entry.id)}, so its stage and bug counts are unknown.`,
              ''
            ])
    ]
    chars += section.reduce((sum, text) => sum + text.length + 1, 0)
    lines.push(...section)
  }
  lines.push(...rules)
  return limitSummary(`${squeeze(lines)}\n`)
}

const squeeze = (lines: string[]): string =>
  lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()

/** After a timeout, what to do: re-run with a longer wait, fix the input, or nothing. */
function nextStep({ verdict, entries }: Report): Markdown | undefined {
  // A timed-out verdict has at least one timed-out entry: the worst status decides.
  if (verdict.status !== 'timed-out') return undefined
  const timedOut = entries.filter(({ entry }) => entry.status === 'timed-out')
  if (timedOut.every(({ entry }) => entry.reason?.code === 'check-newer-running'))
    return "nothing here. This event's check run is not the commit's latest word: the newer check run's own `check_run` event starts this workflow again, and that run decides."
  const first = timedOut[0]?.entry.reason
  const nearest = first?.code === 'no-check' ? first.names?.nearest : undefined
  // A mistyped name waits in vain however long the timeout: the fix is the input.
  if (timedOut.length === 1 && nearest !== undefined) {
    const why =
      nearest.input === 'check-name'
        ? 'GitHub lists a check run of that name on this commit'
        : 'that app posted the check run of that name on this commit'
    return `set \`${nearest.input}\` to ${escapeText(quote(nearest.value))} (${why}), then re-run the job.`
  }
  const timeoutMs = verdict.timedOutAfterMs
  const how =
    timeoutMs === 0
      ? 're-run the job with `wait: true` (it was false, so the step asked once)'
      : `re-run the job with a longer \`timeout\`${timeoutMs === undefined ? '' : ` (it was ${formatDuration(timeoutMs)})`}`
  if (timedOut.every(({ entry }) => entry.source === 'check'))
    return `QA Wolf posts its check on the commit when its run ends (and its review, if any). To gate on it, ${how}; or gate without holding a runner, from a workflow started by the check (\`on: check_run\`).`
  const where = timedOut
    .map(({ name, entry }) => link(name, entry.run?.response?.relevantRunUrl ?? entry.url))
    .join(', ')
  return `the run goes on in QA Wolf (${where}); its verdict comes when it ends there. To gate on it, ${how}.`
}

function findings(entry: VerdictEntry, maxChars?: number): string[] {
  const { title, summary } = entry.check ?? {}
  return [
    ...(title === undefined ? [] : [`**${escapeText(title, 300)}**`, '']),
    ...(summary === undefined ? [] : [outsideMarkdown(summary, maxChars), ''])
  ]
}

function checkSection(entry: VerdictEntry, since: string | undefined): string[] {
  const check = entry.check
  if (check === undefined) return []
  const app =
    check.appName === undefined
      ? codeSpan(check.app)
      : `${escapeText(check.appName)} (${codeSpan(check.app)})`
  const state =
    check.conclusion === undefined
      ? escapeText(spaced(check.checkStatus))
      : `concluded ${codeSpan(check.conclusion)}`
  const event = check.fromEvent ? " (the check_run event's check run)" : ''
  // A link that is not http(s) is left out, not shown as a label that leads nowhere.
  const links = [
    isHttp(check.detailsUrl) ? link('Details in QA Wolf', check.detailsUrl) : '',
    isHttp(entry.url) ? link('Check run on GitHub', entry.url) : ''
  ].filter(Boolean)
  const shown = links.length > 0 ? ` ${links.join(' · ')}` : ''
  const counted =
    since === undefined
      ? 'since is not set, so any check run of this commit counts.'
      : `only check runs started at or after since (${escapeText(since)}) count.`
  const open = isHttp(check.detailsUrl)
    ? link('open the run in QA Wolf', check.detailsUrl)
    : `open the run in QA Wolf${entry.url === undefined ? '' : ` (from the ${link('check run on GitHub', entry.url)})`}`
  const again = "re-run this job: it reads QA Wolf's check on this commit again."
  // Only for red: the status says what to look for in QA Wolf.
  const step: Partial<Record<VerdictEntry['status'], string>> = {
    failed: `${open} for the bugs and the failed tests. Blocking bugs are triaged in QA Wolf; once they are resolved (or QA Wolf re-runs the tests), ${again}`,
    canceled: `${open} to see why it was cancelled (a newer run of the same environment replaces an older one). Once QA Wolf has a result for this commit, ${again}`,
    'not-tested': `${open} to see why nothing was tested (no flow ran, or the run was skipped): check the environment's triggers in QA Wolf. Once a run has tested this commit, ${again}`
  }
  const what = step[entry.status]
  return [
    ...findings(entry),
    ...(what === undefined ? [] : [`**What to do:** ${what}`, '']),
    `${escapeText(check.name)} by ${app}: ${state}${event}.${shown}`,
    '',
    check.startedAt === undefined
      ? capitalized(counted)
      : `This check run started at ${escapeText(check.startedAt)}; ${counted}`,
    ''
  ]
}

const isHttp = (url?: string): boolean => safeHttpUrl(url ?? '') !== undefined

function runSection(entry: VerdictEntry, response: CompactResponse): string[] {
  const { blocking, nonBlocking, other } = entry.bugs
  const bugsUrl = response.relevantRunWithBugsUrl
  const all = (noun: string) => (rest: number) =>
    `${moreWords(rest, noun)}: ${link('see them all in the QA service', bugsUrl)}`
  const lines = [
    ...titled('Blocking bugs', blocking, all('blocking bug')),
    ...titled(OTHER_BUGS, other, all('blocking bug'))
  ]
  const supersededBy = entry.run?.supersededBy
  if (supersededBy !== undefined) {
    lines.push(
      `Run ${link(supersededBy, response.relevantRunUrl)} superseded root run ${link(entry.id, entry.url)}; the figures below are the superseding run's.`,
      ''
    )
  }
  const reportsBugs =
    response.runStage === 'completed' || blocking.count.total + nonBlocking.count.total > 0
  // Columns only for what this stage says: a count it does not report is never a made-up 0.
  const { workflowsAutoRetryingCount: retrying, workflowsDisabledAfterRunCount: disabled } =
    response
  const columns = Object.entries({
    Run: link(entry.run?.relevantRunId ?? entry.id, response.relevantRunUrl),
    Stage: escapeText(stageWords(String(response.runStage))),
    Workflows: count(response.workflowsInRunCount),
    'Under investigation': count(response.workflowsUnderInvestigationCount),
    'Auto-retrying': retrying !== undefined && String(retrying),
    'Disabled after run': disabled !== undefined && disabled > 0 && String(disabled),
    'Blocking bugs': reportsBugs && String(blocking.count.total),
    'Non-blocking bugs': reportsBugs && String(nonBlocking.count.total)
  }).filter((column): column is [string, Markdown] => column[1] !== false)
  const headers = columns.map(([name]) => name)
  lines.push(table(headers, [columns.map(([, cell]) => cell)]), '')
  if (nonBlocking.shown.length > 0) {
    const list = bugList(nonBlocking, all('non-blocking bug'))
    lines.push(details(`Non-blocking bugs (${nonBlocking.count.total})`, list), '')
  }
  if (blocking.count.total + nonBlocking.count.total + other.count.total > 0) {
    lines.push(link('Open the run filtered to bugs', bugsUrl), '')
  }
  return lines
}

const OTHER_BUGS = 'Blocking bugs in workflows outside this run'

type Rest = (rest: number) => Markdown

function titled(title: string, list: BugList, more: Rest, max = MAX_LISTED_BUGS) {
  const { total } = list.count
  return total === 0 ? [] : [`**${title} (${total}):**`, '', bugList(list, more, max), '']
}

const count = (value: number | undefined): Markdown => (value === undefined ? '—' : String(value))

function bugItem(bug: BugView): Markdown {
  const title = link(bug.name ?? bug.url ?? 'Unnamed bug', bug.url)
  const priority = bug.priority === null ? 'priority not set' : `priority ${bug.priority}`
  const facts = [
    bug.number !== undefined && `bug ${bug.number}`,
    bug.priority !== undefined && priority,
    bug.isNew !== undefined && (bug.isNew ? 'new' : 'known')
  ].filter(fact => fact !== false)
  const described = facts.length === 0 ? title : `${title} — ${escapeText(facts.join(', '))}`
  const issue = bug.externalIssue
  if (issue === undefined) return described
  const name = [issue.platform, issue.id].filter(Boolean).join(' ') || 'tracker issue'
  return `${described} — ${link(name, issue.url)}`
}

function bugList({ shown, count }: BugList, more: Rest, max = MAX_LISTED_BUGS) {
  const items = shown.slice(0, max).map(bugItem)
  const rest = restOf(count, items.length)
  return bulletList(rest > 0 ? [...items, more(rest)] : items)
}

/** The comment's hidden first line; the label percent-encoded, so that none can end it (`-->`). */
export function commentMarker(label: string): string {
  if (label === '') return '<!-- qa-greenlight -->'
  // A lone surrogate is encoded as the replacement character it decodes to.
  const encoded = encodeURIComponent(label.replace(/\p{Cs}/gu, '\ufffd'))
  return `<!-- qa-greenlight:${encoded.replace(/[!'()*]/g, percentEncoded)} -->`
}

export const hasMarker = (body: unknown, marker: string): boolean =>
  typeof body === 'string' && (body.split('\n', 1)[0] ?? '').trim() === marker

/** Links on the GitHub server of the run (GITHUB_SERVER_URL, so GHES works). */
export function githubLinks(ctx: GitHubContext, env: NodeJS.ProcessEnv, sha?: string) {
  const server = safeHttpUrl(ctx.serverUrl) === undefined ? undefined : ctx.serverUrl
  if (server === undefined || !/^[^/\s]+\/[^/\s]+$/.test(ctx.repository)) return {}
  const base = `${server}/${ctx.repository}`
  const runId = env['GITHUB_RUN_ID'] ?? ''
  const attempt = Number(env['GITHUB_RUN_ATTEMPT'] ?? '1')
  const attempts = Number.isInteger(attempt) && attempt > 1 ? `/attempts/${attempt}` : ''
  return {
    ...(sha === undefined ? {} : { commitUrl: `${base}/commit/${sha}` }),
    ...(/^\d+$/.test(runId) ? { workflowRunUrl: `${base}/actions/runs/${runId}${attempts}` } : {})
  }
}

export function renderPullRequestComment(content: {
  label: string
  verdict: Verdict
  commitSha?: string
  links?: ReturnType<typeof githubLinks>
}): Markdown {
  const { label, verdict, commitSha, links } = content
  const report = buildReport(verdict, { label })
  const marker = commentMarker(label)
  const run = links?.workflowRunUrl
  const parts = [
    commitSha === undefined ? '' : `Commit ${link(commitSha.slice(0, 7), links?.commitUrl)}`,
    run === undefined ? '' : link('workflow run and job summary', run),
    'updated by qa-greenlight on every run of this step'
  ]
  const footer = `<sub>${parts.filter(Boolean).join(' · ')}</sub>`
  const checks = verdict.entries.some(entry => entry.source === 'check')
  const more: Rest = rest =>
    `${moreWords(rest, 'blocking bug')}: see the job summary or the QA service.`
  const stepBugs = ({ shown, count }: Verdict['bugs']['other'], title: string): string[] =>
    titled(title, { count, shown: shown.map(({ bug }) => bug) }, more, MAX_COMMENT_BUGS)
  const main = squeeze([
    ...lead(report),
    '',
    ...stepBugs(verdict.bugs.blocking, 'Blocking bugs'),
    ...stepBugs(verdict.bugs.other, OTHER_BUGS),
    // QA Wolf's findings of a red check, as the summary shows them, shorter.
    ...verdict.entries.flatMap(e => (e.class === 'red' ? findings(e, 2000) : [])),
    checks ? checkTable(verdict) : runTable(verdict)
  ]).trim()
  // Bytes bound characters from above, so a byte budget keeps the character limit too.
  const budget = COMMENT_MAX_CHARS - utf8Length(`${marker}\n\n\n${footer}\n`)
  const limited = limitSummary(main, budget, COMMENT_TRUNCATION_NOTE).trimEnd()
  return `${marker}\n${limited}\n\n${footer}\n`
}

function runTable(verdict: Verdict): Markdown {
  const rows = verdict.entries.map(entry => {
    const response = entry.run?.response
    const supersededBy = entry.run?.supersededBy
    const known = (value: number): string => (response === undefined ? '—' : String(value))
    return [
      supersededBy !== undefined
        ? `${link(entry.id, entry.url)} → ${link(supersededBy, response?.relevantRunUrl)}`
        : link(entry.id, entry.url ?? response?.relevantRunUrl),
      escapeText(entry.status),
      known(entry.bugs.blocking.count.total),
      known(entry.bugs.nonBlocking.count.total),
      count(response?.workflowsInRunCount),
      count(response?.workflowsUnderInvestigationCount),
      response === undefined ? '—' : link('bugs', response.relevantRunWithBugsUrl)
    ]
  })
  const headers = ['Run', 'Status', 'Blocking bugs', 'Non-blocking bugs', 'Workflows']
  return table([...headers, 'Under investigation', 'Link'], rows)
}

function checkTable(verdict: Verdict): Markdown {
  const rows = verdict.entries.map(entry => [
    link(entry.check === undefined ? entry.id : `${entry.check.name} (${entry.id})`, entry.url),
    escapeText(entry.check?.appName ?? entry.check?.app ?? '—'),
    escapeText(entry.status),
    escapeText(entry.check?.conclusion ?? entry.check?.checkStatus ?? '—'),
    entry.check?.detailsUrl === undefined ? '—' : link('details', entry.check.detailsUrl)
  ])
  return table(['Check run', 'App', 'Status', 'Conclusion', 'Link'], rows)
}

export function annotations(report: Report, labelPrefix: string) {
  const { blocking } = report.verdict.bugs
  const named = blocking.shown.slice(0, MAX_BUG_ANNOTATIONS).map(({ bug, entryId }) => {
    const name =
      plainText(bug.name ?? bug.url ?? '') || `Unnamed blocking bug in run ${plainText(entryId)}`
    return { message: `${labelPrefix}Blocking bug: ${name}`, title: `Blocking bug: ${name}` }
  })
  const rest = restOf(blocking.count, named.length)
  if (rest <= 0) return named
  const more = `${labelPrefix}${moreWords(rest, 'blocking bug')}: see the job summary.`
  return [...named, { message: more, title: plural(rest, 'more blocking bug') }]
}

const CLOSING_KIND = { green: 'info', failed: 'failed', warned: 'warning' } as const

/** The step's closing line and how it is written: by the exit decision (stepGate) alone. */
export function closingLine({ verdict }: Report, gate: StepGate, labelPrefix: string) {
  const notPassed = verdict.entries
    .filter(entry => entry.status !== 'passed')
    .map(e => `${e.id}: ${e.status}${e.reason ? ` (${reasonText(e.reason)})` : ''}`)
  const said =
    gate.ends === 'green'
      ? 'QA verdict: green.'
      : verdict.interrupted === 'reporting'
        ? 'The job was cancelled while the verdict was being reported.'
        : `QA verdict: ${verdict.status}. ${notPassed.join('; ')}`.trimEnd()
  const forgiven = gate.ends === 'warned' ? ` (${gate.forgivenBy} is false)` : ''
  return { kind: CLOSING_KIND[gate.ends], message: `${labelPrefix}${said}${forgiven}` }
}

export const finishedLine = (entry: VerdictEntry): string =>
  `Run ${entry.id}: ${entry.status} after ${plural(entry.run?.queries ?? 0, 'query', 'queries')}.`

export const contradictionLine = (runId: string, contradiction: Contradiction): string =>
  `Run ${plainText(runId, Number.POSITIVE_INFINITY)}: the service's answer contradicts itself (${contradictionText(contradiction)}); it is not treated as green.`

const KIB = 1024
/** Each output of a line per run (seven) or per check run (five): a step fills at most seven. */
const PER_RUN_LINES_MAX_BYTES = 14 * KIB
const URL_LIST_MAX_BYTES = 24 * KIB
/** `result`: with the others, 7 × 14 + 2 × 24 + 96 = 242 KiB and a few counts, under 256 KiB. */
const RESULT_MAX_BYTES = 96 * KIB

const CUT =
  "cut to stay within GitHub's output limits; the job summary and the QA service have the rest"

// Always all keys, so a workflow never reads a missing output as an empty string by accident.
export function verdictOutputs(verdict: Verdict) {
  const { entries } = verdict
  // The last answer of each run that had one: never a null entry for a run without.
  const responses: CompactResponse[] = entries.flatMap(entry => entry.run?.response ?? [])
  const lines = (values: (string | undefined)[], noun: string): string =>
    fitLines(
      values.map(value => oneLine(value ?? '')),
      PER_RUN_LINES_MAX_BYTES,
      omitted => `… ${plural(omitted, noun)} (${CUT})`
    )
  const perRun = (pick: (entry: VerdictEntry) => string | undefined): string =>
    lines(entries.filter(entry => entry.source === 'run').map(pick), 'more run')
  // Only the check runs that counted; a check that none stands for has no line.
  const perCheck = (pick: (entry: VerdictEntry) => string | undefined): string =>
    lines(entries.filter(entry => entry.check !== undefined).map(pick), 'more check run')
  // A check run carries no counts: empty, never a 0 that a reader takes for "no bugs".
  const fromCheck = entries.length > 0 && entries.every(entry => entry.source === 'check')
  const counted = (value: () => number): string => (fromCheck ? '' : String(value()))
  const sum = (key: 'workflowsInRunCount' | 'workflowsUnderInvestigationCount'): string =>
    counted(() => responses.reduce((total, response) => total + (response[key] ?? 0), 0))
  const urls = (key: 'blockingBugUrls' | 'nonBlockingBugUrls'): string => {
    // URLs the compaction of each answer already left out count as cut too.
    const cutEarlier = responses.reduce((total, response) => {
      const original = response.cutByQaGreenlight?.originalLengths[key]
      return total + (original === undefined ? 0 : original - (response[key]?.length ?? 0))
    }, 0)
    return fitJsonList(
      new Set(responses.flatMap(response => response[key] ?? [])),
      URL_LIST_MAX_BYTES,
      omitted => `… ${plural(omitted, 'more URL')} (${CUT})`,
      cutEarlier
    )
  }
  return {
    greenlight: verdict.green ? 'true' : 'false',
    status: verdict.status,
    'run-stage': perRun(({ run }) => run?.response?.runStage),
    // The ID the user passed in: later responses describe the superseding run under its own ID.
    'root-run-id': perRun(entry => entry.id),
    'relevant-run-id': perRun(entry => entry.run?.relevantRunId),
    'relevant-run-url': perRun(({ run }) => run?.response?.relevantRunUrl),
    'relevant-run-with-bugs-url': perRun(({ run }) => run?.response?.relevantRunWithBugsUrl),
    'root-run-url': perRun(entry => entry.url),
    'blocking-bugs-count': counted(() => verdict.bugs.blocking.count.total),
    'non-blocking-bugs-count': counted(() => verdict.bugs.nonBlocking.count.total),
    'workflows-in-run-count': sum('workflowsInRunCount'),
    'workflows-under-investigation-count': sum('workflowsUnderInvestigationCount'),
    'blocking-bug-urls': urls('blockingBugUrls'),
    'non-blocking-bug-urls': urls('nonBlockingBugUrls'),
    'other-blocking-bugs-count': counted(() => verdict.bugs.other.count.total),
    result: fitJsonList(responses, RESULT_MAX_BYTES, omitted => ({
      cutByQaGreenlight: `${plural(omitted, 'more answer')} left out, ${CUT}`
    })),
    'superseded-by': perRun(entry => entry.run?.supersededBy),
    'check-run-id': perCheck(entry => entry.id),
    'check-run-url': perCheck(entry => entry.url),
    'details-url': perCheck(entry => entry.check?.detailsUrl),
    'check-conclusion': perCheck(entry => entry.check?.conclusion),
    'check-app': perCheck(entry => entry.check?.app)
  }
}

export const EMPTY_GREENLIGHT_OUTPUTS = Object.freeze(verdictOutputs(verdictOf([])))
