import { describe, it, expect, beforeEach, afterEach } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import type { EmulatorConfig } from '../../emulator/config.js'
import { baseConfig, KEY, notify, verdict } from './helpers.js'

let emulator: Emulator

beforeEach(async () => {
  emulator = await startEmulator(
    baseConfig({
      triggers: [
        { id: 'any', environment: 'staging' },
        { id: 'smoke-only', deployment_type: 'smoke' },
        { id: 'broken', deployment_type: 'smoke', failure_reason: 'environment_not_found' },
        { id: 'e2e-only', deployment_type: 'e2e' }
      ]
    })
  )
})
afterEach(() => emulator.close())

describe('POST /api/webhooks/deploy_success', () => {
  it('creates one run per matched trigger, in trigger order, with deterministic ids', async () => {
    const r = await notify(emulator.url, { sha: 'a1', branch: 'main', deployment_type: 'smoke' })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({
      results: [
        { created_suite_id: 'run-1' },
        { created_suite_id: 'run-2' },
        { failure_reason: 'environment_not_found' }
      ]
    })
    // The live spelling: entries carry no trigger_id; the emulator still knows each run's trigger.
    expect((r.json as { results: object[] }).results.some(e => 'trigger_id' in e)).toBe(false)
    expect(emulator.runs().map(run => [run.id, run.triggerId, run.sha, run.origin])).toEqual([
      ['run-1', 'any', 'a1', 'notification'],
      ['run-2', 'smoke-only', 'a1', 'notification']
    ])
  })

  it('matches only triggers without a deployment_type when none is sent', async () => {
    const r = await notify(emulator.url, { sha: 'a1' })
    expect(r.json).toMatchObject({ results: [{ created_suite_id: 'run-1' }] })
  })

  it('reports duplicate_suite_id for the same trigger and SHA, a new run for a new SHA', async () => {
    await notify(emulator.url, { sha: 'a1', branch: 'main', deployment_type: 'e2e' })
    const again = await notify(emulator.url, { sha: 'a1', branch: 'main', deployment_type: 'e2e' })
    expect(again.json).toMatchObject({
      results: [{ duplicate_suite_id: 'run-1' }, { duplicate_suite_id: 'run-2' }]
    })
    const next = await notify(emulator.url, { sha: 'b2', branch: 'main', deployment_type: 'e2e' })
    expect(next.json).toMatchObject({
      results: [{ created_suite_id: 'run-3' }, { created_suite_id: 'run-4' }]
    })
  })

  it('never reports duplicates without a SHA', async () => {
    await notify(emulator.url, {})
    const r = await notify(emulator.url, {})
    expect(r.json).toMatchObject({ results: [{ created_suite_id: 'run-2' }] })
  })

  it('answers an empty results array when no trigger matches', async () => {
    await emulator.close()
    emulator = await startEmulator(baseConfig({ triggers: [{ id: 't', deployment_type: 'x' }] }))
    const r = await notify(emulator.url, { sha: 'a1', deployment_type: 'y' })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ results: [] })
  })

  it('rejects bodies that are not a JSON object, or fields of the wrong type, with 400', async () => {
    for (const [body, error] of [
      ['{"sha": ', 'the request body must be a JSON object'],
      ['', 'the request body must be a JSON object'],
      ['[1]', 'the request body must be a JSON object'],
      ['{"sha": 5}', '"sha" must be a string'],
      ['{"hosting_service": "github"}', '"hosting_service" must be "GitHub" or "GitLab"'],
      ['{"variables": {"A": 1}}', '"variables.A" must be a string'],
      ['{"ephemeral_environment": "true"}', '"ephemeral_environment" must be true or false'],
      [
        '{"repository": "acme/shop"}',
        '"repository" must be an object { "owner": string, "name": string }'
      ],
      ['{"pull_request_number": "12"}', '"pull_request_number" must be a positive integer']
    ]) {
      const r = await notify(emulator.url, body)
      expect([r.status, r.json]).toEqual([
        400,
        { error, failureMessage: error, eventId: expect.stringMatching(/^evt_\d{5}$/) }
      ])
    }
    expect(emulator.runs()).toEqual([])
  })

  it('starts a notified run at creation with the default green timeline', async () => {
    await notify(emulator.url, { sha: 'a1' })
    const stages: unknown[] = []
    for (let i = 0; i < 4; i++) stages.push((await verdict(emulator.url, 'run-1')).runStage)
    expect(stages).toEqual(['initializing', 'underReview', 'completed', 'completed'])
    const [run] = emulator.runs()
    expect(run?.startedAt).toBe(run?.createdAt)
    expect(run?.terminalAt).toBeGreaterThanOrEqual(run!.createdAt)
  })
})

describe('the notify answer', () => {
  const closing: Emulator[] = []
  afterEach(async () => {
    await Promise.all(closing.splice(0).map(em => em.close()))
  })

  const triggers: EmulatorConfig['triggers'] = [
    { id: 'web', environment: 'staging' },
    { id: 'nightly', skip_reason: 'branch filter' },
    {
      id: 'mobile',
      failure_code: 'environment-not-ready',
      failure_message: 'Not ready',
      failure_reason: 'internal'
    },
    { id: 'legacy', failure_reason: 'environment_not_found' }
  ]

  /** What the live service answers to `{ sha }` for `triggers`, entry by entry. */
  const LIVE_RESULTS = [
    { environment_id: 'env-staging', outcome: 'created', created_suite_id: 'run-1' },
    { environment_id: 'env-nightly', outcome: 'skipped', skip_reason: 'branch filter' },
    {
      environment_id: 'env-mobile',
      outcome: 'failed',
      failure_code: 'environment-not-ready',
      failure_message: 'Not ready',
      failure_reason: 'internal'
    },
    { failure_reason: 'environment_not_found' }
  ]

  it('live (default): the environment as an object, entries without trigger_id', async () => {
    const em = await startEmulator(baseConfig({ triggers }))
    closing.push(em)
    const r = await notify(em.url, { sha: 'abc1234' })
    expect([r.status, r.json]).toEqual([
      200,
      {
        deployment_id: 'deployment-1',
        environment: { id: 'env-staging', alias: 'staging', isStatic: true },
        results: LIVE_RESULTS
      }
    ])
  })

  it('live: a preview deployment gets a new ephemeral environment and runs only preview triggers', async () => {
    const em = await startEmulator(
      baseConfig({ triggers: [{ id: 'web' }, { id: 'preview-smoke', previews: true }] })
    )
    closing.push(em)
    const preview = {
      sha: 'abc1234',
      deployment_url: 'https://pr-12.shop.example.com',
      ephemeral_environment: true
    }
    expect((await notify(em.url, preview)).json).toEqual({
      deployment_id: 'deployment-1',
      environment: { id: 'env-1', alias: 'pr-12', isStatic: false },
      results: [{ environment_id: 'env-1', outcome: 'created', created_suite_id: 'run-1' }]
    })
    // The same preview URL again: the same environment, while it lives.
    expect((await notify(em.url, { ...preview, sha: 'abc1235' })).json).toMatchObject({
      environment: { id: 'env-1', alias: 'pr-12', isStatic: false }
    })
    const bare = await startEmulator(baseConfig({ triggers: [{ id: 'web' }] }))
    closing.push(bare)
    expect(
      (await notify(bare.url, { ...preview, deployment_url: undefined, branch: 'feature/x' })).json
    ).toEqual({
      deployment_id: 'deployment-1',
      environment: { id: 'env-1', alias: 'feature/x', isStatic: false },
      results: []
    })
    expect(bare.runs()).toEqual([])
  })

  it('docs: the environment as its name and every entry with its trigger_id', async () => {
    const em = await startEmulator(baseConfig({ shape: 'docs', triggers }))
    closing.push(em)
    const r = await notify(em.url, { sha: 'abc1234' })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({
      deployment_id: 'deployment-1',
      environment: 'staging',
      results: LIVE_RESULTS.map((entry, i) => ({ trigger_id: triggers![i]!.id, ...entry }))
    })
  })

  it('skips the whole deployment when configured to, creating no run', async () => {
    const em = await startEmulator(
      baseConfig({
        triggers: [{ id: 'web' }],
        skippedDeployment: { reason: 'duplicate-deployment', message: 'Already tested' }
      })
    )
    closing.push(em)
    const r = await notify(em.url, { sha: 'abc1234' })
    expect(r.json).toMatchObject({
      results: [],
      skipped_deployment: { reason: 'duplicate-deployment', message: 'Already tested' }
    })
    expect(em.runs()).toHaveLength(0)
  })

  it('warns when an organization key names no workspace, and refuses one it lacks', async () => {
    const em = await startEmulator({
      teams: [{ apiKey: KEY, workspaces: ['ws-main', 'ws-other'] }],
      triggers: [{ id: 'web' }]
    })
    closing.push(em)
    const none = await notify(em.url, { sha: 'abc1234' })
    expect(none.json).toMatchObject({ warning: expect.stringContaining('ws-main') })
    const named = await notify(em.url, { sha: 'abc1235', workspaceId: 'ws-other' })
    expect(named.json).not.toHaveProperty('warning')
    const unknown = await notify(em.url, { sha: 'abc1236', workspaceId: 'ws-nope' })
    expect(unknown.status).toBe(400)
  })
})
