// terminate mode as a step: it tells the QA service that a preview environment is gone
// (the legacy webhook), marks its active GitHub deployments inactive (via github-deployment) or
// reports it inactive (via report-status). How each answer reads (404 and 409 are repeats, only
// `terminated` is terminated) and the input errors: unit/terminate and unit/inputs.
import { describe, expect, it } from '@jest/globals'
import type { ServerResponse } from 'node:http'
import { runAction } from '../../scripts/action-runner.js'
import type { Emulator } from '../../emulator/server.js'
import {
  API_KEY,
  messagesOf,
  qaService,
  scriptedService,
  terminateInputs,
  terminateStep,
  tinyServer
} from '../helpers/e2e.js'
import { reportsTo } from '../helpers/notify-route.js'

describe('via: environment-terminated (the legacy webhook)', () => {
  it('posts exactly the one name given, with the workspace, and reports terminated', async () => {
    const server = await scriptedService([
      { status: 200, body: { code: 'terminated', environmentId: 'env-42' } }
    ])
    const run = await terminateStep(server, {
      'environment-alias': 'pr-17',
      'workspace-id': 'ws-3',
      label: 'preview'
    })

    expect(run.exitCode).toBe(0)
    const [request, ...others] = server.requests
    expect(others).toEqual([])
    expect(request?.method).toBe('POST')
    expect(request?.target).toBe('/api/webhooks/environment_terminated')
    expect(request?.headers['authorization']).toBe(`Bearer ${API_KEY}`)
    expect(JSON.parse(request?.body ?? '')).toEqual({
      environmentAlias: 'pr-17',
      workspaceId: 'ws-3'
    })
    expect(run.outputs).toEqual({ outcome: 'terminated', 'environment-id': 'env-42' })
    expect(run.summary).toContain('Terminated')
    expect(run.stdout).toContain('that the environment pr-17 is gone.')
  })
})

const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'

/** terminate on a closed pull request, with `github` as GitHub's API (the emulator's, or a stub). */
function terminate(github: { url: string }, inputs: Record<string, string>, env = {}) {
  return runAction({
    inputs: terminateInputs(github, inputs),
    eventName: 'pull_request',
    event: { action: 'closed', number: 42, pull_request: { number: 42 } },
    env: {
      GITHUB_RUN_ID: '9123456789',
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_JOB: 'clean-up',
      GITHUB_API_URL: github.url,
      ...env
    }
  })
}
const byDeployment = { via: 'github-deployment', environment: 'pr-42' }

/** A GitHub deployment of acme/shop to `environment` with the statuses `states`, oldest first. */
const deployment = (em: Emulator, states: string[], environment = 'pr-42') =>
  em.github.addDeployment({ repository: 'acme/shop', sha: SHA, environment, states })

describe('via: github-deployment', () => {
  it('marks every active deployment of the environment inactive, every page of them, once', async () => {
    const em = await qaService()
    const gone = deployment(em, ['success', 'inactive'])
    const other = deployment(em, ['success'], 'pr-7')
    // Over one page of GitHub's list (100).
    const live = Array.from({ length: 101 }, () => deployment(em, ['success']))

    const run = await terminate(em, { ...byDeployment, label: 'preview' })
    expect(run.exitCode).toBe(0)
    const posts = em.requests.filter(r => r.method === 'POST')
    expect(posts.map(r => r.path).sort()).toEqual(
      live.map(d => `/repos/acme/shop/deployments/${d.id}/statuses`).sort()
    )
    expect(em.requests[0]?.path).toBe('/repos/acme/shop/deployments')
    expect(em.requests[0]?.query['environment']).toBe('pr-42')
    expect(posts[0]?.headers['authorization']).toBe('token ghs_e2eFakeToken')
    expect(posts[0]?.json).toEqual({ state: 'inactive', description: expect.any(String) })
    expect(live.filter(d => em.github.deploymentState(d.id) !== 'inactive')).toEqual([])
    expect(em.github.deploymentState(gone.id)).toBe('inactive')
    expect(em.github.deploymentState(other.id)).toBe('success')
    // Nothing goes to the QA service: the GitHub App reads the statuses.
    expect(em.requests.every(r => r.path.startsWith('/repos/'))).toBe(true)
    expect(run.outputs['outcome']).toBe('terminated')
    expect(run.stdout).toContain('101 deployments of environment pr-42 marked inactive')
    expect(run.summary).toContain('pr-42')
    expect(run.summary).toContain('marked inactive')
    expect(messagesOf(run, 'warning')).toEqual([])

    // Safe to repeat: a repeat finds none active; an environment with no deployment is not found.
    const again = await terminate(em, byDeployment)
    const unknown = await terminate(em, { ...byDeployment, environment: 'pr-404' })
    expect([again.exitCode, unknown.exitCode]).toEqual([0, 0])
    expect(em.requests.filter(r => r.method === 'POST')).toHaveLength(101)
    expect(again.outputs['outcome']).toBe('already-terminated')
    expect(messagesOf(again, 'warning').join('\n')).toContain(
      'No GitHub deployment of environment pr-42 is active'
    )
    expect(unknown.outputs['outcome']).toBe('not-found')
    expect(messagesOf(unknown, 'warning').join('\n')).toContain("Check 'environment'")
  })

  it('names deployments: write when GitHub refuses, and fails', async () => {
    const em = await qaService({ github: { refuse: 403 } })
    const run = await terminate(em, byDeployment)
    expect(run.exitCode).toBe(1)
    expect(run.outputs['outcome']).toBe('')
    expect(messagesOf(run, 'error').join('\n')).toContain('deployments: write')
  })

  function reply(res: ServerResponse, status: number, body: string, type = 'application/json') {
    res.writeHead(status, { 'content-type': type })
    res.end(body)
  }

  // prettier-ignore
  it.each([
    ['an HTML page', '<html>Sign in</html>', 'text/html', '', 'the deployments of environment pr-42'],
    ['statuses not a list', '[{"id":7,"environment":"pr-42"}]', undefined, '{"state":"inactive"}', 'the statuses of deployment 7'],
    ['a status without a state', '[{"id":7,"environment":"pr-42"}]', undefined, '[{"id":12,"state":null},{"id":11,"state":"inactive"}]', 'the statuses of deployment 7 (one has no ID or no state)'],
    ['a status ID in text', '[{"id":7,"environment":"pr-42"}]', undefined, '[{"id":"12","state":"success"},{"id":11,"state":"inactive"}]', 'the statuses of deployment 7 (one has no ID or no state)']
  ])('fails on an answer it cannot read, %s, and marks nothing', async (_, list, type, statuses, what) => {
    const gh = await tinyServer()
    gh.handle = (req, res) => {
      if (req.url?.startsWith('/repos/acme/shop/deployments?')) return reply(res, 200, list, type)
      if (req.method === 'GET') return reply(res, 200, statuses)
      reply(res, 201, '{"id":99,"state":"inactive"}')
    }
    const run = await terminate(gh, byDeployment)
    expect(run.exitCode).toBe(1)
    expect(run.outputs['outcome']).toBe('')
    expect(messagesOf(run, 'error').join('\n')).toContain(`could not read ${what}`)
    expect(gh.requests.filter(r => r.method === 'POST')).toEqual([])
  })

  it('reads every page of statuses, an unknown state is live; names what it marked and did not when its budget ends', async () => {
    const gh = await tinyServer()
    const list = [1, 2, 3].map(id => ({ id, environment: 'pr-42' }))
    gh.handle = (req, res) => {
      if (req.url?.startsWith('/repos/acme/shop/deployments?')) {
        return reply(res, 200, JSON.stringify(list))
      }
      const first = req.url?.endsWith('&page=1')
      if (first) res.setHeader('link', '<https://x/?page=2>; rel="next"')
      const statuses = first ? '[{"id":1,"state":"inactive"}]' : '[{"id":2,"state":"waiting"}]'
      if (req.method === 'GET') return reply(res, 200, statuses)
      // Deployment 2's mark hangs until the budget ends.
      if (!req.url?.includes('/deployments/2/')) reply(res, 201, '{"id":9,"state":"inactive"}')
    }
    const run = await terminate(gh, byDeployment, { QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS: '3000' })
    expect(run.exitCode).toBe(1)
    const error = messagesOf(run, 'error').join('\n')
    expect(error).toContain('GitHub did not answer within 3s')
    expect(error).toContain('marked inactive: 1; not marked: 2, 3')
  })
})

describe('via: report-status', () => {
  it("reports the environment inactive, and says what QA Wolf's answer does not tell", async () => {
    const em = await qaService()
    const run = await terminate(em, {
      via: 'report-status',
      environment: 'pr-42',
      'workspace-id': 'ws-1'
    })

    expect(run.exitCode).toBe(0)
    const reports = reportsTo(em)
    expect(reports.map(r => r.headers['authorization'])).toEqual([`Bearer ${API_KEY}`])
    expect(reports[0]?.json).toEqual({
      json: {
        workspaceId: 'ws-1',
        providerDeploymentId: '9123456789-1-clean-up',
        status: 'inactive',
        environment: { name: 'pr-42', ephemeral: true }
      }
    })
    expect(em.reportedDeployments().map(d => d.status)).toEqual(['inactive'])
    expect(em.requests).toHaveLength(1)
    expect(run.outputs['outcome']).toBe('terminated')
    // Never reported before: the answer does not say QA Wolf knew it, nor that it is stopped.
    for (const said of ['is not public', 'does not say whether QA Wolf knew environment pr-42']) {
      expect(run.stdout).toContain(said)
      expect(run.summary).toContain(said)
    }
  })
})
