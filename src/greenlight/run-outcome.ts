// What a greenlight step found out: the facts polling gathers about each run (RunFacts) or about
// the check runs of a commit (CheckFacts), and the status the verdict module (verdict.ts) gives
// each run from them (RunOutcome). Polling writes these and verdict.ts reads them, so neither
// imports the other.
import type { AnswerFigures } from '../gate/bugs.js'
import type { ServiceError } from '../service/errors.js'
import type { StopReason } from '../service/retry-policy.js'
import type { GreenlightResponse } from '../service/schemas.js'
import type { Reason } from '../gate/reasons.js'
import type { CheckRules } from './check-selection.js'
import type { CheckNames } from './check-names.js'
import type { BranchTipAnswer } from '../github/branch-tip.js'

/**
 * Worst first: the order in which statuses of several entries are aggregated. `not-tested` is a
 * check that concluded `neutral` or `skipped` (verdict-from: check): not green, but better than a
 * failure the tests found. A known red (canceled, superseded, failed, not-tested) ranks above
 * `timed-out`: what is still pending can no longer make the step green, so the red decides the
 * status and `fail-on-red` the exit, never `fail-on-timeout` (docs/behaviour.md, "A known red").
 * `error` and `interrupted` stay worst: they fail the step whatever either input says.
 */
export const RUN_STATUSES_WORST_FIRST = [
  'error',
  'interrupted',
  'canceled',
  'superseded',
  'failed',
  'not-tested',
  'timed-out',
  'passed'
] as const
export type RunStatus = (typeof RUN_STATUSES_WORST_FIRST)[number]

/** Why polling stopped asking about a run: facts, not a verdict. */
export type PollEnd =
  /** An answer with a terminal stage (`completed`, `canceled`). */
  | { why: 'answered' }
  /** With `on-superseded: fail`: an answer named a newer run. */
  | { why: 'superseded' }
  /** The deadline passed, or `wait: false` asked once, while the run was not terminal. */
  | { why: 'still-running'; wait: boolean }
  /** The job was cancelled. */
  | { why: 'interrupted' }
  /** A failure the retry policy does not ask again. */
  | {
      why: 'failed'
      stop: StopReason
      error: ServiceError
      /** The failure's message, for people. */
      reason: string
      failures: number
      wait: boolean
      sinceFirstQueryMs: number
      unreachableForMs: number
      msLeft: number
    }
  /** The query threw something that is not a ServiceError, or polling itself failed (a bug). */
  | { why: 'crashed'; during: 'query' | 'polling'; message: string }

/** What polling learned about one root run. */
export interface RunFacts {
  /** The run ID the user passed in. */
  rootRunId: string
  /** The root run's URL, from the first answer about the root itself. */
  rootRunUrl?: string
  /** The last answer that passed validation (as kept: compacted); absent when none was obtained. */
  lastResponse?: GreenlightResponse
  /** The whole last answer's bug figures, counted when it arrived, before anything was cut. */
  lastFigures?: AnswerFigures
  /** The run the last answer was asked about: the root, or the newer run polling followed. */
  answeredBy?: string
  /** Number of HTTP queries made for this run (retries included). */
  queries: number
  ended: PollEnd
}

/** One run's status, as the verdict module decides it from the run's facts. */
export interface RunOutcome {
  /** The run ID the user passed in. */
  rootRunId: string
  /** The root run's URL, from the first response (later queries are of the superseding run). */
  rootRunUrl?: string
  status: RunStatus
  /** The last response that passed validation; absent when none was obtained. */
  lastResponse?: GreenlightResponse
  /** The whole last answer's bug figures; counted from `lastResponse` when absent. */
  lastFigures?: AnswerFigures
  /** The run the last answer was asked about; the root when absent. */
  answeredBy?: string
  /** Why the status, as a code with its parameters (messages.ts words it). */
  reason?: Reason
  /** Number of HTTP queries made for this run (retries included). */
  queries: number
}

/** What a failed read says, from whatever the reader threw. */
export interface CheckReadFailure {
  message: string
  status?: number
  retryAfterMs?: number
  permanent: boolean
}

export type CheckPollEnd =
  /** The check runs that count are all completed, or one is unreadable. */
  | { why: 'settled' }
  /** The deadline passed (or `wait: false` read once) before that. */
  | { why: 'still-waiting'; wait: boolean }
  | { why: 'interrupted' }
  /**
   * A failure that asking again cannot help, or only failures until the deadline; `stoppedForWaitMs`
   * when GitHub asked for a wait (Retry-After, a rate limit) that ends after the deadline.
   */
  | { why: 'failed'; failure: CheckReadFailure; answered: boolean; stoppedForWaitMs?: number }

/** What the step learned about the check runs of its commit: the facts the verdict decides from. */
export interface CheckFacts {
  /**
   * `poll`: read from GitHub; `event`: from a `check_run` event, and when the event is about the
   * wanted check, one read of the commit's check runs of that name beside it (`listed`).
   */
  source: 'poll' | 'event'
  /** With `event`: the event's `action`; only `completed` carries a verdict. */
  eventAction?: string
  /** With `event`: the event's check run as sent (which check the event is about). */
  eventCheckRun?: unknown
  /** With `event`: true when the commit's check runs were read, and `checkRuns` holds them. */
  listed?: boolean
  rules: CheckRules
  /**
   * The last list of check runs named `rules.name` (GitHub's objects); absent before any answer.
   * With `event`: the event's check run alone, or the commit's list with it added (listed).
   */
  checkRuns?: unknown[]
  /** HTTP requests made, and how many were answered 304 (no rate limit spent). */
  requests: number
  notModified: number
  ended: CheckPollEnd
  /** For `still-waiting`: the timeout that passed (0 with `wait: false`). */
  waitedMs?: number
  /**
   * While none counted: the check runs on the commit whatever their name (one unfiltered read at
   * the first read that found none, and again at the end), shown only; absent when not read.
   */
  names?: CheckNames
  /**
   * For `still-waiting`: reads stopped before the deadline because GitHub's rate limit for the
   * token is used up until after it; when it resets (ISO 8601 UTC).
   */
  rateLimitedUntil?: string
  /**
   * With `event`: where the commit stands on the branch it may be promoted from, read from GitHub
   * after the list (only the branch's tip when the step runs may be green).
   */
  branchTip?: BranchTipAnswer
}
