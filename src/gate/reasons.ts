// Why an entry of a verdict has its status: a code and its parameters, never words (report.ts
// words every code once, for every surface).
import type { CheckNames } from './facts.js'

/** A greenlight answer that claims a greenlight against its own evidence. */
export type Contradiction =
  | { kind: 'green-while-canceled' | 'green-without-count' }
  | { kind: 'green-while-running'; stage: string }
  | {
      kind: 'green-with-blocking-count' | 'green-with-blocking-urls' | 'green-with-blocking-bugs'
      count: number
    }

/** Why a check run of the wanted name does not count. */
export type IgnoredWhy =
  'other-commit' | 'other-app' | 'github-actions' | 'before-since' | 'superseded'

export type Reason =
  | { code: 'run-canceled'; message?: string; serviceReason?: string }
  | { code: 'contradiction'; contradiction: Contradiction }
  /** The whole answer's total of blocking bugs, or of those in workflows that did not run. */
  | { code: 'blocking-bugs' | 'blocking-bugs-in-other-workflows'; count: number }
  | { code: 'superseded'; rootRunId: string; newerRunId: string }
  | { code: 'still-running'; stage?: string; wait: boolean }
  /** Superseded before it ended, with on-superseded: follow never stopping there. */
  | { code: 'not-ended'; stage: string }
  | { code: 'interrupted' | 'no-answer-to-judge' | 'no-greenlight' | 'no-greenlight-zero-blocking' }
  | { code: 'crashed'; during: 'query' | 'polling'; message: string }
  | { code: 'run-not-found'; message: string; sinceFirstQueryMs: number }
  | { code: 'unreachable'; message: string; unreachableForMs: number }
  | {
      code: 'retry-after-past-deadline'
      message: string
      retryAfterMs: number
      msLeft: number
      wait: boolean
      /** The stage of the last answer; absent when none came. */
      stage?: string
    }
  | { code: 'failing-at-deadline'; message: string; failures: number; stage: string }
  | { code: 'no-answer'; message: string; failures: number; wait: boolean; notFound: boolean }
  | { code: 'check-conclusion'; conclusion: string }
  | {
      code: 'no-check'
      name: string
      app: string
      wait: boolean
      ignored: IgnoredWhy[]
      names?: CheckNames
    }
  /** The token's rate limit is used up until after the timeout: the step could not look. */
  | { code: 'check-rate-limited'; until: string; wait: boolean }
  | { code: 'check-not-completed'; checkStatus: string; wait: boolean; rateLimitedUntil?: string }
  /** On an event, a newer counting check run (a re-run of the event's: `rerun`) runs still. */
  | { code: 'check-newer-running'; checkStatus: string; rerun: boolean }
  | { code: 'check-unreadable'; problems: string[] }
  | {
      code: 'query-refused' | 'check-read-failed' | 'branch-read-failed'
      message: string
      status?: number
      /** GitHub asked to wait this long, past the timeout or a one-shot read's window. */
      stoppedForWaitMs?: number
    }
  /** The `check_run` event is about another check; `nameTypo`: its name is near `check-name`. */
  | {
      code: 'event-other-check'
      eventName?: string
      eventApp?: string
      name: string
      app: string
      why?: IgnoredWhy
      nameTypo?: boolean
    }
  | { code: 'event-not-completed'; checkStatus: string; eventAction?: string }
  | { code: 'commit-superseded'; sha: string; branch: string; tip: string }
  /** `found` false: GitHub does not know the commit here; `eventBranch` is shown only. */
  | {
      code: 'commit-not-on-branch'
      sha: string
      branch: string
      tip: string
      found: boolean
      eventBranch?: string
    }
  | { code: 'branch-not-found'; branch: string; fromDefault: boolean }
