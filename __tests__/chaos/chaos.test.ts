// The bundled action against the emulator's seeded faults (chaos-lib.ts). Every problem line names
// its seed; `npm run chaos -- --seed S` replays a batch with more scenarios.
import { describe, expect, it } from '@jest/globals'
import { runGateChaos, runNotifyChaos } from './chaos-lib.js'

const SEED = Number(process.env['CHAOS_SEED'] ?? 7_2026)
// Both batches at once, so that their waits overlap; each test awaits (and fails with) its own.
const gateBatch = runGateChaos(24, SEED)
const notifyBatch = runNotifyChaos(20, SEED)
for (const batch of [gateBatch, notifyBatch]) batch.catch(() => undefined)

describe('the bundled action under chaos', () => {
  it(`greenlight reaches the fault-free verdict in 24 scenarios with ~30% faults (seed ${SEED})`, async () => {
    const figures = await gateBatch
    // No false green, no other verdict than the fault-free one, no crash.
    expect(figures.problems).toEqual([])
    // The faults really happened, of several kinds, and the verdicts were varied.
    const faults = Object.values(figures.faults).reduce((a, b) => a + b, 0)
    expect(faults / figures.requests).toBeGreaterThan(0.15)
    expect(Object.keys(figures.faults).length).toBeGreaterThanOrEqual(6)
    expect(Object.keys(figures.outcomes).length).toBeGreaterThanOrEqual(2)
  }, 180_000)

  it(`notify repeats a POST only if unanswered or told "not now" (429, 503), in 20 scenarios with ~50% faults (seed ${SEED})`, async () => {
    const figures = await notifyBatch
    expect(figures.problems).toEqual([])
    expect(figures.outcomes).toEqual({ ok: 20 })
    // Broken answers, a 500, 502 or 504 (one POST, "may have") and a "not now" all happened.
    const kinds = Object.keys(figures.faults)
    expect(kinds.some(k => ['cut-after-status-line', 'header-overflow'].includes(k))).toBe(true)
    expect(kinds.some(k => ['500', '502', '504'].includes(k))).toBe(true)
    expect(kinds.some(k => ['503', 'rate-limit'].includes(k))).toBe(true)
    expect(kinds).toContain('compressed')
  }, 180_000)
})
