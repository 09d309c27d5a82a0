// The verdict of a step that gates on QA Wolf's check run (`verdict-from: check`), decided here
// from what check-facts.ts gathered (polling, or a `check_run` event with one read of the commit's
// check runs). It builds the same `VerdictEntry` a run does and hands it to verdict.ts's
// `verdictOf`, so a check's verdict has the same classes, surfaces and exit as a run's. Like
// verdict.ts it holds no words: messages.ts words it.
import {
  classOf,
  noBugs,
  verdictOf,
  type CheckDetails,
  type Verdict,
  type VerdictEntry
} from './verdict.js'
import type { CheckFacts, RunStatus } from './run-outcome.js'
import type { IgnoredWhy, Reason } from '../gate/reasons.js'
import { isRecord } from '../core/is-record.js'
import { idText, nonBlankText } from '../kernel/text.js'
import { selectCheckRuns, type CheckRunView } from './check-selection.js'

/**
 * A completed check run's status from its conclusion, as the contract maps them; a conclusion the
 * action does not know (`stale`, a new one) is an error, never green.
 */
export function checkConclusionStatus(conclusion: string | undefined): RunStatus {
  switch (conclusion) {
    case 'success':
      return 'passed'
    case 'failure':
    case 'timed_out':
    case 'action_required':
    case 'startup_failure':
      return 'failed'
    case 'cancelled':
      return 'canceled'
    case 'neutral':
    case 'skipped':
      return 'not-tested'
    default:
      return 'error'
  }
}

/**
 * The verdict of a step that gates on a check run (`verdict-from: check`), from what polling (or
 * the `check_run` event) found: green only when at least one check run counts (check-selection.ts,
 * the rule polling stopped by) and every one that counts is completed with `success`.
 */
export function decideCheckVerdict(facts: CheckFacts): Verdict {
  const verdict = checkVerdict(facts)
  if (facts.source !== 'event') return verdict
  // Only the commit that may be promoted: on a check_run event, whatever the check says, green
  // needs the commit to be the branch's tip when the step runs. An error or an interruption
  // already fails the step, with its own reason first to fix; every other status is replaced, so
  // that no fail-on-red or fail-on-timeout can forgive a commit that must not be promoted.
  if (verdict.status === 'error' || verdict.status === 'interrupted') return verdict
  const standing = commitStanding(facts)
  return standing === undefined ? verdict : nothingFor(facts, standing.status, standing.reason)
}

/** An entry for the check that no counting check run stands for: named by the check's name. */
function nothingFor(facts: CheckFacts, status: RunStatus, reason: Reason): Verdict {
  return withTimeout(
    verdictOf([
      {
        source: 'check',
        id: facts.rules.name,
        status,
        class: classOf(status),
        reason,
        bugs: noBugs()
      }
    ]),
    facts
  )
}

/**
 * The commit rule: undefined when the checked commit is the tip of the branch (by SHAs GitHub
 * gave); otherwise the status that replaces the check's. An older commit of the branch is
 * `superseded` (its newer commit's own check decides); a commit not on the branch, or a standing
 * that could not be read, is an `error` (always fails the step).
 */
function commitStanding(facts: CheckFacts): { status: RunStatus; reason: Reason } | undefined {
  const read = facts.branchTip
  const sha = facts.rules.sha.toLowerCase()
  if (read === undefined) {
    return {
      status: 'error',
      reason: {
        code: 'branch-read-failed',
        message: `where commit ${sha.slice(0, 12)} stands on the branch was not read`
      }
    }
  }
  if (read.failure !== undefined) {
    const { message, status } = read.failure
    return {
      status: 'error',
      reason: { code: 'branch-read-failed', message, ...(status === undefined ? {} : { status }) }
    }
  }
  const branch = read.branch ?? ''
  if (read.branchMissing === true) {
    return {
      status: 'error',
      reason: { code: 'branch-not-found', branch, fromDefault: read.fromDefault }
    }
  }
  const tip = read.tip?.toLowerCase()
  if (tip === sha) return undefined
  const compare = read.compare
  const unsure = (why: string): { status: RunStatus; reason: Reason } => ({
    status: 'error',
    reason: { code: 'branch-read-failed', message: why }
  })
  if (tip === undefined || compare === undefined) {
    return unsure(
      `GitHub named no tip of branch '${branch}' to compare commit ${sha.slice(0, 12)} with`
    )
  }
  // `behind`: the commit is an ancestor of the tip (the merge base is the commit itself).
  if ('status' in compare && compare.status === 'behind') {
    if (compare.mergeBase !== sha) {
      return unsure(
        `GitHub said commit ${sha.slice(0, 12)} is behind the tip of '${branch}' but named another merge base`
      )
    }
    return { status: 'superseded', reason: { code: 'commit-superseded', sha, branch, tip } }
  }
  const found = !('notFound' in compare)
  const eventBranch = eventHeadBranch(facts)
  return {
    status: 'error',
    reason: {
      code: 'commit-not-on-branch',
      sha,
      branch,
      tip,
      found,
      ...(eventBranch === undefined ? {} : { eventBranch })
    }
  }
}

/** The branch the event names for its commit: shown in the message, never deciding. */
function eventHeadBranch(facts: CheckFacts): string | undefined {
  const run = facts.eventCheckRun
  const suite = isRecord(run) && isRecord(run['check_suite']) ? run['check_suite'] : undefined
  return nonBlankText(suite?.['head_branch'])
}

function checkVerdict(facts: CheckFacts): Verdict {
  const { rules, ended } = facts
  const fromEvent = facts.source === 'event'
  const nothing = (status: RunStatus, reason: Reason): Verdict => nothingFor(facts, status, reason)
  if (ended.why === 'failed') {
    const { message, status } = ended.failure
    return nothing('error', {
      code: 'check-read-failed',
      message,
      ...(status === undefined ? {} : { status }),
      ...(ended.stoppedForWaitMs === undefined ? {} : { stoppedForWaitMs: ended.stoppedForWaitMs })
    })
  }
  const selection = selectCheckRuns(facts.checkRuns ?? [], rules)
  if (selection.unreadable.length > 0) {
    return nothing('error', { code: 'check-unreadable', problems: selection.unreadable })
  }
  // On an event, a read cut short leaves the event's check run unweighed against the rest.
  if (ended.why === 'interrupted' && (fromEvent || selection.counting.length === 0)) {
    return nothing('interrupted', { code: 'interrupted' })
  }
  if (selection.counting.length === 0) {
    if (fromEvent) return nothing('error', otherCheck(facts, selection.ignored[0]?.why))
    if (facts.rateLimitedUntil !== undefined) {
      // GitHub would not answer again before the timeout: the step did not see, which is no
      // "QA Wolf posted nothing" and no timeout either (it did not wait).
      return nothing('error', {
        code: 'check-rate-limited',
        until: facts.rateLimitedUntil,
        wait: ended.why === 'still-waiting' ? ended.wait : true
      })
    }
    return nothing('timed-out', {
      code: 'no-check',
      name: rules.name,
      app: rules.app,
      wait: ended.why === 'still-waiting' ? ended.wait : true,
      ignored: [...new Set(selection.ignored.map(entry => entry.why))],
      ...(facts.names === undefined ? {} : { names: facts.names })
    })
  }
  const entries = selection.counting.map(run => checkEntry(run, facts))
  return withTimeout(verdictOf(entries), facts)
}

function withTimeout(verdict: Verdict, facts: CheckFacts): Verdict {
  if (verdict.entries.some(entry => entry.status === 'timed-out'))
    verdict.timedOutAfterMs = facts.waitedMs ?? 0
  return verdict
}

function checkEntry(run: CheckRunView, facts: CheckFacts): VerdictEntry {
  const { status, reason } = checkRunStatus(run, facts)
  const check: CheckDetails = {
    name: run.name,
    app: run.app,
    checkStatus: run.status,
    fromEvent: facts.source === 'event' && run.id !== undefined && run.id === eventCheckRunId(facts)
  }
  const shown = {
    appName: run.appName,
    conclusion: run.conclusion,
    detailsUrl: run.detailsUrl,
    title: run.title,
    summary: run.summary,
    startedAt: run.startedAt
  }
  for (const [key, value] of Object.entries(shown)) {
    if (value !== undefined) Object.assign(check, { [key]: value })
  }
  const entry: VerdictEntry = {
    source: 'check',
    id: run.id ?? run.name,
    status,
    class: classOf(status),
    bugs: noBugs(),
    check
  }
  if (run.htmlUrl !== undefined) entry.url = run.htmlUrl
  if (reason !== undefined) entry.reason = reason
  return entry
}

function checkRunStatus(
  run: CheckRunView,
  facts: CheckFacts
): { status: RunStatus; reason?: Reason } {
  if (facts.source === 'event' && facts.eventAction !== 'completed') {
    // A `rerequested` or `requested_action` event carries the check run as it was before: a
    // success there is an earlier verdict that someone has just asked to run again.
    return {
      status: 'error',
      reason: {
        code: 'event-not-completed',
        checkStatus: run.status,
        eventAction: facts.eventAction ?? ''
      }
    }
  }
  if (run.status !== 'completed') {
    if (facts.ended.why === 'interrupted') {
      return { status: 'interrupted', reason: { code: 'interrupted' } }
    }
    if (facts.source === 'event' && facts.listed === true) {
      // The event's check run completed, and since then the app re-ran it (reset, or a newer
      // one) or another app's is running: that one's own completed event decides.
      const rerun = run.id !== undefined && run.id === eventCheckRunId(facts)
      return {
        status: 'timed-out',
        reason: { code: 'check-newer-running', checkStatus: run.status, rerun }
      }
    }
    if (facts.source === 'event') {
      return { status: 'error', reason: { code: 'event-not-completed', checkStatus: run.status } }
    }
    const wait = facts.ended.why === 'still-waiting' ? facts.ended.wait : true
    return {
      status: 'timed-out',
      reason: {
        code: 'check-not-completed',
        checkStatus: run.status,
        wait,
        ...(facts.rateLimitedUntil === undefined
          ? {}
          : { rateLimitedUntil: facts.rateLimitedUntil })
      }
    }
  }
  const conclusion = run.conclusion ?? ''
  const status = checkConclusionStatus(conclusion)
  return status === 'passed'
    ? { status }
    : { status, reason: { code: 'check-conclusion', conclusion } }
}

function eventCheckRunId(facts: CheckFacts): string | undefined {
  return isRecord(facts.eventCheckRun) ? idText(facts.eventCheckRun['id']) : undefined
}

/** The `check_run` event's check run does not count: which check it is, for the `if:` to add. */
function otherCheck(facts: CheckFacts, why: IgnoredWhy | undefined): Reason {
  const event = facts.eventCheckRun ?? facts.checkRuns?.[0]
  const record = isRecord(event) ? event : {}
  const eventName = nonBlankText(record['name'])
  const eventApp = isRecord(record['app']) ? nonBlankText(record['app']['slug']) : undefined
  return {
    code: 'event-other-check',
    name: facts.rules.name,
    app: facts.rules.app,
    ...(eventName === undefined ? {} : { eventName }),
    ...(eventApp === undefined ? {} : { eventApp }),
    ...(why === undefined ? {} : { why })
  }
}
