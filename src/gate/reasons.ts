// Why an entry of a verdict has its status: a code and its parameters, never words (report.ts
// words every code once, for every surface).
import type { CheckNames } from './facts.js'

/** A greenlight answer that claims a greenlight against its own evidence. */
export type Contradiction =
  | { kind: 'green-while-canceled' }
  | { kind: 'green-while-running'; stage: string }
  | { kind: 'green-without-count' }
  | { kind: 'green-with-blocking-count'; count: number }
  | { kind: 'green-with-blocking-urls'; count: number }
  | { kind: 'green-with-blocking-bugs'; count: number }

/** Why a check run of the wanted name does not count (check-selection.ts). */
export type IgnoredWhy =
  'other-commit' | 'other-app' | 'github-actions' | 'before-since' | 'superseded'

export type Reason =
  /** `canceled`: the run was canceled; the service's own explanation when it gave one. */
  | { code: 'run-canceled'; message?: string; serviceReason?: string }
  /** `error`: the answer contradicts itself. */
  | { code: 'contradiction'; contradiction: Contradiction }
  /** `failed`: completed with this many blocking bugs (the whole answer's total). */
  | { code: 'blocking-bugs'; count: number }
  /** `failed`: completed without a greenlight and without a blocking-bug count. */
  | { code: 'no-greenlight' }
  /** `failed`: completed without a greenlight and zero blocking bugs in this run. */
  | { code: 'no-greenlight-zero-blocking' }
  /** `failed`: outcome-when-blocking-bugs-in-other-workflows: red and blocking bugs elsewhere. */
  | { code: 'blocking-bugs-in-other-workflows'; count: number }
  /** `superseded`: on-superseded: fail and a newer run superseded the root. */
  | { code: 'superseded'; rootRunId: string; newerRunId: string }
  /** `timed-out`: the run was not terminal at the deadline, or when asked once (`wait: false`). */
  | { code: 'still-running'; stage?: string; wait: boolean }
  /** `timed-out`: superseded before it ended, with on-superseded: follow never stopping there. */
  | { code: 'not-ended'; stage: string }
  /** `interrupted`: the job was cancelled while the step waited for the verdict. */
  | { code: 'interrupted' }
  /** `error`: a bug of the action (`polling`) or a query that threw something unexpected. */
  | { code: 'crashed'; during: 'query' | 'polling'; message: string }
  /** `error`: polling said a run was answered but kept no answer (a bug of the action). */
  | { code: 'no-answer-to-judge' }
  /** `error`: the service refused, or its answer could not be used; `message` says why. */
  | { code: 'query-refused'; message: string }
  /** `error`: the run was still not found after the grace period for new runs. */
  | { code: 'run-not-found'; message: string; sinceFirstQueryMs: number }
  /** `error`: the service could not be reached at all for this long. */
  | { code: 'unreachable'; message: string; unreachableForMs: number }
  /** `timed-out` (with an answer) or `error`: Retry-After asked for a wait past the deadline. */
  | {
      code: 'retry-after-past-deadline'
      message: string
      retryAfterMs: number
      msLeft: number
      wait: boolean
      /** The stage of the last answer; absent when none came. */
      stage?: string
    }
  /** `timed-out`: the deadline passed while the last queries failed; the run was at `stage`. */
  | { code: 'failing-at-deadline'; message: string; failures: number; stage: string }
  /** `error`: no answer at all before the deadline (or with wait: false). */
  | { code: 'no-answer'; message: string; failures: number; wait: boolean; notFound: boolean }

  // ---- verdict-from: check ------------------------------------------------------------------
  /** `failed`, `canceled`, `not-tested`, or `error` for a conclusion the action does not know. */
  | { code: 'check-conclusion'; conclusion: string }
  /** `timed-out`: no check run counted by the deadline (or when read once); `ignored` says why not. */
  | {
      code: 'no-check'
      name: string
      app: string
      wait: boolean
      ignored: IgnoredWhy[]
      /** The check runs on the commit whatever their name, when they were read: shown only. */
      names?: CheckNames
    }
  /**
   * `error`: nothing counted when reads stopped, because GitHub's rate limit for the token is used
   * up until `until` (ISO 8601), after the timeout: the step could not look, which is no verdict.
   */
  | { code: 'check-rate-limited'; until: string; wait: boolean }
  /**
   * `timed-out`: a counting check run was not completed by the deadline (or when reads stopped,
   * GitHub's rate limit being used up until `rateLimitedUntil`, after the timeout).
   */
  | { code: 'check-not-completed'; checkStatus: string; wait: boolean; rateLimitedUntil?: string }
  /**
   * `timed-out`: on a `check_run` event, the commit's check runs (read once) show a counting check
   * run newer than the event's that is not completed: a re-run (`rerun`: the event's own check run,
   * asked to run again and reset since), or another app's. Its own completed event decides.
   */
  | { code: 'check-newer-running'; checkStatus: string; rerun: boolean }
  /** `error`: a check run of the wanted name whose deciding fields cannot be read. */
  | { code: 'check-unreadable'; problems: string[] }
  /** `error`: GitHub refused, or could not be read until the deadline; `message` says why. */
  | {
      code: 'check-read-failed'
      message: string
      status?: number
      /** GitHub asked to wait this long, past the timeout or a one-shot read's window. */
      stoppedForWaitMs?: number
    }
  /** `error`: the `check_run` event is about another check (name, app, commit or start). */
  | {
      code: 'event-other-check'
      eventName?: string
      eventApp?: string
      name: string
      app: string
      why?: IgnoredWhy
      /** The event's check name is near `check-name`: a typo in the input, not another check. */
      nameTypo?: boolean
    }
  /**
   * `error`: the `check_run` event is not `completed`, or its check run is not (no
   * `types: [completed]`); `eventAction` names the event's action when that is what is wrong.
   */
  | { code: 'event-not-completed'; checkStatus: string; eventAction?: string }

  // ---- the commit rule, on a `check_run` event --------------------------------------------------
  /** `superseded`: the commit is an older commit of `branch`, whose tip is now `tip`. */
  | { code: 'commit-superseded'; sha: string; branch: string; tip: string }
  /**
   * `error`: the commit is not on `branch` (a pull request's head, a fork's or a merge queue's
   * commit): `found` false when GitHub does not know it in this repository. `eventBranch` is the
   * branch the event names, shown only.
   */
  | {
      code: 'commit-not-on-branch'
      sha: string
      branch: string
      tip: string
      found: boolean
      eventBranch?: string
    }
  /** `error`: GitHub knows no branch `branch` in this repository. */
  | { code: 'branch-not-found'; branch: string; fromDefault: boolean }
  /** `error`: where the commit stands on the branch could not be read; `message` says why. */
  | { code: 'branch-read-failed'; message: string; status?: number }

export type ReasonCode = Reason['code']
