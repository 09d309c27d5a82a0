// The one retry policy: for each failure and each caller (a POST of notify or terminate, a GET of
// greenlight), whether it is asked again. docs/retries.md states these rules.
import { describe, expect, it } from '@jest/globals'
import {
  ServiceError,
  type ServiceErrorDetails,
  type ServiceErrorKind
} from '../../src/service/errors.js'
import {
  POST_MAX_ATTEMPTS,
  retryDecision,
  type RetrySituation
} from '../../src/service/retry-policy.js'

const error = (kind: ServiceErrorKind, details: ServiceErrorDetails = {}) =>
  new ServiceError(kind, `${kind} failure`, details)

const situation = (more: Partial<RetrySituation> = {}): RetrySituation => ({
  method: 'GET',
  failures: 1,
  msLeft: 600_000,
  jitter: 0.5,
  ...more
})

const decide = (e: ServiceError, more: Partial<RetrySituation> = {}) =>
  retryDecision(e, situation(more))

describe('which failures are asked again', () => {
  it.each([
    // [failure, GET, POST]
    ['a refused connection', error('network', { unreachable: true }), true, true],
    ['a reset before the status line', error('network'), true, true],
    ['a time-out before the status line', error('timeout'), true, true],
    ['a body cut after the status line', error('unreadable'), true, false],
    ['a time-out after the status line', error('timeout', { answered: true }), true, false],
    ['a reset after the status line', error('network', { answered: true }), true, false],
    ['408', error('http', { status: 408 }), true, true],
    ['429', error('http', { status: 429 }), true, true],
    ['502', error('http', { status: 502 }), true, true],
    ['a 404 within the grace period', error('http', { status: 404 }), true, false],
    ["another server's 404 page", error('http', { status: 404, foreign: true }), false, false],
    ["another server's 502 page", error('http', { status: 502, foreign: true }), true, true],
    ['400', error('http', { status: 400 }), false, false],
    ['401', error('http', { status: 401 }), false, false],
    ['402', error('http', { status: 402 }), false, false],
    ['403', error('http', { status: 403 }), false, false],
    ['410', error('http', { status: 410 }), false, false],
    ['a 3xx', error('http', { status: 307 }), false, false],
    ['a TLS failure', error('tls'), false, false],
    ['the wrong shape', error('invalid-response'), false, false],
    ['a body over the limit', error('too-large'), false, false],
    ['a cancelled request', error('aborted'), false, false]
  ])('%s: GET %s, POST %s', (_, failure, get, post) => {
    expect(decide(failure).retry).toBe(get)
    expect(decide(failure, { method: 'POST', msLeft: Infinity }).retry).toBe(post)
  })

  it('says why a POST whose status line arrived is not repeated', () =>
    expect(decide(error('unreadable'), { method: 'POST' })).toEqual({
      retry: false,
      stop: 'answered'
    }))
})

describe('the bounds', () => {
  it(`makes at most ${POST_MAX_ATTEMPTS} attempts of a POST`, () => {
    const busy = error('http', { status: 503 })
    expect(decide(busy, { method: 'POST', failures: POST_MAX_ATTEMPTS - 1 }).retry).toBe(true)
    expect(decide(busy, { method: 'POST', failures: POST_MAX_ATTEMPTS })).toEqual({
      retry: false,
      stop: 'attempts'
    })
  })

  it('makes at most 3 attempts of a GET with wait false, and any number with wait', () => {
    const busy = error('http', { status: 503 })
    expect(decide(busy, { wait: false, failures: 3 })).toMatchObject({ stop: 'attempts' })
    expect(decide(busy, { failures: 300 }).retry).toBe(true)
  })

  it('gives a 404 one minute from the first query, then stops naming it', () => {
    const missing = error('http', { status: 404 })
    expect(decide(missing, { sinceFirstQueryMs: 60_000 }).retry).toBe(true)
    expect(decide(missing, { sinceFirstQueryMs: 60_001 })).toEqual({
      retry: false,
      stop: 'not-found'
    })
    expect(decide(missing, { sinceFirstQueryMs: 5000, notFoundGraceMs: 1000 }).retry).toBe(false)
    // The last try of the grace comes at its end, not a 30 s backoff past it.
    expect(decide(missing, { sinceFirstQueryMs: 50_000, failures: 20, jitter: 0.9 })).toEqual({
      retry: true,
      delayMs: 10_000
    })
  })

  it('stops after 55 s of nothing but an unreachable service, its last try at the limit', () => {
    const refused = error('network', { unreachable: true })
    expect(decide(refused, { unreachableForMs: 54_999 }).retry).toBe(true)
    // However long the backoff, the next try comes at the limit, not past it.
    expect(decide(refused, { unreachableForMs: 50_000, failures: 20, jitter: 0.9 })).toEqual({
      retry: true,
      delayMs: 5000
    })
    expect(decide(refused, { unreachableForMs: 55_000 })).toEqual({
      retry: false,
      stop: 'unreachable'
    })
    // Other failures do not count towards it.
    expect(decide(error('network'), { unreachableForMs: 500_000 }).retry).toBe(true)
  })

  it('never asks past the deadline, nor sooner than a Retry-After that ends after it', () => {
    const busy = (retryAfterMs?: number) =>
      error('http', retryAfterMs === undefined ? { status: 429 } : { status: 429, retryAfterMs })
    expect(decide(busy(), { msLeft: 0 })).toEqual({ retry: false, stop: 'deadline' })
    expect(decide(busy(30_000), { msLeft: 20_000 })).toEqual({
      retry: false,
      stop: 'retry-after',
      retryAfterMs: 30_000
    })
    expect(decide(busy(20_000), { msLeft: 20_000 })).toEqual({ retry: true, delayMs: 20_000 })
  })

  it('lets a POST wait a Retry-After of up to a minute, no longer', () => {
    const busy = (retryAfterMs: number) => error('http', { status: 429, retryAfterMs })
    const post = { method: 'POST' as const, msLeft: Infinity }
    expect(decide(busy(60_000), post)).toEqual({ retry: true, delayMs: 60_000 })
    expect(decide(busy(61_000), post)).toMatchObject({ retry: false, stop: 'retry-after' })
  })

  it('never pauses less than 100 ms, even on Retry-After: 0 and a jitter draw of 0', () => {
    const now = error('http', { status: 429, retryAfterMs: 0 })
    expect(decide(now, { jitter: 0 })).toEqual({ retry: true, delayMs: 100 })
    expect(decide(now, { method: 'POST', jitter: 0 })).toEqual({ retry: true, delayMs: 100 })
  })

  it('waits the longer of Retry-After and a full-jitter backoff', () => {
    const busy = error('http', { status: 503 })
    // GET: up to 0.5 s × 2ⁿ (30 s at most); POST: up to 1 s × 2ⁿ (10 s at most).
    expect(decide(busy, { failures: 1, jitter: 0.5 })).toEqual({ retry: true, delayMs: 250 })
    expect(decide(busy, { failures: 20, jitter: 0.5 })).toEqual({ retry: true, delayMs: 15_000 })
    expect(decide(busy, { method: 'POST', failures: 2, jitter: 0.5 })).toEqual({
      retry: true,
      delayMs: 1000
    })
    const later = error('http', { status: 503, retryAfterMs: 7000 })
    expect(decide(later, { jitter: 0.5 })).toEqual({ retry: true, delayMs: 7000 })
  })
})
