// Every word a greenlight step says about its verdict, as plain text, in one place: emoji and
// headings by class, each reason code's sentence, each entry's name and cause, "… and N more".
// The plain-text surfaces are written here whole: the log lines about a verdict, the blocking
// bugs' annotations and the step's closing line. The Markdown surfaces (summary.ts, whose lead the
// pull request comment shares, and pr-comment-body.ts) lay these words out; only the sentences
// they alone say (the lead's tally, what to do next) are theirs. It decides nothing: the status,
// class, counts and exit come from the verdict (verdict.ts). Polling's own lines, which know no
// verdict, are poll-log.ts's; the check-run words both say (IGNORED_WORDS, checkNamesWords) are
// taken from there.
import { formatDuration } from '../core/durations.js'
import { plainText, plural, quote } from '../core/text.js'
import type { RunStatus } from '../gate/facts.js'
import type { Contradiction, Reason } from './reasons.js'
import { checkNamesWords, IGNORED_WORDS } from './poll-log.js'
import type { BugCount, StepGate, Verdict, VerdictClass, VerdictEntry } from '../gate/verdict.js'

export const STATUS_EMOJI: Readonly<Record<RunStatus, string>> = {
  passed: '✅',
  failed: '❌',
  canceled: '❌',
  superseded: '❌',
  'not-tested': '⚪',
  'timed-out': '⏱️',
  interrupted: '⚠️',
  error: '⛔'
}

/** The lead word of a verdict of each class: a red verdict and no verdict never read alike. */
export const CLASS_LEAD: Readonly<Record<VerdictClass, string>> = {
  green: 'Green',
  red: 'Not green',
  'no-verdict': 'No verdict'
}

/** Words for the stages the action knows; any other stage is shown as the service spells it. */
const STAGE_WORDS: Readonly<Record<string, string>> = {
  initializing: 'initializing',
  underReview: 'under review',
  completed: 'completed',
  canceled: 'canceled'
}

export function stageWords(stage: string): string {
  return STAGE_WORDS[stage] ?? stage
}

/** The words for a job cancelled while the step waited for the verdict, wherever they appear. */
const INTERRUPTED_REASON = 'the job was cancelled while waiting for the verdict'

/** What an entry is called: a run, or a check run. */
function entryNoun(entry: Pick<VerdictEntry, 'source'>): string {
  return entry.source === 'check' ? 'check run' : 'run'
}

/** The emoji of a verdict's heading: its class, then its status. */
export function verdictEmoji(verdict: Pick<Verdict, 'class' | 'status'>): string {
  if (verdict.class === 'green') return '✅'
  return verdict.status === 'passed' ? '❌' : STATUS_EMOJI[verdict.status]
}

/** What the heading says after "QA greenlight:". */
export function headingWords(verdict: Pick<Verdict, 'class' | 'status'>): string {
  switch (verdict.class) {
    case 'green':
      return 'green'
    case 'red':
      return verdict.status === 'not-tested' ? 'not tested, not green' : 'not green'
    case 'no-verdict':
      return `${verdict.status === 'timed-out' ? 'timed out' : verdict.status}, no verdict`
  }
}

export function contradictionText(c: Contradiction): string {
  switch (c.kind) {
    case 'green-while-canceled':
      return 'the service reported a greenlight for a canceled run'
    case 'green-while-running':
      return `the service reported a greenlight while the run is still ${c.stage}`
    case 'green-without-count':
      return 'the service reported a greenlight for a completed run but no blocking-bug count'
    case 'green-with-blocking-count':
      return `the service reported a greenlight together with ${plural(c.count, 'blocking bug')}`
    case 'green-with-blocking-urls':
      return `the service reported a greenlight and zero blocking bugs, but listed ${plural(c.count, 'blocking bug URL')}`
    case 'green-with-blocking-bugs':
      return `the service reported a greenlight and zero blocking bugs, but ${plural(c.count, 'reproduced bug')} that blocks (urgent, high or unset priority, or isBlocking)`
  }
}

/** A reason in plain text: what the log, the outputs' readers and the summary say of it. */
export function reasonText(reason: Reason): string {
  switch (reason.code) {
    case 'run-canceled': {
      const said = [
        reason.message,
        reason.serviceReason === undefined ? undefined : `reason: ${reason.serviceReason}`
      ].filter((part): part is string => part !== undefined)
      return said.length === 0
        ? 'the run was canceled'
        : `the run was canceled; the service says: ${said.join('; ')}`
    }
    case 'contradiction':
      return contradictionText(reason.contradiction)
    case 'blocking-bugs':
      return `the run completed with ${plural(reason.count, 'blocking bug')}`
    case 'no-greenlight':
      return 'the run completed without a greenlight'
    case 'no-greenlight-zero-blocking':
      return 'the run completed without a greenlight (no blocking bugs in this run; possibly blocking bugs in other workflows)'
    case 'blocking-bugs-in-other-workflows':
      return `${plural(reason.count, 'blocking bug')} in workflows outside this run, with outcome-when-blocking-bugs-in-other-workflows: red`
    case 'superseded':
      return `run ${reason.rootRunId} was superseded by run ${reason.newerRunId}, and on-superseded is fail`
    case 'still-running': {
      const stage = reason.stage ?? 'unknown'
      return reason.wait
        ? `the timeout passed while the run was still ${stage}`
        : `wait is false and the run is still ${stage}`
    }
    case 'not-ended':
      return `the run was still ${reason.stage}`
    case 'interrupted':
      return INTERRUPTED_REASON
    case 'crashed':
      return reason.during === 'query'
        ? `unexpected failure while querying the service: ${reason.message}`
        : `internal error while polling: ${reason.message}`
    case 'no-answer-to-judge':
      return 'internal error while polling: no answer to judge'
    case 'query-refused':
      return reason.message
    case 'run-not-found':
      return `${reason.message} (still not found ${formatDuration(reason.sinceFirstQueryMs)} after the first query; check the run-id input)`
    case 'unreachable':
      return `${reason.message} The service has not been reachable for ${formatDuration(reason.unreachableForMs)}; check the base-url input.`
    case 'retry-after-past-deadline': {
      const wait = `the service asked to wait ${formatDuration(reason.retryAfterMs)} before the next query (Retry-After), which is past the ${reason.wait ? 'timeout' : 'window of wait: false'} (${formatDuration(reason.msLeft)} left)`
      return reason.stage === undefined
        ? `${wait}; no answer before that: ${reason.message}`
        : `the run was still ${reason.stage} and ${wait}: ${reason.message}`
    }
    case 'failing-at-deadline':
      return `the timeout passed while the run was still ${reason.stage}; the last query failed after ${plural(reason.failures, 'failed attempt')}: ${reason.message}`
    case 'no-answer': {
      const attempts = plural(reason.failures, 'failed attempt')
      if (reason.notFound) return `${reason.message} (still not found after ${attempts})`
      return `no answer from the service ${reason.wait ? 'within the timeout' : 'with wait set to false'} (${attempts}); last failure: ${reason.message}`
    }
    case 'check-conclusion':
      return (
        CONCLUSION_WORDS[reason.conclusion] ??
        `the check run concluded ${quote(reason.conclusion)}, which this action does not know, so it is not green`
      )
    case 'no-check': {
      const ignored =
        reason.ignored.length === 0
          ? ''
          : ` (of that name, only check runs ${reason.ignored.map(why => IGNORED_WORDS[why]).join(', ')}, which do not count)`
      // The check runs that are there come first: a mistyped check-name shows itself.
      const names = reason.names === undefined ? '' : ` ${checkNamesWords(reason.names)}`
      const cause = reason.names?.cause
      if (cause === 'other-names' || cause === 'other-app' || cause === 'name-not-counting') {
        return `QA Wolf posted no check run ${quote(reason.name)} ${appWords(reason.app)} on this commit ${reason.wait ? 'by the timeout' : 'when read once (wait: false)'}${ignored}.${names}`
      }
      const none =
        reason.names?.cause === 'nothing-posted' && reason.names.listed.length > 0
          ? ` None is ${appWords(reason.app)}: QA Wolf posted no check on this commit at all.`
          : ''
      const causes = `${none} Likely causes`
      return (
        `QA Wolf posted no check run ${quote(reason.name)} ${appWords(reason.app)} on this commit ` +
        `${reason.wait ? 'by the timeout' : 'when read once (wait: false)'}${ignored}.${names}${causes}: ` +
        `the repository is not connected to QA Wolf, QA Wolf's GitHub App is not installed on this ` +
        `repository, or no run started for this deployment (no trigger matched it)`
      )
    }
    case 'check-rate-limited':
      return `GitHub's rate limit for this token is used up until ${reason.until}, after the ${reason.wait ? 'timeout' : 'read (wait: false)'}, so the step stopped reading the check runs before any counted: no verdict. Re-run the job after the reset, or give the step a token with its own rate limit (github-token)`
    case 'check-not-completed': {
      const state = reason.checkStatus.replace(/_/g, ' ')
      if (reason.rateLimitedUntil !== undefined) {
        return `the check run was still ${state} when GitHub's rate limit for this token was used up until ${reason.rateLimitedUntil}, after the timeout, so the step stopped reading`
      }
      return reason.wait
        ? `the timeout passed while the check run was still ${state}`
        : `wait is false and the check run is still ${state}`
    }
    case 'check-newer-running': {
      const state = reason.checkStatus.replace(/_/g, ' ')
      return reason.rerun
        ? `the check run of this check_run event was asked to run again since and is ${state} now, so its earlier result is not the verdict: its next completed check_run event starts this workflow again and decides`
        : `a newer check run of that name is still ${state} on this commit, so this event's result is not the verdict: the newer check run's own completed check_run event starts this workflow again and decides`
    }
    case 'check-unreadable':
      return `GitHub listed a check run of that name whose deciding fields cannot be read, so the verdict cannot be trusted: ${reason.problems.join('; ')}`
    case 'check-read-failed':
      return reason.stoppedForWaitMs === undefined
        ? reason.message
        : `${reason.message} The wait GitHub asked for (${formatDuration(reason.stoppedForWaitMs)}) ends after the time the step had to read, so the step stopped asking`
    case 'event-other-check': {
      const which =
        reason.eventName === undefined
          ? 'a check run without a readable name'
          : `check ${quote(reason.eventName)}${reason.eventApp === undefined ? '' : ` by ${quote(reason.eventApp)}`}`
      const why =
        reason.why === undefined || reason.why === 'other-app' || reason.why === 'github-actions'
          ? ''
          : ` (${IGNORED_WORDS[reason.why]})`
      if (reason.why === 'before-since' || reason.why === 'superseded') {
        // QA Wolf's own check: the job's if: lets it through rightly, and another would not help.
        return reason.why === 'before-since'
          ? `this check_run event is about ${which}, which started before the since input: an earlier deployment's result, which never counts for this one, so it is never green. The check run of this deployment sends its own completed check_run event; check that since is the time this deployment was reported (notify's reported-at)`
          : `this check_run event is about ${which}, and a newer check run of that app replaced it, so it is never green: the newer one's own completed check_run event decides`
      }
      if (reason.why === 'other-commit') {
        // QA Wolf's own check on the wrong commit: an if: cannot help, the sha input can.
        return (
          `this check_run event is about ${which} on another commit than the sha input, so it is never green. ` +
          `On check_run, github.sha is the default branch's last commit: leave sha empty (the event's commit) or pass sha: \${{ github.event.check_run.head_sha }}`
        )
      }
      if (reason.nameTypo === true && reason.eventName !== undefined) {
        return `this check_run event is about ${which}, and check-name is ${quote(reason.name)}, so it is never green. If this is QA Wolf's check, set check-name: ${quote(reason.eventName)}`
      }
      return (
        `this check_run event is about ${which}${why}, not ${quote(reason.name)} ${appWords(reason.app)}, ` +
        `so it is never green. Run the job only for QA Wolf's check: add this to the job, ` +
        `if: ${checkRunIf(reason.name, reason.app)}`
      )
    }
    case 'event-not-completed':
      return reason.eventAction === undefined
        ? `the check_run event's check run is ${reason.checkStatus.replace(/_/g, ' ')}, not completed: start the workflow with on: check_run: types: [completed]`
        : `this check_run event is ${reason.eventAction === '' ? 'of no action' : quote(reason.eventAction)}, not completed: only a completed event carries a verdict (a rerequested one shows the check run from before it was asked again). Start the workflow with on: check_run: types: [completed]`
    case 'commit-superseded':
      return `commit ${reason.sha.slice(0, 12)} is an older commit of branch ${quote(reason.branch)}, whose tip is now ${reason.tip.slice(0, 12)}: only the tip may be promoted, so a late check never rolls production back; the newer commit's own check decides`
    case 'commit-not-on-branch': {
      const named =
        reason.eventBranch === undefined
          ? ''
          : ` (branch ${quote(reason.eventBranch)} as the event says)`
      const where = reason.found
        ? `is not on branch ${quote(reason.branch)} (tip ${reason.tip.slice(0, 12)})`
        : `is not known to GitHub in this repository, so it is not on branch ${quote(reason.branch)}`
      return `commit ${reason.sha.slice(0, 12)}${named} ${where}: only the tip of ${quote(reason.branch)} may be promoted (a pull request's, a fork's or a merge queue's commit never is). To promote another branch's tip, set branch: (e.g. branch: release)`
    }
    case 'branch-not-found':
      return reason.fromDefault
        ? `GitHub has no branch ${quote(reason.branch)} (the repository's default branch) in this repository, or the token cannot read it (contents: read), so no commit can be promoted from it`
        : `GitHub has no branch ${quote(reason.branch)} in this repository, or the token cannot read it (contents: read), so no commit can be promoted from it: check the branch input`
    case 'branch-read-failed':
      return reason.message
  }
}

/** What a completed check run's conclusion means, when it is not success. */
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

function appWords(app: string): string {
  return app === '' ? 'by an app other than GitHub Actions' : `by app ${quote(app)}`
}

/** The job-level `if:` that runs a job only for the wanted check (single quotes doubled, as expressions escape them). */
function checkRunIf(name: string, app: string): string {
  const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`
  return (
    `github.event.check_run.name == ${literal(name)} && github.event.check_run.app.slug ` +
    (app === '' ? "!= 'github-actions'" : `== ${literal(app)}`)
  )
}

/**
 * How an entry is named in a sentence: a run or a check run by its ID; a check that no counting
 * check run stands for by the check's name.
 */
export function entryName(entry: VerdictEntry): string {
  if (entry.source === 'check' && entry.check === undefined) return `check ${entry.id}`
  return `${entryNoun(entry)} ${entry.id}`
}

/** Words for the start of a line: `run` → `Run`, `check run` → `Check run`. */
export function capitalized(words: string): string {
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`
}

/** Why an entry has its status, in plain text: what the summary and the comment say of each. */
export function entryCause(entry: VerdictEntry, timedOutAfterMs: number | undefined): string {
  const reason = entry.reason === undefined ? undefined : reasonText(entry.reason)
  const response = entry.run?.response
  if (entry.source === 'check' && entry.status === 'passed') {
    return `${entry.check?.name ?? 'the check'} concluded success${entry.check === undefined ? '' : ` (posted by ${entry.check.appName ?? entry.check.app})`}`
  }
  if (entry.reason?.code === 'check-newer-running' && reason !== undefined) return reason
  if (entry.source === 'check' && entry.status === 'timed-out' && reason !== undefined) {
    return `${waitedWords(timedOutAfterMs)}: ${reason}`
  }
  switch (entry.status) {
    case 'passed':
      return 'completed with no blocking bugs'
    case 'failed': {
      const blocking = entry.bugs.blocking.count.total
      if (blocking > 0) return plural(blocking, 'blocking bug')
      return reason ?? 'the service did not give the greenlight'
    }
    case 'canceled':
      return reason ?? 'the run was canceled'
    case 'superseded':
      return reason ?? 'superseded by a newer run'
    case 'not-tested':
      return reason ?? 'not tested'
    case 'timed-out': {
      const waited = waitedWords(timedOutAfterMs)
      return response === undefined
        ? waited
        : `${waited}; the run was ${stageWords(response.runStage)}`
    }
    case 'interrupted':
      return `interrupted: ${reason ?? INTERRUPTED_REASON}`
    case 'error':
      return `error: ${reason ?? 'the verdict could not be obtained'}`
  }
}

function waitedWords(timedOutAfterMs: number | undefined): string {
  return timedOutAfterMs === undefined || !Number.isFinite(timedOutAfterMs) || timedOutAfterMs < 0
    ? 'timed out'
    : timedOutAfterMs === 0
      ? 'not finished when queried once without waiting'
      : `timed out after ${formatDuration(timedOutAfterMs)}`
}

/** The log line that ends a run's polling: the run's judged status, under every rule of the step. */
export function finishedLine(entry: VerdictEntry): string {
  const queries = entry.run?.queries ?? 0
  return `Run ${entry.id}: ${entry.status} after ${plural(queries, 'query', 'queries')}.`
}

/** The log line of an answer that contradicts itself (once per contradiction and run). */
export function contradictionLine(runId: string, contradiction: Contradiction): string {
  return `Run ${plainText(runId, Number.POSITIVE_INFINITY)}: the service's answer contradicts itself (${contradictionText(contradiction)}); it is not treated as green.`
}

/** "… and 3 more blocking bugs": what every surface says of the bugs it does not list. */
export function moreWords(rest: number, noun: string): string {
  return `… and ${plural(rest, `more ${noun}`)}`
}

/**
 * How many of `count` a surface that lists `shown` of them leaves unsaid: the verdict's `more`,
 * plus those the verdict holds that this surface has no room for.
 */
export function restOf(count: BugCount, shown: number): number {
  return count.more + Math.max(0, count.listed - shown)
}

/** GitHub shows about ten error annotations per step: eight bugs, "N more", and the verdict fit. */
const MAX_BUG_ANNOTATIONS = 8

/** The step's `::error` annotations: its blocking bugs, at most MAX_BUG_ANNOTATIONS of them named. */
export function verdictAnnotations(
  verdict: Verdict,
  labelPrefix: string
): { message: string; title: string }[] {
  return bugAnnotations(
    bugAnnotationTitles(verdict),
    verdict.bugs.blocking.count,
    MAX_BUG_ANNOTATIONS,
    labelPrefix
  )
}

/**
 * One plain-text title per blocking bug across all entries: the bug's name, else its URL. For
 * `::error` annotations, whose writer escapes them.
 */
export function bugAnnotationTitles(verdict: Verdict): string[] {
  return verdict.bugs.blocking.shown.map(({ bug, entryId }) => bugTitle(bug, entryId))
}

/** The annotations of the blocking bugs: one per title, then one for the rest. */
export function bugAnnotations(
  titles: readonly string[],
  count: BugCount,
  max: number,
  labelPrefix: string
): { message: string; title: string }[] {
  const shown = titles.slice(0, max)
  const lines = shown.map(title => ({
    message: `${labelPrefix}Blocking bug: ${title}`,
    title: `Blocking bug: ${title}`
  }))
  const rest = restOf(count, shown.length)
  if (rest > 0) {
    lines.push({
      message: `${labelPrefix}${moreWords(rest, 'blocking bug')}: see the job summary.`,
      title: `${plural(rest, 'more blocking bug')}`
    })
  }
  return lines
}

/** A blocking bug's annotation title: its name, else its URL, else which entry reported it. */
function bugTitle(bug: { name?: string; url?: string }, entryId: string): string {
  const title = plainText(bug.name ?? bug.url ?? '')
  return title === '' ? `Unnamed blocking bug in run ${plainText(entryId)}` : title
}

/** The step's closing line and how it is written: by the exit decision (stepGate) alone. */
export function gateLine(
  verdict: Verdict,
  gate: StepGate,
  labelPrefix: string
): { kind: 'info' | 'failed' | 'warning'; message: string } {
  if (gate.ends === 'green') return { kind: 'info', message: `${labelPrefix}QA verdict: green.` }
  const message =
    verdict.interrupted === 'reporting'
      ? `${labelPrefix}The job was cancelled while the verdict was being reported.`
      : `${labelPrefix}QA verdict: ${verdict.status}. ${verdict.entries
          .filter(entry => entry.status !== 'passed')
          .map(
            entry =>
              `${entry.id}: ${entry.status}${entry.reason ? ` (${reasonText(entry.reason)})` : ''}`
          )
          .join('; ')}`.trim()
  if (gate.ends === 'failed') return { kind: 'failed', message }
  return { kind: 'warning', message: `${message} (${gate.forgivenBy} is false)` }
}
