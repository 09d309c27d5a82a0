// Pure parts: timeline arithmetic and the seeded fault plan.
import { describe, it, expect } from '@jest/globals'
import type { FaultSpec, TimelineEntry } from '../../emulator/config.js'
import { FaultPlan, mulberry32, oversizedChunks, retryAfterValue } from '../../emulator/faults.js'
import { recordPoll, settle, stageOf, startProgress } from '../../emulator/timeline.js'

const mixed: TimelineEntry[] = [
  { stage: 'initializing', durationMs: 1000 },
  { stage: 'underReview', polls: 2 },
  { stage: 'completed' }
]

describe('timeline', () => {
  it('ends a durationMs stage exactly at its boundary, even when observed late', () => {
    const start = startProgress(0)
    expect(stageOf(mixed, settle(mixed, start, 999))).toBe('initializing')
    const late = settle(mixed, start, 5000)
    expect(stageOf(mixed, late)).toBe('underReview')
    expect(late.enteredAt).toBe(1000)
  })

  it('ends a polls stage after that many answered queries and never leaves the last entry', () => {
    let p = settle(mixed, startProgress(0), 1000)
    p = recordPoll(mixed, p, 1100)
    expect(stageOf(mixed, p)).toBe('underReview')
    p = recordPoll(mixed, p, 1200)
    expect(stageOf(mixed, p)).toBe('completed')
    expect(p.enteredAt).toBe(1200)
    p = recordPoll(mixed, settle(mixed, p, 10_000_000), 10_000_000)
    expect(stageOf(mixed, p)).toBe('completed')
  })

  it('skips zero-length stages', () => {
    const t: TimelineEntry[] = [
      { stage: 'initializing', durationMs: 0 },
      { stage: 'underReview', polls: 0 },
      { stage: 'canceled' }
    ]
    expect(stageOf(t, settle(t, startProgress(5), 5))).toBe('canceled')
  })
})

describe('fault plan', () => {
  const kinds: FaultSpec[] = [
    { kind: 'status', status: 502 },
    { kind: 'reset-before-headers' },
    { kind: 'truncated-json' }
  ]

  function draw(plan: FaultPlan, n: number): (string | undefined)[] {
    return Array.from({ length: n }, () => {
      const f = plan.next()
      return f && (f.kind === 'status' ? `status ${f.status}` : f.kind)
    })
  }

  it('consumes the script in order, null answering normally, then answers normally', () => {
    const plan = new FaultPlan({
      script: [{ kind: 'status', status: 503 }, null, { kind: 'echo-key' }]
    })
    expect(draw(plan, 5)).toEqual(['status 503', undefined, 'echo-key', undefined, undefined])
  })

  it('replays a seed exactly and differs between seeds', () => {
    const a = draw(new FaultPlan({ random: { seed: 42, probability: 0.5, kinds } }), 200)
    const b = draw(new FaultPlan({ random: { seed: 42, probability: 0.5, kinds } }), 200)
    const c = draw(new FaultPlan({ random: { seed: 43, probability: 0.5, kinds } }), 200)
    expect(a).toEqual(b)
    expect(a).not.toEqual(c)
    const hits = a.filter(x => x !== undefined).length
    expect(hits).toBeGreaterThan(60)
    expect(hits).toBeLessThan(140)
    expect(new Set(a)).toEqual(
      new Set([undefined, 'status 502', 'reset-before-headers', 'truncated-json'])
    )
  })

  it('runs the script before the random part', () => {
    const plan = new FaultPlan({
      script: [{ kind: 'echo-key' }],
      random: { seed: 1, probability: 1, kinds: [{ kind: 'truncated-json' }] }
    })
    expect(draw(plan, 3)).toEqual(['echo-key', 'truncated-json', 'truncated-json'])
    expect(draw(new FaultPlan({ random: { seed: 1, probability: 0, kinds } }), 50)).toEqual(
      Array(50).fill(undefined)
    )
  })

  it('mulberry32 is a deterministic sequence in [0, 1)', () => {
    const r = mulberry32(7)
    const values = Array.from({ length: 1000 }, r)
    expect(values.every(v => v >= 0 && v < 1)).toBe(true)
    expect(Array.from({ length: 1000 }, mulberry32(7))).toEqual(values)
  })

  it('renders every Retry-After form', () => {
    const now = Date.UTC(2030, 0, 1, 0, 0, 0)
    expect(retryAfterValue('1', now)).toBe('1')
    expect(retryAfterValue({ seconds: 3 }, now)).toBe('3')
    expect(retryAfterValue({ dateInSeconds: 90 }, now)).toBe('Tue, 01 Jan 2030 00:01:30 GMT')
    expect(retryAfterValue(undefined, now)).toBeUndefined()
  })

  it('produces about the requested size of valid JSON', () => {
    const text = [...oversizedChunks(2)].join('')
    expect(text.length).toBeLessThanOrEqual(2 * 1024 * 1024)
    expect(text.length).toBeGreaterThan(2 * 1024 * 1024 - 2000)
    expect(() => JSON.parse(text) as unknown).not.toThrow()
  })
})
