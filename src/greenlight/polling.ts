// Greenlight polling: asks about a run until the service gives a verdict, the deadline passes or
// the job is cancelled. The clock, the random source and the query are injected, so that unit,
// property and chaos tests check every rule below in virtual time.
//
// - The first query uses the root run ID; every later one the last `relevantRunId`.
// - `completed` and `canceled` end polling at once; the verdict is fail-closed (verdict.ts).
// - Queries about a run that is not terminal start `pollIntervalMs` apart, timed from the start of
//   the previous query (a slow request does not stretch the cadence), but never past the deadline:
//   the last wait is shortened so that one final query is made at the deadline. No terminal answer
//   by then: `timed-out`.
// - Steps started together (a matrix, a deploy of many services) must not poll in bursts: the
//   first regular wait is a random part of the interval (at most one extra query), and with `wait`
//   the first query waits a random part of `maxStartJitterMs` (at most one interval).
// - Whether a failed query is asked again, and when, the one retry policy decides
//   (service/retry-policy.ts; docs/architecture.md, "Retries"); polling tracks its inputs.
// - The deadline passing with failures and no answer at all is `error`, not `timed-out`: that
//   would claim the run was merely slow, and let `fail-on-timeout: false` pass a step whose
//   service was never heard from.
// - `wait: false` asks for one answer (a non-terminal one is `timed-out`), retrying a blip within
//   NO_WAIT_RETRY_WINDOW_MS. Cancellation ends polling at once with `interrupted`, keeping the last
//   answer, even when the query ignores the signal. Polling never rejects: a bug fails closed.
import type { Clock } from '../core/clock.js'
import { plural } from '../core/text.js'
import { ServiceError } from '../service/errors.js'
import { errorMessage } from '../core/error-message.js'
import type { BackoffPolicy } from '../service/retry.js'
import { DEFAULT_UNREACHABLE_LIMIT_MS, retryDecision } from '../service/retry-policy.js'
import type { GreenlightResponse } from '../service/schemas.js'
import type { RunOutcome, RunStatus } from './run-outcome.js'
import { judgeResponse } from './verdict.js'
import { limitConcurrency, MAX_CONCURRENT_QUERIES, type GreenlightQueryFn } from './poll-limiter.js'
import { changesWorthLogging, logText, RetryLines, stoppedOutcome } from './poll-log.js'
import { settle } from './settle.js'

export type { GreenlightQueryFn } from './poll-limiter.js'

const NO_WAIT_RETRY_WINDOW_MS = 30_000
/**
 * A request near the deadline still gets this long: the final query at the deadline must be able
 * to succeed, and "within one request" then means at most this much past the timeout.
 */
const MIN_REQUEST_TIMEOUT_MS = 5000
const INTERRUPTED_REASON = 'the job was cancelled while waiting for the verdict'

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
}

export interface PollDeps {
  query: GreenlightQueryFn
  clock: Clock
  /** Uniform in [0, 1); injected so that jitter is reproducible in tests. */
  random: () => number
  signal?: AbortSignal
  /**
   * One line per change worth logging (stage, counts, superseding run, contradiction, retry), not
   * per poll; plain text, service values on one line. The last line of a run comes with its outcome.
   */
  onLog?: (line: string, finished?: RunOutcome) => void
}

/**
 * Polls one root run until a verdict, the deadline or an abort. Rejects only for options no valid
 * settings produce (a zero interval would poll in a tight loop); otherwise never.
 */
export async function pollRun(
  rootRunId: string,
  deps: PollDeps,
  options: PollOptions
): Promise<RunOutcome> {
  requireDuration('timeoutMs', options.timeoutMs, 0)
  requireDuration('pollIntervalMs', options.pollIntervalMs, 1)
  requireDuration('notFoundGraceMs', options.notFoundGraceMs ?? 0, 0)
  const { clock, signal } = deps
  const log = (line: string, finished?: RunOutcome): void => {
    try {
      deps.onLog?.(line, finished)
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
  let rootRunUrl: string | undefined
  let runId = rootRunId
  const retryLines = new RetryLines()

  const finish = (status: RunStatus, reason?: string): RunOutcome => {
    const outcome: RunOutcome = { rootRunId, status, queries }
    if (lastResponse !== undefined) outcome.lastResponse = lastResponse
    if (reason !== undefined) outcome.reason = reason
    if (rootRunUrl !== undefined) outcome.rootRunUrl = rootRunUrl
    // The reason is not repeated here: the step's verdict message carries it.
    log(
      `Run ${logText(rootRunId)}: ${status} after ${plural(queries, 'query', 'queries')}.`,
      outcome
    )
    return outcome
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
      return finish('interrupted', INTERRUPTED_REASON)
    }
    for (;;) {
      if (signal?.aborted) return finish('interrupted', INTERRUPTED_REASON)
      const askedAt = clock.now()
      queries++
      firstQueryAt ??= askedAt
      const timeoutMs = Math.max(MIN_REQUEST_TIMEOUT_MS, deadline - askedAt)
      const settled = await settle(() => deps.query(runId, signal, timeoutMs), signal)
      if (settled.type === 'aborted') return finish('interrupted', INTERRUPTED_REASON)
      const now = clock.now()
      const error =
        settled.type === 'error' ? settled.error : answerProblem(settled.value, runId, rootRunId)

      if (settled.type === 'value' && error === undefined) {
        const response = settled.value
        changesWorthLogging(lastResponse, response, rootRunId).forEach(line => log(line))
        if (response.rootRunId === rootRunId) rootRunUrl ??= response.rootRunUrl
        lastResponse = response
        answers++
        failures = 0
        unreachableSince = undefined
        retryLines.reset()
        const judged = judgeResponse(response)
        if (judged.terminal && judged.status !== undefined) {
          return finish(judged.status, judged.reason)
        }
        const stage = response.runStage
        if (!options.wait) return finish('timed-out', `wait is false and the run is still ${stage}`)
        if (now >= deadline) {
          return finish('timed-out', `the timeout passed while the run was still ${stage}`)
        }
        // A blank relevantRunId means no superseding run: the root is asked again.
        runId = response.relevantRunId.trim() === '' ? rootRunId : response.relevantRunId
        await waitUntil(askedAt + (answers === 1 ? firstInterval : interval))
        continue
      }

      const jitter = deps.random()
      if (!(error instanceof ServiceError)) {
        const text = errorMessage(error)
        return finish('error', `unexpected failure while querying the service: ${text}`)
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
        const stopped = stoppedOutcome({ ...options, ...facts, stop, error, reason, lastResponse })
        return finish(stopped.status, stopped.reason)
      }
      const limit = options.unreachableLimitMs ?? DEFAULT_UNREACHABLE_LIMIT_MS
      const line = retryLines.line({
        ...{ runId, reason, failures, delayMs: decision.delayMs, now, msLeft },
        ...(error.unreachable ? { unreachableMsLeft: limit - unreachableForMs } : {})
      })
      if (line !== undefined) log(line)
      await waitUntil(now + decision.delayMs)
    }
  } catch (error) {
    // Only a bug can get here (the clock or random threw); fail closed rather than reject.
    const text = errorMessage(error)
    return finish('error', `internal error while polling: ${text}`)
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
): Promise<RunOutcome[]> {
  const deadlineMs = options.deadlineMs ?? deps.clock.now() + options.timeoutMs
  const shared = { ...deps, query: limitConcurrency(deps.query, MAX_CONCURRENT_QUERIES) }
  return Promise.all(runIds.map(id => pollRun(id, shared, { ...options, deadlineMs })))
}
