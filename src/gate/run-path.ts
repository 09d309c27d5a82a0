// `verdict-from: run`, polling: asks the service about each run until a terminal stage, the
// deadline or the job's cancellation. Pure: clock, random source and query are injected.
import { formatDuration, type Clock } from '../kernel/time.js'
import { plural } from '../kernel/text.js'
import { errorMessage } from '../kernel/values.js'
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
import { changesWorthLogging, logText } from './poll-log.js'

export const NO_WAIT_WINDOW_MS = 30_000
/** A request near the deadline still gets this long, so the final query can succeed. */
export const MIN_REQUEST_TIMEOUT_MS = 5000
const MAX_CONCURRENT_QUERIES = 16

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
  /** `timeoutMs`: how long this request may take, so that it ends near the step's deadline. */
  query: (runId: string, signal?: AbortSignal, timeoutMs?: number) => Promise<GreenlightResponse>
  clock: Clock
  /** Uniform in [0, 1). */
  random: () => number
  signal?: AbortSignal
  /** One line per change worth logging, not per poll. */
  onLog?: (line: string) => void
  onFinished?: (facts: RunFacts) => void
  onAnswer?: (rootRunId: string, response: GreenlightResponse, relevantRunId: string) => void
  /** What polling keeps of each valid answer (compacted), with the whole answer's figures. */
  keep?: (answer: GreenlightResponse) => { response: GreenlightResponse; figures: AnswerFigures }
}

/** Runs `run`, but stops waiting for it (undefined) as soon as the signal aborts. Never rejects. */
export function settle<T>(
  run: () => Promise<T>,
  signal: AbortSignal | undefined
): Promise<{ value: T } | { error: unknown } | undefined> {
  return new Promise(resolve => {
    const onAbort = (): void => resolve(undefined)
    if (signal?.aborted) return onAbort()
    signal?.addEventListener('abort', onAbort, { once: true })
    void new Promise<T>(answer => answer(run()))
      .then(
        value => ({ value }),
        (error: unknown) => ({ error })
      )
      .then(result => {
        signal?.removeEventListener('abort', onAbort)
        resolve(signal?.aborted ? undefined : result)
      })
  })
}

function quietly(hook: () => void): void {
  try {
    hook()
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
  if (!options.wait) deadline = Math.min(deadline, start + NO_WAIT_WINDOW_MS)
  const facts: RunFacts = { rootRunId, queries: 0, ended: { why: 'interrupted' } }
  let runId = rootRunId
  let firstQueryAt = start
  // Since the last answer: the failures, and since when none reached the service.
  let failures = 0
  let unreachableSince: number | undefined
  let streak = { kind: '', loggedAt: -Infinity }
  const log = (line: string): void => quietly(() => deps.onLog?.(line))
  const finish = (ended: PollEnd): RunFacts => {
    facts.ended = ended
    quietly(() => deps.onFinished?.(facts))
    return facts
  }
  const waitUntil = async (at: number): Promise<void> => {
    for (let ms = Math.min(at, deadline) - clock.now(); ms > 0 && !signal?.aborted;) {
      await clock.sleep(ms, signal)
      ms = Math.min(at, deadline) - clock.now()
    }
  }
  try {
    if (options.wait) await waitUntil(start + Math.floor(startJitter))
    for (;;) {
      if (signal?.aborted) return finish({ why: 'interrupted' })
      const askedAt = clock.now()
      if (facts.queries++ === 0) firstQueryAt = askedAt
      const timeoutMs = Math.max(MIN_REQUEST_TIMEOUT_MS, deadline - askedAt)
      let outcome = await settle(() => deps.query(runId, signal, timeoutMs), signal)
      if (outcome === undefined) return finish({ why: 'interrupted' })
      const now = clock.now()
      const about = 'value' in outcome ? outcome.value.rootRunId : runId
      if (![runId, rootRunId].includes(about)) {
        // An answer about another run than the one asked (a cache mixing answers up) is unreadable.
        const message = `the service's greenlight response is for run ${JSON.stringify(about.slice(0, 80))}, not for the run asked about`
        outcome = { error: new ServiceError('unreadable', message) }
      }

      if ('value' in outcome) {
        const response = outcome.value
        // `runId` is the run the previous answer named relevant (the root before any answer).
        const relevantRunId = relevantRunOf(response, runId)
        changesWorthLogging(facts.lastResponse, response, runId, relevantRunId).forEach(log)
        quietly(() => deps.onAnswer?.(rootRunId, response, relevantRunId))
        if (response.rootRunId === rootRunId) facts.rootRunUrl ??= response.rootRunUrl
        const kept = deps.keep?.(response) ?? { response, figures: answerFigures(response) }
        const pause = facts.lastResponse === undefined ? firstInterval : interval
        Object.assign(facts, { lastResponse: kept.response, lastFigures: kept.figures })
        facts.answeredBy = runId
        failures = 0
        unreachableSince = undefined
        const ended: PollEnd | undefined =
          options.stopWhenSuperseded && supersedingRunId(response, rootRunId, runId)
            ? { why: 'superseded' }
            : ['completed', 'canceled'].includes(response.runStage)
              ? { why: 'answered' }
              : !options.wait || now >= deadline
                ? { why: 'still-running', wait: options.wait }
                : undefined
        if (ended !== undefined) return finish(ended)
        runId = relevantRunId
        await waitUntil(askedAt + pause)
        continue
      }

      const { error } = outcome
      const jitter = deps.random()
      if (!(error instanceof ServiceError)) {
        return finish({ why: 'crashed', during: 'query', message: errorMessage(error) })
      }
      failures++
      const reason = error.message.trim() || `greenlight query failed (${error.kind})`
      unreachableSince = error.unreachable ? (unreachableSince ?? now) : undefined
      const unreachableForMs = now - (unreachableSince ?? now)
      const msLeft = deadline - now
      const more = { failures, msLeft, unreachableForMs, sinceFirstQueryMs: now - firstQueryAt }
      const decision = retryDecision(error, { ...options, ...more, method: 'GET', jitter })
      if (!decision.retry) {
        const { stop } = decision
        return finish({ why: 'failed', stop, error, reason, wait: options.wait, ...more })
      }
      // A streak of one kind of failure: its first line says it all, then a short line every 30 s.
      const kind = `${error.kind} ${error.status ?? ''}`
      const repeat = failures > 1 && kind === streak.kind
      if (!repeat || now - streak.loggedAt >= 30_000) {
        streak = { kind, loggedAt: now }
        const id = logText(runId)
        const next = `retry ${failures} in ${formatDuration(Math.min(decision.delayMs, msLeft))}`
        const graceMs = options.notFoundGraceMs ?? DEFAULT_NOT_FOUND_GRACE_MS
        const graceLeft = graceMs - more.sinceFirstQueryMs
        const unreachableLeft =
          (options.unreachableLimitMs ?? DEFAULT_UNREACHABLE_LIMIT_MS) - unreachableForMs
        // A window closing before the timeout (a new run's 404 grace, the unreachable limit) is named.
        const notFound = error.kind === 'http' && error.status === 404
        const until =
          notFound && graceLeft < msLeft
            ? `until ${formatDuration(graceMs)} after the first query (${formatDuration(Math.max(0, graceLeft))} left; then the step fails: check the run-id input)`
            : error.unreachable && unreachableLeft < msLeft
              ? `for at most ${formatDuration(unreachableLeft)} more while it cannot be reached (then the step fails; check the base-url input)`
              : `until the timeout (${formatDuration(msLeft)} left)`
        log(
          repeat
            ? `Run ${id}: the same failure again (${plural(failures, 'attempt')}); ${next}.`
            : notFound
              ? `${id} not found; the service may not have indexed a new run yet, retrying ${until}; ${next}. ${logText(reason)}`
              : `Run ${id}: query failed (${logText(reason)}); retrying ${until}; ${next}.`
        )
      }
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
  // At most MAX_CONCURRENT_QUERIES under way: a finishing query hands its slot to the next in line.
  let active = 0
  const waiting: (() => void)[] = []
  const query: PollDeps['query'] = async (...args) => {
    if (active < MAX_CONCURRENT_QUERIES) active++
    else await new Promise<void>(resolve => waiting.push(resolve))
    try {
      return await deps.query(...args)
    } finally {
      if (waiting.length > 0) waiting.shift()?.()
      else active--
    }
  }
  return Promise.all(runIds.map(id => pollRun(id, { ...deps, query }, { ...options, deadlineMs })))
}
