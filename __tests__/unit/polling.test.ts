import { describe, it, expect } from '@jest/globals'
import {
  pollRun as pollFacts,
  pollRuns as pollAllFacts,
  type PollDeps,
  type PollOptions
} from '../../src/gate/run-path.js'
import { ServiceError } from '../../src/kernel/retry.js'
import type { GreenlightResponse, RunStage } from '../../src/kernel/service.js'
import { decideRun, judgeResponse, judgeRun } from '../../src/gate/verdict.js'
import { contradictionLine, finishedLine } from '../../src/gate/render.js'
import { stageResponse, worded } from '../helpers/responses.js'
import { FakeClock } from '../helpers/fake-clock.js'

const SECOND = 1000

const RULES = {
  outcomeWhenBlockingBugsInOtherWorkflows: 'green',
  wait: true,
  timeoutMs: 0
} as const

/** Polling as the step runs it, logging the judged end of each run. */
const decided = (deps: PollDeps): PollDeps => ({
  ...deps,
  onFinished: facts => deps.onLog?.(finishedLine(judgeRun(facts, RULES)))
})

const pollRun = async (id: string, deps: PollDeps, options: PollOptions) =>
  worded(decideRun(await pollFacts(id, decided(deps), options)))

const pollRuns = async (ids: readonly string[], deps: PollDeps, options: PollOptions) =>
  (await pollAllFacts(ids, decided(deps), options)).map(facts => worded(decideRun(facts)))

/** One scripted answer: a response, an error to throw, or a function of the queried ID. */
type Step = GreenlightResponse | Error | ((runId: string) => GreenlightResponse | Error)

type Call = { runId: string; at: number }

/** A query that plays `steps` in order (the last repeats), `latencyMs` each, recording calls. */
function scripted(clock: FakeClock, steps: Step[], latencyMs = 0) {
  const calls: Call[] = []
  const query = async (runId: string): Promise<GreenlightResponse> => {
    calls.push({ runId, at: clock.now() })
    const step = steps[Math.min(calls.length - 1, steps.length - 1)] as Step
    if (latencyMs > 0) await clock.delay(latencyMs)
    const result = typeof step === 'function' ? step(runId) : step
    if (result instanceof Error) throw result
    return result
  }
  return { query, calls }
}

const answer =
  (
    stage: RunStage,
    more: { relevantRunId?: string; blockingBugUrls?: string[]; greenlight?: boolean } = {}
  ) =>
  (runId: string): GreenlightResponse =>
    stageResponse({ stage, queriedRunId: runId, ...more })

const http = (status: number, message = `the service answered HTTP ${status}`, retryAfterMs = 0) =>
  new ServiceError('http', message, { status, ...(retryAfterMs > 0 && { retryAfterMs }) })

const options = (more: Partial<PollOptions> = {}): PollOptions => ({
  timeoutMs: 3600 * SECOND,
  pollIntervalMs: 30 * SECOND,
  wait: true,
  ...more
})

function setup(steps: Step[], latencyMs = 0) {
  const clock = new FakeClock()
  const { query, calls } = scripted(clock, steps, latencyMs)
  const logged: string[] = []
  const deps: PollDeps = { query, clock, random: () => 0.5, onLog: line => logged.push(line) }
  return { clock, calls, logged, deps }
}

describe('pollRun: the happy path', () => {
  it('makes exactly the queries needed, one poll interval apart, logging each stage once', async () => {
    const { clock, calls, deps, logged } = setup([
      answer('initializing'),
      answer('initializing'),
      answer('underReview'),
      answer('underReview'),
      answer('completed')
    ])
    const outcome = await pollRun('run-1', deps, options())
    expect(outcome).toMatchObject({ rootRunId: 'run-1', status: 'passed', queries: 5 })
    expect(outcome.reason).toBeUndefined()
    // random() = 0.5: the first wait is half an interval (a random phase), then whole intervals.
    expect(calls.map(c => c.at)).toEqual([0, 15, 45, 75, 105].map(s => s * SECOND))
    expect(clock.sleeps).toEqual([15, 30, 30, 30].map(s => s * SECOND))
    expect(outcome.lastResponse?.runStage).toBe('completed')
    expect(logged.filter(line => line.includes(': stage '))).toEqual([
      'Run run-1: stage initializing.',
      'Run run-1: stage underReview (was initializing).',
      'Run run-1: stage completed (was underReview).'
    ])
    expect(logged.filter(line => line.includes('under investigation'))).toHaveLength(3)
    expect(logged.at(-1)).toBe('Run run-1: passed after 5 queries.')
  })

  it('asks about the relevant run after the first answer, and follows a later superseding run', async () => {
    const { calls, deps, logged } = setup([
      answer('underReview', { relevantRunId: 'run-2' }),
      answer('underReview', { relevantRunId: 'run-2' }),
      answer('underReview', { relevantRunId: 'run-3' }),
      answer('completed', { relevantRunId: 'run-3' })
    ])
    const outcome = await pollRun('run-1', deps, options())
    expect(calls.map(c => c.runId)).toEqual(['run-1', 'run-2', 'run-2', 'run-3'])
    expect(outcome).toMatchObject({ rootRunId: 'run-1', status: 'passed' })
    expect(outcome.lastResponse?.relevantRunId).toBe('run-3')
    // The root run's URL comes from the first answer; later ones describe the newer runs.
    expect(outcome.rootRunUrl).toBe('https://qa.example.com/runs/run-1')
    expect(logged.filter(line => line.includes('superseded'))).toEqual([
      'Run run-1 was superseded by run run-2; following the newer run.',
      'Run run-2 was superseded by run run-3; following the newer run.'
    ])
  })
})

describe('pollRun: how one run ends', () => {
  const unreachable = () =>
    new ServiceError('network', 'Could not reach https://qa.example.com: ENOTFOUND', {
      unreachable: true
    })
  // prettier-ignore
  const cases: [string, Step[], Partial<PollOptions>, Record<string, unknown>, string[]?][] = [
    ['failed with the blocking bugs of a completed run', [answer('underReview'), answer('completed', { blockingBugUrls: ['https://x/bugs/1'] })], {}, { status: 'failed', queries: 2, reason: 'the run completed with 1 blocking bug' }],
    ['canceled, at once', [answer('initializing'), answer('canceled'), answer('completed')], {}, { status: 'canceled', queries: 2, reason: 'the run was canceled' }],
    ['passed, asking about the root again after an empty relevantRunId', [answer('underReview', { relevantRunId: '' }), answer('completed')], {}, { status: 'passed', queries: 2 }, ['run-1', 'run-1']],
    ['passed, by a verdict that arrives in the final query at the deadline', [answer('underReview'), answer('underReview'), answer('completed')], { timeoutMs: 45 * SECOND }, { status: 'passed', queries: 3 }],
    ['timed-out after one query with a zero timeout', [answer('underReview')], { timeoutMs: 0 }, { status: 'timed-out', queries: 1 }],
    ['timed-out after one query with wait: false', [answer('underReview'), answer('completed')], { wait: false }, { status: 'timed-out', queries: 1, reason: 'wait is false and the run is still underReview' }],
    ['passed with wait: false, after a transient failure asked again', [http(503), answer('completed')], { wait: false }, { status: 'passed', queries: 2 }],
    ['error with wait: false after three failed attempts', [http(502, 'bad gateway')], { wait: false }, { status: 'error', queries: 3, reason: 'no answer from the service with wait set to false (3 failed attempts); last failure: bad gateway' }],
    ['error with wait: false, naming its window, for a Retry-After past it', [http(429, 'slow down', 60 * SECOND)], { wait: false }, { status: 'error', reason: expect.stringMatching(/asked to wait 1m .*past the window of wait: false \(30s left\)/) }],
    ['error naming the kind of failure when its message is empty', [http(401, '')], {}, { status: 'error', reason: 'greenlight query failed (http)' }],
    ['error, keeping the last answer, when a later query is refused', [answer('underReview'), http(403, 'Forbidden.')], {}, { status: 'error', queries: 2, reason: 'Forbidden.', lastResponse: { runStage: 'underReview' } }],
    ['error, not a rejection, when the query throws something unexpected', [new TypeError('boom')], {}, { status: 'error', reason: 'unexpected failure while querying the service: boom' }],
    ['interrupted when the client reports an aborted request', [new ServiceError('aborted', 'The request was cancelled.')], {}, { status: 'interrupted' }],
    ['passed, the unreachable limit starting again after any other failure', [...Array.from({ length: 6 }, unreachable), http(503), ...Array.from({ length: 6 }, unreachable), answer('completed')], { unreachableLimitMs: 100 * SECOND }, { status: 'passed' }],
    ['error naming the last failure when the deadline passes without any answer', [http(503, 'service unavailable')], { timeoutMs: 10 * SECOND }, { status: 'error', reason: expect.stringMatching(/^no answer from the service within the timeout \(\d+ failed attempts\); last failure: service unavailable$/) }],
    ['timed-out, keeping the last answer, when failures fill the rest of the time', [answer('underReview'), http(500, 'oops')], { timeoutMs: 60 * SECOND }, { status: 'timed-out', lastResponse: { runStage: 'underReview' }, reason: expect.stringMatching(/^the timeout passed while the run was still underReview; the last query failed after \d+ failed attempts: oops$/) }],
    ['error after one query, not retried, for HTTP 401', [http(401, 'The QA service rejected the API key (HTTP 401): check the api-key input.'), answer('completed')], {}, { status: 'error', queries: 1, reason: 'The QA service rejected the API key (HTTP 401): check the api-key input.' }],
    ['error at once, naming the wait, not "no answer", for a Retry-After past the timeout', [http(429, 'slow down', 3600 * SECOND)], { timeoutMs: 20 * SECOND }, { status: 'error', queries: 1, reason: 'the service asked to wait 1h before the next query (Retry-After), which is past the timeout (20s left); no answer before that: slow down' }],
    ['timed-out, naming the wait, for a Retry-After past the timeout after an answer', [answer('underReview'), http(429, 'slow down', 3600 * SECOND)], { timeoutMs: 60 * SECOND }, { status: 'timed-out', reason: expect.stringMatching(/^the run was still underReview and the service asked to wait 1h .*Retry-After/) }],
  ]
  it.each(cases)('%s', async (...row) => {
    const [, steps, more, expected, ids] = row
    const { deps, calls, logged } = setup(steps)
    const throwing = {
      ...deps,
      onLog: (line: string) => {
        logged.push(line)
        throw new Error('log failed')
      }
    }
    expect(await pollRun('run-1', throwing, options(more))).toMatchObject(expected)
    if (ids !== undefined) expect(calls.map(c => c.runId)).toEqual(ids)
  })
})

describe('pollRun: on-superseded fail, and answers about another run', () => {
  it('stops at an answer naming a newer run, which decides superseded', async () => {
    const { deps, calls } = setup([answer('underReview', { relevantRunId: 'run-2' })])
    const facts = await pollFacts('run-1', deps, options({ stopWhenSuperseded: true }))
    expect(facts.ended).toEqual({ why: 'superseded' })
    expect(calls).toHaveLength(1)
    expect(decideRun(facts, { onSuperseded: 'fail' })).toMatchObject({
      status: 'superseded',
      reason: { code: 'superseded', rootRunId: 'run-1', newerRunId: 'run-2' }
    })
  })

  it('does not read an answer about a run it did not ask about, and never rejects', async () => {
    const other = { ...answer('completed')('run-1'), rootRunId: 'run-9' }
    const { deps } = setup([other])
    const facts = await pollFacts('run-1', deps, options({ wait: false }))
    expect(facts).toMatchObject({ ended: { why: 'failed' }, queries: 3 })
    expect(facts.lastResponse).toBeUndefined()
    const clock = { now: () => 0, sleep: () => Promise.reject(new Error('clock')) }
    const broken = { ...deps, clock } as unknown as PollDeps
    const crashed = await pollFacts('run-1', broken, options())
    expect(crashed.ended).toMatchObject({ why: 'crashed', during: 'polling' })
  })
})

it('shortens the last wait to the deadline, queries once more there, then reports timed-out', async () => {
  const { clock, calls, deps } = setup([answer('underReview')], 2 * SECOND)
  const outcome = await pollRun('run-1', deps, options({ timeoutMs: 100 * SECOND }))
  // Answers arrive 2 s after each query; the interval runs from the start of each query, so
  // slow answers do not stretch the cadence, and the deadline holds within one request.
  expect(calls.map(c => c.at)).toEqual([0, 15, 45, 75, 100].map(s => s * SECOND))
  expect(outcome).toMatchObject({ status: 'timed-out', queries: 5 })
  expect(outcome.reason).toBe('the timeout passed while the run was still underReview')
  expect(outcome.lastResponse?.runStage).toBe('underReview')
  expect(clock.now()).toBe(102 * SECOND)
})

describe('pollRun: transient failures', () => {
  it('retries 5xx with full-jitter exponential backoff and restarts the backoff after an answer', async () => {
    const { deps, clock, logged } = setup([
      http(500),
      http(502),
      http(504),
      answer('underReview'),
      http(503),
      answer('completed')
    ])
    expect(await pollRun('run-1', deps, options())).toMatchObject({ status: 'passed', queries: 6 })
    // random() = 0.5 of min(30 s, 500 ms * 2^attempt): 250, 500, 1000; then the first (half)
    // interval after the first answer; then 250.
    expect(clock.sleeps).toEqual([250, 500, 1000, 15 * SECOND, 250])
    expect(logged.filter(line => line.includes('query failed'))).toEqual([
      'Run run-1: query failed (the service answered HTTP 500); retrying until the timeout (1h left); retry 1 in 250ms.',
      'Run run-1: query failed (the service answered HTTP 502); retrying until the timeout (1h left); retry 2 in 500ms.',
      'Run run-1: query failed (the service answered HTTP 504); retrying until the timeout (59m 59s left); retry 3 in 1s.',
      'Run run-1: query failed (the service answered HTTP 503); retrying until the timeout (59m 43s left); retry 1 in 250ms.'
    ])
  })

  it.each([
    ['when it is longer than the backoff', 7, 3600],
    ['that ends before the deadline', 20, 60]
  ])('waits the Retry-After of a 429 %s', async (_, seconds, timeout) => {
    const retryAfter = seconds * SECOND
    const { deps, clock, calls } = setup([http(429, 'slow down', retryAfter), answer('completed')])
    const outcome = await pollRun('run-1', deps, options({ timeoutMs: timeout * SECOND }))
    expect(outcome.status).toBe('passed')
    expect(clock.sleeps).toEqual([retryAfter])
    expect(calls.map(c => c.at)).toEqual([0, retryAfter])
  })
})

it('ends with error, not green, on a self-contradicting completed answer', async () => {
  const { deps } = setup([
    answer('underReview', { greenlight: true }),
    answer('underReview', { greenlight: true }),
    answer('completed', { greenlight: true, blockingBugUrls: ['https://qa.example.com/bugs/1'] })
  ])
  expect(await pollRun('run-1', deps, options())).toMatchObject({
    status: 'error',
    queries: 3,
    reason: 'the service reported a greenlight together with 1 blocking bug'
  })
  // The step logs a contradiction of a run still under way once (src/gate/run.ts) in these words.
  const early = judgeResponse(answer('underReview', { greenlight: true })('run-1')).contradiction!
  expect(contradictionLine('run-1', early)).toBe(
    "Run run-1: the service's answer contradicts itself (the service reported a greenlight while the run is still underReview); it is not treated as green."
  )
})

describe('pollRun: interruption', () => {
  it('returns interrupted at the moment of the abort during a wait, keeping the last answer, and at once before any query', async () => {
    const { deps, clock } = setup([answer('underReview')])
    const controller = new AbortController()
    clock.at(45 * SECOND, () => controller.abort())
    const outcome = await pollRun('run-1', { ...deps, signal: controller.signal }, options())
    expect(clock.now()).toBe(45 * SECOND)
    expect(outcome).toMatchObject({ status: 'interrupted', queries: 2 })
    expect(outcome.reason).toBe('the job was cancelled while waiting for the verdict')
    expect(outcome.lastResponse?.runStage).toBe('underReview')
    const before = setup([answer('completed')])
    const signal = AbortSignal.abort()
    expect(await pollRun('run-1', { ...before.deps, signal }, options())).toEqual({
      rootRunId: 'run-1',
      status: 'interrupted',
      queries: 0,
      reason: 'the job was cancelled while waiting for the verdict'
    })
    expect(before.calls).toHaveLength(0)
  })

  it('returns promptly even when a query in flight ignores the abort', async () => {
    // The scripted query's latency does not listen to the signal.
    const { deps, clock } = setup([answer('underReview')], 3600 * SECOND)
    const controller = new AbortController()
    clock.at(5 * SECOND, () => controller.abort())
    const outcome = await pollRun('run-1', { ...deps, signal: controller.signal }, options())
    expect(outcome).toMatchObject({ status: 'interrupted', queries: 1 })
    expect(clock.now()).toBe(5 * SECOND)
  })
})

it('polls runs concurrently against one deadline and returns outcomes in input order', async () => {
  const clock = new FakeClock()
  const calls: Call[] = []
  const query = async (runId: string): Promise<GreenlightResponse> => {
    calls.push({ runId, at: clock.now() })
    if (runId === 'gone') throw http(410, 'Gone.')
    const queries = calls.filter(c => c.runId === runId).length
    return answer(runId === 'quick' && queries === 3 ? 'completed' : 'underReview')(runId)
  }
  const outcomes = await pollRuns(
    ['slow', 'quick', 'gone'],
    { query, clock, random: () => 0.5 },
    options({ timeoutMs: 90 * SECOND })
  )
  expect(outcomes.map(o => [o.rootRunId, o.status, o.queries])).toEqual([
    ['slow', 'timed-out', 5],
    ['quick', 'passed', 3],
    ['gone', 'error', 1]
  ])
  // Concurrent, not one after the other: the runs share the same virtual timeline.
  expect(calls.filter(c => c.runId === 'slow').map(c => c.at)).toEqual(
    [0, 15, 45, 75, 90].map(s => s * SECOND)
  )
  expect(calls.filter(c => c.runId === 'quick').map(c => c.at)).toEqual(
    [0, 15, 45].map(s => s * SECOND)
  )
  expect(clock.now()).toBe(90 * SECOND)
})

describe('pollRun: timing', () => {
  it('delays the first query by a random part of the start jitter, never with wait: false', async () => {
    const first = async (more: Partial<PollOptions>) => {
      const { calls, deps } = setup([answer('completed')])
      await pollRun('run-1', deps, options({ maxStartJitterMs: SECOND, ...more }))
      return calls[0]?.at
    }
    expect(await first({})).toBe(500)
    // Never more than one interval.
    expect(await first({ pollIntervalMs: 200 })).toBe(100)
    expect(await first({ wait: false })).toBe(0)
  })

  it('places the first regular poll at a random phase of the interval', async () => {
    const { deps, calls } = setup([answer('underReview'), answer('completed')])
    await pollRun('run-1', { ...deps, random: () => 0.2 }, options())
    expect(calls.map(c => c.at)).toEqual([0, 6 * SECOND])
  })
})

it('never has more than 16 queries under way, and every run gets its verdict', async () => {
  const clock = new FakeClock()
  let open = 0
  let most = 0
  const query = async (runId: string): Promise<GreenlightResponse> => {
    open++
    most = Math.max(most, open)
    await clock.delay(50)
    open--
    return stageResponse({ stage: 'completed', queriedRunId: runId })
  }
  const ids = Array.from({ length: 500 }, (_, i) => `run-${i}`)
  const outcomes = await pollRuns(ids, { query, clock, random: () => 0.5 }, options())

  expect(most).toBe(16)
  expect(outcomes.map(o => o.rootRunId)).toEqual(ids)
  expect(outcomes.every(o => o.status === 'passed')).toBe(true)
})
