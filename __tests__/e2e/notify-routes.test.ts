// notify's current paths end to end through the bundle: via report-status (QA Wolf's
// public.deployment.reportStatus) and via github-deployment (a GitHub deployment and its status),
// for a push, a pull request preview and the legs of a matrix; `reported-at` on the answering
// server's clock; GitHub's answers read as they came; no credentials shown; the preview warnings.
import { describe, expect, it } from '@jest/globals'
import type { ServerResponse } from 'node:http'
import { runAction } from '../../scripts/action-runner.js'
import {
  API_KEY,
  loadEvent,
  messagesOf,
  PR_HEAD_SHA,
  requestsTo,
  scriptedService,
  tinyServer
} from '../helpers/e2e.js'
import {
  deployingTo,
  deploymentInputs,
  reportService,
  reportStep,
  reportsTo,
  runRoute
} from '../helpers/notify-route.js'

const PUSH_SHA = loadEvent('push.branch')['after'] as string
const SERVER_DATE = 'Tue, 14 May 2024 10:00:00 GMT'

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
    expect(run.outputs).toMatchObject({
      via: 'report-status',
      'deployment-id': 'dep-1',
      'deployment-url': `${em.url}/workspaces/ws-1/deployments/dep-1`,
      'github-deployment-id': ''
    })
    expect(run.summary).toContain('verdict-from: check')
  })

  it('names each matrix leg apart by its label, and explains a 409 for a re-used ID', async () => {
    const em = await reportService()
    const leg = (label: string, environment: string) =>
      reportStep(em, { environment, label, 'deployment-url': `https://${label}.shop.example.com` })
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

  it('sends GitLab’s merge request as metadata.pullRequestNumber with its repository, and service', async () => {
    const em = await reportService()
    const gitlab = { 'hosting-service': 'GitLab', 'merge-request-number': '7', sha: 'abc1234' }
    const run = await reportStep(
      em,
      { ...gitlab, repository: 'acme/shop', service: 'storefront' },
      { event: null }
    )
    expect(run.exitCode).toBe(0)
    expect(reportsTo(em)[0]?.json).toMatchObject({
      json: { service: 'storefront', metadata: { repository: 'acme/shop', pullRequestNumber: 7 } }
    })
    expect(run.outputs['environment']).toBe('staging')

    // Refused, not sent: a repository with groups, a merge request without its repository, and a
    // deployment_status event (QA Wolf's App already has that deployment).
    const refused = [
      await reportStep(em, { ...gitlab, repository: 'acme/web/shop' }, { event: null }),
      await reportStep(em, gitlab, { event: null }),
      await reportStep(em, {}, { event: 'deployment_status.success' })
    ]
    expect(reportsTo(em)).toHaveLength(1)
    expect(refused.map(r => r.exitCode)).toEqual([1, 1, 1])
    expect(refused.map(r => messagesOf(r, 'error')[0])).toEqual([
      expect.stringContaining('exactly one slash'),
      expect.stringContaining("Input 'repository' is required with 'merge-request-number'"),
      expect.stringContaining("QA Wolf's GitHub App already has that deployment")
    ])
  })

  it('reads a reply without its json layer and its Date; shows no user:password@; an error body as it came', async () => {
    const url = 'https://deployer:hunter2-pass@staging.shop.example.com'
    const ok = await scriptedService([
      {
        status: 200,
        body: { result: { data: { deployment: { id: 'dep-7', status: 'success' } } } },
        headers: { date: SERVER_DATE }
      }
    ])
    const refused = await scriptedService([
      { status: 400, body: { error: 'workspace is archived' } }
    ])
    const passed = await reportStep(ok, { 'deployment-url': url }, { event: null })
    const failed = await reportStep(refused, { 'deployment-url': url }, { event: null })

    expect([passed.exitCode, failed.exitCode]).toEqual([0, 1])
    expect(passed.outputs['deployment-id']).toBe('dep-7')
    expect(passed.outputs['reported-at']).toBe('2024-05-14T10:00:00.000Z')
    expect(messagesOf(passed, 'warning')).toEqual([])
    expect(messagesOf(failed, 'error')[0]).toContain('workspace is archived')
    expect(failed.outputs['via']).toBe('report-status')
    for (const run of [passed, failed]) {
      expect(run.summary).toContain('staging.shop.example.com')
      expect(run.allText).not.toContain('hunter2-pass')
      expect(run.allText).not.toContain('deployer:')
    }
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
        { environment: 'pr-42', 'ephemeral-environment': 'true', 'deployment-url': url },
        { event: 'pull_request.opened' }
      )
    const own = await preview('https://pr-42.preview.example.com')
    const shared = await preview('https://preview.example.com')

    expect([own.exitCode, shared.exitCode]).toEqual([0, 0])
    const created = gh.requests.filter(r => r.path.endsWith('/deployments')).map(r => r.json)
    const transient = { ref: PR_HEAD_SHA, environment: 'pr-42', transient_environment: true }
    expect(created).toEqual([
      expect.objectContaining(transient),
      expect.objectContaining(transient)
    ])
    expect(messagesOf(own, 'warning')).toEqual([])
    expect(messagesOf(shared, 'warning')).toEqual([
      expect.stringContaining('names no pull request number, commit or branch')
    ])
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

  it('refuses before anything is sent: no environment, a variable not a string, URL credentials', async () => {
    const { gh, deploy } = await deployingTo()
    const noEnvironment = await deploy({ environment: '' }, { event: null })
    const number = await deploy({ variables: '{"PORT": 8080}' })
    const credentials = await deploy({
      'deployment-url': 'https://deployer:hunter2-pass@staging.shop.example.com'
    })

    expect([noEnvironment, number, credentials].map(r => r.exitCode)).toEqual([1, 1, 1])
    expect(gh.requests).toHaveLength(0)
    // GitHub would otherwise deploy to production.
    expect(messagesOf(noEnvironment, 'error')[0]).toContain(
      "Input 'environment' is required with via: github-deployment"
    )
    expect(noEnvironment.outputs['reported-at']).toBe('')
    expect(messagesOf(number, 'error')[0]).toContain(
      `Input 'variables' has a number value for variable 1; every value must be a string`
    )
    expect(messagesOf(credentials, 'error')[0]).toContain(
      "Input 'deployment-url' holds a user name or password"
    )
    expect(credentials.allText).not.toContain('hunter2-pass')
  })

  it('warns about secret-looking variables without naming them', async () => {
    const { gh, deploy } = await deployingTo()
    const run = await deploy({
      variables: 'API_URL=https://api.example.com\nAPI_TOKEN=t0k3n-value'
    })

    expect(run.exitCode).toBe(0)
    expect(gh.requests.filter(r => r.path.endsWith('/deployments'))).toHaveLength(1)
    expect(messagesOf(run, 'warning')).toEqual([
      expect.stringContaining('variable 2 has a name that looks like a secret')
    ])
    expect(run.allText).not.toContain('API_TOKEN')
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
})

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

/** A github-deployment step against a GitHub whose deployment and status POSTs answer as given. */
async function deployAgainst(
  deployment: (res: ServerResponse) => void,
  status: (res: ServerResponse) => void = res => json(res, 201, { id: 1, state: 'success' }),
  env: Record<string, string> = {}
) {
  const gh = await tinyServer()
  gh.handle = (req, res) => (req.url?.endsWith('/statuses') ? status(res) : deployment(res))
  const run = await runRoute(deploymentInputs(), { github: gh.url, env })
  const posts = gh.requests.filter(r => r.method === 'POST' && r.target.endsWith('/deployments'))
  return { run, posts, error: messagesOf(run, 'error')[0] ?? '' }
}

describe('GitHub’s answers to github-deployment, as they came', () => {
  it('gives the deployment’s created_at as reported-at', async () => {
    const { run } = await deployAgainst(res =>
      json(res, 201, { id: 4242, created_at: '2024-05-14T10:00:05Z', environment: 'staging' })
    )
    expect(run.exitCode).toBe(0)
    expect(run.outputs['github-deployment-id']).toBe('4242')
    expect(run.outputs['reported-at']).toBe('2024-05-14T10:00:05.000Z')
  })

  const created = (res: ServerResponse) => json(res, 201, { id: 4242 })
  it.each([
    [
      'a 202 to the deployment: GitHub’s answer, not unreachable',
      (res: ServerResponse) =>
        json(res, 202, { message: 'Auto-merged main into topic on deployment.' }),
      undefined,
      ['GitHub answered 202 (Auto-merged main into topic on deployment.)'],
      ''
    ],
    [
      'a 201 with a cut body: answered, a deployment that may exist',
      (res: ServerResponse) => {
        res.writeHead(201, { 'content-type': 'application/json', 'content-length': '400' })
        res.write('{"id": 4242, "environ')
        setTimeout(() => res.destroy(), 50)
      },
      undefined,
      ['GitHub answered 201', "look at the repository's deployments before running the job again"],
      ''
    ],
    [
      'a 422 to the status: advice about the status, not about sha or environment',
      created,
      (res: ServerResponse) => json(res, 422, { message: 'Validation Failed' }),
      ['GitHub created deployment 4242 but not its success status', "check 'deployment-url'"],
      '4242'
    ],
    [
      'a status never answered within the bound: the created deployment is output',
      created,
      () => undefined,
      ['GitHub deployment 4242 exists without its success status'],
      '4242'
    ]
  ] as const)('%s', async (_, deployment, status, errors, id) => {
    // A bound that a loaded machine still meets for the answered deployment.
    const budget = { QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS: '5000' }
    const { run, posts, error } = await deployAgainst(deployment, status, budget)
    expect(run.exitCode).toBe(1)
    expect(posts).toHaveLength(1)
    for (const text of errors) expect(error).toContain(text)
    expect(error).not.toContain('could not be reached')
    expect(error).not.toContain("Check 'sha'")
    expect(run.outputs['github-deployment-id']).toBe(id)
  })
})

describe('the API key', () => {
  it('unevaluated (${{ secrets.X }}) is unset, and masks none of the action’s text', async () => {
    const run = await runAction({
      inputs: {
        mode: 'notify',
        'api-key': '${{ secrets.QAWOLF_API_KEY }}',
        'base-url': 'http://127.0.0.1:9',
        sha: 'abc1234'
      }
    })

    expect(run.exitCode).toBe(1)
    expect(run.stdout).not.toContain('::add-mask::')
    const [error] = messagesOf(run, 'error')
    expect(error).toContain("Input 'api-key'")
    expect(error).not.toContain('***')
  })
})
