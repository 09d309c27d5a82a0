// The POST retry rule shared by notify and terminate, in virtual time: which failures are asked
// again, how long it waits, and that it never makes more than POST_MAX_ATTEMPTS attempts.
import { describe, expect, it } from '@jest/globals'
import { POST_MAX_ATTEMPTS, postWithRetries } from '../../src/service/post-retries.js'
import { ServiceError } from '../../src/service/errors.js'
import { FakeClock } from '../helpers/fake-clock.js'

/** Plays `steps` in order (an error is thrown, anything else is the answer); counts attempts. */
async function post(steps: unknown[], { abortAfter }: { abortAfter?: number } = {}) {
  const clock = new FakeClock()
  const controller = new AbortController()
  const lines: string[] = []
  let attempts = 0
  const send = async (): Promise<unknown> => {
    const step = steps[Math.min(attempts, steps.length - 1)]
    attempts++
    if (abortAfter === attempts) controller.abort()
    if (step instanceof Error) throw step
    return step
  }
  const deps = {
    clock,
    random: () => 0.5,
    signal: controller.signal,
    onRetry: (line: string) => lines.push(line)
  }
  const result = await postWithRetries(send, deps).then(
    value => ({ value }),
    (error: unknown) => ({ error })
  )
  return { ...result, attempts: () => attempts, sleeps: clock.sleeps, lines }
}

const http = (status: number, retryAfterMs?: number) =>
  new ServiceError(
    'http',
    `HTTP ${status}`,
    retryAfterMs === undefined ? { status } : { status, retryAfterMs }
  )

describe('postWithRetries', () => {
  it('answers at once when the first attempt succeeds', async () => {
    const run = await post([{ ok: true }])
    expect(run).toMatchObject({ value: { ok: true } })
    expect(run.attempts()).toBe(1)
    expect(run.sleeps).toEqual([])
  })

  it('retries 5xx, 429 and network errors with full-jitter backoff, logging each retry', async () => {
    const network = new ServiceError('network', 'connection reset')
    const run = await post([http(503), network, { ok: true }])
    expect(run).toMatchObject({ value: { ok: true } })
    // Half of 1 s, then half of 2 s (random is 0.5).
    expect(run.sleeps).toEqual([500, 1000])
    expect(run.lines).toEqual([
      'Attempt 1 failed (HTTP 503); retrying in 500 ms.',
      'Attempt 2 failed (connection reset); retrying in 1000 ms.'
    ])
  })

  it(`stops after ${POST_MAX_ATTEMPTS} attempts with the last failure`, async () => {
    const run = await post([http(500), http(502), http(504), { ok: true }])
    expect(run.attempts()).toBe(POST_MAX_ATTEMPTS)
    expect((run as { error: ServiceError }).error.status).toBe(504)
  })

  it('waits a Retry-After longer than the backoff', async () => {
    const run = await post([http(429, 7000), { ok: true }])
    expect(run.sleeps).toEqual([7000])
  })

  it('ends at once on a Retry-After of more than a minute: a deploy step does not hang', async () => {
    const run = await post([http(429, 61_000), { ok: true }])
    expect(run.attempts()).toBe(1)
    const { error } = run as { error: ServiceError }
    expect(error.status).toBe(429)
    expect(error.message).toBe(
      'HTTP 429 The service asked to wait 1m 1s before trying again (Retry-After), longer than the 1m this step waits.'
    )
  })

  it.each([
    ['a 4xx', http(400)],
    ['402 (billing)', http(402)],
    ['a TLS failure', new ServiceError('tls', 'self-signed certificate')],
    // The service may have acted on a request whose answer it then garbled.
    ['an unreadable answer', new ServiceError('unreadable', 'not JSON')],
    ['a body cut after the status line', new ServiceError('unreadable', 'cut off')],
    ['a time-out after the status line', new ServiceError('timeout', 'slow', { answered: true })],
    ['an error that is not from the client', new TypeError('bug')]
  ])('does not repeat the POST after %s', async (_, error) => {
    const run = await post([error, { ok: true }])
    expect(run.attempts()).toBe(1)
    expect((run as { error: unknown }).error).toBe(error)
  })

  it('does not retry once the job is cancelled', async () => {
    const run = await post([http(503), { ok: true }], { abortAfter: 1 })
    expect(run.attempts()).toBe(1)
    expect(run.sleeps).toEqual([])
  })
})
