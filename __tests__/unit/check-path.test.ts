import { describe, expect, it } from '@jest/globals'
import { selectCheckRuns } from '../../src/gate/verdict.js'
import type { CheckRules } from '../../src/gate/facts.js'
import {
  checkNamesOf,
  MAX_CHECK_NAMES,
  MIN_PAUSE_MS,
  pollCheckRuns
} from '../../src/gate/check-path.js'
import { checkRunsReader, type CheckRunsAnswer as CheckRead } from '../../src/gate/github-reads.js'

type Deps = Parameters<typeof pollCheckRuns>[2]
import { FakeClock } from '../helpers/fake-clock.js'
import { checkRunJson } from '../helpers/check-run-json.js'
import { startTinyServer } from '../helpers/tiny-server.js'

const SHA = 'b'.repeat(40)
const RULES: CheckRules = { name: 'QA Wolf Test Results', sha: SHA, app: '' }

const OWN = { id: 1, head_sha: SHA, output: { title: 'All tests passed', summary: 'ok' } }
const checkRun = (over: Record<string, unknown> = {}) => checkRunJson({ ...OWN, ...over })

const onCommit = (name: string, app = 'qawolf') => checkRun({ name, app: { slug: app } })

describe('selectCheckRuns', () => {
  it('is not settled while a counting check run is not completed', () => {
    const pending = checkRun({ id: 2, status: 'in_progress', conclusion: null, app: { slug: 'b' } })
    const selection = selectCheckRuns([checkRun(), pending], RULES)
    expect(selection).toMatchObject({ counting: [{}, {}], settled: false })
  })

  it.each([
    ['no app', { app: null }],
    ['a completed run without conclusion', { conclusion: null }],
    ['no head_sha', { head_sha: 42 }],
    ['no status', { status: '' }],
    ['a conclusion that is not text', { conclusion: 7 }]
  ])('makes a check run of the name with %s unreadable, which settles', (_, over) => {
    const selection = selectCheckRuns([checkRun(over)], RULES)
    expect(selection.unreadable).toHaveLength(1)
    expect(selection.counting).toEqual([])
    expect(selection.settled).toBe(true)
  })

  it('needs a readable started_at only when since is set; shown fields of another type are left out', () => {
    const run = checkRun({ started_at: null, output: { title: 7 }, html_url: ['x'] })
    expect(selectCheckRuns([run], RULES).counting[0]).not.toHaveProperty('title')
    expect(selectCheckRuns([run], { ...RULES, sinceMs: 0 }).unreadable).toHaveLength(1)
  })
})

it('reads no check runs from an answer without total_count: a dropped Link would go unseen', async () => {
  const github = await startTinyServer()
  github.handle = (_, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"check_runs":[]}')
  const ref = { owner: 'o', repo: 'r', sha: SHA, token: 't', apiUrl: github.url, budgetMs: 5000 }
  const read = checkRunsReader({ ...ref, checkName: 'n' })(5000, new AbortController().signal)
  await expect(read.finally(github.close)).rejects.toThrow('total_count')
})

/** A reader on `clock` that answers each read with the next of `reads` (the last repeats). */
function scripted(reads: (CheckRead | Error)[], clock = new FakeClock(), more: Partial<Deps> = {}) {
  let n = 0
  const calls: number[] = []
  const budgets: number[] = []
  const read = async (budget: number): Promise<CheckRead> => {
    calls.push(clock.now())
    budgets.push(budget)
    const next = reads[Math.min(n++, reads.length - 1)]!
    if (next instanceof Error) throw next
    return next
  }
  /** pollCheckRuns with this reader, OPTIONS overridden by `options`. */
  const poll = (options: Partial<typeof OPTIONS> = {}, signal = new AbortController().signal) =>
    pollCheckRuns(RULES, { ...OPTIONS, ...options }, { read, clock, signal, ...more })
  return { clock, calls, budgets, poll }
}

const answer = (checkRuns: unknown[], extra: Partial<CheckRead> = {}): CheckRead => ({
  checkRuns,
  requests: 1,
  notModified: 0,
  ...extra
})

function failure(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields)
}

const OPTIONS = { timeoutMs: 60_000, pollIntervalMs: 10_000, wait: true }

describe('pollCheckRuns', () => {
  const pending = checkRun({ status: 'in_progress', conclusion: null })
  const down = failure('GitHub answered 502', { status: 502, permanent: false })
  const waiting = (wait: boolean) => ({ ended: { why: 'still-waiting', wait } })
  const settled = { ended: { why: 'settled' } }
  // prettier-ignore
  const cases: [string, (CheckRead | Error)[], Partial<typeof OPTIONS>, number[] | undefined, object][] = [
    ['reads until the counting check runs are completed: poll-interval after a changed answer, at most 5 s after a 304', [answer([]), answer([pending]), answer([pending], { notModified: 1 }), answer([checkRun()])], {}, [0, 10_000, 20_000, 25_000], settled],
    ['makes one last read at the deadline, then reports still-waiting', [answer([])], { timeoutMs: 25_000 }, [0, 10_000, 20_000, 25_000], { ...waiting(true), waitedMs: 25_000 }],
    ['waits for the rate limit to reset when GitHub says none is left', [answer([], { rateLimitedForMs: 40_000 }), answer([checkRun()])], {}, [0, 40_000], settled],
    ['makes no more reads when the rate limit resets only after the timeout', [answer([], { rateLimitedForMs: 3_600_000 })], {}, [0], waiting(true)],
    ['never loops without a pause: a Retry-After of 0 still waits the floor', [failure('limited', { status: 429, retryAfterMs: 0 }), answer([checkRun()])], { pollIntervalMs: 100 }, [0, MIN_PAUSE_MS], settled],
    ['ends at a failure that asking again cannot help (403 without a rate limit)', [failure('needs checks: read', { status: 403, permanent: true })], {}, [0], { ended: { why: 'failed', failure: { status: 403, message: 'needs checks: read' } } }],
    ['asks again after a transient failure, and without any answer by the deadline it failed', [down], { timeoutMs: 30_000 }, undefined, { ended: { why: 'failed' } }],
    ['after an answer, a failure whose wait ends past the deadline ends still-waiting, not failed', [answer([]), failure('limited', { status: 429, retryAfterMs: 600_000 })], {}, [0, 10_000], { ...waiting(true), checkRuns: [] }],
    ['with wait: false, asks again after a transient failure after 1 s whatever poll-interval says', [down, answer([checkRun()])], { wait: false }, [0, 1000], settled],
    ['with wait: false and nothing but failures, it failed (not timed out) after 30 s', [down], { wait: false }, [0, 1000, 3000, 7000, 15_000, 23_000, 30_000], { ended: { why: 'failed' } }],
    ['reads once with wait: false', [answer([])], { wait: false }, [0], waiting(false)],
    ['makes no more counted reads in an hour than one every poll-interval', [answer([pending])], { pollIntervalMs: 30_000, timeoutMs: 3_600_000 }, Array.from({ length: 121 }, (_, i) => i * 30_000), waiting(true)],
    ['never waits longer than poll-interval', [answer([pending]), answer([pending], { notModified: 1 })], { pollIntervalMs: 2000, timeoutMs: 7000 }, [0, 2000, 4000, 6000, 7000], waiting(true)]
  ]
  it.each(cases)('%s', async (...row) => {
    const [, reads, options, calls, facts] = row
    const read = scripted(reads)
    expect(await read.poll(options)).toMatchObject(facts)
    if (calls !== undefined) expect(read.calls).toEqual(calls)
  })

  it('gives each read a whole-millisecond budget, whatever the clock reads', async () => {
    const { poll, budgets } = scripted([answer([]), answer([checkRun()])], new FakeClock(0.25))
    await poll({ timeoutMs: 12_345.5 })
    expect(budgets.length).toBe(2)
    for (const budget of budgets) expect(Number.isInteger(budget)).toBe(true)
  })

  it('stops at once when the job is cancelled, keeping the last answer', async () => {
    const controller = new AbortController()
    const { poll, clock } = scripted([answer([checkRun({ status: 'queued', conclusion: null })])])
    clock.at(15_000, () => controller.abort())
    const facts = await poll({}, controller.signal)
    expect(facts.ended).toEqual({ why: 'interrupted' })
    expect(clock.now()).toBe(15_000)
    expect(facts.checkRuns).toHaveLength(1)
  })
})

describe('checkNamesOf', () => {
  it('lists each name and app once, and suggests the name that differs in case only', () => {
    const names = checkNamesOf(
      [
        onCommit('QA Wolf Test Run'),
        onCommit('QA Wolf Test Results'),
        onCommit('QA Wolf Test Results'),
        onCommit('build', 'GitHub-Actions'),
        { name: 'no app' },
        'not a check run'
      ],
      { ...RULES, name: 'QA wolf test results' }
    )
    expect(names).toEqual({
      listed: [
        { name: 'QA Wolf Test Run', app: 'qawolf' },
        { name: 'QA Wolf Test Results', app: 'qawolf' },
        { name: 'build', app: 'github-actions' }
      ],
      more: 0,
      nearest: { input: 'check-name', value: 'QA Wolf Test Results' },
      cause: 'other-names'
    })
  })

  // The nearest app that posted the check, not the first listed; none when none is near.
  // prettier-ignore
  it.each([
    ['nothing at all', [], {}, 'nothing-posted', undefined],
    ["only GitHub Actions'", [onCommit('build', 'github-actions')], {}, 'nothing-posted', undefined],
    ['only other apps than check-app', [onCommit('lint', 'acme-ci')], { app: 'qawolf' }, 'nothing-posted', undefined],
    ['the name by a counting app (before since)', [onCommit('QA Wolf Test Results')], {}, 'name-not-counting', undefined],
    ['the name by other apps only', [onCommit('QA Wolf Test Results', 'acme-release-bot'), onCommit('QA Wolf Test Results', 'qa-wolf')], { app: 'qawolf' }, 'other-app', { input: 'check-app', value: 'qa-wolf' }],
    ['the name by a far app', [onCommit('QA Wolf Test Results', 'acme-release-bot')], { app: 'qawolf' }, 'other-app', undefined],
    ["the app's check runs under other names", [onCommit('QA Wolf Test Run')], {}, 'other-names', undefined],
    ['a name one typo away', [onCommit('QA Wolf Test Results'), onCommit('lint', 'github-actions')], { name: 'QA Wolf Tests Results' }, 'other-names', { input: 'check-name', value: 'QA Wolf Test Results' }],
    ['no name near', [onCommit('QA Wolf Test Results'), onCommit('lint', 'github-actions')], { name: 'e2e' }, 'other-names', undefined]
  ] as const)('names the cause when the commit has %s', (_, raw, over, cause, nearest) => {
    const names = checkNamesOf(raw, { ...RULES, ...over })
    expect([names.cause, names.nearest]).toEqual([cause, nearest])
  })

  it('caps the list and makes names plain: they are outside text', () => {
    const raw = Array.from({ length: 20 }, (_, i) =>
      onCommit(`check\n${i}\u202e::error::x${'y'.repeat(80)}`)
    )
    const names = checkNamesOf(raw, RULES)
    expect(names.listed).toHaveLength(MAX_CHECK_NAMES)
    expect(names.more).toBe(20 - MAX_CHECK_NAMES)
    for (const { name } of names.listed) {
      expect(name).not.toMatch(/[\n\u202e]/)
      expect(name.length).toBeLessThanOrEqual(51)
    }
  })
})

describe('pollCheckRuns, while no check run counts', () => {
  /** Polls 30 s with no counting check run (unless `checkRuns`), recording looks and lines. */
  async function poll(wait: boolean, names: () => unknown[], checkRuns: unknown[] = []) {
    const [looks, lines, warnings]: [number[], string[], string[]] = [[], [], []]
    const clock = new FakeClock()
    const read = scripted([answer(checkRuns)], clock, {
      readNames: async () => {
        looks.push(clock.now())
        return answer(names())
      },
      onLog: line => lines.push(line),
      onWarn: line => warnings.push(line)
    })
    const facts = await read.poll({ timeoutMs: 30_000, wait })
    return { facts, reads: read.calls, looks, lines, warnings }
  }

  it('looks at the names once after the first read, warns of a near one, and looks again at the end', async () => {
    const { facts, reads, looks, lines, warnings } = await poll(true, () => [
      onCommit('QA Wolf Test Run'),
      onCommit('qa wolf test results')
    ])
    expect(reads).toEqual([0, 10_000, 20_000, 30_000])
    expect(looks).toEqual([0, 30_000])
    expect(facts.names?.nearest).toEqual({ input: 'check-name', value: 'qa wolf test results' })
    expect(warnings).toEqual([
      expect.stringContaining("Did you mean check-name: 'qa wolf test results'?")
    ])
    expect(lines.filter(line => line.includes("'QA Wolf Test Run' by qawolf"))).toHaveLength(0)
  })

  it('looks once with wait: false, and a failed look only leaves the names unknown', async () => {
    const { facts, looks } = await poll(false, () => {
      throw new Error('403')
    })
    expect(looks).toHaveLength(1)
    expect(facts.ended).toEqual({ why: 'still-waiting', wait: false })
    expect(facts.names).toBeUndefined()
  })

  it('does not look when a check run counts, and says which of that name are ignored', async () => {
    const ignored = onCommit('QA Wolf Test Results', 'github-actions')
    const { looks, lines } = await poll(true, () => [], [onCommit('QA Wolf Test Results'), ignored])
    expect(looks).toEqual([])
    expect(lines[0]).toMatch(/: success \(1 check run of that name ignored: by GitHub Actions/)
  })
})
