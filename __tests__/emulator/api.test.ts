// The programmatic API that tests and scripts use to look inside the emulator and change it.
import { describe, it, expect, beforeEach, afterEach } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { baseConfig, verdict } from './helpers.js'

let emulator: Emulator

beforeEach(async () => {
  emulator = await startEmulator(baseConfig({ triggers: [{ id: 't' }] }))
})
afterEach(() => emulator.close())

describe('programmatic API', () => {
  it('addRun adds a run whose clock starts at its first query, and supersedes by key', async () => {
    emulator.addRun({
      id: 'a',
      deduplicationKey: 'k',
      timeline: [{ stage: 'underReview', polls: 3 }, { stage: 'completed' }]
    })
    emulator.addRun({ id: 'done', deduplicationKey: 'd', timeline: [{ stage: 'completed' }] })
    emulator.addRun({ id: 'done-too', deduplicationKey: 'd', timeline: [{ stage: 'completed' }] })
    expect(emulator.runs()[0]?.startedAt).toBeUndefined()
    emulator.addRun({ id: 'b', deduplicationKey: 'k', timeline: [{ stage: 'initializing' }] })
    expect(await verdict(emulator.url, 'a')).toMatchObject({
      relevantRunId: 'b',
      runStage: 'initializing'
    })
    // Only a run still going is canceled by its successor; a finished one stays finished.
    expect(emulator.runs().map(r => [r.id, r.stage])).toEqual([
      ['a', 'canceled'],
      ['done', 'completed'],
      ['done-too', 'completed'],
      ['b', 'initializing']
    ])
    expect(() => emulator.addRun({ id: 'a' })).toThrow('a run with id "a" already exists')
    expect(() => emulator.addRun({ id: 'c', supersededBy: 'zzz' })).toThrow(/no run with id "zzz"/)
  })
})
