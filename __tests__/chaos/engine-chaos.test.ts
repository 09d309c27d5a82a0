import { describe, it, expect } from '@jest/globals'
import { FAULT_KINDS } from './service-model.js'
import { runEngineChaos, runEngineScenario } from './engine-chaos-lib.js'

// Replay one failing scenario with `runEngineScenario(<seed>)`; every problem line names its seed.
// Jest fails any test that leaves an unhandled rejection behind; outside jest (the chaos CLI),
// runEngineChaos counts them itself.
const SEED = Number(process.env.CHAOS_SEED ?? 20_250_601)
const SCENARIOS = 400

describe('polling engine under chaos', () => {
  it(`reaches the right verdict in ${SCENARIOS} seeded scenarios with faults (seed ${SEED})`, async () => {
    const figures = await runEngineChaos(SCENARIOS, SEED)
    expect(figures.problems).toEqual([])
    expect(figures.falseGreens).toBe(0)
    expect(figures.wrongVerdicts).toBe(0)
    expect(figures).toMatchObject({ unhandledRejections: 0, scenarios: SCENARIOS })

    // The scenarios really are varied: every fault kind and every status occurs.
    for (const kind of FAULT_KINDS) expect([kind, figures.faults[kind]]).not.toEqual([kind, 0])
    // `superseded` comes only with on-superseded: fail; the scenarios follow (the default).
    // `not-tested` comes only from a check run (verdict-from: check), never from polling a run.
    for (const [status, n] of Object.entries(figures.statuses))
      if (status !== 'superseded' && status !== 'not-tested') {
        expect([status, n]).not.toEqual([status, 0])
      }
    const faults = Object.values(figures.faults).reduce((a, b) => a + b, 0)
    expect(faults / figures.queries).toBeGreaterThan(0.15)
    expect(faults / figures.queries).toBeLessThan(0.45)
  })

  it('replays a scenario identically from its seed', async () => {
    const first = await runEngineScenario(12345)
    const again = await runEngineScenario(12345)
    expect(again.outcomes).toEqual(first.outcomes)
    expect(again).toMatchObject({ queries: first.queries, verdictMs: first.verdictMs })
  })
})
