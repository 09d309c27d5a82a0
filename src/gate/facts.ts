// What a gate found out, as facts: about each run (RunFacts) or the check runs of a commit
// (CheckFacts). Polling writes them, verdict.ts decides from them; neither imports the other.
import type { AnswerFigures } from './bugs.js'
import type { ServiceError } from '../kernel/retry.js'
import type { StopReason } from '../kernel/retry.js'
import type { GreenlightResponse } from '../kernel/answers.js'
import type { BranchTipAnswer } from './github-reads.js'

/**
 * Worst first: how the statuses of several entries aggregate. A known red ranks above `timed-out`
 * (what is pending can no longer make the step green); `error` and `interrupted` are worst.
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

/** Why polling stopped asking about a run. */
export type PollEnd =
  | { why: 'answered' }
  | { why: 'superseded' }
  | { why: 'still-running'; wait: boolean }
  | { why: 'interrupted' }
  | {
      why: 'failed'
      stop: StopReason
      error: ServiceError
      reason: string
      failures: number
      wait: boolean
      sinceFirstQueryMs: number
      unreachableForMs: number
      msLeft: number
    }
  /** The query threw something that is not a ServiceError, or polling itself failed (a bug). */
  | { why: 'crashed'; during: 'query' | 'polling'; message: string }

export interface RunFacts {
  /** The run ID the user passed in. */
  rootRunId: string
  rootRunUrl?: string
  /** The last valid answer, as kept (compacted). */
  lastResponse?: GreenlightResponse
  /** The whole last answer's bug figures, counted before anything was cut. */
  lastFigures?: AnswerFigures
  /** The run the last answer was asked about: the root, or the newer run polling followed. */
  answeredBy?: string
  /** HTTP queries made (retries included). */
  queries: number
  ended: PollEnd
}

/** What decides which check runs count. */
export interface CheckRules {
  name: string
  sha: string
  /** '' for any app but GitHub Actions. */
  app: string
  sinceMs?: number
}

/** One check run as the action reads it (deciding fields strictly, shown ones tolerantly). */
export interface CheckRunView {
  id?: string
  name: string
  headSha: string
  /** `app.slug`, lower-case. */
  app: string
  appName?: string
  status: string
  conclusion?: string
  startedAt?: string
  startedAtMs?: number
  htmlUrl?: string
  detailsUrl?: string
  title?: string
  summary?: string
}

/** One check run's name and app, fit to show. */
export interface CheckRunName {
  name: string
  app: string
}

/**
 * Why no check run counted, as seen on the commit: no check run by the wanted app at all
 * (`nothing-posted`), the app's check runs under other names (`other-names`), one of that name by
 * another app (`other-app`), or by the app but not counting (`name-not-counting`: before since, …).
 */
export type NoCheckCause = 'nothing-posted' | 'other-names' | 'other-app' | 'name-not-counting'

/** The check runs on a commit whatever their name: shown while none counts, never deciding. */
export interface CheckNames {
  /** Distinct name and app pairs, in GitHub's order, at most MAX_CHECK_NAMES. */
  listed: CheckRunName[]
  more: number
  /** The nearest listed value to the wanted one, when the wanted one is not listed as such. */
  nearest?: { input: 'check-name' | 'check-app'; value: string }
  cause?: NoCheckCause
}

export interface CheckReadFailure {
  message: string
  status?: number
  retryAfterMs?: number
  permanent: boolean
}

export type CheckPollEnd =
  /** The check runs that count are all completed, or one is unreadable. */
  | { why: 'settled' }
  | { why: 'still-waiting'; wait: boolean }
  | { why: 'interrupted' }
  /** `stoppedForWaitMs`: GitHub asked for a wait that ends after the deadline. */
  | { why: 'failed'; failure: CheckReadFailure; answered: boolean; stoppedForWaitMs?: number }

export interface CheckFacts {
  /** `poll`: read from GitHub; `event`: a `check_run` event (with one read beside it: `listed`). */
  source: 'poll' | 'event'
  eventAction?: string
  /** The event's check run as sent. */
  eventCheckRun?: unknown
  listed?: boolean
  rules: CheckRules
  /** The last list of check runs named `rules.name` (GitHub's objects); absent before any answer. */
  checkRuns?: unknown[]
  /** HTTP requests made, and how many were answered 304 (no rate limit spent). */
  requests: number
  notModified: number
  ended: CheckPollEnd
  /** For `still-waiting`: the timeout that passed (0 with `wait: false`). */
  waitedMs?: number
  /** While none counted: the check runs on the commit whatever their name. Shown only. */
  names?: CheckNames
  /** Reads stopped before the deadline: the token's rate limit resets then (ISO 8601). */
  rateLimitedUntil?: string
  /** With `event`: where the commit stands on its branch (only the tip may be green). */
  branchTip?: BranchTipAnswer
}
