// The verdict, decided here and nowhere else. Polling (polling.ts) gathers facts about each run:
// its last answer, why polling stopped, the failures and their timings. This module turns them
// into one verdict per step: each run's status, reason and cause, its bug lists and counts, the
// rule for blocking bugs in other workflows, superseding, and green. The outputs, the job summary,
// the pull request comment, the annotations and the exit code only render what it returns.
// Fail closed: green needs every piece of evidence at once, and a contradiction is an error.
import { classifyBugs, readBugs, type BugView } from './bugs.js'
import { formatDuration } from '../core/durations.js'
import { plural } from '../core/text.js'
import {
  RUN_STATUSES_WORST_FIRST,
  type PollEnd,
  type RunFacts,
  type RunOutcome,
  type RunStatus
} from './run-outcome.js'
import type {
  GreenlightResponse,
  OutcomeWhenBlockingBugsInOtherWorkflows
} from '../service/schemas.js'
import type { CompactResponse } from './compact-response.js'

export type TerminalStatus = 'passed' | 'failed' | 'canceled' | 'error'
export type OnSuperseded = 'follow' | 'fail'

/** The stages that end polling. Any other stage, one the action does not know included, does not. */
const TERMINAL_STAGES: ReadonlySet<string> = new Set(['completed', 'canceled'])

/** Whether an answer's stage ends polling. Green only ever comes from `completed`. */
export function isTerminalStage(stage: string): boolean {
  return TERMINAL_STAGES.has(stage)
}

/** The words for a job cancelled while the step waited for the verdict, wherever they appear. */
export const INTERRUPTED_REASON = 'the job was cancelled while waiting for the verdict'

export interface JudgedResponse {
  /** True for `completed` and `canceled`: polling stops. */
  terminal: boolean
  green: boolean
  /** Set for terminal responses only. */
  status?: TerminalStatus
  /** Why the response is not green (terminal responses only). */
  reason?: string
  /** Set when the response contradicts itself; such a response is never green. */
  contradiction?: string
}

/** A terminal answer that claims a greenlight against its own evidence. */
function contradicted(contradiction: string): JudgedResponse {
  return { terminal: true, green: false, status: 'error', reason: contradiction, contradiction }
}

/**
 * Judges one validated response. Green needs every piece of evidence at once: `greenlight: true`,
 * stage `completed`, a reported blocking-bug count of exactly zero (an absent count is not zero)
 * and no blocking-bug URLs. A terminal response that claims a greenlight against its own evidence
 * cannot be trusted either way, so it becomes `error` rather than `passed` or `failed`.
 */
export function judgeResponse(r: GreenlightResponse): JudgedResponse {
  const blockingUrls = r.blockingBugUrls?.length ?? 0
  switch (r.runStage) {
    case 'canceled': {
      if (r.greenlight === true) {
        return contradicted('the service reported a greenlight for a canceled run')
      }
      return { terminal: true, green: false, status: 'canceled', reason: canceledReason(r) }
    }
    case 'completed': {
      if (r.greenlight === true) {
        const contradiction = completedContradiction(
          r.blockingBugsCount,
          blockingUrls,
          classifyBugs(r).blocking.length
        )
        if (contradiction !== undefined) return contradicted(contradiction)
        return { terminal: true, green: true, status: 'passed' }
      }
      return { terminal: true, green: false, status: 'failed', reason: failedReason(r) }
    }
    default: {
      if (r.greenlight === true) {
        return {
          terminal: false,
          green: false,
          contradiction: `the service reported a greenlight while the run is still ${r.runStage}`
        }
      }
      return { terminal: false, green: false }
    }
  }
}

/** "the run was canceled", with the service's explanation when it gives one (`message`, `reason`). */
function canceledReason(r: GreenlightResponse): string {
  const message = shownText(r['message'])
  const code = shownText(r['reason'])
  const said = [message, code === undefined ? undefined : `reason: ${code}`].filter(
    (part): part is string => part !== undefined
  )
  return said.length === 0
    ? 'the run was canceled'
    : `the run was canceled; the service says: ${said.join('; ')}`
}

function shownText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

function completedContradiction(
  blockingBugsCount: number | undefined,
  blockingUrls: number,
  blockingReproducedBugs: number
): string | undefined {
  if (blockingBugsCount === undefined) {
    return 'the service reported a greenlight for a completed run but no blocking-bug count'
  }
  if (blockingBugsCount !== 0) {
    return `the service reported a greenlight together with ${plural(blockingBugsCount, 'blocking bug')}`
  }
  if (blockingUrls !== 0) {
    return `the service reported a greenlight and zero blocking bugs, but listed ${plural(blockingUrls, 'blocking bug URL')}`
  }
  if (blockingReproducedBugs !== 0) {
    // The summary would list these as blocking under a green verdict.
    return `the service reported a greenlight and zero blocking bugs, but ${plural(blockingReproducedBugs, 'reproduced bug')} that blocks (urgent, high or unset priority, or isBlocking)`
  }
  return undefined
}

function failedReason(r: GreenlightResponse): string {
  const count = r.blockingBugsCount
  if (count !== undefined && count > 0) {
    return `the run completed with ${plural(count, 'blocking bug')}`
  }
  if (count === undefined) return 'the run completed without a greenlight'
  // Zero blocking bugs here yet no greenlight: the "red" option for bugs in other workflows.
  return 'the run completed without a greenlight (no blocking bugs in this run; possibly blocking bugs in other workflows)'
}

export interface BugCounts {
  blocking: number
  nonBlocking: number
  /** Blocking entries of `otherBlockingBugsInEnvironment`: bugs in workflows that did not run. */
  otherBlocking: number
}

/**
 * The bug counts of one answer: the service's counts, raised to the bugs it lists (fail closed: a
 * listed blocking bug counts even when the service's count says fewer); zero without an answer.
 * For a compacted answer, the whole answer's classification, made before its lists were cut.
 */
export function bugCounts(response: CompactResponse | undefined): BugCounts {
  if (response === undefined) return { blocking: 0, nonBlocking: 0, otherBlocking: 0 }
  const { blocking, nonBlocking } = classifyBugs(response)
  const cut = response.cutByQaGreenlight
  return {
    blocking: Math.max(response.blockingBugsCount ?? 0, cut?.blockingBugs ?? blocking.length),
    nonBlocking: Math.max(
      response.nonBlockingBugsCount ?? 0,
      cut?.nonBlockingBugs ?? nonBlocking.length
    ),
    otherBlocking:
      cut?.otherBlockingBugs ??
      readBugs(response.otherBlockingBugsInEnvironment).filter(bug => bug.blocking).length
  }
}

/** The worse of two statuses in the contract's order error > interrupted > … > passed. */
export function worseStatus(a: RunStatus, b: RunStatus): RunStatus {
  return RUN_STATUSES_WORST_FIRST.indexOf(a) <= RUN_STATUSES_WORST_FIRST.indexOf(b) ? a : b
}

/**
 * Combines the runs of one step. Green only when there is at least one run and every run passed;
 * no runs at all means no verdict was obtained, which is an error, never a green.
 */
export function aggregateVerdict<T extends { status: RunStatus }>(
  runs: readonly T[]
): { green: boolean; status: RunStatus; runs: T[] } {
  if (runs.length === 0) return { green: false, status: 'error', runs: [] }
  const status = runs.map(r => r.status).reduce(worseStatus)
  return { green: runs.every(r => r.status === 'passed'), status, runs: [...runs] }
}

/** The rules of a step that the verdict depends on. */
export interface JudgeRules {
  outcomeWhenBlockingBugsInOtherWorkflows: OutcomeWhenBlockingBugsInOtherWorkflows
  /** `follow` when not given. */
  onSuperseded?: OnSuperseded
  wait: boolean
  timeoutMs: number
}

/** The run that superseded the root, from an answer: a non-blank `relevantRunId` that differs. */
export function supersedingRunId(
  response: Pick<GreenlightResponse, 'relevantRunId'> | undefined,
  rootRunId: string
): string | undefined {
  const relevant = response?.relevantRunId
  return relevant === undefined || relevant.trim() === '' || relevant === rootRunId
    ? undefined
    : relevant
}

/** One run's status and reason, from what polling found out about it. */
export function decideRun(
  facts: RunFacts,
  rules: Pick<JudgeRules, 'onSuperseded'> = {}
): RunOutcome {
  const { ended, lastResponse } = facts
  const { status, reason } = endedStatus(ended, lastResponse)
  const outcome: RunOutcome = { rootRunId: facts.rootRunId, status, queries: facts.queries }
  if (lastResponse !== undefined) outcome.lastResponse = lastResponse
  if (facts.rootRunUrl !== undefined) outcome.rootRunUrl = facts.rootRunUrl
  const newer = supersedingRunId(lastResponse, facts.rootRunId)
  if (
    rules.onSuperseded === 'fail' &&
    newer !== undefined &&
    (ended.why === 'superseded' || ['passed', 'failed', 'canceled'].includes(status))
  ) {
    // Only the root run's own verdict counts: a newer commit's verdict is not this one's.
    outcome.status = 'superseded'
    outcome.reason = `run ${facts.rootRunId} was superseded by run ${newer}, and on-superseded is fail`
    return outcome
  }
  if (reason !== undefined) outcome.reason = reason
  return outcome
}

function endedStatus(
  ended: PollEnd,
  lastResponse: GreenlightResponse | undefined
): { status: RunStatus; reason?: string } {
  switch (ended.why) {
    case 'answered':
    case 'superseded': {
      if (lastResponse === undefined) {
        return { status: 'error', reason: 'internal error while polling: no answer to judge' }
      }
      const judged = judgeResponse(lastResponse)
      if (judged.terminal && judged.status !== undefined) {
        return judged.reason === undefined
          ? { status: judged.status }
          : { status: judged.status, reason: judged.reason }
      }
      // Superseded before the root run ended: with `fail` that is the verdict (decideRun).
      return { status: 'timed-out', reason: `the run was still ${lastResponse.runStage}` }
    }
    case 'still-running': {
      const stage = lastResponse?.runStage ?? 'unknown'
      return {
        status: 'timed-out',
        reason: ended.wait
          ? `the timeout passed while the run was still ${stage}`
          : `wait is false and the run is still ${stage}`
      }
    }
    case 'interrupted':
      return { status: 'interrupted', reason: INTERRUPTED_REASON }
    case 'crashed':
      return {
        status: 'error',
        reason:
          ended.during === 'query'
            ? `unexpected failure while querying the service: ${ended.message}`
            : `internal error while polling: ${ended.message}`
      }
    case 'failed':
      return stoppedOutcome(ended, lastResponse)
  }
}

/** How a run ends when the retry policy stops at a failure. */
function stoppedOutcome(
  f: Extract<PollEnd, { why: 'failed' }>,
  lastResponse: GreenlightResponse | undefined
): { status: RunStatus; reason: string } {
  const { reason } = f
  const attempts = plural(f.failures, 'failed attempt')
  const notFound = f.error.kind === 'http' && f.error.status === 404
  switch (f.stop) {
    case 'aborted':
      return { status: 'interrupted', reason: INTERRUPTED_REASON }
    case 'permanent':
    case 'answered':
      return { status: 'error', reason }
    case 'not-found':
      return {
        status: 'error',
        reason: `${reason} (still not found ${formatDuration(f.sinceFirstQueryMs)} after the first query; check the run-id input)`
      }
    case 'unreachable':
      return {
        status: 'error',
        reason: `${reason} The service has not been reachable for ${formatDuration(f.unreachableForMs)}; check the base-url input.`
      }
    case 'retry-after': {
      const wait = `the service asked to wait ${formatDuration(f.error.retryAfterMs ?? 0)} before the next query (Retry-After), which is past the ${f.wait ? 'timeout' : 'window of wait: false'} (${formatDuration(Math.max(0, f.msLeft))} left)`
      return lastResponse === undefined
        ? { status: 'error', reason: `${wait}; no answer before that: ${reason}` }
        : {
            status: 'timed-out',
            reason: `the run was still ${lastResponse.runStage} and ${wait}: ${reason}`
          }
    }
    case 'attempts':
    case 'deadline':
      if (lastResponse !== undefined) {
        return {
          status: 'timed-out',
          reason: `the timeout passed while the run was still ${lastResponse.runStage}; the last query failed after ${attempts}: ${reason}`
        }
      }
      // The service answered every time: the run does not exist (yet), which is not silence.
      if (notFound)
        return { status: 'error', reason: `${reason} (still not found after ${attempts})` }
      return {
        status: 'error',
        reason: `no answer from the service ${f.wait ? 'within the timeout' : 'with wait set to false'} (${attempts}); last failure: ${reason}`
      }
  }
}

/** The log line that ends a run's polling. */
export function finishedLine(run: RunOutcome): string {
  return `Run ${run.rootRunId}: ${run.status} after ${plural(run.queries, 'query', 'queries')}.`
}

/** The bugs of one list as far as they were kept, and how many the service reported in all. */
export interface ListedBugs {
  shown: readonly BugView[]
  total: number
}

export interface JudgedRun {
  /** The run ID the user passed in. */
  rootRunId: string
  /** The root run's URL: from the first answer, else from a later one about the root itself. */
  rootRunUrl?: string
  /** The run the last answer describes: the root run when `relevantRunId` is blank. */
  relevantRunId?: string
  /** The newer run that superseded the root, when one did. */
  supersededBy?: string
  status: RunStatus
  /** Why the run is not green, in plain text. */
  reason?: string
  /** The last valid answer, compacted. */
  response?: CompactResponse
  counts: BugCounts
  bugs: { blocking: ListedBugs; nonBlocking: ListedBugs; other: ListedBugs }
}

/** The verdict of a step: what every surface renders. */
export interface JudgedVerdict {
  /** Only a consistent verdict of at least one run, every run passed. */
  green: boolean
  status: RunStatus
  runs: JudgedRun[]
  /** The job was cancelled: while waiting, or after the verdict, while it was being reported. */
  interrupted?: 'waiting' | 'reporting'
  /** For `timed-out`: the timeout that passed, or 0 when the step asked once without waiting. */
  timedOutAfterMs?: number
}

/** The verdict of a step from what polling found out about its runs. */
export function decideVerdict(facts: readonly RunFacts[], rules: JudgeRules): JudgedVerdict {
  return judgeVerdict(
    facts.map(run => decideRun(run, rules)),
    rules
  )
}

/** The verdict of a step from its runs' outcomes, under the step's rules. */
export function judgeVerdict(outcomes: readonly RunOutcome[], rules: JudgeRules): JudgedVerdict {
  const runs = outcomes.map(outcome => judgeRun(outcome, rules))
  const verdict: JudgedVerdict = aggregateVerdict(runs)
  if (verdict.status === 'interrupted') verdict.interrupted = 'waiting'
  if (verdict.status === 'timed-out') verdict.timedOutAfterMs = rules.wait ? rules.timeoutMs : 0
  return verdict
}

/**
 * The job was cancelled after the verdict was known, while it was reported: the step ends
 * `interrupted`, never green, and everything it writes from then on says so.
 */
export function interruptedWhileReporting(verdict: JudgedVerdict): JudgedVerdict {
  if (verdict.status === 'interrupted') return verdict
  return { ...verdict, green: false, status: 'interrupted', interrupted: 'reporting' }
}

function judgeRun(outcome: RunOutcome, rules: JudgeRules): JudgedRun {
  const response = outcome.lastResponse as CompactResponse | undefined
  const counts = bugCounts(response)
  const classified = response === undefined ? undefined : classifyBugs(response)
  const others = readBugs(response?.otherBlockingBugsInEnvironment)
  // What the service listed, before compaction cut the lists (the counts may say more).
  const cut = response?.cutByQaGreenlight
  const blocking = classified?.blocking ?? []
  const nonBlocking = classified?.nonBlocking ?? []
  const run: JudgedRun = {
    rootRunId: outcome.rootRunId,
    status: outcome.status,
    counts,
    bugs: {
      blocking: { shown: blocking, total: cut?.blockingBugs ?? blocking.length },
      nonBlocking: { shown: nonBlocking, total: cut?.nonBlockingBugs ?? nonBlocking.length },
      other: {
        shown: others,
        total: cut?.originalLengths.otherBlockingBugsInEnvironment ?? others.length
      }
    }
  }
  const rootRunUrl =
    outcome.rootRunUrl ??
    (response?.rootRunId === outcome.rootRunId ? response.rootRunUrl : undefined)
  if (rootRunUrl !== undefined) run.rootRunUrl = rootRunUrl
  if (response !== undefined) {
    // A blank relevantRunId means no superseding run: the root run is the relevant one.
    const newer = supersedingRunId(response, outcome.rootRunId)
    run.relevantRunId = newer ?? outcome.rootRunId
    if (newer !== undefined) run.supersededBy = newer
  }
  if (outcome.reason !== undefined) run.reason = outcome.reason
  if (response !== undefined) run.response = response
  return applyOtherWorkflowsRule(run, rules.outcomeWhenBlockingBugsInOtherWorkflows)
}

/**
 * With `outcome-when-blocking-bugs-in-other-workflows: red`, a blocking bug in a workflow that did
 * not run makes the run red, whatever the service answered: the action has the bugs, so it does
 * not leave the rule to the service alone (fail closed). Decided from the whole answer's count,
 * not from the entries kept for display.
 */
function applyOtherWorkflowsRule(
  run: JudgedRun,
  outcome: OutcomeWhenBlockingBugsInOtherWorkflows
): JudgedRun {
  if (outcome !== 'red' || run.status !== 'passed') return run
  const count = Math.max(
    run.bugs.other.shown.filter(bug => bug.blocking).length,
    run.counts.otherBlocking
  )
  if (count === 0) return run
  return {
    ...run,
    status: 'failed',
    reason: `${plural(count, 'blocking bug')} in workflows outside this run, with outcome-when-blocking-bugs-in-other-workflows: red`
  }
}

/** Every bug of one kind across all runs, a bug reported by several runs once, with its run. */
export function bugsAcrossRuns(
  verdict: JudgedVerdict,
  pick: (run: JudgedRun) => ListedBugs
): { bugs: { bug: BugView; run: JudgedRun }[]; total: number } {
  const bugs: { bug: BugView; run: JudgedRun }[] = []
  const seen = new Set<string>()
  let total = 0
  for (const run of verdict.runs) {
    const listed = pick(run)
    total += listed.total - listed.shown.length
    for (const bug of listed.shown) {
      const key = bug.url ?? bug.name
      if (key !== undefined) {
        if (seen.has(key)) continue
        seen.add(key)
      }
      bugs.push({ bug, run })
    }
  }
  return { bugs, total: total + bugs.length }
}

export type StepGate =
  | { ends: 'green' }
  | { ends: 'failed' }
  | { ends: 'warned'; forgivenBy: 'fail-on-red' | 'fail-on-timeout' }

/**
 * How the step ends on its verdict: green passes; a red verdict (failed, canceled) or a timeout
 * passes with a warning when `fail-on-red` or `fail-on-timeout` is false; superseded (asked for
 * with on-superseded: fail), interrupted and error always fail.
 */
export function stepGate(
  verdict: Pick<JudgedVerdict, 'status' | 'green'>,
  rules: { failOnRed: boolean; failOnTimeout: boolean }
): StepGate {
  if (verdict.green) return { ends: 'green' }
  switch (verdict.status) {
    case 'failed':
    case 'canceled':
      return rules.failOnRed ? { ends: 'failed' } : { ends: 'warned', forgivenBy: 'fail-on-red' }
    case 'timed-out':
      return rules.failOnTimeout
        ? { ends: 'failed' }
        : { ends: 'warned', forgivenBy: 'fail-on-timeout' }
    default:
      return { ends: 'failed' }
  }
}

/** Words for the stages the action knows; any other stage is shown as the service spells it. */
export const STAGE_WORDS: Readonly<Record<string, string>> = {
  initializing: 'initializing',
  underReview: 'under review',
  completed: 'completed',
  canceled: 'canceled'
}

/** Why a run has its status, in plain text: what the summary and the comment say of each run. */
export function runCause(run: JudgedRun, timedOutAfterMs: number | undefined): string {
  const stage =
    run.response === undefined
      ? undefined
      : (STAGE_WORDS[run.response.runStage] ?? run.response.runStage)
  switch (run.status) {
    case 'passed':
      return 'completed with no blocking bugs'
    case 'failed':
      if (run.counts.blocking > 0) return plural(run.counts.blocking, 'blocking bug')
      return run.reason ?? 'the service did not give the greenlight'
    case 'canceled':
      return run.reason ?? 'the run was canceled'
    case 'superseded':
      return run.reason ?? 'superseded by a newer run'
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
      return `interrupted: ${run.reason ?? INTERRUPTED_REASON}`
    case 'error':
      return `error: ${run.reason ?? 'the verdict could not be obtained'}`
  }
}
