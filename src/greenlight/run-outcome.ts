// What a greenlight step found out: the facts polling gathers about each run (RunFacts), and the
// status the verdict module (verdict.ts) gives each run from them (RunOutcome).
import type { AnswerFigures } from './bugs.js'
import type { ServiceError } from '../service/errors.js'
import type { StopReason } from '../service/retry-policy.js'
import type { GreenlightResponse } from '../service/schemas.js'
import type { Reason } from './reasons.js'

/**
 * Worst first: the order in which statuses of several entries are aggregated. `not-tested` is a
 * check that concluded `neutral` or `skipped` (verdict-from: check): not green, but better than a
 * failure the tests found.
 */
export const RUN_STATUSES_WORST_FIRST = [
  'error',
  'interrupted',
  'timed-out',
  'canceled',
  'superseded',
  'failed',
  'not-tested',
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
