// verdict-from: check, the pure parts: which check runs count (the one rule polling stops by and
// the verdict decides by) and polling in virtual time (cadence, conditional reads, rate limits,
// failures, cancellation).
import { describe, expect, it } from '@jest/globals'
import { selectCheckRuns, type CheckRules } from '../../src/gate/verdict.js'
import {
  MIN_PAUSE_MS,
  pollCheckRuns,
  type CheckRead,
  type CheckReader
} from '../../src/gate/check-path.js'
import { FakeClock } from '../helpers/fake-clock.js'
import { checkRunJson } from '../helpers/check-run-json.js'

const SHA = 'b'.repeat(40)
const RULES: CheckRules = { name: 'QA Wolf Test Results', sha: SHA, app: '' }

const OWN = { id: 1, head_sha: SHA, output: { title: 'All tests passed', summary: 'ok' } }
const checkRun = (over: Record<string, unknown> = {}) => checkRunJson({ ...OWN, ...over })

describe('selectCheckRuns', () => {
  it('counts a completed check run of the name, the commit and an app other than GitHub Actions', () => {
    const selection = selectCheckRuns([checkRun()], RULES)
    expect(selection.counting.map(run => [run.app, run.conclusion, run.title])).toEqual([
      ['qawolf', 'success', 'All tests passed']
    ])
    expect(selection.settled).toBe(true)
  })

  it("never counts GitHub Actions' placeholder unless check-app names it", () => {
    const placeholder = checkRun({ app: { slug: 'github-actions' } })
    const selection = selectCheckRuns([placeholder], RULES)
    expect(selection.counting).toEqual([])
    expect(selection.ignored.map(entry => entry.why)).toEqual(['github-actions'])
    expect(selection.settled).toBe(false)
    expect(
      selectCheckRuns([placeholder], { ...RULES, app: 'github-actions' }).counting
    ).toHaveLength(1)
  })

  it('counts only the pinned app, the commit asked for, and check runs started at or after since', () => {
    const runs = [
      checkRun({ app: { slug: 'other' } }),
      checkRun({ head_sha: 'c'.repeat(40) }),
      checkRun({ started_at: '2026-11-26T11:59:59Z' }),
      checkRun({ started_at: '2026-11-26T12:00:00Z', id: 9 })
    ]
    const selection = selectCheckRuns(runs, {
      ...RULES,
      app: 'qawolf',
      sinceMs: Date.parse('2026-11-26T12:00:00Z')
    })
    expect(selection.counting.map(run => run.id)).toEqual(['9'])
    expect(selection.ignored.map(entry => entry.why)).toEqual([
      'other-app',
      'other-commit',
      'before-since'
    ])
  })

  it('is not settled while a counting check run is not completed', () => {
    const selection = selectCheckRuns(
      [
        checkRun(),
        checkRun({ id: 2, status: 'in_progress', conclusion: null, app: { slug: 'b' } })
      ],
      RULES
    )
    expect(selection.counting).toHaveLength(2)
    expect(selection.settled).toBe(false)
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

/** A reader on `clock` that answers each read with the next of `reads` (the last repeats). */
function scripted(reads: (CheckRead | Error)[], clock = new FakeClock()) {
  let n = 0
  const calls: number[] = []
  const budgets: number[] = []
  const read: CheckReader = async budget => {
    calls.push(clock.now())
    budgets.push(budget)
    const next = reads[Math.min(n++, reads.length - 1)]!
    if (next instanceof Error) throw next
    return next
  }
  /** pollCheckRuns with this reader, OPTIONS overridden by `options`. */
  const poll = (options: Partial<typeof OPTIONS> = {}, signal = new AbortController().signal) =>
    pollCheckRuns(RULES, { ...OPTIONS, ...options }, { read, clock, signal })
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
  it('reads until the counting check runs are completed', async () => {
    const pending = checkRun({ status: 'in_progress', conclusion: null })
    const { poll, calls } = scripted([
      answer([]),
      answer([pending], { notModified: 0 }),
      answer([pending], { notModified: 1 }),
      answer([checkRun()])
    ])
    const facts = await poll()
    expect(facts.ended).toEqual({ why: 'settled' })
    // A changed answer waits poll-interval, an unchanged one (304) at most 5 s.
    expect(calls).toEqual([0, 10_000, 20_000, 25_000])
    expect(facts).toMatchObject({ requests: 4, notModified: 1 })
  })

  it('makes one last read at the deadline, then reports still-waiting', async () => {
    const { poll, calls } = scripted([answer([])])
    const facts = await poll({ timeoutMs: 25_000 })
    expect(calls).toEqual([0, 10_000, 20_000, 25_000])
    expect(facts.ended).toEqual({ why: 'still-waiting', wait: true })
    expect(facts.waitedMs).toBe(25_000)
  })

  it('waits for the rate limit to reset when GitHub says none is left', async () => {
    const { poll, calls } = scripted([
      answer([], { rateLimitedForMs: 40_000 }),
      answer([checkRun()])
    ])
    await poll()
    expect(calls).toEqual([0, 40_000])
  })

  it('never loops without a pause: a Retry-After of 0 still waits the floor', async () => {
    const limited = failure('rate limited', { status: 429, retryAfterMs: 0, permanent: false })
    const { poll, calls } = scripted([limited, answer([checkRun()])])
    await poll({ pollIntervalMs: 100 })
    expect(calls).toEqual([0, MIN_PAUSE_MS])
  })

  it('ends at a failure that asking again cannot help (403 without a rate limit)', async () => {
    const forbidden = failure('needs checks: read', { status: 403, permanent: true })
    const { poll, calls } = scripted([forbidden])
    const facts = await poll()
    expect(calls).toEqual([0])
    expect(facts.ended).toMatchObject({
      why: 'failed',
      answered: false,
      failure: { status: 403, message: 'needs checks: read' }
    })
  })

  it('asks again after a transient failure, and without any answer by the deadline it failed', async () => {
    const down = failure('GitHub answered 502', { status: 502, permanent: false })
    const { poll } = scripted([down])
    const facts = await poll({ timeoutMs: 30_000 })
    expect(facts.ended).toMatchObject({ why: 'failed', answered: false })
  })

  it('gives each read a whole-millisecond budget, whatever the clock reads', async () => {
    const { poll, budgets } = scripted([answer([]), answer([checkRun()])], new FakeClock(0.25))
    await poll({ timeoutMs: 12_345.5 })
    expect(budgets.length).toBe(2)
    for (const budget of budgets) expect(Number.isInteger(budget)).toBe(true)
  })

  it('after an answer, a failure whose wait ends past the deadline ends still-waiting, not failed', async () => {
    const limited = failure('rate limited', {
      status: 429,
      retryAfterMs: 600_000,
      permanent: false
    })
    const { poll, calls } = scripted([answer([]), limited])
    const facts = await poll()
    expect(calls).toEqual([0, 10_000])
    expect(facts.ended).toEqual({ why: 'still-waiting', wait: true })
    expect(facts.checkRuns).toEqual([])
  })

  it('makes no more reads when the rate limit resets only after the timeout', async () => {
    const { poll, calls } = scripted([answer([], { rateLimitedForMs: 3_600_000 })])
    const facts = await poll()
    expect(calls).toEqual([0])
    expect(facts.ended).toEqual({ why: 'still-waiting', wait: true })
  })

  it('with wait: false, asks again after a transient failure within 30 s, after 1 s whatever poll-interval says', async () => {
    const down = failure('GitHub answered 502', { status: 502, permanent: false })
    const { poll, calls } = scripted([down, answer([checkRun()])])
    const facts = await poll({ wait: false })
    expect(calls).toEqual([0, 1000])
    expect(facts.ended).toEqual({ why: 'settled' })
  })

  it('with wait: false and nothing but failures, it failed (not timed out) after 30 s', async () => {
    const down = failure('GitHub answered 502', { status: 502, permanent: false })
    const { poll, calls } = scripted([down])
    const facts = await poll({ wait: false })
    // After 1 s, 2 s, 4 s, then every 8 s, and the last read at the end of the window.
    expect(calls).toEqual([0, 1000, 3000, 7000, 15_000, 23_000, 30_000])
    expect(facts.ended).toMatchObject({ why: 'failed', answered: false })
  })

  it('reads once with wait: false', async () => {
    const { poll, calls } = scripted([answer([])])
    const facts = await poll({ wait: false })
    expect(calls).toEqual([0])
    expect(facts.ended).toEqual({ why: 'still-waiting', wait: false })
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
