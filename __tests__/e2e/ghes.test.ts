// GitHub Enterprise Server, end to end: with the runner's GHES values (GITHUB_SERVER_URL on the
// company's host, GITHUB_API_URL ending in /api/v3), every GitHub link and request goes there.
import { describe, expect, it } from '@jest/globals'
import type { RunConfig } from '../../emulator/server.js'
import {
  commandsOf,
  DEPLOYED_SHA,
  fakeGitHub,
  PR_HEAD_SHA,
  qaService,
  requestsTo
} from '../helpers/e2e.js'
import type { FakeGitHub } from '../helpers/fake-github.js'
import { commentingGate } from '../helpers/pr-gate.js'
import { notifyOn, webService } from '../helpers/notify-route.js'

const GHES = 'https://ghe.acme.internal'
const GREEN_RUN: RunConfig = { id: 'run-green', timeline: [{ stage: 'completed' }] }

function ghesApi(): Promise<FakeGitHub> {
  return fakeGitHub({ prefix: '/api/v3', serverUrl: GHES })
}

function ghesEnv(apiUrl: string): Record<string, string> {
  return { GITHUB_SERVER_URL: GHES, GITHUB_API_URL: apiUrl, GITHUB_RUN_ID: '31337' }
}

describe('GitHub Enterprise Server end to end', () => {
  it("builds notify's commit_url on the GHES server", async () => {
    const em = await webService()
    const run = await notifyOn('pull_request.opened', em, ghesEnv(`${GHES}/api/v3`))

    expect(run.exitCode).toBe(0)
    const [request] = requestsTo(em, 'notify')
    expect(request?.json).toMatchObject({
      sha: PR_HEAD_SHA,
      commit_url: `${GHES}/acme/shop/commit/${PR_HEAD_SHA}`
    })
  })

  it('writes the PR comment through the /api/v3 API, with links on the GHES server', async () => {
    const em = await qaService({ runs: [GREEN_RUN] })
    const api = await ghesApi()
    const run = await commentingGate(em, 'run-green', api.apiUrl, { env: ghesEnv(api.apiUrl) })

    expect(run.exitCode).toBe(0)
    expect(commandsOf(run, 'warning')).toHaveLength(0)
    expect(api.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v3/user',
      // An app token cannot say who it is at /user; GraphQL, beside /api/v3, names its bot.
      'POST /api/graphql',
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
    const em = await qaService({ runs: [GREEN_RUN] })
    const api = await ghesApi()
    api.pullRequests.push({
      repository: 'acme/shop',
      number: 42,
      state: 'open',
      headSha: DEPLOYED_SHA
    })
    const run = await commentingGate(em, 'run-green', api.apiUrl, {
      event: 'deployment_status.success',
      env: ghesEnv(api.apiUrl)
    })

    expect(run.exitCode).toBe(0)
    expect(api.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v3/repos/acme/shop/commits/${DEPLOYED_SHA}/pulls`,
      'GET /api/v3/user',
      // An app token cannot say who it is at /user; GraphQL, beside /api/v3, names its bot.
      'POST /api/graphql',
      'GET /api/v3/repos/acme/shop/issues/42/comments',
      'POST /api/v3/repos/acme/shop/issues/42/comments'
    ])
    expect(api.comments[0]?.body).toContain(`(${GHES}/acme/shop/commit/${DEPLOYED_SHA})`)
  })
})
