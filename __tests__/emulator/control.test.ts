// The /_emulator/ control routes and the programmatic API that mirrors them.
import { describe, it, expect, beforeEach, afterEach } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { baseConfig, control, greenlight, notify, verdict } from './helpers.js'

let emulator: Emulator

beforeEach(async () => {
  emulator = await startEmulator(baseConfig({ triggers: [{ id: 't' }] }))
})
afterEach(() => emulator.close())

describe('control routes', () => {
  it('lists recorded requests without recording themselves, and needs no key', async () => {
    await notify(emulator.url, { sha: 'a' })
    await greenlight(emulator.url, 'run-1')
    const r = await control(emulator.url, 'GET', 'requests')
    expect(r.status).toBe(200)
    expect(
      (r.json as { method: string; path: string; status: number }[]).map(x => [
        x.method,
        x.path,
        x.status
      ])
    ).toEqual([
      ['POST', '/api/webhooks/deploy_success', 200],
      ['GET', '/api/v0/ci-greenlight/run-1', 200]
    ])
    expect(emulator.requests).toHaveLength(2)
  })

  it('lists runs and adds runs', async () => {
    const added = await control(emulator.url, 'POST', 'runs', {
      id: 'late',
      timeline: [{ stage: 'underReview', polls: 1 }, { stage: 'completed' }],
      workflowsInRun: 2
    })
    expect(added.status).toBe(201)
    expect(added.json).toMatchObject({ id: 'late', stage: 'underReview', origin: 'configured' })
    expect((await verdict(emulator.url, 'late')).runStage).toBe('underReview')
    expect((await verdict(emulator.url, 'late')).runStage).toBe('completed')
    const runs = await control(emulator.url, 'GET', 'runs')
    expect(runs.json).toMatchObject([{ id: 'late', stage: 'completed', pollsAnswered: 2 }])
  })

  it('rejects bad runs with the reason', async () => {
    const bad = await control(emulator.url, 'POST', 'runs', {
      id: 'x',
      timeline: [{ stage: 'done' }]
    })
    expect(bad.status).toBe(400)
    expect((bad.json as { error: string }).error).toMatch(
      /^addRun\(run\)\.timeline\[0\]\.stage: expected one of "initializing"/
    )
    await control(emulator.url, 'POST', 'runs', { id: 'x' })
    const taken = await control(emulator.url, 'POST', 'runs', { id: 'x' })
    expect([taken.status, taken.json]).toEqual([409, { error: 'a run with id "x" already exists' }])
    const notJson = await fetch(`${emulator.url}/_emulator/runs`, { method: 'POST', body: '{' })
    expect(notJson.status).toBe(400)
  })

  it('answers 404 listing the control routes for anything else', async () => {
    const r = await control(emulator.url, 'GET', 'nothing')
    expect(r.status).toBe(404)
    expect((r.json as { error: string }).error).toMatch(/GET \/_emulator\/requests/)
    expect((await control(emulator.url, 'DELETE', 'requests')).status).toBe(405)
  })
})

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

  it('avoids configured IDs when numbering notified runs', async () => {
    emulator.addRun({ id: 'run-1' })
    expect((await notify(emulator.url, {})).json).toMatchObject({
      results: [{ created_suite_id: 'run-2' }]
    })
  })

  it('serves on the requested host and port, and closes', async () => {
    const other = await startEmulator(baseConfig(), { host: 'localhost' })
    expect(other.url).toMatch(/^http:\/\/localhost:\d+$/)
    await other.close()
    await other.close()
    await expect(fetch(`${other.url}/_emulator/runs`)).rejects.toThrow()
  })

  it('validates a programmatic config like a file', async () => {
    await expect(startEmulator({ teams: [{ apiKey: '' }] })).rejects.toThrow(
      'config.teams[0].apiKey: expected a non-empty string, got the string ""'
    )
  })
})
