import { describe, expect, it } from '@jest/globals'
import { backoffDelayMs, DEFAULT_BACKOFF, parseRetryAfterMs } from '../../src/service/retry.js'

const NOW = Date.parse('2026-11-23T12:00:00Z')

describe('parseRetryAfterMs', () => {
  it.each([
    ['7', 7000],
    [' 0 ', 0],
    ['Mon, 23 Nov 2026 12:00:30 GMT', 30_000],
    // A date already past means "now", not a negative wait.
    ['Mon, 23 Nov 2026 11:59:00 GMT', 0]
  ])('reads %j as %d ms', (header, ms) => expect(parseRetryAfterMs(header, NOW)).toBe(ms))

  it.each([undefined, '', '   ', 'soon', '-5', '1.5'])('ignores %j', header =>
    expect(parseRetryAfterMs(header, NOW)).toBeUndefined()
  )
})

describe('backoffDelayMs', () => {
  it('is a uniform part of a ceiling that doubles per attempt up to the cap', () => {
    const top = () => 0.999999
    expect(backoffDelayMs(0, DEFAULT_BACKOFF, top)).toBe(499)
    expect(backoffDelayMs(3, DEFAULT_BACKOFF, top)).toBe(3999)
    expect(backoffDelayMs(20, DEFAULT_BACKOFF, top)).toBe(29_999)
    // Huge attempt counts neither overflow nor exceed the cap.
    expect(backoffDelayMs(10_000, DEFAULT_BACKOFF, top)).toBe(29_999)
    expect(backoffDelayMs(5, { baseMs: 1000, capMs: 10_000 }, () => 0)).toBe(0)
  })
})
