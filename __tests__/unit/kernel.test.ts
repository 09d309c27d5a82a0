// The kernel's small pure pieces: durations and ISO times, the one redactor, the one "did you
// mean", commit SHAs, URLs as shown to people, and the version the User-Agent names.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { link, safeHttpUrl } from '../../src/kernel/markdown.js'
import { editDistance, nearest } from '../../src/kernel/nearest.js'
import { displayUrl, isCommitSha, isFullCommitSha, isZeroSha } from '../../src/kernel/parsers.js'
import { parseDuration } from '../../src/kernel/parsers.js'
import { MIN_SECRET_RUN, Redactor } from '../../src/kernel/secrets.js'
import { formatDuration, isoTimeMs, MAX_DURATION_MS } from '../../src/kernel/time.js'
import { USER_AGENT, VERSION } from '../../src/kernel/values.js'

const FORMS = '500ms, 90s, 45m, 2h or a bare number of seconds'

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['90 s', 90_000],
    ['  45m  ', 2_700_000],
    ['2H', 7_200_000],
    ['30', 30_000],
    ['.5', 500],
    ['0.4ms', 0],
    ['86400', MAX_DURATION_MS]
  ])('reads %j as %d ms', (value, ms) => expect(parseDuration('timeout', value)).toBe(ms))

  const such = `must be a duration such as ${FORMS}; got`
  // prettier-ignore
  it.each([
    ['soon', `${such} 'soon'.`],
    ['', `${such} an empty value.`],
    ['10d', `${such} '10d'.`],
    ['1e3', `${such} '1e3'.`],
    ['+5', `${such} '+5'.`],
    ['5 sec', `${such} '5 sec'. Did you mean '5s'?`],
    ['5 minutes', `${such} '5 minutes'. Did you mean '5m'?`],
    ['1h30m', `${such} '1h30m'. Did you mean '90m'?`],
    ['-5s', `must not be negative; got '-5s'. Durations are ${FORMS}.`],
    ['86401', `must be at most 24h; got '86401'. Durations are ${FORMS} (a bare number means seconds).`],
    ['5\nminutes', `${such} a value of 2 lines (not shown).`]
  ])('refuses %j with the accepted forms, and what it meant', (value, message) =>
    expect(() => parseDuration('poll-interval', value)).toThrow(`Input 'poll-interval' ${message}`)
  )
})

it.each([
  [250, '250ms'],
  [1500, '1.5s'],
  [9_960, '10s'],
  [150_000, '2m 30s'],
  [5_430_000, '1h 30m 30s']
])('formatDuration(%d) reads %s', (ms, words) => expect(formatDuration(ms)).toBe(words))

describe('isoTimeMs', () => {
  it.each([
    ['2026-11-26T13:00:00+01:00', '2026-11-26T12:00:00.000Z'],
    ['2026-11-26T12:00Z', '2026-11-26T12:00:00.000Z'],
    ['2026-11-26T12:00:00.5-0100', '2026-11-26T13:00:00.500Z']
  ])('reads %j', (value, iso) => expect(new Date(isoTimeMs(value) ?? NaN).toISOString()).toBe(iso))

  it.each(['2026-11-26T12:00:00', '2026-02-30T12:00:00Z', '2026-11-26T24:00:00Z', 'Nov 26 2026'])(
    'refuses %j: no zone, no such day or time, or not ISO 8601',
    value => expect(isoTimeMs(value)).toBeUndefined()
  )
})

it('the one redactor hides the key, its runs of MIN_SECRET_RUN characters and its spellings; never a word', () => {
  const KEY = 'qa_live_9f8e7d6c5b4a'
  const redactor = new Redactor().add(KEY)
  expect(redactor.redact(`Bearer ${KEY} and '${KEY.slice(3, 3 + MIN_SECRET_RUN)}'`)).toBe(
    "Bearer *** and '***'"
  )
  expect(redactor.redact(KEY.slice(0, MIN_SECRET_RUN - 1))).toBe(KEY.slice(0, MIN_SECRET_RUN - 1))
  // Its JSON-escaped and URL-encoded spellings, and the extra forms it is given.
  const key = 'qa:live,key"<1>&x'
  const spelt = new Redactor().add(key, ['qa:live,key&quot;&lt;1&gt;&amp;x'])
  expect(spelt.redact(JSON.stringify({ echo: key }))).toBe('{"echo":"***"}')
  expect(spelt.redact(`?k=${encodeURIComponent(key)}`)).toBe('?k=***')
  expect(spelt.redact('qa:live,key&quot;&lt;1&gt;&amp;x')).toBe('***')
  // A secret that short is refused as a key: an ordinary word stays.
  const word = new Redactor().add('created')
  expect(word.empty).toBe(true)
  expect(word.redact('2 runs created')).toBe('2 runs created')
})

describe('nearest', () => {
  it.each([
    // The nearest, not the first listed.
    ['qawolf', ['acme-release-bot', 'qa-wolf'], 'qa-wolf'],
    ['QA wolf test results', ['QA Wolf Test Run', 'QA Wolf Test Results'], 'QA Wolf Test Results'],
    ['QA Wolf Test Reslts', ['build', 'QA Wolf Test Results'], 'QA Wolf Test Results'],
    ['nofity', ['notify', 'terminate'], 'notify'],
    ['staging', ['production', 'preview'], undefined],
    ['e2e', ['build'], undefined],
    ['x', [], undefined],
    ['a'.repeat(201), ['a'.repeat(201)], undefined]
  ] as const)('%s among %j → %s', (typed, candidates, expected) => {
    expect(nearest(typed, candidates)).toBe(expected)
  })

  it('counts a swap of neighbours as one edit', () => {
    expect([editDistance('abcd', 'acbd'), editDistance('kitten', 'sitting')]).toEqual([1, 3])
    expect(editDistance('', 'abc')).toBe(3)
  })
})

describe('commit SHAs', () => {
  it.each([
    ['abcd', true, false],
    ['A'.repeat(40), true, true],
    ['f'.repeat(64), true, true],
    ['abc', false, false],
    ['a'.repeat(65), false, false],
    ['0'.repeat(40), false, false],
    ['g'.repeat(40), false, false]
  ])('%s: a SHA %s, a full one %s', (value, sha, full) => {
    expect(isCommitSha(value)).toBe(sha)
    expect(isFullCommitSha(value)).toBe(full)
  })

  it('knows GitHub\'s "no commit"', () =>
    expect([isZeroSha('0000000'), isZeroSha('0a')]).toEqual([true, false]))
})

describe('URLs as shown to people', () => {
  it.each([
    ['https://user:pa55@host.example.com/app?x=1#top', 'https://host.example.com/app?x=1#top'],
    ['https://user:p@ss@host.example.com/a@b', 'https://host.example.com/a@b'],
    ['HTTPS://U:P@Host.example.com', 'HTTPS://Host.example.com'],
    ['https://host.example.com/?mail=a@b.example', 'https://host.example.com/?mail=a@b.example'],
    ['mailto:someone@example.com', 'mailto:someone@example.com']
  ])('shows %j as %j', (url, shown) => expect(displayUrl(url)).toBe(shown))

  it('links to and labels a URL without its credentials', () => {
    const url = 'https://bot:t0ken@app.example.com/run/1'
    expect(safeHttpUrl(url)).toBe('https://app.example.com/run/1')
    expect(link('run-1', url)).toBe('[run-1](https://app.example.com/run/1)')
    expect(link('', url)).toBe('[https://app.example.com/run/1](https://app.example.com/run/1)')
  })
})

it('VERSION is the version in package.json, which the User-Agent names', () => {
  const pkg = readFileSync(new URL('../../package.json', import.meta.url), 'utf8')
  const { version } = JSON.parse(pkg) as { version: string }
  expect([VERSION, USER_AGENT]).toEqual([version, `qa-greenlight/${version}`])
})
