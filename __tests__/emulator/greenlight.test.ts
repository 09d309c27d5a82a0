// GET /api/v0/ci-greenlight/{id}: stages, bugs, priorities and superseding, and the programmatic
// API that tests use to change a run.
import { describe, it, expect } from '@jest/globals'
import type { EmulatorConfig, RunConfig } from '../../emulator/config.js'
import type { EmulatorOptions } from '../../emulator/server.js'
import { ALWAYS_PRESENT_FIELDS as ALWAYS } from '../helpers/responses.js'
import {
  baseConfig,
  emulators,
  fakeClock,
  greenlight,
  notify,
  serviceError,
  verdict
} from './helpers.js'

const emulator = emulators()
const start = (extra: Partial<EmulatorConfig>, options?: EmulatorOptions) =>
  emulator(baseConfig(extra), options)

const BUG_LISTS = [
  'blockingBugUrls',
  'nonBlockingBugUrls',
  'reproducedBugs',
  'otherBlockingBugsInEnvironment'
]

const stepwise: RunConfig = {
  id: 'r1',
  timeline: [
    { stage: 'initializing', polls: 1 },
    { stage: 'underReview', polls: 2, workflowsAutoRetrying: 3 },
    { stage: 'completed' }
  ]
}

describe('GET /api/v0/ci-greenlight/{id}', () => {
  it('moves a run on by answered polls, sending exactly the conditional fields of each stage', async () => {
    const gone = {
      id: 'gone',
      timeline: [{ stage: 'initializing', polls: 1 }, { stage: 'canceled' }]
    }
    const { url } = await start({ runs: [stepwise, gone as RunConfig] })
    const seen = []
    for (let i = 0; i < 4; i++) {
      const v = await verdict(url, 'r1')
      seen.push([v.runStage, v.workflowsAutoRetryingCount, Object.keys(v).sort()])
    }
    const review = [...ALWAYS, 'workflowsAutoRetryingCount', ...BUG_LISTS].sort()
    const done = [...ALWAYS, 'blockingBugsCount', 'nonBlockingBugsCount', ...BUG_LISTS].sort()
    expect(seen).toEqual([
      ['initializing', undefined, [...ALWAYS].sort()],
      ['underReview', 3, review],
      ['underReview', 3, review],
      ['completed', undefined, done]
    ])
    await verdict(url, 'gone')
    const canceled = await verdict(url, 'gone')
    expect([canceled.runStage, canceled.greenlight]).toEqual(['canceled', false])
    expect(Object.keys(canceled).sort()).toEqual([...ALWAYS].sort())
  })

  it('starts a configured run on its first query, and moves on by the clock', async () => {
    const clock = fakeClock()
    const timed: RunConfig = {
      id: 'timed',
      timeline: [
        { stage: 'initializing', durationMs: 60_000 },
        { stage: 'underReview', durationMs: 120_000 },
        { stage: 'completed' }
      ]
    }
    const em = await start({ runs: [timed] }, { clock: clock.now })
    const stages = []
    // Its clock starts at the first query, not at the emulator's start.
    for (const ms of [600_000, 59_999, 0, 1, 500_000]) {
      clock.advance(ms)
      stages.push((await verdict(em.url, 'timed')).runStage)
    }
    expect(stages).toEqual([
      'initializing',
      'initializing',
      'initializing',
      'underReview',
      'completed'
    ])
  })

  it('counts high and unset priorities as blocking, medium and low as not, unless isBlocking says otherwise', async () => {
    const hostile = '<img src=x onerror=alert(1)>'
    const bugs = [
      { id: 'h', name: 'H', priority: 'high' as const },
      { id: 'm', name: hostile, priority: 'medium' as const, isNew: false },
      { id: 'n', name: 'N', priority: null, url: 'javascript:alert(1)' },
      { id: 'w', name: 'W', priority: 'high' as const, isBlocking: false }
    ]
    const { url } = await start({ runs: [{ id: 'r', timeline: [{ stage: 'completed' }], bugs }] })
    const v = await verdict(url, 'r')
    expect(v).toMatchObject({
      greenlight: false,
      blockingBugsCount: 2,
      nonBlockingBugsCount: 2,
      blockingBugUrls: [`${url}/bugs/h`, 'javascript:alert(1)'],
      nonBlockingBugUrls: [`${url}/bugs/m`, `${url}/bugs/w`]
    })
    // Names and URLs verbatim; the external issue's shape: official-client.test.ts.
    const entry = (number: number, priority: string, isBlocking: boolean, isNew = true) => {
      const bug = bugs[number - 1]!
      const applicationUrl = bug.url ?? `${url}/bugs/${bug.id}`
      return { name: bug.name, number, priority, isBlocking, isNew, applicationUrl }
    }
    expect(v.reproducedBugs).toEqual([
      entry(1, 'high', true),
      entry(2, 'medium', false, false),
      entry(3, 'unprioritized', true),
      entry(4, 'high', false)
    ])
  })

  it('turns red for blocking bugs in other workflows only when asked to', async () => {
    const { url } = await start({
      runs: [
        { id: 'others', timeline: [{ stage: 'completed' }], otherWorkflowsBlockingBugs: 2 },
        { id: 'clean', timeline: [{ stage: 'completed' }] }
      ]
    })
    const q = (v: string) => `?outcomeWhenBlockingBugsInOtherWorkflows=${v}`
    const green = await verdict(url, 'others')
    expect(green['greenlight']).toBe(true)
    const others = green['otherBlockingBugsInEnvironment'] as Record<string, unknown>[]
    expect(others).toHaveLength(2)
    expect(others[0]).toMatchObject({ isBlocking: true })
    expect((await verdict(url, 'others', q('green'))).greenlight).toBe(true)
    expect((await verdict(url, 'others', q('red'))).greenlight).toBe(false)
    expect((await verdict(url, 'clean', q('red'))).greenlight).toBe(true)
    const bad = await greenlight(url, 'others', q('RED'))
    expect([bad.status, bad.json]).toEqual([
      400,
      serviceError('outcomeWhenBlockingBugsInOtherWorkflows must be "green" or "red"')
    ])
  })

  it('answers 404 for unknown runs; decodes the ID, and encodes it in publicUrl', async () => {
    const { url } = await start({
      publicUrl: 'https://qa.example.com/',
      runs: [{ id: 'a b/c', timeline: [{ stage: 'completed' }], bugs: [{ id: 'b', name: 'n' }] }]
    })
    const missing = await greenlight(url, 'nope')
    expect([missing.status, missing.json]).toEqual([404, serviceError('run "nope" not found')])
    const v = await verdict(url, 'a b/c')
    expect([v.rootRunId, v.rootRunUrl, v.blockingBugUrls]).toEqual([
      'a b/c',
      'https://qa.example.com/runs/a%20b%2Fc',
      ['https://qa.example.com/bugs/b']
    ])
  })
})

describe('superseding', () => {
  const triggers = [
    {
      id: 't',
      environment: 'staging',
      run: {
        timeline: [{ stage: 'initializing' as const, polls: 1 }, { stage: 'completed' as const }],
        workflowsInRun: 4
      }
    }
  ]

  it('reports the newest run with the same deduplication_key as the relevant run, canceling the older ones still going', async () => {
    const em = await start({ triggers })
    await notify(em.url, { sha: 'a', branch: 'x', deduplication_key: 'k' })
    await notify(em.url, { sha: 'b', branch: 'y', deduplication_key: 'k' })
    await notify(em.url, { sha: 'c', branch: 'z', deduplication_key: 'k' })
    expect(await verdict(em.url, 'run-1')).toMatchObject({
      rootRunUrl: `${em.url}/runs/run-1`,
      relevantRunUrl: `${em.url}/runs/run-3`,
      runStage: 'initializing'
    })
    // That query was a poll of run-3, so run-3 has moved on.
    const newest = await verdict(em.url, 'run-3')
    expect([newest.relevantRunId, newest.runStage, newest.greenlight]).toEqual([
      'run-3',
      'completed',
      true
    ])
    // A finished run stays finished when a newer one comes.
    await notify(em.url, { sha: 'd', deduplication_key: 'k' })
    expect(em.runs().map(r => r.stage)).toEqual([
      'canceled',
      'canceled',
      'completed',
      'initializing'
    ])
  })

  it('supersedes by branch and environment by default, never within one notification', async () => {
    const em = await start({ triggers })
    await notify(em.url, { sha: 'a', branch: 'main' })
    await notify(em.url, { sha: 'b', branch: 'other' })
    await notify(em.url, { sha: 'c', branch: 'main' })
    expect((await verdict(em.url, 'run-1')).relevantRunId).toBe('run-3')
    expect((await verdict(em.url, 'run-2')).relevantRunId).toBe('run-2')
    const two = await start({ triggers: [{ id: 'a' }, { id: 'b' }] })
    await notify(two.url, { sha: 'a', deduplication_key: 'same' })
    expect((await verdict(two.url, 'run-1')).relevantRunId).toBe('run-1')
    await notify(two.url, { sha: 'b', deduplication_key: 'same' })
    expect((await verdict(two.url, 'run-1')).relevantRunId).toBe('run-4')
  })

  it('addRun adds a run whose clock starts at its first query, and refuses a taken ID', async () => {
    const em = await start({})
    const added = em.addRun({
      id: 'a',
      timeline: [{ stage: 'underReview', polls: 1 }, { stage: 'completed' }]
    })
    expect(added).toEqual({ id: 'a', stage: 'underReview', origin: 'configured' })
    expect((await verdict(em.url, 'a')).runStage).toBe('underReview')
    expect((await verdict(em.url, 'a')).runStage).toBe('completed')
    expect(() => em.addRun({ id: 'a' })).toThrow('a run with id "a" already exists')
    expect(() => em.addRun({ id: 'b', timeline: [] })).toThrow('addRun(run).timeline')
  })
})
