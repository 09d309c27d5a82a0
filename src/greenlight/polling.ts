// Greenlight polling: asks about a run until the service gives a verdict, the deadline passes or
// the job is cancelled. The clock, the random source and the query are injected, so that unit,
// property and chaos tests check every rule below in virtual time.
//
// - The first query uses the root run ID; every later one the last `relevantRunId`.
// - `completed` and `canceled` end polling at once; any other stage, one the action does not know
//   included, is polled again. Polling returns facts only (each run's last answer, why it stopped,
//   the failures and their timings): verdict.ts alone turns them into a verdict.
// - With `stopWhenSuperseded` (on-superseded: fail), an answer that names a newer run ends polling.
// - Queries about a run that is not terminal start `pollIntervalMs` apart, timed from the start of
//   the previous query (a slow request does not stretch the cadence), but never past the deadline:
//   the last wait is shortened so that one final query is made at the deadline. No terminal answer
//   by then: `timed-out`.
// - Steps started together (a matrix, a deploy of many services) must not poll in bursts: the
//   first regular wait is a random part of the interval (at most one extra query), and with `wait`
//   the first query waits a random part of `maxStartJitterMs` (at most one interval).
// - Whether a failed query is asked again, and when, the one retry policy decides
//   (service/retry-policy.ts; docs/retries.md); polling tracks its inputs.
// - The deadline passing with failures and no answer at all is `error`, not `timed-out`: that
//   would claim the run was merely slow, and let `fail-on-timeout: false` pass a step whose
//   service was never heard from.
// - `wait: false` asks for one answer (a non-terminal one is `timed-out`), retrying a blip within
//   NO_WAIT_RETRY_WINDOW_MS. Cancellation ends polling at once with `interrupted`, keeping the last
//   answer, even when the query ignores the signal. Polling never rejects: a bug fails closed.
import type { Clock } from '../core/clock.js'
import { ServiceError } from '../service/errors.js'
import { errorMessage } from '../core/error-message.js'
import type { BackoffPolicy } from '../service/retry.js'
import {
  DEFAULT_NOT_FOUND_GRACE_MS,
  DEFAULT_UNREACHABLE_LIMIT_MS,
  retryDecision
} from '../service/retry-policy.js'
import type { GreenlightResponse } from '../service/schemas.js'
import type { PollEnd, RunFacts } from './run-outcome.js'
import { answerFigures, type AnswerFigures } from '../gate/bugs.js'
import { isTerminalStage, relevantRunOf, supersedingRunId } from './stages.js'
import { limitConcurrency, MAX_CONCURRENT_QUERIES, type GreenlightQueryFn } from './poll-limiter.js'
import { changesWorthLogging, RetryLines } from '../gate/poll-log.js'
import { settle } from './settle.js'

export type { GreenlightQueryFn } from './poll-limiter.js'

const NO_WAIT_RETRY_WINDOW_MS = 30_000
/**
 * A request near the deadline still gets this long: the final query at the deadline must be able
 * to succeed, and "within one request" then means at most this much past the timeout.
 */
const MIN_REQUEST_TIMEOUT_MS = 5000

export interface PollOptions {
  timeoutMs: number
  pollIntervalMs: number
  wait: boolean
  notFoundGraceMs?: number
  unreachableLimitMs?: number
  backoff?: BackoffPolicy
  maxStartJitterMs?: number
  /** Absolute deadline (clock time), shared by runs polled together; overrides `timeoutMs`. */
  deadlineMs?: number
  /** Stop at the first answer that names a newer run (`on-superseded: fail`). */
  stopWhenSuperseded?: boolean
}

export interface PollDeps {
  query: GreenlightQueryFn
  clock: Clock
  /** Uniform in [0, 1); injected so that jitter is reproducible in tests. */
  random: () => number
  signal?: AbortSignal
  /**
   * One line per change worth logging (stage, counts, superseding run, contradiction, retry), not
   * per poll; plain text, service values on one line.
   */
  onLog?: (line: string) => void
  /** Called once per run, with what polling found out, when it stops asking about it. */
  onFinished?: (facts: RunFacts) => void
  /** Called with each valid answer and the one before it (for the step's own log lines). */
  onAnswer?: (answer: AnswerSeen) => void
  /**
   * What polling keeps of each valid answer: the answer as kept (compacted, run-greenlight.ts) and
   * the whole answer's bug figures, counted before anything is cut. Without it, all of it.
   */
  keep?: (answer: GreenlightResponse) => KeptAnswer
}

export interface KeptAnswer {
  response: GreenlightResponse
  figures: AnswerFigures
}

export interface AnswerSeen {
  rootRunId: string
  response: GreenlightResponse
  /** The run the answer is about (a blank relevantRunId: the run asked). */
  relevantRunId: string
}

function keepWhole(answer: GreenlightResponse): KeptAnswer {
  return { response: answer, figures: answerFigures(answer) }
}

/**
 * Polls one root run until a verdict, the deadline or an abort. Rejects only for options no valid
 * settings produce (a zero interval would poll in a tight loop); otherwise never.
 */
export async function pollRun(
  rootRunId: string,
  deps: PollDeps,
  options: PollOptions
): Promise<RunFacts> {
  requireDuration('timeoutMs', options.timeoutMs, 0)
  requireDuration('pollIntervalMs', options.pollIntervalMs, 1)
  requireDuration('notFoundGraceMs', options.notFoundGraceMs ?? 0, 0)
  const { clock, signal } = deps
  const log = (line: string): void => {
    try {
      deps.onLog?.(line)
    } catch {
      // A failing log line must not change the verdict.
    }
  }
  const start = clock.now()
  const interval = options.pollIntervalMs
  const firstInterval = Math.floor(unit(deps.random()) * interval)
  const startJitter = unit(deps.random()) * Math.min(options.maxStartJitterMs ?? 0, interval)
  let deadline = options.deadlineMs ?? start + options.timeoutMs
  if (!options.wait) deadline = Math.min(deadline, start + NO_WAIT_RETRY_WINDOW_MS)

  let queries = 0
  let answers = 0
  let failures = 0
  let firstQueryAt: number | undefined
  let unreachableSince: number | undefined
  let lastResponse: GreenlightResponse | undefined
  let lastFigures: AnswerFigures | undefined
  let answeredBy: string | undefined
  let rootRunUrl: string | undefined
  let runId = rootRunId
  const retryLines = new RetryLines()

  const finish = (ended: PollEnd): RunFacts => {
    const facts: RunFacts = { rootRunId, queries, ended }
    if (lastResponse !== undefined) facts.lastResponse = lastResponse
    if (lastFigures !== undefined) facts.lastFigures = lastFigures
    if (answeredBy !== undefined) facts.answeredBy = answeredBy
    if (rootRunUrl !== undefined) facts.rootRunUrl = rootRunUrl
    try {
      deps.onFinished?.(facts)
    } catch {
      // A failing log line must not change the verdict.
    }
    return facts
  }
  /** Waits until `at` (never past the deadline); false when the job was cancelled meanwhile. */
  const waitUntil = async (at: number): Promise<boolean> => {
    for (let ms = Math.min(at, deadline) - clock.now(); ms > 0 && !signal?.aborted;) {
      await clock.sleep(ms, signal)
      ms = Math.min(at, deadline) - clock.now()
    }
    return signal?.aborted !== true
  }

  try {
    if (options.wait && !(await waitUntil(start + Math.floor(startJitter)))) {
      return finish({ why: 'interrupted' })
    }
    for (;;) {
      if (signal?.aborted) return finish({ why: 'interrupted' })
      const askedAt = clock.now()
      queries++
      firstQueryAt ??= askedAt
      const timeoutMs = Math.max(MIN_REQUEST_TIMEOUT_MS, deadline - askedAt)
      const settled = await settle(() => deps.query(runId, signal, timeoutMs), signal)
      if (settled.type === 'aborted') return finish({ why: 'interrupted' })
      const now = clock.now()
      const error =
        settled.type === 'error' ? settled.error : answerProblem(settled.value, runId, rootRunId)

      if (settled.type === 'value' && error === undefined) {
        const response = settled.value
        const previousRunId =
          lastResponse === undefined ? rootRunId : relevantRunOf(lastResponse, answeredBy ?? runId)
        const relevantRunId = relevantRunOf(response, runId)
        changesWorthLogging(lastResponse, response, previousRunId, relevantRunId).forEach(line =>
          log(line)
        )
        try {
          deps.onAnswer?.({ rootRunId, response, relevantRunId })
        } catch {
          // A failing log line must not change the verdict.
        }
        if (response.rootRunId === rootRunId) rootRunUrl ??= response.rootRunUrl
        const kept = (deps.keep ?? keepWhole)(response)
        lastResponse = kept.response
        lastFigures = kept.figures
        answeredBy = runId
        answers++
        failures = 0
        unreachableSince = undefined
        retryLines.reset()
        const newer = supersedingRunId(response, rootRunId, runId)
        if (options.stopWhenSuperseded === true && newer !== undefined) {
          return finish({ why: 'superseded' })
        }
        if (isTerminalStage(response.runStage)) return finish({ why: 'answered' })
        if (!options.wait || now >= deadline) {
          return finish({ why: 'still-running', wait: options.wait })
        }
        // A blank relevantRunId means the run asked: it is asked again.
        runId = relevantRunId
        await waitUntil(askedAt + (answers === 1 ? firstInterval : interval))
        continue
      }

      const jitter = deps.random()
      if (!(error instanceof ServiceError)) {
        return finish({ why: 'crashed', during: 'query', message: errorMessage(error) })
      }
      failures++
      const reason = error.message.trim() || `greenlight query failed (${error.kind})`
      unreachableSince = error.unreachable ? (unreachableSince ?? now) : undefined
      const unreachableForMs = unreachableSince === undefined ? 0 : now - unreachableSince
      const msLeft = deadline - now
      const facts = { failures, msLeft, unreachableForMs, sinceFirstQueryMs: now - firstQueryAt }
      const decision = retryDecision(error, { ...options, ...facts, method: 'GET', jitter })
      if (!decision.retry) {
        const { stop } = decision
        return finish({ why: 'failed', stop, error, reason, wait: options.wait, ...facts })
      }
      const limit = options.unreachableLimitMs ?? DEFAULT_UNREACHABLE_LIMIT_MS
      const grace = options.notFoundGraceMs ?? DEFAULT_NOT_FOUND_GRACE_MS
      const notFound = error.kind === 'http' && error.status === 404
      const line = retryLines.line({
        ...{ runId, reason, failures, delayMs: decision.delayMs, now, msLeft },
        kind: `${error.kind} ${error.status ?? ''}`,
        ...(error.unreachable ? { unreachableMsLeft: limit - unreachableForMs } : {}),
        ...(notFound ? { notFound: { graceMs: grace, msLeft: grace - (now - firstQueryAt) } } : {})
      })
      if (line !== undefined) log(line)
      await waitUntil(now + decision.delayMs)
    }
  } catch (error) {
    // Only a bug can get here (the clock or random threw); fail closed rather than reject.
    return finish({ why: 'crashed', during: 'polling', message: errorMessage(error) })
  }
}

/**
 * The one check only polling can make: that an answer is about the run asked about (`rootRunId`
 * is documented as the run passed in the request; once polling follows a superseding run the
 * service may name either). A cache or proxy mixing answers up is an unreadable answer.
 */
function answerProblem(
  response: GreenlightResponse,
  queriedRunId: string,
  rootRunId: string
): ServiceError | undefined {
  if (response.rootRunId === queriedRunId || response.rootRunId === rootRunId) return undefined
  return new ServiceError(
    'unreadable',
    `the service's greenlight response is for run ${JSON.stringify(response.rootRunId.slice(0, 80))}, not for the run asked about`
  )
}

function requireDuration(name: string, value: number, min: number): void {
  if (!Number.isFinite(value) || value < min) {
    throw new RangeError(
      `${name} must be a finite number of milliseconds of at least ${min}, got ${String(value)}`
    )
  }
}

function unit(fraction: number): number {
  return Math.min(1, Math.max(0, fraction))
}

/** Polls several root runs concurrently against one shared deadline; outcomes keep input order. */
export function pollRuns(
  runIds: readonly string[],
  deps: PollDeps,
  options: PollOptions
): Promise<RunFacts[]> {
  const deadlineMs = options.deadlineMs ?? deps.clock.now() + options.timeoutMs
  const shared = { ...deps, query: limitConcurrency(deps.query, MAX_CONCURRENT_QUERIES) }
  return Promise.all(runIds.map(id => pollRun(id, shared, { ...options, deadlineMs })))
}
