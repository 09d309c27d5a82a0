import { describe, expect, it } from '@jest/globals'
import { runBundleChaos } from './bundle-chaos-lib.js'
import { runNotifyChaos } from './notify-chaos-lib.js'

// Replay one scenario with `runBundleScenario(<seed>)`; every problem line names its seed.
const SEED = Number(process.env.CHAOS_SEED ?? 7_2026)
const SCENARIOS = 24

describe('the bundled action under chaos', () => {
  it(`reaches the fault-free verdict in ${SCENARIOS} scenarios with ~30% faults (seed ${SEED})`, async () => {
    const figures = await runBundleChaos(SCENARIOS, SEED)
    expect(figures.problems).toEqual([])
    expect(figures).toMatchObject({ falseGreens: 0, wrongVerdicts: 0, scenarios: SCENARIOS })
    // The faults really happened, of several kinds, and the verdicts were varied.
    const faults = Object.values(figures.faults).reduce((a, b) => a + b, 0)
    expect(faults / figures.queries).toBeGreaterThan(0.15)
    expect(Object.keys(figures.faults).length).toBeGreaterThanOrEqual(6)
    expect(Object.keys(figures.statuses).length).toBeGreaterThanOrEqual(2)
  }, 180_000)
})

const NOTIFY_SCENARIOS = 32

describe('notify under chaos', () => {
  it(`never repeats a POST after a status line, in ${NOTIFY_SCENARIOS} scenarios with ~50% faults (seed ${SEED})`, async () => {
    const figures = await runNotifyChaos(NOTIFY_SCENARIOS, SEED)
    expect(figures.problems).toEqual([])
    expect(figures.repeatedPosts).toBe(0)
    expect(figures).toMatchObject({ falseSuccesses: 0, scenarios: NOTIFY_SCENARIOS })
    // Faults before and after the status line both happened, compressed answers among them.
    const kinds = Object.keys(figures.faults)
    expect(kinds.some(k => ['cut-after-status-line', 'header-overflow'].includes(k))).toBe(true)
    expect(kinds.some(k => ['status', 'rate-limit', 'reset-before-headers'].includes(k))).toBe(true)
    expect(kinds).toContain('compressed')
  }, 180_000)
})
