// terminate mode end to end: the bundle tells the QA service that a preview environment is gone
// (the legacy webhook), marks its active GitHub deployments inactive (via github-deployment) or
// reports it inactive (via report-status); each safe to repeat, and none reports a live preview as
// closed on an answer it cannot read.
import { describe, expect, it } from '@jest/globals'
import type { ServerResponse } from 'node:http'
import { runAction } from '../../scripts/action-runner.js'
import type { Emulator } from '../../emulator/server.js'
import {
  API_KEY,
  messagesOf,
  qaService,
  scriptedService as service,
  terminateInputs,
  terminateStep,
  tinyServer
} from '../helpers/e2e.js'
import { reportsTo } from '../helpers/notify-route.js'

describe('via: environment-terminated (the legacy webhook)', () => {
  it('posts exactly the one name given, with the workspace, and reports terminated', async () => {
    const server = await service([
      { status: 200, body: { code: 'terminated', environmentId: 'env-42' } }
    ])
    const run = await terminateStep(server, {
      'environment-alias': 'pr-17',
      'workspace-id': 'ws-3',
      label: 'preview'
    })

    expect(run.exitCode).toBe(0)
    const [request] = server.requests
    expect(request?.method).toBe('POST')
    expect(request?.target).toBe('/api/webhooks/environment_terminated')
    expect(request?.headers['authorization']).toBe(`Bearer ${API_KEY}`)
    expect(JSON.parse(request?.body ?? '')).toEqual({
      environmentAlias: 'pr-17',
      workspaceId: 'ws-3'
    })
    expect(run.outputs).toEqual({ outcome: 'terminated', 'environment-id': 'env-42' })
    expect(run.summary).toContain('Terminated')
    // The log names the environment in words, not by the request's field.
    expect(run.stdout).toContain('that the environment pr-17 is gone.')
    expect(run.stdout).not.toContain('environmentAlias')

    // A deployment URL is sent as given, and shown without its credentials.
    const url = 'https://bot:hunter2-s3cret@pr-17.preview.example.com/'
    const byUrl = await terminateStep(server, { 'deployment-url': url })
    expect(byUrl.exitCode).toBe(0)
    expect(server.requests).toHaveLength(2)
    expect(JSON.parse(server.requests[1]?.body ?? '')).toEqual({ deploymentUrl: url })
    expect(byUrl.stdout).toContain('the environment at https://pr-17.preview.example.com/ is gone')
    expect(byUrl.summary).toContain('pr-17.preview.example.com')
    expect(byUrl.allText).not.toContain('hunter2-s3cret')
  })

  it.each([
    [404, 'not-found'],
    [409, 'already-terminated']
  ])(
    'turns %i into a warning and outcome %s: the step is safe to repeat',
    async (status, outcome) => {
      const server = await service([{ status, body: { error: 'whatever the service says' } }])
      const run = await terminateStep(server, { 'environment-id': 'env-9' })

      expect(run.exitCode).toBe(0)
      expect(server.requests).toHaveLength(1)
      expect(run.outputs['outcome']).toBe(outcome)
      expect(messagesOf(run, 'warning')).toHaveLength(1)
      expect(messagesOf(run, 'error')).toEqual([])
    }
  )

  it('retries a 500, then reports the termination; reads the older answer, a list of results', async () => {
    const server = await service([
      { status: 500, body: { error: 'busy' } },
      {
        status: 200,
        body: { code: 'terminated', environmentId: 'env-1', warning: 'Used workspace Main' }
      }
    ])
    const run = await terminateStep(server, { 'environment-id': 'env-1' })
    const older = await service([
      { status: 200, body: { results: [{ environmentId: 'env-9', code: 'terminated' }] } }
    ])
    const listed = await terminateStep(older, { 'environment-alias': 'pr-42' })

    expect(run.exitCode).toBe(0)
    expect(server.requests).toHaveLength(2)
    expect(run.outputs['outcome']).toBe('terminated')
    expect(messagesOf(run, 'warning')).toEqual(['Used workspace Main'])
    expect(listed.exitCode).toBe(0)
    expect(listed.outputs).toEqual({ outcome: 'terminated', 'environment-id': 'env-9' })
  })

  it('fails on a 200 whose code is not terminated, showing the service error, after one request', async () => {
    const server = await service([
      { status: 200, body: { code: 'failed', error: 'environment <b>is</b> locked' } }
    ])
    const run = await terminateStep(server, { 'environment-alias': 'pr-17' })
    expect(run.exitCode).toBe(1)
    expect(server.requests).toHaveLength(1)
    expect(run.outputs).toEqual({ outcome: '', 'environment-id': '' })
    expect(messagesOf(run, 'error')).toEqual([
      "The environment termination failed: the service answered 200 with code 'failed', not 'terminated': environment <b>is</b> locked"
    ])
    expect(run.summary).toContain('⛔ **Not terminated:** the request failed.')
    expect(run.summary).toContain('environment &lt;b&gt;is&lt;/b&gt; locked')
    expect(run.summary).not.toContain('Terminated:**')
  })
})

const RUN = { GITHUB_RUN_ID: '9123456789', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'clean-up' }
const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'

/** terminate on a closed pull request, with the emulator (or `github`) as GitHub's API. */
function terminate(em: { url: string }, inputs: Record<string, string>, killAfterMs?: number) {
  return runAction({
    inputs: terminateInputs(em, inputs),
    eventName: 'pull_request',
    event: { action: 'closed', number: 42, pull_request: { number: 42 } },
    env: { ...RUN, GITHUB_API_URL: em.url },
    // A thousand reads take long on a loaded machine: only a hang may end the run.
    ...(killAfterMs === undefined ? {} : { killAfterMs })
  })
}
const byDeployment = { via: 'github-deployment', environment: 'pr-42' }

/** A GitHub deployment of acme/shop to `environment` with the statuses `states`, oldest first. */
const deployment = (em: Emulator, states: string[], environment = 'pr-42') =>
  em.github.addDeployment({ repository: 'acme/shop', sha: SHA, environment, states })

describe('via: github-deployment', () => {
  it('marks every active deployment of the environment inactive, once: a repeat finds none', async () => {
    const em = await qaService()
    const live = deployment(em, ['success'])
    const gone = deployment(em, ['success', 'inactive'])
    const other = deployment(em, ['success'], 'pr-7')

    const run = await terminate(em, { ...byDeployment, label: 'preview' })
    expect(run.exitCode).toBe(0)
    const environment = (r: { query: Record<string, string | undefined> }) =>
      r.query['environment'] ? `?environment=${r.query['environment']}` : ''
    expect(em.requests.map(r => `${r.method} ${r.path}${environment(r)}`)).toEqual([
      'GET /repos/acme/shop/deployments?environment=pr-42',
      `GET /repos/acme/shop/deployments/${gone.id}/statuses`,
      `GET /repos/acme/shop/deployments/${live.id}/statuses`,
      `POST /repos/acme/shop/deployments/${live.id}/statuses`
    ])
    const marked = em.requests.find(r => r.method === 'POST')
    expect(marked?.headers['authorization']).toBe('token ghs_e2eFakeToken')
    expect(marked?.json).toEqual({ state: 'inactive', description: expect.any(String) })
    expect(em.github.deploymentState(live.id)).toBe('inactive')
    expect(em.github.deploymentState(other.id)).toBe('success')
    // Nothing goes to the QA service: the GitHub App reads the statuses.
    expect(run.outputs['outcome']).toBe('terminated')
    expect(run.summary).toContain('pr-42')
    expect(run.summary).toContain('marked inactive')
    expect(messagesOf(run, 'warning')).toEqual([])

    const again = await terminate(em, byDeployment)
    expect(again.exitCode).toBe(0)
    expect(again.outputs['outcome']).toBe('already-terminated')
    expect(em.requests.filter(r => r.method === 'POST')).toHaveLength(1)
    expect(messagesOf(again, 'warning').join('\n')).toContain(
      'No GitHub deployment of environment pr-42 is active'
    )
  })

  it('reports not-found, and passes, when the environment has no deployment', async () => {
    const em = await qaService()
    const run = await terminate(em, { via: 'github-deployment', environment: 'pr-404' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['outcome']).toBe('not-found')
    expect(messagesOf(run, 'warning').join('\n')).toContain("Check 'environment'")
  })

  it('names deployments: write when GitHub refuses, and fails', async () => {
    const em = await qaService({ github: { refuse: 403 } })
    const run = await terminate(em, byDeployment)
    expect(run.exitCode).toBe(1)
    expect(run.outputs['outcome']).toBe('')
    expect(messagesOf(run, 'error').join('\n')).toContain('deployments: write')
  })

  it('reads every page: marks 150 live deployments in one run', async () => {
    const em = await qaService()
    const live = Array.from({ length: 150 }, () => deployment(em, ['success']))
    const run = await terminate(em, byDeployment, 110_000)
    expect(run.outputs['outcome']).toBe('terminated')
    expect(live.filter(d => em.github.deploymentState(d.id) !== 'inactive')).toEqual([])
    expect(run.stdout).toContain('150 deployments of environment pr-42 marked inactive')
  }, 120_000)

  function reply(res: ServerResponse, status: number, body: string, type = 'application/json') {
    res.writeHead(status, { 'content-type': type })
    res.end(body)
  }

  it.each([
    [
      'an object',
      '{"message":"ok"}',
      'application/json',
      'could not read the deployments of environment pr-42'
    ],
    ['null', 'null', 'application/json', 'could not read the deployments of environment pr-42'],
    [
      'an HTML page',
      '<html>Sign in</html>',
      'text/html',
      'could not read the deployments of environment pr-42'
    ],
    [
      'statuses not a list',
      '[{"id":7,"environment":"pr-42"}]',
      'application/json',
      'could not read the statuses of deployment 7'
    ]
  ])('fails on an answer it cannot read: %s', async (_, list, type, message) => {
    const gh = await tinyServer()
    gh.handle = (req, res) => {
      if (req.url?.startsWith('/repos/acme/shop/deployments?')) return reply(res, 200, list, type)
      if (req.method === 'GET') return reply(res, 200, '{"state":"inactive"}')
      reply(res, 201, '{"id":99,"state":"inactive"}')
    }
    const run = await terminate(gh, byDeployment)
    expect(run.exitCode).toBe(1)
    expect(run.outputs['outcome']).toBe('')
    expect(messagesOf(run, 'error').join('\n')).toContain(message)
    expect(gh.requests.filter(r => r.method === 'POST')).toEqual([])
  })

  it('names what it marked and what it did not when its budget ends', async () => {
    const gh = await tinyServer()
    const list = [1, 2, 3].map(id => ({ id, environment: 'pr-42' }))
    gh.handle = (req, res) => {
      if (req.url?.startsWith('/repos/acme/shop/deployments?')) {
        return reply(res, 200, JSON.stringify(list))
      }
      if (req.method === 'GET') return reply(res, 200, '[{"id":1,"state":"success"}]')
      // Deployment 2's mark hangs until the budget ends.
      if (!req.url?.includes('/deployments/2/')) reply(res, 201, '{"id":9,"state":"inactive"}')
    }
    const run = await runAction({
      inputs: terminateInputs(gh, byDeployment),
      env: { GITHUB_API_URL: gh.url, QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS: '8000' },
      killAfterMs: 60_000
    })
    expect(run.exitCode).toBe(1)
    const error = messagesOf(run, 'error').join('\n')
    expect(error).toContain('GitHub did not answer within 8s')
    expect(error).toContain('marked inactive: 1; not marked: 2, 3')
  }, 60_000)
})

describe('via: report-status', () => {
  const inputs = { via: 'report-status', environment: 'pr-42', 'workspace-id': 'ws-1' }

  it("reports the environment inactive, says what QA Wolf's answer does not tell; safe to repeat", async () => {
    const em = await qaService()
    const run = await terminate(em, inputs)

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
    expect(run.outputs['outcome']).toBe('terminated')
    expect(run.stdout).toContain('is not public')
    expect(run.summary).toContain('not public')
    // Never reported before: the answer does not say QA Wolf knew it, nor that it is stopped.
    const said = 'does not say whether QA Wolf knew environment pr-42'
    expect(run.stdout).toContain(said)
    expect(run.summary).toContain(said)
    expect(run.stdout).not.toContain('environment pr-42 is inactive')
    expect(em.requests.filter(r => r.path.includes('environment_terminated'))).toEqual([])

    const again = await terminate(em, inputs)
    expect([again.exitCode, again.outputs['outcome']]).toEqual([0, 'terminated'])
  })

  it('words an answer cut off for terminate, and sends it once', async () => {
    const server = await tinyServer()
    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' })
      res.write('{"result":{"data":{"json":{"deploy')
      setTimeout(() => res.destroy(), 50)
    }
    const run = await terminate(server, inputs)
    expect(run.exitCode).toBe(1)
    expect(server.requests).toHaveLength(1)
    const error = messagesOf(run, 'error').join('\n')
    expect(error).not.toContain('triggers evaluated')
    expect(error).toContain('may have taken the inactive report of environment pr-42')
  })
})

describe('input errors send nothing', () => {
  it.each([
    [{}, "'environment-id'"],
    [{ via: 'github-deployment' }, "Input 'environment' is required with via: github-deployment"],
    [
      { via: 'report-status', 'workspace-id': 'ws-1' },
      "Input 'environment' is required with via: report-status"
    ],
    [
      { via: 'report-status', environment: 'pr-42' },
      "Input 'workspace-id' is required with via: report-status"
    ],
    [{ ...byDeployment, 'github-token': '' }, "Input 'github-token' is empty"],
    [
      { via: 'deploy-success', 'environment-alias': 'pr-42' },
      "Input 'via' must be environment-terminated, github-deployment or report-status"
    ]
  ])('%j', async (inputs, message) => {
    const em = await qaService()
    const run = await terminate(em, inputs)
    expect(run.exitCode).toBe(1)
    const errors = messagesOf(run, 'error').join('\n')
    expect(errors).toContain(message)
    // No name at all: every way to name one is offered.
    if (Object.keys(inputs).length === 0) {
      for (const name of ['environment-alias', 'deployment-url']) expect(errors).toContain(name)
    }
    expect(em.requests).toEqual([])
  })
})
