// The emulator's GitHub side: QA Wolf's check runs on a notified commit (any route, connected
// repositories only), listed as GitHub lists them; deployments and their statuses. ETags, 304s and
// Link pagination: the end-to-end check-verdict tests.
import { describe, expect, it } from '@jest/globals'
import type { Emulator } from '../../emulator/server.js'
import type { EmulatorConfig } from '../../emulator/config.js'
import { call, emulators, KEY } from './helpers.js'

const SHA = 'a'.repeat(40)
const TOKEN = { authorization: 'token ghs_fake' }
const emulator = emulators()
let em: Emulator | undefined
const start = async (github: EmulatorConfig['github']) =>
  (em = await emulator({ teams: [{ apiKey: KEY }], github }))

async function get(path: string, headers: Record<string, string> = TOKEN) {
  const r = await call(em!.url, 'GET', path, { headers })
  return { ...r, json: r.json as Record<string, unknown> | undefined }
}
const post = (path: string, body: unknown, headers: Record<string, string> = TOKEN) =>
  call(em!.url, 'POST', path, { body, headers: { ...headers, 'content-type': 'application/json' } })

function checks(body: Record<string, unknown> | undefined) {
  return (body?.['check_runs'] as Record<string, unknown>[]).map(run => ({
    name: run['name'],
    status: run['status'],
    conclusion: run['conclusion'],
    app: (run['app'] as { slug: string }).slug
  }))
}

async function reportStatus(sha: string, repository: string) {
  const json = {
    workspaceId: 'ws-1',
    providerDeploymentId: `dep-${sha.slice(0, 6)}`,
    status: 'success',
    environment: { name: 'staging' },
    metadata: { commitSha: sha, repository }
  }
  const answer = await call(em!.url, 'POST', '/api/trpc/public.deployment.reportStatus', {
    body: { json }
  })
  expect(answer.status).toBe(200)
}

const LIST = `/repos/acme/shop/commits/${SHA}/check-runs?check_name=QA+Wolf+Test+Results`

describe("the emulator's GitHub side", () => {
  it('posts QA Wolf Test Results when the run of a reported commit ends, for a connected repository', async () => {
    await start({ connected: ['acme/shop'], checks: [{ conclusion: 'failure', afterPolls: 1 }] })
    await reportStatus(SHA, 'acme/shop')
    await reportStatus(SHA, 'acme/other')
    expect(checks((await get(LIST)).json)).toEqual([])
    expect(checks((await get(LIST)).json)).toEqual([
      { name: 'QA Wolf Test Results', status: 'completed', conclusion: 'failure', app: 'qawolf' }
    ])
    const all = await get(`/repos/acme/shop/commits/${SHA}/check-runs`)
    expect(checks(all.json).map(run => run.name)).toEqual([
      'QA Wolf Test Run',
      'QA Wolf Test Results'
    ])
    // Nothing for a repository that is not connected.
    expect(checks((await get(`/repos/acme/other/commits/${SHA}/check-runs`)).json)).toEqual([])
  })

  it('lists only the latest check run of a name and app unless filter=all', async () => {
    await start({
      checkRuns: [
        { repository: 'acme/shop', sha: SHA, conclusion: 'failure' },
        { repository: 'acme/shop', sha: SHA, conclusion: 'success' }
      ]
    })
    expect(checks((await get(LIST)).json).map(run => run.conclusion)).toEqual(['success'])
    expect(checks((await get(`${LIST}&filter=all`)).json)).toHaveLength(2)
  })

  it('creates deployments and posts checks for the deployment SHA on its success status', async () => {
    await start({ connected: ['acme/shop'], checks: [{ conclusion: 'success', afterPolls: 0 }] })
    const created = await post('/repos/acme/shop/deployments', { ref: SHA, environment: 'staging' })
    expect(created).toMatchObject({ status: 201, json: { sha: SHA } })
    const id = (created.json as { id: number }).id
    const status = await post(`/repos/acme/shop/deployments/${id}/statuses`, { state: 'success' })
    expect(status.status).toBe(201)
    expect(checks((await get(LIST)).json)).toEqual([
      { name: 'QA Wolf Test Results', status: 'completed', conclusion: 'success', app: 'qawolf' }
    ])
  })

  it('refuses a request without a token, and every request when told to', async () => {
    await start({})
    expect((await get(LIST, {})).status).toBe(401)
    await start({ refuse: 403 })
    expect((await get(LIST)).json).toMatchObject({
      message: 'Resource not accessible by integration'
    })
  })
})
