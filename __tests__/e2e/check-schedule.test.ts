// The check path's reads: after an unchanged answer (304, not counted by GitHub's rate limit) the
// next read comes within 5 s, so a concluded check is seen soon whatever poll-interval says; a
// changed (counted) answer, the first included, waits poll-interval: counted reads no more than before.
import { describe, expect, it } from '@jest/globals'
import { qaService } from '../helpers/e2e.js'
import { checkGate, preset, REPO, SHA } from '../helpers/check-fixtures.js'

describe('the check path with the default poll-interval', () => {
  it('reads again within seconds while the answer is unchanged, each such read a free 304', async () => {
    const em = await qaService({ github: { checkRuns: [preset({ status: 'in_progress' })] } })
    const run = await checkGate(
      em,
      { 'poll-interval': '10s', timeout: '20s', 'fail-on-timeout': 'false' },
      undefined,
      {},
      { killAfterMs: 60_000 }
    )
    expect(run.outputs['status']).toBe('timed-out')
    const reads = em.requests.filter(
      r =>
        r.path === `/repos/${REPO}/commits/${SHA}/check-runs` && r.query['check_name'] !== undefined
    )
    // At 0 s, poll-interval after that counted answer, then every 5 s while unchanged, and one at
    // the timeout: 0, 10, 15, 20 (every poll-interval it would be 0, 10, 20).
    expect(reads.length).toBeGreaterThanOrEqual(4)
    // Counted by the rate limit: the first answer only.
    expect(reads.filter(r => r.status !== 304)).toHaveLength(1)
  })
})
