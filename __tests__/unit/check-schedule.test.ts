// The check path's schedule, as the sequence of waits a fake clock saw: an unchanged answer (all
// pages 304, free) is read again within 5 s; a changed one (counted) waits poll-interval.
import { describe, expect, it } from '@jest/globals'
import { FakeClock } from '../helpers/fake-clock.js'
import { pollCheckRuns, type CheckRead } from '../../src/gate/check-path.js'

const SHA = 'a'.repeat(40)
const RULES = { name: 'QA Wolf Test Results', sha: SHA, app: '' }
const RUNNING = { name: RULES.name, head_sha: SHA, app: { slug: 'qawolf' }, status: 'in_progress' }
const DONE = { ...RUNNING, status: 'completed', conclusion: 'success' }

/** Reads answered from `answers` in turn ('304' unchanged, else a changed list), the last repeated. */
async function waits(
  answers: ('304' | 'changed' | 'done')[],
  pollIntervalMs = 30_000,
  timeoutMs = 60_000
) {
  const clock = new FakeClock()
  let i = 0
  const read = async (): Promise<CheckRead> => {
    const answer = answers[Math.min(i++, answers.length - 1)]
    return {
      checkRuns: [answer === 'done' ? DONE : RUNNING],
      requests: 1,
      notModified: answer === '304' ? 1 : 0
    }
  }
  const facts = await pollCheckRuns(
    RULES,
    { timeoutMs, pollIntervalMs, wait: true },
    { read, clock, signal: new AbortController().signal }
  )
  return { sleeps: clock.sleeps, facts, reads: i }
}

describe('the check path schedule', () => {
  it('reads again 5 s after each unchanged answer, poll-interval after the first (counted) one', async () => {
    const { sleeps, facts } = await waits(['changed', '304', '304', 'done'])
    expect(sleeps).toEqual([30_000, 5000, 5000])
    expect(facts.ended.why).toBe('settled')
  })

  it('waits poll-interval after a changed answer (counted), then 5 s again once unchanged', async () => {
    const { sleeps } = await waits(['changed', 'changed', '304', 'done'], 30_000, 120_000)
    expect(sleeps).toEqual([30_000, 30_000, 5000])
  })

  it('never waits longer than poll-interval, and makes one last read at the deadline', async () => {
    const { sleeps } = await waits(['changed', '304'], 2000, 7000)
    expect(sleeps).toEqual([2000, 2000, 2000, 1000])
  })

  it('makes at most one counted read per poll-interval however often the answer changes', async () => {
    const { sleeps, reads } = await waits(['changed'], 30_000, 3_600_000)
    // As before this schedule: a read every 30 s for an hour, 121 counted.
    expect(new Set(sleeps)).toEqual(new Set([30_000]))
    expect(reads).toBe(121)
  })
})
