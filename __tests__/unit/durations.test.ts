import { describe, it, expect } from '@jest/globals'
import { formatDuration, MAX_DURATION_MS, parseDuration } from '../../src/core/durations.js'
import { InputError } from '../../src/core/input-error.js'
import { refusedValue } from '../../src/kernel/text.js'

function errorOf(value: string): InputError {
  try {
    parseDuration('timeout', value)
  } catch (error) {
    if (error instanceof InputError) return error
    throw error
  }
  throw new Error(`expected ${JSON.stringify(value)} to be refused`)
}

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['90s', 90_000],
    ['45m', 2_700_000],
    ['2h', 7_200_000],
    ['30', 30_000],
    ['1.5', 1_500],
    ['1.5s', 1_500],
    ['.5', 500],
    ['0.5m', 30_000],
    ['90 s', 90_000],
    ['  45m  ', 2_700_000],
    ['2H', 7_200_000],
    ['250MS', 250],
    ['0', 0],
    ['0.4ms', 0],
    ['24h', 86_400_000],
    ['86400', 86_400_000]
  ])('reads %j as %d ms', (value, ms) => expect(parseDuration('timeout', value)).toBe(ms))

  it.each([
    'abc',
    'soon',
    '',
    '   ',
    's',
    '10d',
    '1w',
    '5 sec',
    '5 minutes',
    '1e3',
    '1h30m',
    '1,5',
    '1.',
    '+5',
    'NaN',
    'Infinity',
    '0x10'
  ])('refuses %j, naming the input and the accepted forms', value => {
    const error = errorOf(value)
    expect(error.input).toBe('timeout')
    // A duration holds no secret: a short word-like value is quoted, with the form it meant.
    const meant: Record<string, string> = { '5 sec': '5s', '5 minutes': '5m', '1h30m': '90m' }
    expect(error.message).toBe(
      `Input 'timeout' must be a duration such as 500ms, 90s, 45m, 2h or a bare number of seconds; got ${refusedValue(value)}.${value in meant ? ` Did you mean '${meant[value]}'?` : ''}`
    )
  })

  it.each(['-5', '-5s', '- 1m', '-0.5'])('refuses the negative %j', value => {
    expect(errorOf(value).message).toBe(
      `Input 'timeout' must not be negative; got ${refusedValue(value)}. Durations are 500ms, 90s, 45m, 2h or a bare number of seconds.`
    )
  })

  it.each(['25h', '86401', '1441m', '7200m', '99999999999999999999h'])(
    'refuses %j as longer than the 24h cap',
    value => {
      const { message } = errorOf(value)
      expect(message).toContain(`Input 'timeout' must be at most 24h; got ${refusedValue(value)}.`)
      expect(message).toContain('500ms, 90s, 45m, 2h or a bare number of seconds')
    }
  )

  it('caps at exactly 24 hours', () => {
    expect(MAX_DURATION_MS).toBe(24 * 3600 * 1000)
    expect(parseDuration('poll-interval', String(24 * 3600))).toBe(MAX_DURATION_MS)
    expect(() => parseDuration('poll-interval', String(24 * 3600 + 1))).toThrow(InputError)
  })

  it('names whichever input it is given and never echoes the value', () => {
    try {
      parseDuration('poll-interval', '5\nminutes')
      throw new Error('not refused')
    } catch (error) {
      expect(error).toBeInstanceOf(InputError)
      expect((error as InputError).input).toBe('poll-interval')
      expect((error as InputError).message).toContain('got a value of 2 lines (not shown)')
      expect((error as InputError).message).not.toContain('minutes')
    }
  })
})

describe('formatDuration: the one way every message writes a duration', () => {
  it.each([
    [0, '0ms'],
    [250, '250ms'],
    [1000, '1s'],
    [1500, '1.5s'],
    [9_960, '10s'],
    [45_000, '45s'],
    [61_000, '1m 1s'],
    [150_000, '2m 30s'],
    [3_600_000, '1h'],
    [5_430_000, '1h 30m 30s']
  ])('%d ms reads %s', (ms, words) => expect(formatDuration(ms)).toBe(words))

  it('reads back as the same duration where it is a whole number of its units', () => {
    for (const words of ['250ms', '45s', '2h']) {
      expect(formatDuration(parseDuration('timeout', words))).toBe(words)
    }
  })
})
