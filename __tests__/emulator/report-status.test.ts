// POST /api/trpc/public.deployment.reportStatus as the emulator answers it: strict input, tRPC's
// error envelope, a deployment ID bound to its first environment.
import { describe, expect, it } from '@jest/globals'
import type { Emulator } from '../../emulator/server.js'
import { call, DISABLED_KEY, emulators, KEY } from './helpers.js'

const start = emulators()
let em: Emulator

async function report(json: unknown, key = KEY, method = 'POST') {
  const path = '/api/trpc/public.deployment.reportStatus'
  const r = await call(em.url, method, path, {
    key,
    ...(method === 'POST' ? { body: { json } } : {})
  })
  return { status: r.status, body: r.json as Record<string, unknown> }
}

const valid = {
  workspaceId: 'ws-1',
  providerDeploymentId: '1-1-deploy',
  status: 'success',
  environment: { name: 'staging', ephemeral: false },
  deployTarget: 'https://staging.example.com',
  metadata: { commitSha: 'abc1234', repository: 'acme/shop', pullRequestNumber: 4 }
}

function messageOf(body: Record<string, unknown>): unknown {
  return (body['error'] as { json: { message: unknown; data: { code: unknown } } }).json
}

describe('POST /api/trpc/public.deployment.reportStatus', () => {
  it('records a report and answers with the deployment under result.data.json', async () => {
    em = await start({ teams: [{ apiKey: KEY }] })
    const answer = await report(valid)
    const deployment = {
      id: 'dep-1',
      status: 'success',
      url: `${em.url}/workspaces/ws-1/deployments/dep-1`
    }
    expect(answer).toEqual({ status: 200, body: { result: { data: { json: { deployment } } } } })
    // The same ID for the same environment is the same deployment.
    expect((await report(valid)).body).toMatchObject({
      result: { data: { json: { deployment: { id: 'dep-1' } } } }
    })
    expect(em.reportedDeployments()).toHaveLength(1)
    // The docs spelling: the deployment is `json` itself.
    em = await start({ teams: [{ apiKey: KEY }], shape: 'docs' })
    expect((await report(valid)).body).toMatchObject({
      result: { data: { json: { id: 'dep-1' } } }
    })
  })

  it.each([
    [{ ...valid, commitSha: 'abc' }, 'json.commitSha: unrecognized key "commitSha"'],
    [{ ...valid, environment: { id: 'env-1', name: 'staging' } }, 'exactly one of id and name'],
    [{ ...valid, environment: { name: 'staging', alias: 's' } }, 'json.environment: give exactly'],
    [{ ...valid, metadata: { branch: 'main' } }, 'json.metadata.branch: unrecognized key'],
    [{ ...valid, status: 'done' }, 'json.status: Invalid type'],
    [{ ...valid, workspaceId: '' }, 'json.workspaceId']
  ])('refuses an input the service would refuse: %#', async (json, said) => {
    em = await start({ teams: [{ apiKey: KEY }] })
    const answer = await report(json)
    expect(answer.status).toBe(400)
    expect(messageOf(answer.body)).toMatchObject({
      message: expect.stringContaining(said),
      data: { code: 'BAD_REQUEST' }
    })
  })

  it('binds a deployment ID to its environment (409), and answers 401, 403 and 405 in the envelope', async () => {
    em = await start({ teams: [{ apiKey: KEY }, { apiKey: DISABLED_KEY, disabled: true }] })
    await report(valid)
    const moved = await report({ ...valid, environment: { name: 'production' } })
    expect(moved.status).toBe(409)
    expect(messageOf(moved.body)).toMatchObject({ data: { code: 'CONFLICT' } })
    expect((await report(valid, 'wrong')).status).toBe(401)
    expect((await report(valid, DISABLED_KEY)).status).toBe(403)
    expect((await report(valid, KEY, 'GET')).status).toBe(405)
  })
})
