// The greenlight polling engine's decisions: a pure function over recorded facts (what was asked,
// what came back, when) that says what to do next, and the events worth logging. Keeping decisions
// pure lets tests and the chaos simulator check every timing rule without real time; polling.ts
// performs the actions, and poll-failures.ts sorts failed queries.
//
// Rules (the contract's "Behaviour that users rely on", restated in the README):
// - The first query uses the root run ID; every later one the last validated `relevantRunId`.
// - `completed` and `canceled` end polling at once; the verdict is fail-closed (verdict.ts).
// - Queries about a run that is not terminal start `pollIntervalMs` apart (timed from the start of
//   the previous query, so the request's own duration does not stretch the cadence and a verdict
//   is seen within one interval of it existing), but never past the deadline: the last wait is
//   shortened so that one final query is made at the deadline, and the outcome is known within one
//   request of it. No terminal answer by then: `timed-out`.
// - The first wait is a random part of the interval: many steps started together (a matrix, a
//   deploy of many services) then poll at spread-out phases instead of in bursts. It costs at
//   most one extra query. With `wait`, the first query itself waits a random 0–1 s (at most one
//   interval) for the same reason; a step that queries once does not wait.
// - Failures that poll-failures.ts classes as retryable are retried with full-jitter exponential
//   backoff, and never sooner than the service's `Retry-After`, within the deadline. The backoff
//   attempt counter restarts after every answer. Fatal ones end the run with `error` at once.
// - If the deadline passes with only failures and no answer at all, the verdict could not be
//   obtained: `error` (naming the last failure), not `timed-out`, which would claim the run was
//   merely slow and lets `fail-on-timeout: false` pass a step whose service was unreachable.
// - `wait: false` asks for one answer: a non-terminal answer reports `timed-out`. Transient
//   failures still get up to NO_WAIT_MAX_ATTEMPTS attempts within NO_WAIT_RETRY_WINDOW_MS (and
//   the timeout), so that one network blip does not fail a step that was not going to wait.
// - An interrupt (the job was cancelled) ends polling with `interrupted`, keeping the last answer.
import { plainText, plural } from '../report/markdown.js'
import type { RunOutcome, RunStatus } from './run-outcome.js'
import { classifyFailure, INTERRUPTED_REASON, type ClassifiedFailure } from './poll-failures.js'
import { backoffDelayMs, DEFAULT_BACKOFF, type BackoffPolicy } from '../service/retry.js'
import type { GreenlightResponse, RunStage } from '../service/schemas.js'
import { judgeResponse } from './verdict.js'

export const DEFAULT_NOT_FOUND_GRACE_MS = 120_000
/**
 * A service that cannot be reached at all (a host name typo, a closed port, TLS trouble) is not
 * waited for until the timeout: after this long of nothing but such failures the run is an error.
 */
export const DEFAULT_UNREACHABLE_LIMIT_MS = 120_000
export const NO_WAIT_MAX_ATTEMPTS = 3
export const NO_WAIT_RETRY_WINDOW_MS = 30_000

export interface PollOptions {
  timeoutMs: number
  pollIntervalMs: number
  wait: boolean
  /** How long a 404 counts as "not created yet" after the first query. Default 120 s. */
  notFoundGraceMs?: number
  /** How long nothing but "unreachable" failures is retried. Default 120 s. */
  unreachableLimitMs?: number
  backoff?: BackoffPolicy
  /**
   * With `wait`, the first query waits a random time up to this (and up to one interval), so that
   * steps started together spread out. Default 0.
   */
  maxStartJitterMs?: number
  /** Absolute deadline (clock time), shared by runs polled together; overrides `timeoutMs`. */
  deadlineMs?: number
}

export interface PollConfig {
  rootRunId: string
  wait: boolean
  pollIntervalMs: number
  /** The wait after the first answer: a random phase within the interval. */
  firstIntervalMs: number
  /** No query before this clock time: a small random start so parallel steps spread out. */
  firstQueryNotBefore: number
  notFoundGraceMs: number
  unreachableLimitMs: number
  backoff: BackoffPolicy
  /** Absolute clock time after which no new query starts. */
  deadline: number
}

export type LastEvent =
  | { type: 'answer'; at: number; response: GreenlightResponse }
  | { type: 'failure'; at: number; failure: ClassifiedFailure; retryDelayMs: number }

export interface PollState {
  readonly config: PollConfig
  readonly queries: number
  readonly firstQueryAt?: number
  /** When the latest query started; regular polls are timed from it. */
  readonly lastQueryAt?: number
  /** Validated answers so far. */
  readonly answers: number
  /** The last response that passed validation. */
  readonly lastResponse?: GreenlightResponse
  /** The root run's URL from the first answer; later answers describe the superseding run. */
  readonly rootRunUrl?: string
  readonly last?: LastEvent
  /** Failed queries since the last answer; drives the backoff and the no-wait budget. */
  readonly consecutiveFailures: number
  /** When the current run of nothing but "unreachable" failures began. */
  readonly unreachableSince?: number
  readonly interrupted: boolean
}

export type PollAction =
  | { type: 'query'; runId: string }
  | { type: 'wait'; ms: number }
  | { type: 'done'; outcome: RunOutcome }

export interface RunCounts {
  workflowsInRun: number
  workflowsUnderInvestigation: number
  workflowsDisabledAfterRun: number
  workflowsAutoRetrying?: number
  blockingBugs?: number
  nonBlockingBugs?: number
}

/**
 * Reported only when something changed, so callers can log one line per change, not per poll.
 * `message` is that line, ready to log: plain text with service-provided values stripped of line
 * breaks and control characters (a newline could otherwise start a workflow command).
 */
export type PollEvent = { rootRunId: string; message: string } & (
  | { type: 'stage'; runId: string; stage: RunStage; previousStage?: RunStage }
  | { type: 'counts'; runId: string; counts: RunCounts; previous?: RunCounts }
  | { type: 'superseded'; previousRunId: string; runId: string }
  | { type: 'contradiction'; runId: string; contradiction: string }
  | {
      type: 'retry'
      runId: string
      /** Consecutive failed attempts so far (1 after the first failure). */
      attempt: number
      delayMs: number
      reason: string
    }
  | { type: 'finished'; outcome: RunOutcome }
)

export interface StepResult {
  state: PollState
  events: PollEvent[]
}

/**
 * `phase` in [0, 1] places the first regular poll within the interval (1: a full interval);
 * `startJitter` in [0, 1] delays the first query by that part of `maxStartJitterMs`.
 */
export function pollConfig(
  rootRunId: string,
  options: PollOptions,
  startMs: number,
  phase = 1,
  startJitter = 0
): PollConfig {
  requireDuration('timeoutMs', options.timeoutMs, 0)
  requireDuration('pollIntervalMs', options.pollIntervalMs, 1)
  if (options.notFoundGraceMs !== undefined) {
    requireDuration('notFoundGraceMs', options.notFoundGraceMs, 0)
  }
  let deadline = options.deadlineMs ?? startMs + options.timeoutMs
  if (!options.wait) deadline = Math.min(deadline, startMs + NO_WAIT_RETRY_WINDOW_MS)
  return {
    rootRunId,
    wait: options.wait,
    pollIntervalMs: options.pollIntervalMs,
    firstIntervalMs: Math.floor(unit(phase) * options.pollIntervalMs),
    firstQueryNotBefore: options.wait
      ? startMs +
        Math.floor(
          unit(startJitter) * Math.min(options.maxStartJitterMs ?? 0, options.pollIntervalMs)
        )
      : startMs,
    notFoundGraceMs: options.notFoundGraceMs ?? DEFAULT_NOT_FOUND_GRACE_MS,
    unreachableLimitMs: options.unreachableLimitMs ?? DEFAULT_UNREACHABLE_LIMIT_MS,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    deadline
  }
}

function unit(fraction: number): number {
  return Math.min(1, Math.max(0, fraction))
}

function requireDuration(name: string, value: number, min: number): void {
  if (!Number.isFinite(value) || value < min) {
    throw new RangeError(
      `${name} must be a finite number of milliseconds of at least ${min}, got ${String(value)}`
    )
  }
}

export function initialPollState(config: PollConfig): PollState {
  return { config, queries: 0, answers: 0, consecutiveFailures: 0, interrupted: false }
}

/** Counts a query as it starts (retries included). */
export function recordQuery(state: PollState, now: number): PollState {
  return {
    ...state,
    queries: state.queries + 1,
    firstQueryAt: state.firstQueryAt ?? now,
    lastQueryAt: now
  }
}

export function recordInterrupt(state: PollState): PollState {
  return state.interrupted ? state : { ...state, interrupted: true }
}

/** Records a validated answer and reports what changed since the previous one. */
export function recordResponse(
  state: PollState,
  response: GreenlightResponse,
  now: number
): StepResult {
  const rootRunId = state.config.rootRunId
  const previous = state.lastResponse
  const runId = response.relevantRunId
  const events: PollEvent[] = []

  const previousRunId = previous?.relevantRunId ?? rootRunId
  const run = `Run ${logText(runId)}`
  if (runId !== previousRunId) {
    events.push({
      type: 'superseded',
      rootRunId,
      previousRunId,
      runId,
      message: `Run ${logText(previousRunId)} was superseded by run ${logText(runId)}; following the newer run.`
    })
  }
  if (response.runStage !== previous?.runStage) {
    const stage = response.runStage
    events.push(
      previous === undefined
        ? { type: 'stage', rootRunId, runId, stage, message: `${run}: stage ${stage}.` }
        : {
            type: 'stage',
            rootRunId,
            runId,
            stage,
            previousStage: previous.runStage,
            message: `${run}: stage ${stage} (was ${previous.runStage}).`
          }
    )
  }
  const counts = runCounts(response)
  const previousCounts = previous && runCounts(previous)
  if (previousCounts === undefined || !sameCounts(counts, previousCounts)) {
    const message = `${run}: ${describeCounts(counts)}.`
    events.push(
      previousCounts === undefined
        ? { type: 'counts', rootRunId, runId, counts, message }
        : { type: 'counts', rootRunId, runId, counts, previous: previousCounts, message }
    )
  }
  const contradiction = judgeResponse(response).contradiction
  if (
    contradiction !== undefined &&
    contradiction !== (previous && judgeResponse(previous).contradiction)
  ) {
    events.push({
      type: 'contradiction',
      rootRunId,
      runId,
      contradiction,
      message: `${run}: the service's answer contradicts itself (${contradiction}); it is not treated as green.`
    })
  }

  const rootRunUrl =
    state.rootRunUrl ?? (response.rootRunId === rootRunId ? response.rootRunUrl : undefined)
  const next: PollState = {
    ...withoutUnreachableSince(state),
    lastResponse: response,
    answers: state.answers + 1,
    last: { type: 'answer', at: now, response },
    consecutiveFailures: 0,
    ...(rootRunUrl === undefined ? {} : { rootRunUrl })
  }
  return { state: next, events }
}

/**
 * Records a failed query. `jitter` is a sample of [0, 1) for the full-jitter backoff, passed in
 * so that this stays a pure function of its arguments.
 */
export function recordFailure(
  state: PollState,
  error: unknown,
  now: number,
  jitter: number
): StepResult {
  const { config } = state
  let failure = classifyFailure(error, now - (state.firstQueryAt ?? now), config.notFoundGraceMs)
  const unreachableSince = failure.unreachable ? (state.unreachableSince ?? now) : undefined
  if (
    unreachableSince !== undefined &&
    failure.disposition === 'retry' &&
    now - unreachableSince >= config.unreachableLimitMs
  ) {
    failure = {
      disposition: 'fatal',
      reason: `${failure.reason} The service has not been reachable for ${formatSeconds(now - unreachableSince)}; check the base-url input.`
    }
  }
  const attempt = state.consecutiveFailures + 1
  const retryDelayMs =
    failure.disposition !== 'retry'
      ? 0
      : // Never before Retry-After, and never a tight loop on "Retry-After: 0" either.
        Math.max(
          failure.retryAfterMs ?? 0,
          backoffDelayMs(attempt - 1, config.backoff, () => jitter)
        )
  const next: PollState = {
    ...withoutUnreachableSince(state),
    ...(unreachableSince === undefined ? {} : { unreachableSince }),
    consecutiveFailures: attempt,
    last: { type: 'failure', at: now, failure, retryDelayMs },
    interrupted: state.interrupted || failure.disposition === 'aborted'
  }
  const events: PollEvent[] = []
  if (failure.disposition === 'retry' && retryFits(next, now)) {
    const runId = nextRunId(next)
    const delayMs = waitBeforeNextQuery(now, retryDelayMs, config.deadline, now)
    events.push({
      type: 'retry',
      rootRunId: config.rootRunId,
      runId,
      attempt,
      delayMs,
      reason: failure.reason,
      message: `Run ${logText(runId)}: query failed (${logText(failure.reason)}); retry ${attempt} in ${formatSeconds(delayMs)}.`
    })
  }
  return { state: next, events }
}

function withoutUnreachableSince(state: PollState): PollState {
  const { unreachableSince: _, ...rest } = state
  return rest
}

/** A retry is possible while the deadline has not passed and, without waiting, the budget holds. */
function retryFits(state: PollState, failedAt: number): boolean {
  if (failedAt >= state.config.deadline) return false
  // The service said when it will answer again; asking sooner, at the deadline, is not honouring it.
  const retryAfterMs = state.last?.type === 'failure' ? state.last.failure.retryAfterMs : undefined
  if (retryAfterMs !== undefined && failedAt + retryAfterMs > state.config.deadline) return false
  return state.config.wait || state.consecutiveFailures < NO_WAIT_MAX_ATTEMPTS
}

/**
 * Milliseconds to wait before the next query: `delayMs` after `since`, but never past the
 * deadline. 0 means "query now".
 */
export function waitBeforeNextQuery(
  since: number,
  delayMs: number,
  deadline: number,
  now: number
): number {
  return Math.max(0, Math.min(since + delayMs, deadline) - now)
}

/** The run to ask about: the root until an answer names the relevant (superseding) run. */
export function nextRunId(state: PollState): string {
  const relevant = state.lastResponse?.relevantRunId
  return relevant !== undefined && relevant.trim() !== '' ? relevant : state.config.rootRunId
}

export function decideNext(state: PollState, now: number): PollAction {
  const { config, last } = state
  if (state.interrupted) return done(state, 'interrupted', INTERRUPTED_REASON)
  if (last === undefined) {
    const startWait = waitBeforeNextQuery(config.firstQueryNotBefore, 0, config.deadline, now)
    return startWait > 0
      ? { type: 'wait', ms: startWait }
      : { type: 'query', runId: config.rootRunId }
  }

  if (last.type === 'answer') {
    const judged = judgeResponse(last.response)
    if (judged.terminal && judged.status !== undefined)
      return done(state, judged.status, judged.reason)
    const stage = last.response.runStage
    if (!config.wait) return done(state, 'timed-out', `wait is false and the run is still ${stage}`)
    if (last.at >= config.deadline) {
      return done(state, 'timed-out', `the timeout passed while the run was still ${stage}`)
    }
    const interval = state.answers === 1 ? config.firstIntervalMs : config.pollIntervalMs
    const since = state.lastQueryAt ?? last.at
    return queryOrWait(state, waitBeforeNextQuery(since, interval, config.deadline, now))
  }

  const { failure } = last
  if (failure.disposition === 'fatal') return done(state, 'error', failure.reason)
  if (!retryFits(state, last.at)) return gaveUp(state, failure)
  return queryOrWait(state, waitBeforeNextQuery(last.at, last.retryDelayMs, config.deadline, now))
}

function queryOrWait(state: PollState, ms: number): PollAction {
  return ms > 0 ? { type: 'wait', ms } : { type: 'query', runId: nextRunId(state) }
}

function gaveUp(state: PollState, failure: ClassifiedFailure): PollAction {
  const attempts = plural(state.consecutiveFailures, 'failed attempt')
  const stage = state.lastResponse?.runStage
  if (stage !== undefined) {
    return done(
      state,
      'timed-out',
      `the timeout passed while the run was still ${stage}; the last query failed after ${attempts}: ${failure.reason}`
    )
  }
  if (failure.notFound === true) {
    // The service answered every time: the run does not exist (yet), which is not silence.
    return done(state, 'error', `${failure.reason} (still not found after ${attempts})`)
  }
  const limit = state.config.wait ? 'within the timeout' : 'with wait set to false'
  return done(
    state,
    'error',
    `no answer from the service ${limit} (${attempts}); last failure: ${failure.reason}`
  )
}

function done(state: PollState, status: RunStatus, reason: string | undefined): PollAction {
  return { type: 'done', outcome: finish(state, status, reason) }
}

/** The outcome from what is known so far; polling.ts also uses it to fail closed on a bug. */
export function finish(
  state: PollState,
  status: RunStatus,
  reason: string | undefined
): RunOutcome {
  const outcome: RunOutcome = {
    rootRunId: state.config.rootRunId,
    status,
    queries: state.queries
  }
  if (state.lastResponse !== undefined) outcome.lastResponse = state.lastResponse
  if (reason !== undefined) outcome.reason = reason
  if (state.rootRunUrl !== undefined) outcome.rootRunUrl = state.rootRunUrl
  return outcome
}

/** The line logged when a run's verdict is settled. */
export function describeOutcome(outcome: RunOutcome): string {
  const reason = outcome.reason === undefined ? '' : ` (${logText(outcome.reason)})`
  return `Run ${logText(outcome.rootRunId)}: ${outcome.status}${reason} after ${plural(outcome.queries, 'query', 'queries')}.`
}

function describeCounts(c: RunCounts): string {
  const parts = [
    plural(c.workflowsInRun, 'workflow'),
    `${c.workflowsUnderInvestigation} under investigation`
  ]
  if (c.workflowsAutoRetrying !== undefined) parts.push(`${c.workflowsAutoRetrying} auto-retrying`)
  if (c.workflowsDisabledAfterRun > 0)
    parts.push(`${c.workflowsDisabledAfterRun} disabled after the run`)
  if (c.blockingBugs !== undefined) parts.push(plural(c.blockingBugs, 'blocking bug'))
  if (c.nonBlockingBugs !== undefined) parts.push(plural(c.nonBlockingBugs, 'non-blocking bug'))
  return parts.join(', ')
}

/** `0.3 s`, `2 s`: backoffs are often under a second, which a retry line shows to a tenth. */
function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s`
}

/** Service text in a log line: one line, no control characters, and not shortened. */
function logText(text: string): string {
  return plainText(text, Number.POSITIVE_INFINITY)
}

function runCounts(r: GreenlightResponse): RunCounts {
  const counts: RunCounts = {
    workflowsInRun: r.workflowsInRunCount,
    workflowsUnderInvestigation: r.workflowsUnderInvestigationCount,
    workflowsDisabledAfterRun: r.workflowsDisabledAfterRunCount
  }
  if (r.workflowsAutoRetryingCount !== undefined)
    counts.workflowsAutoRetrying = r.workflowsAutoRetryingCount
  if (r.blockingBugsCount !== undefined) counts.blockingBugs = r.blockingBugsCount
  if (r.nonBlockingBugsCount !== undefined) counts.nonBlockingBugs = r.nonBlockingBugsCount
  return counts
}

function sameCounts(a: RunCounts, b: RunCounts): boolean {
  return (
    a.workflowsInRun === b.workflowsInRun &&
    a.workflowsUnderInvestigation === b.workflowsUnderInvestigation &&
    a.workflowsDisabledAfterRun === b.workflowsDisabledAfterRun &&
    a.workflowsAutoRetrying === b.workflowsAutoRetrying &&
    a.blockingBugs === b.blockingBugs &&
    a.nonBlockingBugs === b.nonBlockingBugs
  )
}
