// POST /api/webhooks/environment_terminated as the emulator answers it.
import { afterEach, describe, expect, it } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { authHeaders, KEY, notify } from './helpers.js'

let em: Emulator | undefined
afterEach(async () => {
  await em?.close()
  em = undefined
})

async function terminate(body: unknown, key = KEY) {
  const response = await fetch(`${em!.url}/api/webhooks/environment_terminated`, {
    method: 'POST',
    headers: { ...authHeaders(key), 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

describe('POST /api/webhooks/environment_terminated', () => {
  it('terminates a configured environment by ID, alias or URL, then answers 409', async () => {
    em = await startEmulator({
      teams: [{ apiKey: KEY }],
      environments: [
        { id: 'env-a' },
        { id: 'env-b', alias: 'pr-2' },
        { id: 'env-c', deploymentUrl: 'https://pr-3.example.com' }
      ]
    })
    expect(await terminate({ environmentId: 'env-a' })).toEqual({
      status: 200,
      json: { code: 'terminated', environmentId: 'env-a' }
    })
    expect((await terminate({ environmentAlias: 'pr-2' })).json).toMatchObject({
      environmentId: 'env-b'
    })
    expect(
      (await terminate({ deploymentUrl: 'https://pr-3.example.com', workspaceId: 'w' })).json
    ).toMatchObject({ environmentId: 'env-c' })
    expect((await terminate({ environmentId: 'env-a' })).status).toBe(409)
  })

  it('answers 404 for an unknown environment, 400 for a body naming none or two, 401 for a bad key', async () => {
    em = await startEmulator({ teams: [{ apiKey: KEY }], environments: [{ id: 'env-a' }] })
    expect((await terminate({ environmentId: 'env-x' })).status).toBe(404)
    expect((await terminate({})).status).toBe(400)
    expect((await terminate({ environmentId: 'env-a', environmentAlias: 'a' })).status).toBe(400)
    expect((await terminate({ environmentId: 'env-a' }, 'wrong')).status).toBe(401)
  })

  it('knows the ephemeral environments that notifications announced', async () => {
    em = await startEmulator({ teams: [{ apiKey: KEY }], triggers: [{ id: 'web' }] })
    await notify(em.url, {
      sha: 'abc1234',
      deployment_url: 'https://pr-9.example.com',
      ephemeral_environment: true
    })
    expect((await terminate({ deploymentUrl: 'https://pr-9.example.com' })).json).toEqual({
      code: 'terminated',
      environmentId: 'env-1'
    })
  })
})
