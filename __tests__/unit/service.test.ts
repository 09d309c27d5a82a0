// QA Wolf's service (kernel/service.ts): each answer's schema as the reader applies it, the words
// of an error, and the one retry policy (docs/retries.md has one row per case below).
import { expect, it, jest } from '@jest/globals'
import { readJson } from '../../src/kernel/http.js'
import * as service from '../../src/kernel/service.js'
import { droppedFields, greenlightSchema } from '../../src/kernel/greenlight-answer.js'
import * as retry from '../../src/kernel/retry.js'
import { completedResponse } from '../helpers/responses.js'
import { FakeClock } from '../helpers/fake-clock.js'
import { startTinyServer } from '../helpers/tiny-server.js'

const { parseRetryAfterMs, postWithRetries, retryDecision, ServiceError } = retry
const { createServiceClient, describeHttpStatus, errorBody, NotificationSchema } = service
const read = (body: unknown, schema: Parameters<typeof readJson>[2]) =>
  readJson(JSON.stringify(body), 'application/json', schema, text => text) as object
const answer = completedResponse({ rootRunId: 'r', relevantRunId: 'r' })

it.each([
  [{ results: 'x' }, NotificationSchema, "field 'results': expected Array"],
  [{ results: null }, NotificationSchema, 'the body: a list of results (or a skipped deployment)'],
  [[], NotificationSchema, 'the body: expected Object'],
  ['x', greenlightSchema(), 'the body: expected Object'],
  [{ ...answer, reproducedBugs: [3] }, greenlightSchema(), "field 'reproducedBugs.0': expected"],
  [{ ...answer, greenlight: 'yes' }, greenlightSchema(), "field 'greenlight': expected boolean"],
  [{ ...answer, relevantRunId: '../x' }, greenlightSchema(), "field 'relevantRunId': not a valid"],
  // Other workflows' bugs decide only when the query asks for red.
  [{ ...answer, otherBlockingBugsInEnvironment: 'x' }, greenlightSchema('red'), "nment': expected"]
])('refuses the answer %j: %s', (body, schema, words) =>
  expect(() => read(body, schema)).toThrow(words)
)

it('reads an answer strict on what decides, leaving informing fields of a wrong type out', () => {
  expect(read({ results: [], x: 1 }, NotificationSchema)).toEqual({ results: [], x: 1 })
  expect(droppedFields(read({ skipped_deployment: {} }, NotificationSchema))).toEqual([])
  const drifted = { ...answer, rootRunUrl: 7, reproducedBugs: [{ name: 1 }, { name: 2 }] }
  const kept = read(drifted, greenlightSchema())
  expect(kept).not.toHaveProperty('rootRunUrl')
  expect(droppedFields(kept)).toEqual(['rootRunUrl', 'reproducedBugs[].name'])
  // Before `completed` the bug counts and lists decide nothing: shown, or left out and named.
  const running = { ...answer, runStage: 'underReview', blockingBugsCount: null, reproducedBugs: 1 }
  expect(droppedFields(read(running, greenlightSchema()))).toEqual([
    'blockingBugsCount',
    'reproducedBugs'
  ])
  const others = { ...answer, otherBlockingBugsInEnvironment: 'x', rootRunUrl: undefined }
  expect(droppedFields(read(others, greenlightSchema('green')))).toEqual([
    'rootRunUrl',
    'otherBlockingBugsInEnvironment'
  ])
})

it.each([
  ['{"error":"bad"}', { message: 'bad' }],
  ['{"failureMessage":"T","failureCode":"B","eventId":"e"}', { message: 'T (B)', eventId: 'e' }],
  ['{"error":{"json":{"message":"T","data":{"code":"C"}}}}', { message: 'T (C)' }],
  ['{"failure_code":"QUOTA"}', { message: 'QUOTA' }],
  ['<html>', { message: '<html>' }]
])('errorBody(%s)', (body, said) => expect(errorBody(body)).toEqual(said))

it('names the cause of a status per endpoint', () => {
  expect(describeHttpStatus(401, 'notify')).toMatch(/^HTTP 401 Unauthorized: the API key/)
  expect(describeHttpStatus(404, 'greenlight')).toContain("Check 'run-id'")
  expect(describeHttpStatus(405, 'terminate')).toContain('did not accept POST at this address')
  expect(describeHttpStatus(409, 'report-status')).toContain('providerDeploymentId')
  expect(describeHttpStatus(599, 'notify')).toMatch(/^HTTP 599: the service \(or a proxy/)
  expect(describeHttpStatus(308, 'notify')).toContain('a redirect, which is not followed')
  expect(describeHttpStatus(300, 'notify')).toContain(': unexpected status from the service.')
})

const error = (kind: retry.ServiceErrorKind, details: retry.ServiceErrorDetails = {}) =>
  new ServiceError(kind, `${kind} failure`, details)
const decide = (e: retry.ServiceError, more: Partial<retry.RetrySituation> = {}) =>
  retryDecision(e, { method: 'GET', failures: 1, msLeft: 600_000, jitter: 0.5, ...more })

it.each([
  // [failure, GET, POST]: a POST only when no connection was made, or after 408, 429 or 503.
  ['a refused connection', error('network', { unreachable: true }), true, true],
  ['a connect time-out', error('timeout'), true, true],
  ['a reset once connected', error('network', { reached: true }), true, false],
  ['a time-out once connected', error('timeout', { reached: true }), true, false],
  ['a body cut off', error('unreadable'), true, false],
  ['408', error('http', { status: 408 }), true, true],
  ['429', error('http', { status: 429 }), true, true],
  ["a gateway's 502 page", error('http', { status: 502, foreign: true }), true, false],
  ['a 404 within the grace period', error('http', { status: 404 }), true, false],
  ["another server's 404 page", error('http', { status: 404, foreign: true }), false, false],
  ['401', error('http', { status: 401 }), false, false],
  ['a 3xx', error('http', { status: 307 }), false, false],
  ['a TLS failure', error('tls'), false, false],
  ['the wrong shape', error('invalid-response'), false, false],
  ['a body over the limit', error('too-large'), false, false],
  ['a cancelled request', error('aborted'), false, false]
])('asks again after %s: GET %s, POST %s', (_, failure, get, post) => {
  expect(decide(failure).retry).toBe(get)
  expect(decide(failure, { method: 'POST', msLeft: Infinity }).retry).toBe(post)
})

const busy = error('http', { status: 503 })
const missing = error('http', { status: 404 })
const refused = error('network', { unreachable: true })
const timedOut = error('timeout', { unreachable: true })
const after = (retryAfterMs: number) => error('http', { status: 429, retryAfterMs })
const POST = { method: 'POST' as const, msLeft: Infinity }
/** Late enough that the backoff would pass a window's end. */
const LATE = { failures: 20, jitter: 0.9 }
it.each([
  ['a POST that reached the service', error('timeout', { reached: true }), POST, 'answered'],
  ['a third POST', busy, { ...POST, failures: 3 }, 'attempts'],
  ['a third GET with wait false', busy, { wait: false, failures: 3 }, 'attempts'],
  ['a 404 past the grace period', missing, { sinceFirstQueryMs: 60_001 }, 'not-found'],
  ['the unreachable minute at its end', refused, { unreachableForMs: 55_000 }, 'unreachable'],
  ['the deadline', busy, { msLeft: 0 }, 'deadline'],
  ['a Retry-After past the deadline', after(30_000), { msLeft: 20_000 }, 'retry-after'],
  ["a POST's Retry-After over a minute", after(61_000), POST, 'retry-after'],
  ['a first GET', busy, {}, 250],
  ['a 300th GET', busy, { failures: 300 }, 15_000],
  ['a second POST', busy, { ...POST, failures: 2 }, 1000],
  ['an idempotent POST', error('http', { status: 502 }), { ...POST, idempotent: true }, 500],
  ['a 404 near the end of its grace', missing, { sinceFirstQueryMs: 50_000, ...LATE }, 10_000],
  ['a refusal near the minute', refused, { unreachableForMs: 50_000, ...LATE }, 5000],
  ['a refusal past the minute, not reached', error('network'), { unreachableForMs: 500_000 }, 250],
  ['a Retry-After at the deadline', after(20_000), { msLeft: 20_000 }, 20_000],
  ["a POST's Retry-After of a minute", after(60_000), POST, 60_000],
  ['Retry-After: 0 and no jitter', after(0), { jitter: 0 }, 100],
  ['a negative Retry-After', after(-1), { jitter: 0 }, 100],
  ['a time-out past the minute', timedOut, { unreachableForMs: 6e4 }, 250]
])('after %s: %s', (_, failure, situation, outcome) =>
  expect(decide(failure, situation)).toEqual(
    typeof outcome === 'number'
      ? { retry: true, delayMs: outcome }
      : expect.objectContaining({ retry: false, stop: outcome })
  )
)

it.each([
  ['120', 120_000],
  ['Thu, 01 Jan 1970 00:00:10 GMT', 5000],
  ['Thu, 01 Jan 1970 00:00:01 GMT', 0],
  ['-5', undefined],
  ['1.5', undefined],
  [undefined, undefined]
])('Retry-After %j is %j ms at 5 s past the epoch', (header, ms) =>
  expect(parseRetryAfterMs(header, 5000)).toBe(ms)
)

it('postWithRetries retries and logs until an answer, and stops at a long Retry-After', async () => {
  const post = async (...steps: unknown[]) => {
    const clock = new FakeClock()
    const lines: string[] = []
    const send = async () =>
      steps[0] instanceof Error ? Promise.reject(steps.shift()) : steps.shift()
    const log = (line: string) => void lines.push(line)
    const deps = { clock, random: () => 0.5, signal: new AbortController().signal, log }
    const outcome = await postWithRetries(send, deps, 'notify').catch((e: Error) => e.message)
    return { outcome, sleeps: clock.sleeps, lines }
  }
  expect(await post(busy, error('network', { unreachable: true }), { ok: true })).toEqual({
    outcome: { ok: true },
    sleeps: [500, 1000],
    lines: [
      'Attempt 1 failed (http failure); retrying in 500 ms.',
      'Attempt 2 failed (network failure); retrying in 1000 ms.'
    ]
  })
  expect((await post(after(3_600_000), { ok: true })).outcome).toBe(
    'http failure. The service asked to wait 1h before trying again (Retry-After), longer than the 1m this step waits.'
  )
})

it('waits 5 minutes for a notify answer, 2 for the other POSTs and 30 s for a query', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] })
  const server = await startTinyServer()
  server.handle = () => undefined
  const client = createServiceClient({ baseUrl: server.url, apiKey: 'k', redact: text => text })
  const waited = async (ask: Promise<unknown>, ms = 0) => {
    for (const done = ask.catch(() => true); !(await Promise.race([done, false])); ms += 10_000)
      await jest.advanceTimersByTimeAsync(10_000)
    return ms
  }
  expect(await waited(client.notifyDeploySuccess({}))).toBe(300_000)
  expect(await waited(client.reportDeploymentStatus({}))).toBe(120_000)
  expect(await waited(client.getGreenlight('r', greenlightSchema, {}))).toBe(30_000)
  jest.useRealTimers()
  await server.close()
})
