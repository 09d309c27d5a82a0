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
// - A failure the one retry policy marks transient (service/errors.ts), or a 404 within
//   `notFoundGraceMs` of the first query (a new run may not be visible yet), is retried with
//   full-jitter backoff, never sooner than `Retry-After` and never past the deadline; the backoff
//   restarts after every answer. Any other failure ends the run with `error` at once.
// - `unreachableLimitMs` of nothing but "not reached at all" failures (name not found, connection
//   refused, TLS) is `error` naming base-url: a typo must not wait out a two-hour timeout.
// - The deadline passing with failures and no answer at all is `error`, not `timed-out`: that
//   would claim the run was merely slow, and let `fail-on-timeout: false` pass a step whose
//   service was never heard from.
// - `wait: false` asks for one answer (a non-terminal one is `timed-out`), with up to
//   NO_WAIT_MAX_ATTEMPTS attempts within NO_WAIT_RETRY_WINDOW_MS so that one blip does not fail it.
// - Cancellation ends polling at once with `interrupted`, keeping the last answer, even when the
//   query ignores the signal. Polling never rejects: a bug fails closed (`error`).
import type { Clock } from '../core/clock.js'
import { plainText, plural } from '../render/markdown.js'
import { ServiceError } from '../service/errors.js'
import { errorMessage } from '../core/error-message.js'
import { backoffDelayMs, DEFAULT_BACKOFF, type BackoffPolicy } from '../service/retry.js'
import type { GreenlightResponse } from '../service/schemas.js'
import type { RunOutcome, RunStatus } from './run-outcome.js'
import { judgeResponse } from './verdict.js'

const DEFAULT_NOT_FOUND_GRACE_MS = 120_000
const DEFAULT_UNREACHABLE_LIMIT_MS = 120_000
const NO_WAIT_MAX_ATTEMPTS = 3
const NO_WAIT_RETRY_WINDOW_MS = 30_000
/**
 * A request near the deadline still gets this long: the final query at the deadline must be able
 * to succeed, and "within one request" then means at most this much past the timeout.
 */
const MIN_REQUEST_TIMEOUT_MS = 5000
/**
 * At most this many greenlight requests are open at once, however many runs a step gates: 10,000
 * run IDs must not mean 10,000 sockets (file descriptors, memory, a burst at the service).
 */
const MAX_CONCURRENT_QUERIES = 16
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

/** `timeoutMs`: how long this request may take, so that it ends near the step's deadline. */
export type GreenlightQueryFn = (
  runId: string,
  signal?: AbortSignal,
  timeoutMs?: number
) => Promise<GreenlightResponse>

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
  const notFoundGraceMs = options.notFoundGraceMs ?? DEFAULT_NOT_FOUND_GRACE_MS
  const unreachableLimitMs = options.unreachableLimitMs ?? DEFAULT_UNREACHABLE_LIMIT_MS

  let queries = 0
  let answers = 0
  let failures = 0
  let firstQueryAt: number | undefined
  let unreachableSince: number | undefined
  let lastResponse: GreenlightResponse | undefined
  let rootRunUrl: string | undefined
  let runId = rootRunId

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
      if (error.kind === 'aborted') return finish('interrupted', INTERRUPTED_REASON)
      failures++
      const reason = error.message.trim() || `greenlight query failed (${error.kind})`
      // The one retry policy (service/errors.ts), plus a grace period for a new run's 404.
      const notFound = error.kind === 'http' && error.status === 404
      if (notFound && now - firstQueryAt > notFoundGraceMs) {
        const seconds = Math.round((now - firstQueryAt) / 1000)
        return finish(
          'error',
          `${reason} (still not found ${seconds} s after the first query; check the run-id input)`
        )
      }
      if (!notFound && !error.transient) return finish('error', reason)
      unreachableSince = error.unreachable ? (unreachableSince ?? now) : undefined
      if (unreachableSince !== undefined && now - unreachableSince >= unreachableLimitMs) {
        return finish(
          'error',
          `${reason} The service has not been reachable for ${formatSeconds(now - unreachableSince)}; check the base-url input.`
        )
      }
      const retryAfter = error.retryAfterMs
      const retryFits =
        now < deadline &&
        // The service said when it will answer again; asking sooner, at the deadline, ignores it.
        (retryAfter === undefined || now + retryAfter <= deadline) &&
        (options.wait || failures < NO_WAIT_MAX_ATTEMPTS)
      if (!retryFits) return gaveUp(reason, notFound)
      // Never before Retry-After, and never a tight loop on "Retry-After: 0" either.
      const delay = Math.max(
        retryAfter ?? 0,
        backoffDelayMs(failures - 1, options.backoff ?? DEFAULT_BACKOFF, () => jitter)
      )
      log(
        `Run ${logText(runId)}: query failed (${logText(reason)}); retry ${failures} in ${formatSeconds(Math.min(delay, deadline - now))}.`
      )
      await waitUntil(now + delay)
    }
  } catch (error) {
    // Only a bug can get here (the clock or random threw); fail closed rather than reject.
    const text = errorMessage(error)
    return finish('error', `internal error while polling: ${text}`)
  }

  function gaveUp(reason: string, notFound: boolean): RunOutcome {
    const attempts = plural(failures, 'failed attempt')
    if (lastResponse !== undefined) {
      return finish(
        'timed-out',
        `the timeout passed while the run was still ${lastResponse.runStage}; the last query failed after ${attempts}: ${reason}`
      )
    }
    if (notFound) {
      // The service answered every time: the run does not exist (yet), which is not silence.
      return finish('error', `${reason} (still not found after ${attempts})`)
    }
    const limit = options.wait ? 'within the timeout' : 'with wait set to false'
    return finish(
      'error',
      `no answer from the service ${limit} (${attempts}); last failure: ${reason}`
    )
  }
}

/**
 * The one check only polling can make: that an answer is about the run asked about (`rootRunId`
 * is documented as the run passed in the request; once polling follows a superseding run the
 * service may name either). A cache or proxy mixing answers up is retried, never a verdict.
 */
function answerProblem(
  response: GreenlightResponse,
  queriedRunId: string,
  rootRunId: string
): ServiceError | undefined {
  if (response.rootRunId === queriedRunId || response.rootRunId === rootRunId) return undefined
  return new ServiceError(
    'invalid-response',
    `the service's greenlight response is for run ${JSON.stringify(response.rootRunId.slice(0, 80))}, not for the run asked about`,
    { transient: true }
  )
}

/** The log lines an answer is worth: what changed since the previous one. */
function changesWorthLogging(
  previous: GreenlightResponse | undefined,
  response: GreenlightResponse,
  rootRunId: string
): string[] {
  const lines: string[] = []
  const previousRunId = previous?.relevantRunId ?? rootRunId
  const run = `Run ${logText(response.relevantRunId)}`
  if (response.relevantRunId !== previousRunId) {
    lines.push(
      `Run ${logText(previousRunId)} was superseded by run ${logText(response.relevantRunId)}; following the newer run.`
    )
  }
  if (previous === undefined) lines.push(`${run}: stage ${response.runStage}.`)
  else if (response.runStage !== previous.runStage) {
    lines.push(`${run}: stage ${response.runStage} (was ${previous.runStage}).`)
  }
  const counts = describeCounts(response)
  if (previous === undefined || counts !== describeCounts(previous))
    lines.push(`${run}: ${counts}.`)
  const contradiction = judgeResponse(response).contradiction
  if (
    contradiction !== undefined &&
    contradiction !== (previous && judgeResponse(previous).contradiction)
  ) {
    lines.push(
      `${run}: the service's answer contradicts itself (${contradiction}); it is not treated as green.`
    )
  }
  return lines
}

function describeCounts(r: GreenlightResponse): string {
  const parts = [
    plural(r.workflowsInRunCount, 'workflow'),
    `${r.workflowsUnderInvestigationCount} under investigation`
  ]
  if (r.workflowsAutoRetryingCount !== undefined) {
    parts.push(`${r.workflowsAutoRetryingCount} auto-retrying`)
  }
  if (r.workflowsDisabledAfterRunCount > 0) {
    parts.push(`${r.workflowsDisabledAfterRunCount} disabled after the run`)
  }
  if (r.blockingBugsCount !== undefined) parts.push(plural(r.blockingBugsCount, 'blocking bug'))
  if (r.nonBlockingBugsCount !== undefined) {
    parts.push(plural(r.nonBlockingBugsCount, 'non-blocking bug'))
  }
  return parts.join(', ')
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

/** `0.3 s`, `2 s`: backoffs are often under a second, which a retry line shows to a tenth. */
function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s`
}

/** Service text in a log line: one line, no control characters, and not shortened. */
function logText(text: string): string {
  return plainText(text, Number.POSITIVE_INFINITY)
}

type Settled<T> =
  { type: 'value'; value: T } | { type: 'error'; error: unknown } | { type: 'aborted' }

/** Runs a query, but stops waiting for it as soon as the signal aborts. */
function settle<T>(run: () => Promise<T>, signal: AbortSignal | undefined): Promise<Settled<T>> {
  if (signal?.aborted) return Promise.resolve({ type: 'aborted' })
  const outcome = new Promise<T>(resolve => resolve(run())).then(
    (value): Settled<T> => ({ type: 'value', value }),
    (error: unknown): Settled<T> => ({ type: 'error', error })
  )
  if (signal === undefined) return outcome
  return new Promise<Settled<T>>(resolve => {
    const onAbort = (): void => resolve({ type: 'aborted' })
    signal.addEventListener('abort', onAbort, { once: true })
    void outcome.then(result => {
      signal.removeEventListener('abort', onAbort)
      resolve(signal.aborted ? { type: 'aborted' } : result)
    })
  })
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

/** `query` with at most `max` calls under way; the others wait their turn in order. */
function limitConcurrency(query: GreenlightQueryFn, max: number): GreenlightQueryFn {
  let active = 0
  const waiting: (() => void)[] = []
  return async (runId, signal, timeoutMs) => {
    // A finishing call hands its slot straight to the next in line, so `active` never exceeds max.
    if (active < max) active++
    else await new Promise<void>(resolve => waiting.push(resolve))
    try {
      return await query(runId, signal, timeoutMs)
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active--
    }
  }
}
