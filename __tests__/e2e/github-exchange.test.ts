// The action's exchanges with GitHub and the QA service under the failures a hardening round found
// (issue 35: a retry storm, a rate limit taken for a permission, a POST followed across origins,
// pieces of the token shown, another identity's comment edited), end to end through the bundle
// against the fake GitHub and the emulator on loopback. Then GitHub Enterprise Server: with the
// runner's GHES values (GITHUB_SERVER_URL on the company's host, GITHUB_API_URL ending in
// /api/v3), every GitHub link and request goes there.
import { describe, expect, it } from '@jest/globals'
import type { ActionRun } from '../../scripts/action-runner.js'
import { secretExposures } from '../../scripts/action-runner.js'
import type { FakeGitHub } from '../helpers/fake-github.js'
import {
  baseConfig,
  commandsOf,
  DEPLOYED_SHA,
  emulator,
  fakeGitHub,
  messagesOf,
  PR_HEAD_SHA,
  qaService,
  requestsTo,
  tinyServer
} from '../helpers/e2e.js'
import { commentingGate } from '../helpers/pr-gate.js'
import {
  deploymentInputs,
  notifyOn,
  reportStep,
  reportsTo,
  runRoute,
  webService
} from '../helpers/notify-route.js'

const GREEN_RUN = { id: 'run-green', timeline: [{ stage: 'completed' as const }] }
/** Every request to GitHub may take this long before the step gives up; a storm fits in it. */
const BUDGET = { QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS: '8000' }

function deploying(gh: FakeGitHub, extra: Record<string, string> = {}): Promise<ActionRun> {
  return runRoute(deploymentInputs(extra), { github: gh.apiUrl, env: BUDGET })
}

const deploymentPosts = (gh: FakeGitHub) =>
  gh.requests.filter(r => r.method === 'POST' && r.path === '/repos/acme/shop/deployments')

function errorOf(run: ActionRun): string {
  return messagesOf(run, 'error').join('\n')
}

describe('rate limits', () => {
  it.each([
    ['a reset time already past', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' }],
    ['Retry-After: 0', { 'retry-after': '0' }]
  ])(
    'with %s, the deployment POST is tried a few times, not thousands, and nothing claims it may exist',
    async (_, headers) => {
      const gh = await fakeGitHub()
      gh.override = request =>
        request.method === 'POST'
          ? { status: 403, body: { message: 'API rate limit exceeded' }, headers }
          : undefined
      const run = await deploying(gh)

      expect(run.exitCode).toBe(1)
      expect(deploymentPosts(gh).length).toBeGreaterThan(1)
      expect(deploymentPosts(gh).length).toBeLessThanOrEqual(4)
      const error = errorOf(run)
      expect(error).toContain('GitHub did not create the deployment')
      expect(error).toContain('rate limit')
      expect(error).not.toMatch(/wait 0s/)
      expect(error).not.toContain('may exist')
      expect(run.outputs['github-deployment-id']).toBe('')
    }
  )

  it('reads comments a few times under Retry-After: 0, not thousands', async () => {
    const em = await qaService({ runs: [GREEN_RUN] })
    const gh = await fakeGitHub()
    gh.override = request =>
      request.method === 'GET' && request.path.endsWith('/comments')
        ? { status: 429, body: { message: 'Too many requests' }, headers: { 'retry-after': '0' } }
        : undefined
    const run = await commentingGate(em, 'run-green', gh.apiUrl, {
      env: { QA_GREENLIGHT_TEST_PR_COMMENT_BUDGET_MS: '8000' }
    })

    expect(run.exitCode).toBe(0)
    const reads = gh.requests.filter(r => r.method === 'GET' && r.path.endsWith('/comments'))
    expect(reads.length).toBeGreaterThan(1)
    expect(reads.length).toBeLessThanOrEqual(4)
    const [warning] = messagesOf(run, 'warning')
    expect(warning).toContain('rate limit')
    expect(warning).not.toMatch(/wait 0s/)
    expect(gh.comments).toHaveLength(0)
  })

  it('takes a 403 whose message says "secondary rate limit", without headers, for a rate limit', async () => {
    const gh = await fakeGitHub()
    gh.override = request =>
      request.method === 'POST'
        ? {
            status: 403,
            body: {
              message: 'You have exceeded a secondary rate limit. Please wait a few minutes.'
            }
          }
        : undefined
    const run = await deploying(gh)

    expect(run.exitCode).toBe(1)
    const error = errorOf(run)
    expect(error).toContain('rate limit')
    expect(error).toContain('This is not a missing permission')
    expect(error).not.toContain('deployments: write')
  })
})

describe('redirects', () => {
  it('never follows a redirect of the deployment POST to another origin, and reports it', async () => {
    const elsewhere = await tinyServer()
    const seen: string[] = []
    elsewhere.handle = (req, res) => {
      seen.push(`${req.method} ${req.url}`)
      res.writeHead(201, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id: 666 }))
    }
    const gh = await fakeGitHub()
    gh.override = request =>
      request.method === 'POST' && request.path === '/repos/acme/shop/deployments'
        ? {
            status: 307,
            body: { message: 'Temporary Redirect' },
            headers: { location: `${elsewhere.url}/repos/acme/shop/deployments` }
          }
        : undefined
    const run = await deploying(gh, { variables: 'API_URL=https://api.staging.example.com' })

    expect(seen).toEqual([])
    expect(run.exitCode).toBe(1)
    expect(deploymentPosts(gh)).toHaveLength(1)
    const error = errorOf(run)
    expect(error).toContain('GitHub did not create the deployment: GitHub answered 307')
    expect(error).toContain(`redirected the request to ${new URL(elsewhere.url).origin}`)
    expect(run.outputs['github-deployment-id']).toBe('')
  })
})

describe('secrets', () => {
  it('shows no 8-character piece of github-token, even when GitHub echoes a prefix of it', async () => {
    const token = 'ghs_Pr3fixEch0edByGitHubAbcdefghijklmnop'
    const gh = await fakeGitHub()
    gh.override = request =>
      request.method === 'POST'
        ? { status: 401, body: { message: `Bad credentials for ${token.slice(0, 16)}…` } }
        : undefined
    const run = await deploying(gh, { 'github-token': token })

    expect(run.exitCode).toBe(1)
    expect(errorOf(run)).toContain('Bad credentials for')
    // Everything a reader sees; the runner's own `::add-mask::` command is what hides it.
    expect(secretExposures(run, token)).toEqual([])
  })
})

describe('the sticky comment when the identity cannot be learned', () => {
  it('after a GraphQL 5xx, writes a new comment instead of editing github-actions[bot]’s', async () => {
    const em = await qaService({ runs: [GREEN_RUN] })
    const gh = await fakeGitHub()
    const theirs = '<!-- qa-greenlight -->\nanother workflow’s verdict'
    const existing = gh.addComment('acme/shop', 42, theirs, 'github-actions[bot]')
    gh.appLogin = 'qa-app[bot]'
    gh.override = request =>
      request.path === '/graphql' ? { status: 502, body: { message: 'Server Error' } } : undefined
    const run = await commentingGate(em, 'run-green', gh.apiUrl)

    expect(run.exitCode).toBe(0)
    expect(gh.requests.some(r => r.method === 'PATCH')).toBe(false)
    expect(gh.comments.find(c => c.id === existing)?.body).toBe(theirs)
    expect(gh.comments).toHaveLength(2)
    expect(run.stdout).toContain('could not say which identity the token writes as')
  })
})

describe('report-status', () => {
  it('is sent again after a 503: its providerDeploymentId makes it idempotent', async () => {
    const em = await emulator({
      ...baseConfig(),
      faults: { 'report-status': { script: [{ kind: 'status', status: 503 }] } }
    })
    const run = await reportStep(em)

    expect(run.exitCode).toBe(0)
    const reports = reportsTo(em)
    expect(reports).toHaveLength(2)
    expect(reports[1]?.json).toEqual(reports[0]?.json)
    expect(run.outputs['deployment-id']).toBe('dep-1')
  })
})

const GHES = 'https://ghe.acme.internal'

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
