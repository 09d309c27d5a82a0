// POST /api/webhooks/deploy_success and environment_terminated as the emulator answers them.
import { describe, it, expect, beforeEach } from '@jest/globals'
import type { Emulator } from '../../emulator/server.js'
import type { EmulatorConfig } from '../../emulator/config.js'
import { baseConfig, call, emulators, KEY, notify, serviceError } from './helpers.js'

const start = emulators()
let emulator: Emulator
const terminate = async (url: string, body: unknown, key = KEY) => {
  const r = await call(url, 'POST', '/api/webhooks/environment_terminated', { body, key })
  return { status: r.status, json: r.json }
}

beforeEach(async () => {
  const triggers = [
    { id: 'any', environment: 'staging' },
    { id: 'smoke-only', deployment_type: 'smoke' },
    { id: 'broken', deployment_type: 'smoke', failure_reason: 'environment_not_found' },
    { id: 'e2e-only', deployment_type: 'e2e' }
  ]
  emulator = await start(baseConfig({ triggers }))
})

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
    expect(emulator.runs().map(run => [run.id, run.sha, run.origin])).toEqual([
      ['run-1', 'a1', 'notification'],
      ['run-2', 'a1', 'notification']
    ])
    // No deployment_type: only the triggers without one; no SHA: never a duplicate.
    for (const id of ['run-3', 'run-4'])
      expect((await notify(emulator.url, {})).json).toMatchObject({
        results: [{ created_suite_id: id }]
      })
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

  it('rejects bodies that are not a JSON object, or fields of the wrong type, with 400', async () => {
    for (const [body, error] of [
      ['{"sha": ', 'the request body must be a JSON object'],
      ['[1]', 'the request body must be a JSON object'],
      ['{"sha": 5}', '"sha" must be a string'],
      ['{"hosting_service": "github"}', '"hosting_service" must be "GitHub" or "GitLab"'],
      ['{"variables": {"A": 1}}', '"variables.A" must be a string'],
      [
        '{"repository": "acme/shop"}',
        '"repository" must be an object { "owner": string, "name": string }'
      ],
      ['{"pull_request_number": "12"}', '"pull_request_number" must be a positive integer']
    ] as const) {
      const r = await notify(emulator.url, body)
      expect([r.status, r.json]).toEqual([400, serviceError(error)])
    }
    expect(emulator.runs()).toEqual([])
  })
})

describe('the notify answer', () => {
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

  it('live (default): the environment as an object, entries without trigger_id; docs: its name, with', async () => {
    const live = await start(baseConfig({ triggers }))
    expect((await notify(live.url, { sha: 'abc1234' })).json).toEqual({
      deployment_id: 'deployment-1',
      environment: { id: 'env-staging', alias: 'staging', isStatic: true },
      results: LIVE_RESULTS
    })
    const docs = await start(baseConfig({ shape: 'docs', triggers }))
    expect((await notify(docs.url, { sha: 'abc1234' })).json).toEqual({
      deployment_id: 'deployment-1',
      environment: 'staging',
      results: LIVE_RESULTS.map((entry, i) => ({ trigger_id: triggers![i]!.id, ...entry }))
    })
  })

  it('live: a preview deployment gets a new ephemeral environment and runs only preview triggers', async () => {
    const em = await start(
      baseConfig({ triggers: [{ id: 'web' }, { id: 'preview-smoke', previews: true }] })
    )
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
    // terminate knows it: see environment_terminated below.
    const gone = { deploymentUrl: preview.deployment_url }
    expect((await terminate(em.url, gone)).json).toMatchObject({ environmentId: 'env-1' })
    const bare = await start(baseConfig({ triggers: [{ id: 'web' }] }))
    expect(
      (await notify(bare.url, { ...preview, deployment_url: undefined, branch: 'feature/x' })).json
    ).toEqual({
      deployment_id: 'deployment-1',
      environment: { id: 'env-1', alias: 'feature/x', isStatic: false },
      results: []
    })
    expect(bare.runs()).toEqual([])
  })

  it('warns when an organization key names no workspace, and refuses one it lacks', async () => {
    const em = await start({
      teams: [{ apiKey: KEY, workspaces: ['ws-main', 'ws-other'] }],
      triggers: [{ id: 'web' }]
    })
    const none = await notify(em.url, { sha: 'abc1234' })
    expect(none.json).toMatchObject({ warning: expect.stringContaining('ws-main') })
    const named = await notify(em.url, { sha: 'abc1235', workspaceId: 'ws-other' })
    expect(named.json).not.toHaveProperty('warning')
    const unknown = await notify(em.url, { sha: 'abc1236', workspaceId: 'ws-nope' })
    expect(unknown.status).toBe(400)
  })
})

describe('POST /api/webhooks/environment_terminated', () => {
  it('terminates an environment by ID, alias or URL once (then 409); 404, 400 and 401 otherwise', async () => {
    const em = await start({
      teams: [{ apiKey: KEY }],
      environments: [
        { id: 'env-a' },
        { id: 'env-b', alias: 'pr-2' },
        { id: 'env-c', deploymentUrl: 'https://pr-3.example.com' }
      ]
    })
    expect(await terminate(em.url, { environmentId: 'env-a' })).toEqual({
      status: 200,
      json: { code: 'terminated', environmentId: 'env-a' }
    })
    expect((await terminate(em.url, { environmentAlias: 'pr-2' })).json).toMatchObject({
      environmentId: 'env-b'
    })
    const byUrl = { deploymentUrl: 'https://pr-3.example.com', workspaceId: 'w' }
    expect((await terminate(em.url, byUrl)).json).toMatchObject({ environmentId: 'env-c' })
    const statuses = [
      await terminate(em.url, { environmentId: 'env-a' }),
      await terminate(em.url, { environmentId: 'env-x' }),
      await terminate(em.url, {}),
      await terminate(em.url, { environmentId: 'env-a', environmentAlias: 'a' }),
      await terminate(em.url, { environmentId: 'env-b' }, 'wrong')
    ].map(r => r.status)
    expect(statuses).toEqual([409, 404, 400, 400, 401])
  })
})
