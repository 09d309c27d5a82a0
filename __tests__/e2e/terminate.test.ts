// terminate mode end to end: the bundled action tells a loopback service that an ephemeral
// environment is gone, and treats "not found" and "already terminated" as a safe repeat. Then
// QA Wolf's current path, against the emulator (its QA service and its GitHub): `via:
// github-deployment` marks the environment's active GitHub deployments inactive, `via:
// report-status` reports it inactive; both are safe to repeat.
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import type { Emulator } from '../../emulator/server.js'
import {
  API_KEY,
  commandsOf,
  messagesOf,
  qaService,
  scriptedService as service,
  terminateInputs,
  terminateStep
} from '../helpers/e2e.js'
import { reportsTo } from '../helpers/notify-route.js'

describe('terminate end to end', () => {
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
    expect(server.requests).toHaveLength(1)
    const [request] = server.requests
    expect(request?.method).toBe('POST')
    expect(request?.target).toBe('/api/webhooks/environment_terminated')
    expect(request?.headers['authorization']).toBe(`Bearer ${API_KEY}`)
    expect(JSON.parse(request?.body ?? '')).toEqual({
      environmentAlias: 'pr-17',
      workspaceId: 'ws-3'
    })
    expect(run.outputs['outcome']).toBe('terminated')
    expect(run.outputs['environment-id']).toBe('env-42')
    expect(run.summary).toContain('Terminated')
    // The log names the environment in words, not by the request's field.
    expect(run.stdout).toContain('that the environment pr-17 is gone.')
    expect(run.stdout).not.toContain('environmentAlias')
  })

  // By deployment-url: the next test. Each name's body is in termination.test.ts.
  it('names the environment by environment-id', async () => {
    const server = await service([{ status: 200, body: { code: 'terminated' } }])
    const run = await terminateStep(server, { 'environment-id': 'env-9' })
    expect(run.exitCode).toBe(0)
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ environmentId: 'env-9' })
  })

  it('shows a deployment URL without its credentials, and sends it as given', async () => {
    const url = 'https://bot:hunter2-s3cret@pr-17.preview.example.com/'
    const server = await service([{ status: 200, body: { code: 'terminated' } }])
    const run = await terminateStep(server, { 'deployment-url': url })

    expect(run.exitCode).toBe(0)
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ deploymentUrl: url })
    expect(run.stdout).toContain('the environment at https://pr-17.preview.example.com/ is gone')
    expect(run.summary).toContain('pr-17.preview.example.com')
    expect(run.allText).not.toContain('hunter2-s3cret')
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
      expect(commandsOf(run, 'warning')).toHaveLength(1)
      expect(messagesOf(run, 'error')).toEqual([])
    }
  )

  it('retries a 500, then reports the termination', async () => {
    const server = await service([
      { status: 500, body: { error: 'busy' } },
      {
        status: 200,
        body: { code: 'terminated', environmentId: 'env-1', warning: 'Used workspace Main' }
      }
    ])
    const run = await terminateStep(server, { 'environment-id': 'env-1' })
    expect(run.exitCode).toBe(0)
    expect(server.requests).toHaveLength(2)
    expect(run.outputs['outcome']).toBe('terminated')
    expect(messagesOf(run, 'warning')).toEqual(['Used workspace Main'])
  })

  it('fails on a 200 whose code is not terminated, showing the service error, after one request', async () => {
    const server = await service([
      { status: 200, body: { code: 'failed', error: 'environment <b>is</b> locked' } }
    ])
    const run = await terminateStep(server, { 'environment-alias': 'pr-17' })
    expect(run.exitCode).toBe(1)
    expect(server.requests).toHaveLength(1)
    expect(run.outputs['outcome']).toBe('')
    expect(run.outputs['environment-id']).toBe('')
    expect(messagesOf(run, 'error')).toEqual([
      "The environment termination failed: the service answered 200 with code 'failed', not 'terminated': environment <b>is</b> locked"
    ])
    expect(run.summary).toContain('⛔ **Not terminated:** the request failed.')
    expect(run.summary).toContain('environment &lt;b&gt;is&lt;/b&gt; locked')
    expect(run.summary).not.toContain('Terminated:**')
  })

  // Other answers read as terminated (a numeric environmentId, ...): termination.test.ts.
  it('reads no code and a null environmentId as terminated with no ID', async () => {
    const server = await service([{ status: 200, body: { environmentId: null } }])
    const run = await terminateStep(server, { 'environment-id': 'env-9' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['outcome']).toBe('terminated')
    expect(run.outputs['environment-id']).toBe('')
    expect(run.summary).toContain('✅ **Terminated:**')
    expect(run.summary).not.toContain('Environment ID')
  })

  // Two names: input-messages.test.ts.
  it('refuses no name before sending anything', async () => {
    const server = await service([{ status: 200, body: { code: 'terminated' } }])
    const run = await terminateStep(server, {})
    expect(run.exitCode).toBe(1)
    expect(server.requests).toHaveLength(0)
    const [message] = messagesOf(run, 'error')
    for (const name of ['environment-id', 'environment-alias', 'deployment-url']) {
      expect(message).toContain(`'${name}'`)
    }
  })
})

const RUN = { GITHUB_RUN_ID: '9123456789', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'clean-up' }
const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'

function terminate(em: Emulator, inputs: Record<string, string>, subAction?: 'terminate') {
  return runAction({
    inputs:
      subAction === undefined
        ? terminateInputs(em, inputs)
        : { 'api-key': API_KEY, 'base-url': em.url, ...inputs },
    ...(subAction === undefined ? {} : { subAction }),
    eventName: 'pull_request',
    event: { action: 'closed', number: 42, pull_request: { number: 42 } },
    env: { ...RUN, GITHUB_API_URL: em.url }
  })
}

/** A GitHub deployment of acme/shop to `environment` with the statuses `states`, oldest first. */
const deployment = (em: Emulator, environment: string, states: string[]) =>
  em.github.addDeployment({ repository: 'acme/shop', sha: SHA, environment, states })

const githubRequests = (em: Emulator) =>
  em.requests
    .filter(r => r.path.startsWith('/repos/'))
    .map(
      r =>
        `${r.method} ${r.path}${r.query['environment'] ? `?environment=${r.query['environment']}` : ''}`
    )

describe('terminate via: github-deployment', () => {
  it('marks every active deployment of the environment inactive, and leaves the rest alone', async () => {
    const em = await qaService()
    const live = deployment(em, 'pr-42', ['success'])
    const gone = deployment(em, 'pr-42', ['success', 'inactive'])
    const other = deployment(em, 'pr-7', ['success'])

    const run = await terminate(em, {
      via: 'github-deployment',
      environment: 'pr-42',
      label: 'preview'
    })

    expect(run.exitCode).toBe(0)
    expect(githubRequests(em)).toEqual([
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
    expect(em.requests.filter(r => !r.path.startsWith('/repos/'))).toEqual([])
    expect(run.outputs['outcome']).toBe('terminated')
    expect(run.summary).toContain('pr-42')
    expect(run.summary).toContain('marked inactive')
    expect(messagesOf(run, 'warning')).toEqual([])
  })

  it('is safe to repeat: a second run finds nothing active and passes with a warning', async () => {
    const em = await qaService()
    deployment(em, 'pr-42', ['success'])
    const first = await terminate(em, { via: 'github-deployment', environment: 'pr-42' })
    const second = await terminate(em, { via: 'github-deployment', environment: 'pr-42' })

    expect([first.exitCode, second.exitCode]).toEqual([0, 0])
    expect(first.outputs['outcome']).toBe('terminated')
    expect(second.outputs['outcome']).toBe('already-terminated')
    expect(em.requests.filter(r => r.method === 'POST')).toHaveLength(1)
    expect(messagesOf(second, 'warning').join('\n')).toContain(
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
    const run = await terminate(em, { via: 'github-deployment', environment: 'pr-42' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['outcome']).toBe('')
    expect(messagesOf(run, 'error').join('\n')).toContain('deployments: write')
  })

  it('works from the terminate sub-action, whose via defaults to environment-terminated', async () => {
    const em = await qaService()
    deployment(em, 'pr-42', ['success'])
    const closed = await terminate(
      em,
      { via: 'github-deployment', environment: 'pr-42' },
      'terminate'
    )
    expect(closed.exitCode).toBe(0)
    expect(closed.outputs['outcome']).toBe('terminated')

    // Without `via`, the legacy webhook, as before.
    const legacy = await terminate(em, { 'environment-alias': 'pr-42' }, 'terminate')
    expect(legacy.exitCode).toBe(0)
    expect(em.requests.at(-1)?.path).toBe('/api/webhooks/environment_terminated')
  })
})

describe('terminate via: report-status', () => {
  it("reports the environment inactive to deployment.reportStatus, and says QA Wolf's handling is not public", async () => {
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
    expect(run.outputs['outcome']).toBe('terminated')
    expect(run.stdout).toContain('is not public')
    expect(run.summary).toContain('not public')
    // The legacy webhook is not used on this route.
    expect(em.requests.filter(r => r.path.includes('environment_terminated'))).toEqual([])
  })

  it('is safe to repeat', async () => {
    const em = await qaService()
    const inputs = { via: 'report-status', environment: 'pr-42', 'workspace-id': 'ws-1' }
    const runs = [await terminate(em, inputs), await terminate(em, inputs)]
    expect(runs.map(r => [r.exitCode, r.outputs['outcome']])).toEqual([
      [0, 'terminated'],
      [0, 'terminated']
    ])
  })
})

describe('terminate via: input errors send nothing', () => {
  it.each([
    [{ via: 'github-deployment' }, "Input 'environment' is required with via: github-deployment"],
    [
      { via: 'report-status', 'workspace-id': 'ws-1' },
      "Input 'environment' is required with via: report-status"
    ],
    [
      { via: 'report-status', environment: 'pr-42' },
      "Input 'workspace-id' is required with via: report-status"
    ],
    [
      { via: 'github-deployment', environment: 'pr-42', 'github-token': '' },
      "Input 'github-token' is empty"
    ],
    [
      { via: 'deploy-success', 'environment-alias': 'pr-42' },
      "Input 'via' must be environment-terminated, github-deployment or report-status"
    ]
  ])('%j', async (inputs, message) => {
    const em = await qaService()
    const run = await terminate(em, inputs)
    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error').join('\n')).toContain(message)
    expect(em.requests).toEqual([])
  })
})
