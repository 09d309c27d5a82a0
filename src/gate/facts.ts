// What a gate found out, as facts: polling writes them, verdict.ts decides from them.
import type { AnswerFigures } from './bugs.js'
import type { ServiceError, StopReason } from '../kernel/retry.js'
import type { GreenlightResponse } from '../kernel/answers.js'
import type { BranchTipAnswer } from './github-reads.js'

/** Worst first. A known red ranks above `timed-out`: what is pending can no longer make it green. */
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

export type PollEnd =
  | { why: 'answered' | 'superseded' | 'interrupted' }
  | { why: 'still-running'; wait: boolean }
  | ({ why: 'failed'; stop: StopReason; error: ServiceError; reason: string; wait: boolean } & {
      [count in 'failures' | 'sinceFirstQueryMs' | 'unreachableForMs' | 'msLeft']: number
    })
  /** The query threw something that is not a ServiceError, or polling itself failed (a bug). */
  | { why: 'crashed'; during: 'query' | 'polling'; message: string }

export interface RunFacts {
  rootRunId: string
  rootRunUrl?: string
  lastResponse?: GreenlightResponse
  /** The whole last answer's bug figures, counted before anything was cut. */
  lastFigures?: AnswerFigures
  /** The run the last answer was asked about: the root, or the newer run polling followed. */
  answeredBy?: string
  queries: number
  ended: PollEnd
}

/** What decides which check runs count; `app` is '' for any app but GitHub Actions. */
export interface CheckRules {
  name: string
  sha: string
  app: string
  sinceMs?: number
}

/** The check runs on a commit whatever their name: shown while none counts, never deciding. */
export interface CheckNames {
  /** Distinct name and app pairs, in GitHub's order, at most MAX_CHECK_NAMES. */
  listed: { name: string; app: string }[]
  more: number
  /** The nearest listed value to the wanted one, when the wanted one is not listed as such. */
  nearest?: { input: 'check-name' | 'check-app'; value: string }
  cause?: 'nothing-posted' | 'other-names' | 'other-app' | 'name-not-counting'
}

export interface CheckFacts {
  /** `event`: a `check_run` event, with one read of the commit's check runs beside it (`listed`). */
  source: 'poll' | 'event'
  eventAction?: string
  eventCheckRun?: unknown
  listed?: boolean
  rules: CheckRules
  /** The last list of check runs named `rules.name` (GitHub's objects); absent before any answer. */
  checkRuns?: unknown[]
  ended:
    | { why: 'settled' | 'interrupted' }
    | { why: 'still-waiting'; wait: boolean }
    | {
        why: 'failed'
        failure: { message: string; status?: number; retryAfterMs?: number; permanent: boolean }
        /** GitHub asked for a wait that ends after the deadline. */
        stoppedForWaitMs?: number
      }
  /** For `still-waiting`: the timeout that passed (0 with `wait: false`). */
  waitedMs?: number
  names?: CheckNames
  /** Reads stopped before the deadline: the token's rate limit resets then (ISO 8601). */
  rateLimitedUntil?: string
  /** With `event`: where the commit stands on its branch (only the tip may be green). */
  branchTip?: BranchTipAnswer
}
