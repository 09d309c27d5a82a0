// QA Wolf's service (kernel/service.ts): each answer's schema as the reader applies it, the words
// of an error, and the one retry policy (docs/retries.md has one row per case below).
import { describe, expect, it } from '@jest/globals'
import { readJson } from '../../src/kernel/http.js'
import {
  describeHttpStatus,
  errorBody,
  NotificationSchema,
  ServiceError
} from '../../src/kernel/service.js'
import { droppedFields, greenlightSchema } from '../../src/kernel/greenlight-answer.js'
import {
  parseRetryAfterMs,
  POST_MAX_ATTEMPTS,
  postWithRetries,
  retryDecision,
  type RetrySituation
} from '../../src/kernel/retry.js'
import { completedResponse } from '../helpers/responses.js'
import { FakeClock } from '../helpers/fake-clock.js'

const read = (body: unknown, schema: Parameters<typeof readJson>[2]) =>
  readJson(JSON.stringify(body), 'application/json', schema, text => text)
const problem = (body: unknown, schema: Parameters<typeof readJson>[2]) => {
  try {
    read(body, schema)
  } catch (error) {
    return (error as Error).message.replace(/^.*documented shape: (.*?)\. Response.*$/, '$1')
  }
  throw new Error('read')
}

describe('the answers', () => {
  it('notify: results a list, or none beside a skipped deployment; anything else refused', () => {
    expect(read({ results: [], extra: null }, NotificationSchema)).toEqual({
      results: [],
      extra: null
    })
    expect(read({ skipped_deployment: { reason: 'x' } }, NotificationSchema)).toBeDefined()
    expect(problem({ results: 'x' }, NotificationSchema)).toBe("field 'results': expected Array")
    expect(problem({ results: null }, NotificationSchema)).toBe(
      'the body: a list of results (or a skipped deployment)'
    )
    expect(problem([], NotificationSchema)).toBe('the body: expected Object')
  })

  it('greenlight: deciding fields strict, informing ones of the wrong type left out and named', () => {
    const answer = { ...completedResponse({ rootRunId: 'r', relevantRunId: 'r' }) }
    const drifted = read(
      { ...answer, rootRunUrl: 7, reproducedBugs: [{ name: 1, isBlocking: true }] },
      greenlightSchema()
    )
    expect(drifted).not.toHaveProperty('rootRunUrl')
    expect(droppedFields(drifted as object)).toEqual(['rootRunUrl', 'reproducedBugs[].name'])
    expect(problem({ ...answer, greenlight: 'yes' }, greenlightSchema())).toBe(
      "field 'greenlight': expected boolean"
    )
    expect(problem({ ...answer, relevantRunId: '../x' }, greenlightSchema())).toBe(
      "field 'relevantRunId': not a valid run ID"
    )
    // Other workflows' bugs decide only when the query asks for red.
    const others = { ...answer, otherBlockingBugsInEnvironment: 'x' }
    expect(droppedFields(read(others, greenlightSchema('green')) as object)).toContain(
      'otherBlockingBugsInEnvironment'
    )
    expect(problem(others, greenlightSchema('red'))).toBe(
      "field 'otherBlockingBugsInEnvironment': expected Array"
    )
  })
})

describe('error words', () => {
  it.each([
    ['{"error":"bad"}', { message: 'bad' }],
    [
      '{"failureMessage":"Try again","failureCode":"BUSY","eventId":"e1"}',
      { message: 'Try again (BUSY)', eventId: 'e1' }
    ],
    [
      '{"error":{"json":{"message":"taken","data":{"code":"CONFLICT"}}}}',
      { message: 'taken (CONFLICT)' }
    ],
    ['{"failure_code":"QUOTA"}', { message: 'QUOTA' }],
    ['<html>', { message: '<html>' }]
  ])('errorBody(%s)', (body, said) => expect(errorBody(body)).toEqual(said))

  it('names the cause of a status per endpoint', () => {
    expect(describeHttpStatus(401, 'notify')).toMatch(/^HTTP 401 Unauthorized: the API key/)
    expect(describeHttpStatus(404, 'greenlight')).toContain("Check 'run-id'")
    expect(describeHttpStatus(404, 'terminate')).toContain('no such environment')
    expect(describeHttpStatus(409, 'report-status')).toContain('providerDeploymentId')
    expect(describeHttpStatus(599, 'notify')).toMatch(/^HTTP 599: the service \(or a proxy/)
  })
})

const error = (
  kind: ServiceError['kind'],
  details: ConstructorParameters<typeof ServiceError>[2] = {}
) => new ServiceError(kind, `${kind} failure`, details)
const decide = (e: ServiceError, more: Partial<RetrySituation> = {}) =>
  retryDecision(e, { method: 'GET', failures: 1, msLeft: 600_000, jitter: 0.5, ...more })

describe('which failures are asked again', () => {
  it.each([
    // [failure, GET, POST]: a POST only when no connection was ever made.
    ['a refused connection', error('network', { unreachable: true }), true, true],
    ['a connect time-out', error('timeout'), true, true],
    ['a reset once connected', error('network', { reached: true }), true, false],
    ['a time-out once connected', error('timeout', { reached: true }), true, false],
    ['a body cut off', error('unreadable'), true, false],
    ['408', error('http', { status: 408 }), true, true],
    ['429', error('http', { status: 429 }), true, true],
    ["another server's 502 page", error('http', { status: 502, foreign: true }), true, true],
    ['a 404 within the grace period', error('http', { status: 404 }), true, false],
    ["another server's 404 page", error('http', { status: 404, foreign: true }), false, false],
    ['401', error('http', { status: 401 }), false, false],
    ['a 3xx', error('http', { status: 307 }), false, false],
    ['a TLS failure', error('tls'), false, false],
    ['the wrong shape', error('invalid-response'), false, false],
    ['a body over the limit', error('too-large'), false, false],
    ['a cancelled request', error('aborted'), false, false]
  ])('%s: GET %s, POST %s', (_, failure, get, post) => {
    expect(decide(failure).retry).toBe(get)
    expect(decide(failure, { method: 'POST', msLeft: Infinity }).retry).toBe(post)
  })

  it('says why a POST that reached the service is not repeated', () =>
    expect(decide(error('network', { reached: true }), { method: 'POST' })).toEqual({
      retry: false,
      stop: 'answered'
    }))
})

describe('the bounds', () => {
  const busy = error('http', { status: 503 })

  it(`makes at most ${POST_MAX_ATTEMPTS} attempts of a POST, 3 of a GET with wait false`, () => {
    expect(decide(busy, { method: 'POST', failures: 2 }).retry).toBe(true)
    expect(decide(busy, { method: 'POST', failures: 3 })).toEqual({
      retry: false,
      stop: 'attempts'
    })
    expect(decide(busy, { wait: false, failures: 3 })).toMatchObject({ stop: 'attempts' })
    expect(decide(busy, { failures: 300 }).retry).toBe(true)
  })

  it('ends a 404 grace and the unreachable minute at their end, not a backoff past it', () => {
    const missing = error('http', { status: 404 })
    expect(decide(missing, { sinceFirstQueryMs: 60_001 })).toEqual({
      retry: false,
      stop: 'not-found'
    })
    expect(decide(missing, { sinceFirstQueryMs: 50_000, failures: 20, jitter: 0.9 })).toEqual({
      retry: true,
      delayMs: 10_000
    })
    const refused = error('network', { unreachable: true })
    expect(decide(refused, { unreachableForMs: 50_000, failures: 20, jitter: 0.9 })).toEqual({
      retry: true,
      delayMs: 5000
    })
    expect(decide(refused, { unreachableForMs: 55_000 })).toEqual({
      retry: false,
      stop: 'unreachable'
    })
    expect(decide(error('network'), { unreachableForMs: 500_000 }).retry).toBe(true)
  })

  it('never asks past the deadline, nor sooner than Retry-After, nor within 100 ms', () => {
    const after = (retryAfterMs: number) => error('http', { status: 429, retryAfterMs })
    expect(decide(busy, { msLeft: 0 })).toEqual({ retry: false, stop: 'deadline' })
    expect(decide(after(30_000), { msLeft: 20_000 })).toEqual({
      retry: false,
      stop: 'retry-after',
      retryAfterMs: 30_000
    })
    expect(decide(after(20_000), { msLeft: 20_000 })).toEqual({ retry: true, delayMs: 20_000 })
    const post = { method: 'POST' as const, msLeft: Infinity }
    expect(decide(after(60_000), post)).toEqual({ retry: true, delayMs: 60_000 })
    expect(decide(after(61_000), post)).toMatchObject({ retry: false, stop: 'retry-after' })
    expect(decide(after(0), { jitter: 0 })).toEqual({ retry: true, delayMs: 100 })
  })

  it('waits a full-jitter backoff: GET 0.5 s × 2ⁿ up to 30 s, POST 1 s × 2ⁿ up to 10 s', () => {
    expect(decide(busy, { failures: 1 })).toEqual({ retry: true, delayMs: 250 })
    expect(decide(busy, { failures: 20 })).toEqual({ retry: true, delayMs: 15_000 })
    expect(decide(busy, { method: 'POST', failures: 2 })).toEqual({ retry: true, delayMs: 1000 })
  })

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
})

describe('postWithRetries', () => {
  async function post(steps: unknown[]) {
    const clock = new FakeClock()
    const lines: string[] = []
    let attempts = 0
    const send = async (): Promise<unknown> => {
      const step = steps[Math.min(attempts++, steps.length - 1)]
      if (step instanceof Error) throw step
      return step
    }
    const deps = {
      clock,
      random: () => 0.5,
      signal: new AbortController().signal,
      onRetry: (line: string) => lines.push(line)
    }
    const outcome = await postWithRetries(send, deps).then(
      value => ({ value }),
      (failure: unknown) => ({ error: failure as Error })
    )
    return { ...outcome, attempts, sleeps: clock.sleeps, lines }
  }

  it('retries a 503 and a refused connection, logging each, then answers', async () => {
    const refused = new ServiceError('network', 'refused', { unreachable: true })
    const run = await post([error('http', { status: 503 }), refused, { ok: true }])
    expect(run).toMatchObject({ value: { ok: true }, attempts: 3, sleeps: [500, 1000] })
    expect(run.lines).toEqual([
      'Attempt 1 failed (http failure); retrying in 500 ms.',
      'Attempt 2 failed (refused); retrying in 1000 ms.'
    ])
  })

  it('stops at the third attempt, at a POST that reached the service, and at a long Retry-After', async () => {
    expect((await post([error('http', { status: 502 })])).attempts).toBe(POST_MAX_ATTEMPTS)
    expect((await post([error('timeout', { reached: true }), { ok: true }])).attempts).toBe(1)
    const slow = await post([error('http', { status: 429, retryAfterMs: 3_600_000 })])
    expect(slow.attempts).toBe(1)
    expect(slow).toMatchObject({
      error: {
        message:
          'http failure The service asked to wait 1h before trying again (Retry-After), longer than the 1m this step waits.'
      }
    })
  })
})
