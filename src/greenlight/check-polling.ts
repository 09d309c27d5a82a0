// Polling for `verdict-from: check`: reads the commit's check runs of one name every
// `poll-interval` until the ones that count are all completed (check-selection.ts, the same rule
// the verdict decides by), the timeout passes or the job is cancelled. The reader (GitHub, through
// github/check-runs.ts), the clock and the signal are injected, so every rule below is tested in
// virtual time. Facts only (CheckFacts, run-outcome.ts): check-verdict.ts decides from them, and this
// module knows neither it nor its words.
//
// - Reads start `pollIntervalMs` apart, and one last read is made at the deadline.
// - GitHub's rate limit is honoured: when an answer says the token has no requests left, the next
//   read waits for the reset; a rate-limited or failed read waits what GitHub asked (Retry-After),
//   never less than MIN_PAUSE_MS and never past the deadline, so a `Retry-After: 0` or a
//   misbehaving proxy cannot turn polling into a busy loop. Such a pause starts from the answer
//   that asked for it, never from the start of the read: a read that took long (the inner retries
//   of github-api.ts, a slow answer) must not eat into GitHub's wait.
// - A failure that asking again cannot help (401, 403 without a rate limit, 404) ends polling.
// - `wait: false` (and the one read beside a `check_run` event) reads once: a failed read is asked
//   again after ONE_SHOT_PAUSES_MS, never after `poll-interval` (at its default of 30 s that would
//   never fit), within NO_WAIT_WINDOW_MS of the first read. On a `check_run` event no second
//   event comes, so one 5xx must not lose a promotion.
// - Cancellation ends polling at once with `interrupted`, keeping the last answer.
import type { Clock } from '../core/clock.js'
import { isRecord } from '../core/is-record.js'
import { errorMessage } from '../core/error-message.js'
import { formatDuration } from '../core/durations.js'
import { selectCheckRuns, type CheckRules } from './check-selection.js'
import type { CheckFacts, CheckReadFailure } from './run-outcome.js'
import { checkNamesLine, checkWaitingLine } from '../gate/poll-log.js'
import { checkNamesOf, type CheckNames } from './check-names.js'

/** The shortest pause between two reads after a failure or a rate limit. */
export const MIN_PAUSE_MS = 1000
/** The bound on one read (all its pages), as for every exchange with GitHub. */
const READ_BUDGET_MS = 30_000
/** A read near the deadline still gets this long. */
const MIN_READ_BUDGET_MS = 5000
export const NO_WAIT_WINDOW_MS = 30_000
/**
 * The pauses before a one-shot read's 2nd, 3rd and 4th tries, then between all later ones, with
 * one last read at the end of NO_WAIT_WINDOW_MS (never sooner than Retry-After).
 */
export const ONE_SHOT_PAUSES_MS = [1000, 2000, 4000, 8000] as const

/** The pause after the `failuresInRow`-th failure in a row of a one-shot read (1-based). */
export function oneShotPauseMs(failuresInRow: number): number {
  return (
    ONE_SHOT_PAUSES_MS[Math.min(Math.max(failuresInRow, 1), ONE_SHOT_PAUSES_MS.length) - 1] ??
    MIN_PAUSE_MS
  )
}

/** One read of every page, as the reader returns it. */
export interface CheckRead {
  checkRuns: unknown[]
  requests: number
  notModified: number
  /** GitHub said the token has no requests left until this long from now. */
  rateLimitedForMs?: number
  /** And when that is (ms epoch), to name it. */
  rateLimitResetAtMs?: number
}

/** Reads the check runs within `budgetMs`; throws a failure with `status`, `retryAfterMs`, `permanent`. */
export type CheckReader = (budgetMs: number, signal: AbortSignal) => Promise<CheckRead>

export interface CheckPollOptions {
  timeoutMs: number
  pollIntervalMs: number
  wait: boolean
}

export interface CheckPollDeps {
  read: CheckReader
  /**
   * Reads the commit's check runs whatever their name (GitHub's objects): while none counts, they
   * are named, so that a mistyped check-name or check-app shows itself. Shown only.
   */
  readNames?: (budgetMs: number, signal: AbortSignal) => Promise<unknown[]>
  clock: Clock
  signal: AbortSignal
  onLog?: (line: string) => void
}

/** The bound on a read of the names: they only inform, so they never hold the step long. */
const NAMES_BUDGET_MS = 5000

/**
 * Polls, and while no check run counts, looks at the names of the check runs on the commit: once
 * after the first read that finds none (logged), and again at the end if the list was read since.
 */
export async function pollCheckRuns(
  rules: CheckRules,
  options: CheckPollOptions,
  deps: CheckPollDeps
): Promise<CheckFacts> {
  let names: CheckNames | undefined
  let lookedAfterRead = -1
  const look = async (reads: number): Promise<void> => {
    if (deps.readNames === undefined || lookedAfterRead === reads || deps.signal.aborted) return
    lookedAfterRead = reads
    try {
      names = checkNamesOf(await deps.readNames(NAMES_BUDGET_MS, deps.signal), rules)
    } catch {
      // Shown only: a look that fails leaves the names as they were.
    }
  }
  const counter = { reads: 0 }
  const facts = await pollUntilSettled(rules, options, deps, counter, async () => {
    if (lookedAfterRead >= 0) return
    await look(counter.reads)
    if (names !== undefined) deps.onLog?.(checkNamesLine(names))
  })
  const noneCounts =
    facts.checkRuns !== undefined && selectCheckRuns(facts.checkRuns, rules).counting.length === 0
  // A token with no requests left gets no further read, not even of the names.
  const mayRead = facts.rateLimitedUntil === undefined
  if (facts.ended.why === 'still-waiting' && noneCounts && mayRead) await look(counter.reads)
  return names === undefined ? facts : { ...facts, names }
}

async function pollUntilSettled(
  rules: CheckRules,
  options: CheckPollOptions,
  deps: CheckPollDeps,
  /** Counts the reads of the list that were answered. */
  counter: { reads: number },
  noneCounts: () => Promise<void>
): Promise<CheckFacts> {
  const { clock, signal } = deps
  const facts: CheckFacts = {
    source: 'poll',
    rules,
    requests: 0,
    notModified: 0,
    ended: { why: 'interrupted' }
  }
  const start = clock.now()
  const deadline = start + (options.wait ? options.timeoutMs : 0)
  const failureDeadline = options.wait ? deadline : start + NO_WAIT_WINDOW_MS
  let lastLine = ''
  let lastFailure: CheckReadFailure | undefined
  let failuresInRow = 0
  const log = (line: string): void => {
    if (line !== lastLine) deps.onLog?.(line)
    lastLine = line
  }
  for (;;) {
    if (signal.aborted) return { ...facts, ended: { why: 'interrupted' } }
    const readStart = clock.now()
    // When the next read starts: a poll-interval after this one started, unless an answer asks
    // for a longer wait, which is then counted from that answer.
    let nextAt = readStart + options.pollIntervalMs
    // Whole milliseconds: the clock is fractional, and timers take integers.
    const budget = Math.ceil(
      Math.min(READ_BUDGET_MS, Math.max(MIN_READ_BUDGET_MS, failureDeadline - readStart))
    )
    try {
      const read = await deps.read(budget, signal)
      if (signal.aborted) return { ...facts, ended: { why: 'interrupted' } }
      failuresInRow = 0
      facts.requests += read.requests
      facts.notModified += read.notModified
      facts.checkRuns = read.checkRuns
      counter.reads += 1
      const selection = selectCheckRuns(read.checkRuns, rules)
      log(checkWaitingLine(selection, rules))
      if (selection.settled) return { ...facts, ended: { why: 'settled' } }
      if (selection.counting.length === 0 && read.rateLimitedForMs === undefined) {
        await noneCounts()
        if (signal.aborted) return { ...facts, ended: { why: 'interrupted' } }
      }
      if (!options.wait) return stillWaiting(facts, options)
      if (read.rateLimitedForMs !== undefined) {
        // A read before the reset would only be refused: none is made, not even at the deadline.
        if (clock.now() + read.rateLimitedForMs >= deadline) {
          log(
            `GitHub's rate limit for this token is used up until after the timeout (${formatDuration(read.rateLimitedForMs)}); no more reads.`
          )
          return rateLimited(
            stillWaiting(facts, options),
            read.rateLimitResetAtMs ?? Date.now() + read.rateLimitedForMs
          )
        }
        nextAt = Math.max(nextAt, clock.now() + read.rateLimitedForMs)
        log(
          `GitHub's rate limit for this token is used up; the next read waits ${formatDuration(read.rateLimitedForMs)} for its reset.`
        )
      }
    } catch (error) {
      if (signal.aborted) return { ...facts, ended: { why: 'interrupted' } }
      const failure = readFailure(error)
      lastFailure = failure
      facts.requests += 1
      failuresInRow += 1
      const answered = facts.checkRuns !== undefined
      if (failure.permanent) return { ...facts, ended: { why: 'failed', failure, answered } }
      const oneShotPause = oneShotPauseMs(failuresInRow)
      const pauseMs = Math.max(
        MIN_PAUSE_MS,
        failure.retryAfterMs ?? (options.wait ? options.pollIntervalMs : oneShotPause)
      )
      nextAt = clock.now() + pauseMs
      const until = answered ? deadline : failureDeadline
      // A one-shot read's own pause is cut to one last read at the window's end; GitHub's wait
      // (Retry-After) and poll-interval are not.
      if (nextAt > until && (options.wait || failure.retryAfterMs !== undefined)) {
        if (answered) {
          const waiting = stillWaiting(facts, options)
          return failure.status === 403 || failure.status === 429
            ? rateLimited(waiting, Date.now() + pauseMs)
            : waiting
        }
        return {
          ...facts,
          ended: {
            why: 'failed',
            failure,
            answered,
            ...(failure.retryAfterMs === undefined ? {} : { stoppedForWaitMs: pauseMs })
          }
        }
      }
      log(
        `Reading the check runs failed; asking again in ${formatDuration(pauseMs)}: ${failure.message}`
      )
    }
    const now = clock.now()
    // Without any answer the failures' window decides (30 s with wait: false), and ending there
    // is a failure, not a timeout: GitHub was never heard from.
    const end = facts.checkRuns === undefined ? failureDeadline : deadline
    if (now >= end) {
      return facts.checkRuns === undefined && lastFailure !== undefined
        ? { ...facts, ended: { why: 'failed', failure: lastFailure, answered: false } }
        : stillWaiting(facts, options)
    }
    // One last read at the deadline, never a wait past it.
    await clock.sleep(Math.max(0, Math.min(nextAt, end) - now), signal)
  }
}

function stillWaiting(facts: CheckFacts, options: CheckPollOptions): CheckFacts {
  return {
    ...facts,
    ended: { why: 'still-waiting', wait: options.wait },
    waitedMs: options.wait ? options.timeoutMs : 0
  }
}

/** Reads stopped before the deadline: GitHub refuses them until `resetAtMs` (ms epoch). */
function rateLimited(facts: CheckFacts, resetAtMs: number): CheckFacts {
  return { ...facts, rateLimitedUntil: new Date(Math.ceil(resetAtMs / 1000) * 1000).toISOString() }
}

function readFailure(error: unknown): CheckReadFailure {
  const record = isRecord(error) ? error : {}
  const status = record['status']
  const retryAfterMs = record['retryAfterMs']
  return {
    message: errorMessage(error),
    ...(typeof status === 'number' ? { status } : {}),
    ...(typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) ? { retryAfterMs } : {}),
    // Anything thrown that does not say is asked again: a bug in reading is bounded by the timeout.
    permanent: record['permanent'] === true
  }
}
