// The greenlight polling driver: performs the actions poll-state.ts decides (query, wait, done)
// with an injected clock and query function, and feeds back what happened.
// - An aborted signal ends polling promptly with `interrupted`, keeping the last answer, even
//   when the query function ignores the signal.
// - Answers arrive validated by the client; polling checks only what it alone knows (which run).
// - Runs polled together share one deadline. Polling never rejects: a bug fails closed (`error`).
import { isSafeRunId } from '../inputs/run-ids.js'
import type { Clock } from '../clock.js'
import type { RunOutcome } from './run-outcome.js'
import type { ServiceFailureLike } from './poll-failures.js'
import {
  decideNext,
  describeOutcome,
  finish,
  initialPollState,
  pollConfig,
  recordFailure,
  recordInterrupt,
  recordQuery,
  recordResponse,
  type PollEvent,
  type PollOptions,
  type PollState,
  type StepResult
} from './poll-state.js'
import type { GreenlightResponse } from '../service/schemas.js'

/** `timeoutMs`: how long this request may take, so that it ends near the step's deadline. */
export type GreenlightQueryFn = (
  runId: string,
  signal?: AbortSignal,
  timeoutMs?: number
) => Promise<GreenlightResponse>

/**
 * A request near the deadline still gets this long: the final query at the deadline must be able
 * to succeed, and "within one request" then means at most this much past the timeout.
 */
export const MIN_REQUEST_TIMEOUT_MS = 5000

export interface PollDeps {
  query: GreenlightQueryFn
  clock: Clock
  /** Uniform in [0, 1); injected so retries are reproducible in tests. */
  random: () => number
  signal?: AbortSignal
  onEvent?: (event: PollEvent) => void
}

/** Polls one root run until a verdict, the deadline or an abort. Never rejects on service errors. */
export async function pollRun(
  rootRunId: string,
  deps: PollDeps,
  options: PollOptions
): Promise<RunOutcome> {
  const { clock, signal } = deps
  const config = pollConfig(rootRunId, options, clock.now(), deps.random(), deps.random())
  let state = initialPollState(config)
  const emit = (event: PollEvent): void => {
    try {
      deps.onEvent?.(event)
    } catch {
      // A failing log line must not change the verdict.
    }
  }

  try {
    for (;;) {
      if (signal?.aborted) state = recordInterrupt(state)
      const action = decideNext(state, clock.now())
      if (action.type === 'done') {
        emit({
          type: 'finished',
          rootRunId,
          outcome: action.outcome,
          message: describeOutcome(action.outcome)
        })
        return action.outcome
      }
      if (action.type === 'wait') {
        await clock.sleep(action.ms, signal)
        continue
      }
      const startedAt = clock.now()
      state = recordQuery(state, startedAt)
      const timeoutMs = Math.max(MIN_REQUEST_TIMEOUT_MS, state.config.deadline - startedAt)
      const settled = await settle(() => deps.query(action.runId, signal, timeoutMs), signal)
      if (settled.type === 'aborted') {
        state = recordInterrupt(state)
        continue
      }
      const now = clock.now()
      const step =
        settled.type === 'value'
          ? recordValue(state, action.runId, settled.value, now, deps.random)
          : recordFailure(state, settled.error, now, deps.random())
      state = step.state
      step.events.forEach(emit)
    }
  } catch (error) {
    // Only a bug can get here (the clock or random threw); fail closed rather than reject.
    const text = error instanceof Error ? error.message : String(error)
    return finish(state, 'error', `internal error while polling: ${text}`)
  }
}

/**
 * An answer the client has validated (read-body.ts), checked for what only polling knows: that it
 * is about the run asked about, and that the run it names next is safe to put in a path.
 */
function recordValue(
  state: PollState,
  queriedRunId: string,
  response: GreenlightResponse,
  now: number,
  random: () => number
): StepResult {
  const problem = !isAnswerFor(response, queriedRunId, state.config.rootRunId)
    ? // A cache or proxy mixing answers up: retried, never a verdict.
      {
        transient: true,
        message: `the service's greenlight response is for run ${JSON.stringify(response.rootRunId.slice(0, 80))}, not for the run asked about`
      }
    : !usableRunId(response.relevantRunId)
      ? // The next query's path is built from it: `..` or a `/` must not steer it elsewhere.
        {
          transient: false,
          message:
            "the service's greenlight response names a relevantRunId that is not a valid run ID"
        }
      : undefined
  if (problem === undefined) return recordResponse(state, response, now)
  const failure: ServiceFailureLike = { kind: 'invalid-response', ...problem }
  return recordFailure(state, failure, now, random())
}

/**
 * `rootRunId` is documented as the run passed in the request. Once polling follows a superseding
 * run, the service may name either that run or the original root, so both are accepted.
 */
function isAnswerFor(
  response: GreenlightResponse,
  queriedRunId: string,
  rootRunId: string
): boolean {
  return response.rootRunId === queriedRunId || response.rootRunId === rootRunId
}

/** Blank means "no superseding run": the root is asked again (see nextRunId). */
function usableRunId(id: string): boolean {
  return id.trim() === '' || isSafeRunId(id)
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

/**
 * At most this many greenlight requests are open at once, however many runs a step gates: 10,000
 * run IDs must not mean 10,000 sockets (file descriptors, memory, a burst at the service).
 */
export const MAX_CONCURRENT_QUERIES = 16

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
export function limitConcurrency(query: GreenlightQueryFn, max: number): GreenlightQueryFn {
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
