// `verdict-from: run`, polling: asks the service about each run until a terminal stage, the
// deadline or the job's cancellation; facts only (verdict.ts decides). Pure: clock, random source
// and query are injected. Queries start `pollIntervalMs` apart (timed from the previous start),
// one final query at the deadline; steps started together do not poll in bursts: the first wait is
// a random part of the interval, and with `wait` the first query waits a random part of
// `maxStartJitterMs`. Cancellation ends polling at once, even when the query ignores the signal.
import type { Clock } from '../kernel/time.js'
import { definedOnly, errorMessage } from '../kernel/values.js'
import {
  ServiceError,
  DEFAULT_NOT_FOUND_GRACE_MS,
  DEFAULT_UNREACHABLE_LIMIT_MS,
  retryDecision
} from '../kernel/retry.js'
import type { GreenlightResponse } from '../kernel/answers.js'
import type { PollEnd, RunFacts } from './facts.js'
import { answerFigures, type AnswerFigures } from './bugs.js'
import { relevantRunOf, supersedingRunId } from './verdict.js'
import { changesWorthLogging, RetryLines } from './poll-log.js'

const NO_WAIT_RETRY_WINDOW_MS = 30_000
/** A request near the deadline still gets this long, so the final query can succeed. */
const MIN_REQUEST_TIMEOUT_MS = 5000
const MAX_CONCURRENT_QUERIES = 16

/** `timeoutMs`: how long this request may take, so that it ends near the step's deadline. */
export type GreenlightQueryFn = (
  runId: string,
  signal?: AbortSignal,
  timeoutMs?: number
) => Promise<GreenlightResponse>

export interface PollOptions {
  timeoutMs: number
  pollIntervalMs: number
  wait: boolean
  notFoundGraceMs?: number
  unreachableLimitMs?: number
  maxStartJitterMs?: number
  /** Absolute deadline (clock time), shared by runs polled together; overrides `timeoutMs`. */
  deadlineMs?: number
  stopWhenSuperseded?: boolean
}

export interface PollDeps {
  query: GreenlightQueryFn
  clock: Clock
  /** Uniform in [0, 1). */
  random: () => number
  signal?: AbortSignal
  /** One line per change worth logging, not per poll. */
  onLog?: (line: string) => void
  onFinished?: (facts: RunFacts) => void
  onAnswer?: (answer: AnswerSeen) => void
  /** What polling keeps of each valid answer (compacted), with the whole answer's figures. */
  keep?: (answer: GreenlightResponse) => { response: GreenlightResponse; figures: AnswerFigures }
}

export interface AnswerSeen {
  rootRunId: string
  response: GreenlightResponse
  relevantRunId: string
}

type Settled<T> =
  { type: 'value'; value: T } | { type: 'error'; error: unknown } | { type: 'aborted' }

/** Runs a query, but stops waiting for it as soon as the signal aborts. Never rejects. */
function settle<T>(run: () => Promise<T>, signal: AbortSignal | undefined): Promise<Settled<T>> {
  return new Promise(resolve => {
    if (signal?.aborted) return resolve({ type: 'aborted' })
    const onAbort = (): void => resolve({ type: 'aborted' })
    signal?.addEventListener('abort', onAbort, { once: true })
    void new Promise<T>(answer => answer(run()))
      .then<Settled<T>, Settled<T>>(
        value => ({ type: 'value', value }),
        (error: unknown) => ({ type: 'error', error })
      )
      .then(result => {
        signal?.removeEventListener('abort', onAbort)
        resolve(signal?.aborted ? { type: 'aborted' } : result)
      })
  })
}

function limitConcurrency(query: GreenlightQueryFn, max: number): GreenlightQueryFn {
  let active = 0
  const waiting: (() => void)[] = []
  return async (runId, signal, timeoutMs) => {
    // A finishing call hands its slot straight to the next in line.
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

function quietly<T>(hook: ((value: T) => void) | undefined, value: T): void {
  try {
    hook?.(value)
  } catch {
    // Only shown: a failing hook must not change the verdict.
  }
}

export async function pollRun(
  rootRunId: string,
  deps: PollDeps,
  options: PollOptions
): Promise<RunFacts> {
  const { clock, signal } = deps
  const start = clock.now()
  const interval = options.pollIntervalMs
  const firstInterval = Math.floor(deps.random() * interval)
  const startJitter = deps.random() * Math.min(options.maxStartJitterMs ?? 0, interval)
  let deadline = options.deadlineMs ?? start + options.timeoutMs
  if (!options.wait) deadline = Math.min(deadline, start + NO_WAIT_RETRY_WINDOW_MS)

  let queries = 0
  let failures = 0
  let firstQueryAt = start
  let unreachableSince: number | undefined
  let lastResponse: GreenlightResponse | undefined
  let lastFigures: AnswerFigures | undefined
  let answeredBy: string | undefined
  let rootRunUrl: string | undefined
  let runId = rootRunId
  let retryLines = new RetryLines()

  const finish = (ended: PollEnd): RunFacts => {
    const facts: RunFacts = { rootRunId, queries, ended }
    Object.assign(facts, definedOnly({ lastResponse, lastFigures, answeredBy, rootRunUrl }))
    quietly(deps.onFinished, facts)
    return facts
  }
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
      if (queries++ === 0) firstQueryAt = askedAt
      const timeoutMs = Math.max(MIN_REQUEST_TIMEOUT_MS, deadline - askedAt)
      const settled = await settle(() => deps.query(runId, signal, timeoutMs), signal)
      if (settled.type === 'aborted') return finish({ why: 'interrupted' })
      const now = clock.now()
      // An answer about another run than the one asked (a cache mixing answers up) is unreadable.
      const error =
        settled.type === 'error'
          ? settled.error
          : [runId, rootRunId].includes(settled.value.rootRunId)
            ? undefined
            : new ServiceError(
                'unreadable',
                `the service's greenlight response is for run ${JSON.stringify(settled.value.rootRunId.slice(0, 80))}, not for the run asked about`
              )

      if (settled.type === 'value' && error === undefined) {
        const response = settled.value
        const previousRunId =
          lastResponse === undefined ? rootRunId : relevantRunOf(lastResponse, answeredBy ?? runId)
        const relevantRunId = relevantRunOf(response, runId)
        changesWorthLogging(lastResponse, response, previousRunId, relevantRunId).forEach(line =>
          quietly(deps.onLog, line)
        )
        quietly(deps.onAnswer, { rootRunId, response, relevantRunId })
        if (response.rootRunId === rootRunId) rootRunUrl ??= response.rootRunUrl
        const kept = deps.keep?.(response) ?? { response, figures: answerFigures(response) }
        const firstAnswer = lastResponse === undefined
        lastResponse = kept.response
        lastFigures = kept.figures
        answeredBy = runId
        failures = 0
        unreachableSince = undefined
        retryLines = new RetryLines()
        if (
          options.stopWhenSuperseded === true &&
          supersedingRunId(response, rootRunId, runId) !== undefined
        ) {
          return finish({ why: 'superseded' })
        }
        if (['completed', 'canceled'].includes(response.runStage)) {
          return finish({ why: 'answered' })
        }
        if (!options.wait || now >= deadline) {
          return finish({ why: 'still-running', wait: options.wait })
        }
        runId = relevantRunId
        await waitUntil(askedAt + (firstAnswer ? firstInterval : interval))
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
      if (line !== undefined) quietly(deps.onLog, line)
      await waitUntil(now + decision.delayMs)
    }
  } catch (error) {
    // Only a bug can get here (the clock or random threw): fail closed rather than reject.
    return finish({ why: 'crashed', during: 'polling', message: errorMessage(error) })
  }
}

export function pollRuns(
  runIds: readonly string[],
  deps: PollDeps,
  options: PollOptions
): Promise<RunFacts[]> {
  const deadlineMs = options.deadlineMs ?? deps.clock.now() + options.timeoutMs
  const shared = { ...deps, query: limitConcurrency(deps.query, MAX_CONCURRENT_QUERIES) }
  return Promise.all(runIds.map(id => pollRun(id, shared, { ...options, deadlineMs })))
}
