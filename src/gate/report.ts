// The one report of a greenlight step, computed once from the verdict and the facts, and the
// words of each reason. It decides nothing; render.ts lays it out and words the next step.
import { formatDuration } from '../kernel/time.js'
import { plural, quote } from '../kernel/text.js'
import type { RunStatus } from './facts.js'
import type { Verdict, VerdictClass, VerdictEntry } from './verdict.js'
import type { Contradiction, Reason } from './reasons.js'
import { checkNamesWords, IGNORED_WORDS } from './poll-log.js'

export type JudgedTarget = { sha?: string; commitUrl?: string; deploymentUrl?: string }

export interface ReportFacts {
  label: string
  target?: JudgedTarget
  /** `since` as the check path counted from (ISO 8601), when it was set. */
  since?: string
  commentProblem?: string
}

export type Report = ReturnType<typeof buildReport>

const STATUS_EMOJI: Readonly<Record<RunStatus, string>> = {
  passed: '✅',
  failed: '❌',
  canceled: '❌',
  superseded: '⏭️',
  'not-tested': '⚪',
  'timed-out': '⏱️',
  interrupted: '⚠️',
  error: '⛔'
}

const CLASS_LEAD: Readonly<Record<VerdictClass, string>> = {
  green: 'Green',
  red: 'Not green',
  'no-verdict': 'No verdict'
}

const INTERRUPTED_REASON = 'the job was cancelled while waiting for the verdict'

export function buildReport(verdict: Verdict, facts: ReportFacts) {
  const superseded = verdict.status === 'superseded' && verdict.class === 'red'
  const byCommit = verdict.entries.some(e => e.reason?.code === 'commit-superseded')
  const entries = verdict.entries.map(entry => ({
    entry,
    emoji: STATUS_EMOJI[entry.status],
    // `run r-1`, `check run 7`, `check 'QA Wolf Test Results'`.
    name: `${entry.source === 'run' ? 'run' : entry.check ? 'check run' : 'check'} ${entry.id}`,
    cause: entryCause(entry, verdict.timedOutAfterMs)
  }))
  // `not tested, not green`, `timed out, no verdict`.
  const named = verdict.class === 'no-verdict' || verdict.status === 'not-tested'
  return {
    verdict,
    facts,
    emoji: STATUS_EMOJI[verdict.status],
    heading: !superseded
      ? `${named ? `${verdict.status.replace('-', ' ')}, ` : ''}${CLASS_LEAD[verdict.class].toLowerCase()}`
      : byCommit
        ? 'superseded, a newer commit decides'
        : 'superseded by a newer run, not green',
    lead: superseded ? 'Superseded' : CLASS_LEAD[verdict.class],
    entries,
    // The lead of several entries: how many are not green.
    ...(entries.length > 1 ? { tally: tally(verdict) } : {})
  }
}

function tally(verdict: Verdict): string {
  const entries = verdict.entries.length
  const noun = verdict.entries.every(entry => entry.source === 'check') ? 'check runs' : 'runs'
  const notGreen = verdict.entries.filter(entry => entry.class !== 'green').length
  const withoutVerdict = verdict.entries.filter(entry => entry.class === 'no-verdict').length
  if (verdict.class === 'green')
    return `all ${entries} ${noun} ${noun === 'runs' ? 'completed with no blocking bugs' : 'concluded success'}.`
  if (verdict.interrupted === 'reporting')
    return `the job was cancelled while the verdict of ${entries} ${noun} was being reported.`
  return verdict.class === 'no-verdict'
    ? `${withoutVerdict} of ${entries} ${noun} without a verdict, ${notGreen} not green.`
    : `${notGreen} of ${entries} ${noun} not green.`
}

/** A stage as words: `underReview` is the one the service spells otherwise. */
export const stageWords = (stage: string): string =>
  stage === 'underReview' ? 'under review' : stage

export const spaced = (status: string): string => status.replace(/_/g, ' ')

const short = (sha: string): string => sha.slice(0, 12)

/** What the service reported with its greenlight, as the sentence's varying end. */
const CONTRADICTION_WORDS: {
  [C in Contradiction['kind']]: (c: Contradiction & { kind: C }) => string
} = {
  'green-while-canceled': () => 'for a canceled run',
  'green-while-running': c => `while the run is still ${c.stage}`,
  'green-without-count': () => 'for a completed run but no blocking-bug count',
  'green-with-blocking-count': c => `together with ${plural(c.count, 'blocking bug')}`,
  'green-with-blocking-urls': c =>
    `and zero blocking bugs, but listed ${plural(c.count, 'blocking bug URL')}`,
  'green-with-blocking-bugs': c =>
    `and zero blocking bugs, but ${plural(c.count, 'reproduced bug')} that blocks (urgent, high or unset priority, or isBlocking)`
}

const REASON_WORDS: { [C in Reason['code']]: (reason: Reason & { code: C }) => string } = {
  'run-canceled': ({ message, serviceReason }) => {
    const said = [message, serviceReason && `reason: ${serviceReason}`].filter(Boolean).join('; ')
    return `the run was canceled${said && `; the service says: ${said}`}`
  },
  contradiction: reason => contradictionText(reason.contradiction),
  'blocking-bugs': reason => `the run completed with ${plural(reason.count, 'blocking bug')}`,
  'no-greenlight': () => 'the run completed without a greenlight',
  'no-greenlight-zero-blocking': () =>
    'the run completed without a greenlight (no blocking bugs in this run; possibly blocking bugs in other workflows)',
  'blocking-bugs-in-other-workflows': reason =>
    `${plural(reason.count, 'blocking bug')} in workflows outside this run, with outcome-when-blocking-bugs-in-other-workflows: red`,
  superseded: reason =>
    `run ${reason.rootRunId} was superseded by run ${reason.newerRunId}, and on-superseded is fail`,
  'still-running': reason => stillWords('the run', reason.stage ?? 'unknown', reason.wait),
  'not-ended': reason => `the run was still ${reason.stage}`,
  interrupted: () => INTERRUPTED_REASON,
  crashed: reason =>
    reason.during === 'query'
      ? `unexpected failure while querying the service: ${reason.message}`
      : `internal error while polling: ${reason.message}`,
  'no-answer-to-judge': () => 'internal error while polling: no answer to judge',
  'query-refused': reason => reason.message,
  'run-not-found': reason =>
    `${reason.message} (still not found ${formatDuration(reason.sinceFirstQueryMs)} after the first query; check the run-id input)`,
  unreachable: reason =>
    `${reason.message} The service has not been reachable for ${formatDuration(reason.unreachableForMs)}; check the base-url input.`,
  'retry-after-past-deadline': reason => {
    const wait = `the service asked to wait ${formatDuration(reason.retryAfterMs)} before the next query (Retry-After), which is past the ${reason.wait ? 'timeout' : 'window of wait: false'} (${formatDuration(reason.msLeft)} left)`
    return reason.stage === undefined
      ? `${wait}; no answer before that: ${reason.message}`
      : `the run was still ${reason.stage} and ${wait}: ${reason.message}`
  },
  'failing-at-deadline': reason =>
    `the timeout passed while the run was still ${reason.stage}; the last query failed after ${plural(reason.failures, 'failed attempt')}: ${reason.message}`,
  'no-answer': reason => {
    const attempts = plural(reason.failures, 'failed attempt')
    if (reason.notFound) return `${reason.message} (still not found after ${attempts})`
    return `no answer from the service ${reason.wait ? 'within the timeout' : 'with wait set to false'} (${attempts}); last failure: ${reason.message}`
  },
  'check-conclusion': reason =>
    CONCLUSION_WORDS[reason.conclusion] ??
    `the check run concluded ${quote(reason.conclusion)}, which this action does not know, so it is not green`,
  'no-check': reason => {
    const why = reason.ignored.map(kind => IGNORED_WORDS[kind]).join(', ')
    const ignored = why && ` (of that name, only check runs ${why}, which do not count)`
    // The check runs that are there come first: a mistyped check-name shows itself.
    const names = reason.names === undefined ? '' : ` ${checkNamesWords(reason.names)}`
    const said = `QA Wolf posted no check run ${quote(reason.name)} ${appWords(reason.app)} on this commit ${reason.wait ? 'by the timeout' : 'when read once (wait: false)'}${ignored}.${names}`
    const cause = reason.names?.cause
    if (cause === 'other-names' || cause === 'other-app' || cause === 'name-not-counting')
      return said
    const none =
      cause === 'nothing-posted' && reason.names?.listed.length
        ? ` None is ${appWords(reason.app)}: QA Wolf posted no check on this commit at all.`
        : ''
    return `${said}${none} Likely causes: the repository is not connected to QA Wolf, QA Wolf's GitHub App is not installed on this repository, or no run started for this deployment (no trigger matched it)`
  },
  'check-rate-limited': reason =>
    `GitHub's rate limit for this token is used up until ${reason.until}, after the ${reason.wait ? 'timeout' : 'read (wait: false)'}, so the step stopped reading the check runs before any counted: no verdict. Re-run the job after the reset, or give the step a token with its own rate limit (github-token)`,
  'check-not-completed': reason => {
    const state = spaced(reason.checkStatus)
    if (reason.rateLimitedUntil !== undefined)
      return `the check run was still ${state} when GitHub's rate limit for this token was used up until ${reason.rateLimitedUntil}, after the timeout, so the step stopped reading`
    return stillWords('the check run', state, reason.wait)
  },
  'check-newer-running': reason => {
    const state = spaced(reason.checkStatus)
    return reason.rerun
      ? `the check run of this check_run event was asked to run again since and is ${state} now, so its earlier result is not the verdict: its next completed check_run event starts this workflow again and decides`
      : `a newer check run of that name is still ${state} on this commit, so this event's result is not the verdict: the newer check run's own completed check_run event starts this workflow again and decides`
  },
  'check-unreadable': reason =>
    `GitHub listed a check run of that name whose deciding fields cannot be read, so the verdict cannot be trusted: ${reason.problems.join('; ')}`,
  'check-read-failed': reason =>
    reason.stoppedForWaitMs === undefined
      ? reason.message
      : `${reason.message} The wait GitHub asked for (${formatDuration(reason.stoppedForWaitMs)}) ends after the time the step had to read, so the step stopped asking`,
  'event-other-check': reason => {
    const which =
      reason.eventName === undefined
        ? 'a check run without a readable name'
        : `check ${quote(reason.eventName)}${reason.eventApp === undefined ? '' : ` by ${quote(reason.eventApp)}`}`
    const about = `this check_run event is about ${which}`
    if (reason.why === 'before-since')
      return `${about}, which started before the since input: an earlier deployment's result, which never counts for this one, so it is never green. The check run of this deployment sends its own completed check_run event; check that since is the time this deployment was reported (notify's reported-at)`
    if (reason.why === 'superseded')
      return `${about}, and a newer check run of that app replaced it, so it is never green: the newer one's own completed check_run event decides`
    if (reason.why === 'other-commit')
      return `${about} on another commit than the sha input, so it is never green. On check_run, github.sha is the default branch's last commit: leave sha empty (the event's commit) or pass sha: \${{ github.event.check_run.head_sha }}`
    if (reason.nameTypo === true && reason.eventName !== undefined)
      return `${about}, and check-name is ${quote(reason.name)}, so it is never green. If this is QA Wolf's check, set check-name: ${quote(reason.eventName)}`
    return `${about}, not ${quote(reason.name)} ${appWords(reason.app)}, so it is never green. Run the job only for QA Wolf's check: add this to the job, if: ${checkRunIf(reason.name, reason.app)}`
  },
  'event-not-completed': reason =>
    reason.eventAction === undefined
      ? `the check_run event's check run is ${spaced(reason.checkStatus)}, not completed: start the workflow with on: check_run: types: [completed]`
      : `this check_run event is ${reason.eventAction === '' ? 'of no action' : quote(reason.eventAction)}, not completed: only a completed event carries a verdict (a rerequested one shows the check run from before it was asked again). Start the workflow with on: check_run: types: [completed]`,
  'commit-superseded': reason =>
    `commit ${short(reason.sha)} is an older commit of branch ${quote(reason.branch)}, whose tip is now ${short(reason.tip)}: only the tip may be promoted, so a late check never rolls production back; the newer commit's own check decides`,
  'commit-not-on-branch': reason => {
    const where = reason.found
      ? `is not on branch ${quote(reason.branch)} (tip ${short(reason.tip)})`
      : `is not known to GitHub in this repository, so it is not on branch ${quote(reason.branch)}`
    return `commit ${short(reason.sha)}${reason.eventBranch === undefined ? '' : ` (branch ${quote(reason.eventBranch)} as the event says)`} ${where}: only the tip of ${quote(reason.branch)} may be promoted (a pull request's, a fork's or a merge queue's commit never is). To promote another branch's tip, set branch: (e.g. branch: release)`
  },
  'branch-not-found': ({ branch, fromDefault }) =>
    `GitHub has no branch ${quote(branch)}${fromDefault ? " (the repository's default branch)" : ''} in this repository, or the token cannot read it (contents: read), so no commit can be promoted from it${fromDefault ? '' : ': check the branch input'}`,
  'branch-read-failed': reason => reason.message
}

const stillWords = (what: string, state: string, wait: boolean): string =>
  wait
    ? `the timeout passed while ${what} was still ${state}`
    : `wait is false and ${what} is still ${state}`

export const contradictionText = (c: Contradiction): string =>
  `the service reported a greenlight ${(CONTRADICTION_WORDS[c.kind] as (c: Contradiction) => string)(c)}`

export const reasonText = (reason: Reason): string =>
  (REASON_WORDS[reason.code] as (reason: Reason) => string)(reason)

const CONCLUSION_WORDS: Readonly<Record<string, string>> = {
  failure: 'the check run concluded failure',
  timed_out: 'the check run timed out',
  action_required: 'the check run concluded action_required (it waits for someone to act on it)',
  startup_failure: 'the check run failed to start (startup_failure)',
  cancelled: 'the check run was cancelled',
  neutral: 'the check run concluded neutral: nothing was tested, which is not green',
  skipped: 'the check run was skipped: nothing was tested, which is not green',
  stale:
    'the check run is stale (GitHub marks a check run stale when it did not complete in time), which is not green'
}

const appWords = (app: string): string =>
  app === '' ? 'by an app other than GitHub Actions' : `by app ${quote(app)}`

/** The job-level `if:` that runs a job only for the wanted check (quotes doubled, as in expressions). */
function checkRunIf(name: string, app: string): string {
  const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`
  const slug = app === '' ? "!= 'github-actions'" : `== ${literal(app)}`
  return `github.event.check_run.name == ${literal(name)} && github.event.check_run.app.slug ${slug}`
}

function entryCause(entry: VerdictEntry, timedOutAfterMs: number | undefined): string {
  const reason = entry.reason === undefined ? undefined : reasonText(entry.reason)
  const { check } = entry
  if (entry.source === 'check' && entry.status === 'passed')
    return `${check?.name ?? 'the check'} concluded success${check === undefined ? '' : ` (posted by ${check.appName ?? check.app})`}`
  if (entry.reason?.code === 'check-newer-running' && reason !== undefined) return reason
  const waited =
    timedOutAfterMs === undefined || !Number.isFinite(timedOutAfterMs) || timedOutAfterMs < 0
      ? 'timed out'
      : timedOutAfterMs === 0
        ? 'not finished when queried once without waiting'
        : `timed out after ${formatDuration(timedOutAfterMs)}`
  if (entry.source === 'check' && entry.status === 'timed-out' && reason !== undefined)
    return `${waited}: ${reason}`
  const blocking = entry.bugs.blocking.count.total
  const stage = entry.run?.response?.runStage
  const causes: Record<RunStatus, string> = {
    passed: 'completed with no blocking bugs',
    failed:
      blocking > 0
        ? plural(blocking, 'blocking bug')
        : (reason ?? 'the service did not give the greenlight'),
    canceled: reason ?? 'the run was canceled',
    superseded: reason ?? 'superseded by a newer run',
    'not-tested': reason ?? 'not tested',
    'timed-out': stage === undefined ? waited : `${waited}; the run was ${stageWords(stage)}`,
    interrupted: `interrupted: ${reason ?? INTERRUPTED_REASON}`,
    error: `error: ${reason ?? 'the verdict could not be obtained'}`
  }
  return causes[entry.status]
}
