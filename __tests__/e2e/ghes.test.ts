// GitHub Enterprise Server, end to end: with the runner's GHES values (GITHUB_SERVER_URL on the
// company's host, GITHUB_API_URL ending in /api/v3), every GitHub link and request goes there.
import { afterEach, describe, expect, it } from '@jest/globals'
import type { RunConfig } from '../../emulator/server.js'
import { runAction } from '../../scripts/action-runner.js'
import {
  baseConfig,
  closeEmulators,
  emulator,
  greenlightInputs,
  loadEvent,
  notifyInputs,
  requestsTo
} from '../helpers/e2e.js'
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js'

const GHES = 'https://ghe.acme.internal'
const PR_HEAD_SHA = '8f3e1c2a9b7d4e6f0a1b2c3d4e5f60718293a4b5'
const DEPLOYED_SHA = '4b825dc642cb6eb9a060e54bf8d69288fbee4904'
const GREEN_RUN: RunConfig = {
  id: 'run-green',
  timeline: [{ stage: 'completed' }],
  workflowsInRun: 3
}

const fakes: FakeGitHub[] = []
afterEach(async () => {
  await closeEmulators()
  await Promise.all(fakes.splice(0).map(fake => fake.close()))
})

async function ghesApi(): Promise<FakeGitHub> {
  const fake = await startFakeGitHub({ prefix: '/api/v3', serverUrl: GHES })
  fakes.push(fake)
  return fake
}

function ghesEnv(apiUrl: string): Record<string, string> {
  return { GITHUB_SERVER_URL: GHES, GITHUB_API_URL: apiUrl, GITHUB_RUN_ID: '31337' }
}

describe('GitHub Enterprise Server end to end', () => {
  it("builds notify's commit_url on the GHES server", async () => {
    const em = await emulator(baseConfig({ triggers: [{ id: 'web' }] }))
    const run = await runAction({
      inputs: notifyInputs(em),
      eventName: 'pull_request',
      event: loadEvent('pull_request.opened'),
      env: ghesEnv(`${GHES}/api/v3`)
    })

    expect(run.exitCode).toBe(0)
    const [request] = requestsTo(em, 'notify')
    expect(request?.json).toMatchObject({
      sha: PR_HEAD_SHA,
      commit_url: `${GHES}/acme/shop/commit/${PR_HEAD_SHA}`
    })
  })

  it('writes the PR comment through the /api/v3 API, with links on the GHES server', async () => {
    const em = await emulator(baseConfig({ runs: [GREEN_RUN] }))
    const api = await ghesApi()
    const run = await runAction({
      inputs: greenlightInputs(em, 'run-green', { 'comment-on-pr': 'true' }),
      eventName: 'pull_request',
      event: loadEvent('pull_request.opened'),
      env: ghesEnv(api.apiUrl)
    })

    expect(run.exitCode).toBe(0)
    expect(run.commands.filter(c => c.command === 'warning')).toHaveLength(0)
    expect(api.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v3/repos/acme/shop/issues/42/comments',
      'POST /api/v3/repos/acme/shop/issues/42/comments'
    ])
    const body = api.comments[0]?.body ?? ''
    expect(body).toContain(`(${GHES}/acme/shop/commit/${PR_HEAD_SHA})`)
    expect(body).toContain(`(${GHES}/acme/shop/actions/runs/31337)`)
    expect(body).not.toContain('github.com')
    expect(run.stdout).toContain(`${GHES}/acme/shop/pull/42#issuecomment-`)
  })

  it('looks the pull request of a deployment up through the /api/v3 API', async () => {
    const em = await emulator(baseConfig({ runs: [GREEN_RUN] }))
    const api = await ghesApi()
    api.pullRequests.push({
      repository: 'acme/shop',
      number: 42,
      state: 'open',
      headSha: DEPLOYED_SHA
    })
    const run = await runAction({
      inputs: greenlightInputs(em, 'run-green', { 'comment-on-pr': 'true' }),
      eventName: 'deployment_status',
      event: loadEvent('deployment_status.success'),
      env: ghesEnv(api.apiUrl)
    })

    expect(run.exitCode).toBe(0)
    expect(api.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v3/repos/acme/shop/commits/${DEPLOYED_SHA}/pulls`,
      'GET /api/v3/repos/acme/shop/issues/42/comments',
      'POST /api/v3/repos/acme/shop/issues/42/comments'
    ])
    expect(api.comments[0]?.body).toContain(`(${GHES}/acme/shop/commit/${DEPLOYED_SHA})`)
  })
})
