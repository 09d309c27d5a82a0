// notify's three routes end to end through the bundle: what goes on the wire to the QA service
// (deploy_success, public.deployment.reportStatus) and to GitHub (a deployment and its status)
// for a push, a pull request preview and one leg of a matrix.
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import {
  API_KEY,
  loadEvent,
  messagesOf,
  notifyInputs,
  notifyStep,
  PR_HEAD_SHA,
  requestsTo,
  scriptedService,
  terminateStep
} from '../helpers/e2e.js'
import {
  deployingTo,
  reportStep,
  reportService,
  reportsTo,
  webService
} from '../helpers/notify-route.js'

const PUSH_SHA = loadEvent('push.branch')['after'] as string

describe('via: report-status', () => {
  it('reports a push to staging and outputs the deployment the service recorded', async () => {
    const em = await reportService()
    const run = await reportStep(em, { variables: 'API_URL=https://api.staging.example.com' })

    expect(run.exitCode).toBe(0)
    const reports = reportsTo(em)
    expect(reports).toHaveLength(1)
    expect(reports[0]?.headers['authorization']).toBe(`Bearer ${API_KEY}`)
    expect(reports[0]?.json).toEqual({
      json: {
        workspaceId: 'ws-1',
        providerDeploymentId: '9123456789-2-deploy',
        status: 'success',
        environment: { name: 'staging' },
        deployTarget: 'https://staging.shop.example.com',
        environmentVariables: { API_URL: 'https://api.staging.example.com' },
        metadata: {
          commitSha: PUSH_SHA,
          ref: 'release/2024-05',
          repository: 'acme/shop',
          commitUrl: `https://github.com/acme/shop/commit/${PUSH_SHA}`
        }
      }
    })
    expect(requestsTo(em, 'notify')).toHaveLength(0)
    expect(run.outputs['via']).toBe('report-status')
    expect(run.outputs['deployment-id']).toBe('dep-1')
    expect(run.outputs['deployment-url']).toBe(`${em.url}/workspaces/ws-1/deployments/dep-1`)
    expect(run.outputs['github-deployment-id']).toBe('')
    expect(run.summary).toContain('verdict-from: check')
  })

  it('reports a pull request preview as ephemeral, with its pull request number', async () => {
    const em = await reportService({ shape: 'docs' })
    const run = await reportStep(
      em,
      {
        environment: 'pr-42',
        'ephemeral-environment': 'true',
        'deployment-url': 'https://pr-42.preview.example.com'
      },
      { event: 'pull_request.opened' }
    )

    expect(run.exitCode).toBe(0)
    const [report] = reportsTo(em)
    expect(report?.json).toEqual({
      json: {
        workspaceId: 'ws-1',
        providerDeploymentId: '9123456789-2-deploy',
        status: 'success',
        environment: { name: 'pr-42', ephemeral: true },
        deployTarget: 'https://pr-42.preview.example.com',
        metadata: {
          commitSha: PR_HEAD_SHA,
          ref: 'feature/checkout-button',
          repository: 'acme/shop',
          pullRequestNumber: 42,
          commitUrl: `https://github.com/acme/shop/commit/${PR_HEAD_SHA}`
        }
      }
    })
    // The docs shape: the deployment is `result.data.json` itself.
    expect(run.outputs['deployment-id']).toBe('dep-1')
  })

  it('names each matrix leg apart by its label, and explains a 409 for a re-used ID', async () => {
    const em = await reportService()
    const leg = (label: string, environment: string) =>
      reportStep(em, {
        environment,
        label,
        'deployment-url': `https://${label}.shop.example.com`
      })
    const eu = await leg('eu', 'staging-eu')
    const us = await leg('us', 'staging-us')

    expect([eu.exitCode, us.exitCode]).toEqual([0, 0])
    const ids = reportsTo(em).map(
      r => (r.json as { json: { providerDeploymentId: string } }).json.providerDeploymentId
    )
    expect(ids).toEqual(['9123456789-2-deploy:eu', '9123456789-2-deploy:us'])
    expect([eu.outputs['deployment-id'], us.outputs['deployment-id']]).toEqual(['dep-1', 'dep-2'])

    // The same leg again, now naming another environment: the service refuses, and says why.
    const moved = await leg('eu', 'staging-us')
    expect(moved.exitCode).toBe(1)
    const [error] = messagesOf(moved, 'error')
    expect(error).toContain('HTTP 409')
    expect(error).toContain('already bound to another environment')
    expect(error).toContain('deployment 9123456789-2-deploy:eu is bound to another environment')
  })

  it('never sends the report twice once a status line arrived', async () => {
    const em = await reportService({
      faults: { 'report-status': { script: [{ kind: 'cut-after-status-line' }] } }
    })
    const run = await reportStep(em)

    expect(run.exitCode).toBe(1)
    expect(reportsTo(em)).toHaveLength(1)
    expect(messagesOf(run, 'error')[0]).toContain('the deployment may have been recorded')
  })

  it('shows a plain error body as it came', async () => {
    const service = await scriptedService([
      { status: 400, body: { error: 'workspace is archived' } }
    ])
    const run = await reportStep(service, {}, { event: null })

    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error')[0]).toContain('workspace is archived')
    expect(run.outputs['via']).toBe('report-status')
  })
})

describe('via: github-deployment', () => {
  it('creates the deployment of the pushed SHA and its success status', async () => {
    const em = await reportService()
    const { gh, deploy } = await deployingTo()
    const run = await deploy({
      'base-url': em.url,
      variables: '{"API_URL": "https://api.staging.example.com"}'
    })

    expect(run.exitCode).toBe(0)
    expect(em.requests).toHaveLength(0)
    expect(gh.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'POST /repos/acme/shop/deployments',
      `POST /repos/acme/shop/deployments/${gh.deployments[0]?.id}/statuses`
    ])
    expect(gh.requests[0]?.headers['authorization']).toBe('token ghs_e2eFakeToken')
    expect(gh.requests[0]?.json).toEqual({
      ref: PUSH_SHA,
      environment: 'staging',
      transient_environment: false,
      auto_merge: false,
      required_contexts: [],
      payload: { qawolf: { environmentVariables: { API_URL: 'https://api.staging.example.com' } } },
      description: expect.any(String)
    })
    expect(gh.requests[1]?.json).toEqual({
      state: 'success',
      environment_url: 'https://staging.shop.example.com',
      log_url: 'https://github.com/acme/shop/actions/runs/9123456789',
      description: expect.any(String)
    })
    expect(run.outputs['via']).toBe('github-deployment')
    expect(run.outputs['github-deployment-id']).toBe(String(gh.deployments[0]?.id))
    expect(messagesOf(run, 'warning')).toEqual([])
  })

  it('marks a pull request preview transient, and warns when its URL is the same for every deployment', async () => {
    const { gh, deploy } = await deployingTo()
    const preview = (url: string) =>
      deploy(
        {
          environment: 'pr-42',
          'ephemeral-environment': 'true',
          'deployment-url': url
        },
        { event: 'pull_request.opened' }
      )
    const own = await preview('https://pr-42.preview.example.com')
    const shared = await preview('https://preview.example.com')

    expect([own.exitCode, shared.exitCode]).toEqual([0, 0])
    const created = gh.requests.filter(r => r.path.endsWith('/deployments'))
    expect(created.map(r => r.json)).toEqual([
      expect.objectContaining({
        ref: PR_HEAD_SHA,
        environment: 'pr-42',
        transient_environment: true
      }),
      expect.objectContaining({
        ref: PR_HEAD_SHA,
        environment: 'pr-42',
        transient_environment: true
      })
    ])
    expect(messagesOf(own, 'warning')).toEqual([])
    expect(messagesOf(shared, 'warning')).toEqual([
      expect.stringContaining('names no pull request number, commit or branch')
    ])
  })

  it('creates one deployment per matrix leg, each to its own environment', async () => {
    const { gh, deploy } = await deployingTo()
    const leg = (label: string) =>
      deploy({
        label,
        environment: `staging-${label}`,
        'deployment-url': `https://${label}.staging.example.com`
      })
    const runs = [await leg('eu'), await leg('us')]

    expect(runs.map(r => r.exitCode)).toEqual([0, 0])
    expect(gh.deployments.map(d => (d.request as { environment: string }).environment)).toEqual([
      'staging-eu',
      'staging-us'
    ])
    expect(runs.map(r => r.outputs['github-deployment-id'])).toEqual(
      gh.deployments.map(d => String(d.id))
    )
    expect(runs[0]?.stdout).toContain('[eu] GitHub deployment')
  })

  it('names the deployments: write permission when GitHub refuses with 403', async () => {
    const { gh, deploy } = await deployingTo()
    gh.failWith(403)
    const run = await deploy()

    expect(run.exitCode).toBe(1)
    expect(gh.requests).toHaveLength(1)
    const [error] = messagesOf(run, 'error')
    expect(error).toContain('GitHub did not create the deployment: GitHub answered 403')
    expect(error).toContain('permissions: deployments: write')
    expect(run.allText).not.toContain('ghs_e2eFakeToken')
    expect(run.outputs['github-deployment-id']).toBe('')
  })

  it('refuses a variable that is not a string before anything is sent', async () => {
    const { gh, deploy } = await deployingTo()
    const run = await deploy({ variables: '{"PORT": 8080}' })

    expect(run.exitCode).toBe(1)
    expect(gh.requests).toHaveLength(0)
    expect(messagesOf(run, 'error')[0]).toContain(
      `Input 'variables' has a number value for variable 1; every value must be a string`
    )
  })

  it('creates it under GitHub Enterprise Server’s API prefix, and gives up on a silent GitHub in time', async () => {
    const { gh: ghes, deploy } = await deployingTo({ prefix: '/api/v3' })
    const run = await deploy()
    expect(run.exitCode).toBe(0)
    expect(ghes.requests.map(r => r.path)).toEqual([
      '/api/v3/repos/acme/shop/deployments',
      `/api/v3/repos/acme/shop/deployments/${ghes.deployments[0]?.id}/statuses`
    ])

    ghes.stall = 'hang'
    const hung = await deploy({}, { env: { QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS: '500' } })
    expect(hung.exitCode).toBe(1)
    expect(messagesOf(hung, 'error')[0]).toContain(
      'GitHub did not complete the deployment within 500ms'
    )
  })

  it('needs an environment: GitHub would otherwise deploy to production', async () => {
    const { gh, deploy } = await deployingTo()
    const run = await deploy({ environment: '' }, { event: null })

    expect(run.exitCode).toBe(1)
    expect(gh.requests).toHaveLength(0)
    expect(messagesOf(run, 'error')[0]).toContain(
      "Input 'environment' is required with via: github-deployment"
    )
  })
})

describe('via: deploy-success, as the vendor sends it', () => {
  it('sends no GitHub repository or pull request for GitLab, and GitLab’s own only from inputs', async () => {
    const em = await webService()
    const bare = await runAction({
      inputs: notifyInputs(em, { 'hosting-service': 'gitlab' }),
      eventName: 'pull_request',
      event: loadEvent('pull_request.opened')
    })
    const named = await notifyStep(em, {
      'hosting-service': 'GitLab',
      repository: 'acme/web/shop',
      'merge-request-number': '7',
      sha: 'abc1234'
    })

    expect([bare.exitCode, named.exitCode]).toEqual([0, 0])
    const [first, second] = requestsTo(em, 'notify').map(r => r.json)
    expect(first).toEqual({
      sha: PR_HEAD_SHA,
      branch: 'feature/checkout-button',
      hosting_service: 'GitLab'
    })
    expect(second).toEqual({
      sha: 'abc1234',
      branch: 'main',
      hosting_service: 'GitLab',
      repository: { namespace: 'acme/web', name: 'shop' },
      merge_request_number: 7
    })
  })

  it('refuses a preview without a deployment URL, sending nothing', async () => {
    const em = await webService()
    const run = await notifyStep(em, { 'ephemeral-environment': 'true', sha: 'abc1234' })

    expect(run.exitCode).toBe(1)
    expect(em.requests).toHaveLength(0)
    expect(messagesOf(run, 'error')[0]).toContain(
      "Input 'ephemeral-environment' is true but no deployment URL is known"
    )
  })

  it('points a workspace on global triggers at the current path when no trigger matched', async () => {
    const em = await reportService()
    const run = await notifyStep(em, { sha: 'abc1234' })

    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error')[0]).toContain(
      'set via: github-deployment or via: report-status'
    )
  })
})

describe('terminate', () => {
  it('reads the older answer, a list of results', async () => {
    const service = await scriptedService([
      { status: 200, body: { results: [{ environmentId: 'env-9', code: 'terminated' }] } }
    ])
    const run = await terminateStep(service, { 'environment-alias': 'pr-42' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['outcome']).toBe('terminated')
    expect(run.outputs['environment-id']).toBe('env-9')
  })
})
