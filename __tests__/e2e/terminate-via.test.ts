// terminate on QA Wolf's current path, end to end through the bundle against the emulator (its QA
// service and its GitHub): `via: github-deployment` marks the environment's active GitHub
// deployments inactive, `via: report-status` reports it inactive; both are safe to repeat.
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import { API_KEY, messagesOf, qaService, terminateInputs } from '../helpers/e2e.js'
import type { Emulator } from '../../emulator/server.js'
import { reportsTo } from '../helpers/notify-route.js'

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
