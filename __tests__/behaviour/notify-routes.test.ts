// notify's current paths as a step takes them: via report-status (QA Wolf's
// public.deployment.reportStatus) and via github-deployment (a GitHub deployment and its status),
// on the wire, with the outputs; GitHub's answers read as they came. Each route's rules, refusals
// and warnings, and the reading of the service's answer: unit/notify-routes, notify-deployment.
import { describe, expect, it } from '@jest/globals'
import type { ServerResponse } from 'node:http'
import {
  API_KEY,
  fakeGitHub,
  loadEvent,
  messagesOf,
  PR_HEAD_SHA,
  qaService,
  requestsTo,
  tinyServer
} from '../helpers/e2e.js'
import { deploymentInputs, reportStep, reportsTo, runRoute } from '../helpers/notify-route.js'

const PUSH_SHA = loadEvent('push.branch')['after'] as string

describe('via: report-status', () => {
  it('reports a matrix leg of a push, outputs what the service recorded; explains a 409; a GitLab merge request', async () => {
    const em = await qaService()
    const leg = { label: 'eu', service: 'storefront' }
    const run = await reportStep(em, {
      ...leg,
      variables: 'API_URL=https://api.staging.example.com'
    })

    expect(run.exitCode).toBe(0)
    const reports = reportsTo(em)
    expect(reports).toHaveLength(1)
    expect(reports[0]?.headers['authorization']).toBe(`Bearer ${API_KEY}`)
    expect(reports[0]?.json).toEqual({
      json: {
        workspaceId: 'ws-1',
        providerDeploymentId: '9123456789-2-deploy:eu',
        status: 'success',
        environment: { name: 'staging' },
        deployTarget: 'https://staging.shop.example.com',
        service: 'storefront',
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
      environment: 'staging',
      'deployment-id': 'dep-1',
      'deployment-url': `${em.url}/workspaces/ws-1/deployments/dep-1`,
      'github-deployment-id': ''
    })
    expect(run.outputs['reported-at']).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(run.summary).toContain('verdict-from: check')

    // The same leg again, now naming another environment: the service refuses, and says why.
    const moved = await reportStep(em, { ...leg, environment: 'staging-us' })
    expect(moved.exitCode).toBe(1)
    const [error] = messagesOf(moved, 'error')
    expect(error).toContain('HTTP 409')
    expect(error).toContain('already bound to another environment')
    expect(error).toContain('deployment 9123456789-2-deploy:eu is bound to another environment')

    // GitLab's merge request, with its repository, is metadata.pullRequestNumber.
    const gitlab = { 'hosting-service': 'GitLab', 'merge-request-number': '7', sha: 'abc1234' }
    const merged = await reportStep(em, { ...gitlab, repository: 'acme/shop' }, { event: null })
    expect(merged.exitCode).toBe(0)
    expect(reportsTo(em).at(-1)?.json).toMatchObject({
      json: { metadata: { repository: 'acme/shop', pullRequestNumber: 7 } }
    })
  })

  it('never sends the report twice once a status line arrived', async () => {
    const em = await qaService({
      faults: { 'report-status': { script: [{ kind: 'cut-after-status-line' }] } }
    })
    const run = await reportStep(em)

    expect(run.exitCode).toBe(1)
    expect(reportsTo(em)).toHaveLength(1)
    expect(messagesOf(run, 'error')[0]).toContain('the deployment may have been recorded')
  })
})

describe('via: github-deployment', () => {
  it('creates the deployment of the pushed SHA and its success status, under GHES’s API prefix', async () => {
    const gh = await fakeGitHub({ prefix: '/api/v3' })
    const variables = 'API_URL=https://api.staging.example.com\nAPI_TOKEN=t0k3n-value'
    const run = await runRoute(deploymentInputs({ variables }), { github: gh.apiUrl })

    // base-url is a port nobody listens on: the QA service is not asked.
    expect(run.exitCode).toBe(0)
    const id = gh.deployments[0]?.id
    expect(gh.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v3/repos/acme/shop/deployments',
      `POST /api/v3/repos/acme/shop/deployments/${id}/statuses`
    ])
    expect(gh.requests[0]?.headers['authorization']).toBe('token ghs_e2eFakeToken')
    expect(gh.requests[0]?.json).toEqual({
      ref: PUSH_SHA,
      environment: 'staging',
      transient_environment: false,
      auto_merge: false,
      required_contexts: [],
      payload: {
        qawolf: {
          environmentVariables: {
            API_URL: 'https://api.staging.example.com',
            API_TOKEN: 't0k3n-value'
          }
        }
      },
      description: expect.any(String)
    })
    expect(gh.requests[1]?.json).toEqual({
      state: 'success',
      environment_url: 'https://staging.shop.example.com',
      log_url: 'https://github.com/acme/shop/actions/runs/9123456789',
      description: expect.any(String)
    })
    expect(run.outputs).toMatchObject({ via: 'github-deployment', 'github-deployment-id': `${id}` })
    // A secret-looking variable is sent, and warned about without its name.
    expect(messagesOf(run, 'warning')).toEqual([
      expect.stringContaining('variable 2 has a name that looks like a secret')
    ])
    expect(run.allText).not.toContain('API_TOKEN')
  })

  it('marks a pull request preview transient, and warns when its URL is the same for every deployment', async () => {
    const gh = await fakeGitHub()
    const run = await runRoute(
      deploymentInputs({
        environment: 'pr-42',
        'ephemeral-environment': 'true',
        'deployment-url': 'https://preview.example.com'
      }),
      { event: 'pull_request.opened', github: gh.apiUrl }
    )

    expect(run.exitCode).toBe(0)
    expect(gh.requests[0]?.json).toMatchObject({
      ref: PR_HEAD_SHA,
      environment: 'pr-42',
      transient_environment: true
    })
    expect(messagesOf(run, 'warning')).toEqual([
      expect.stringContaining('names no pull request number, commit or branch')
    ])
  })

  it('names the deployments: write permission when GitHub refuses with 403', async () => {
    const gh = await fakeGitHub()
    gh.failWith(403)
    const run = await runRoute(deploymentInputs(), { github: gh.apiUrl })

    expect(run.exitCode).toBe(1)
    expect(gh.requests).toHaveLength(1)
    const [error] = messagesOf(run, 'error')
    expect(error).toContain('GitHub did not create the deployment: GitHub answered 403')
    expect(error).toContain('permissions: deployments: write')
    expect(run.allText).not.toContain('ghs_e2eFakeToken')
    expect(run.outputs['github-deployment-id']).toBe('')
  })
})

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}
const created = (res: ServerResponse) => json(res, 201, { id: 4242 })

describe('GitHub’s answers to github-deployment, as they came', () => {
  it.each([
    [
      'the deployment’s created_at is reported-at',
      (res: ServerResponse) => json(res, 201, { id: 4242, created_at: '2024-05-14T10:00:05Z' }),
      (res: ServerResponse) => json(res, 201, { id: 1, state: 'success' }),
      [],
      { 'github-deployment-id': '4242', 'reported-at': '2024-05-14T10:00:05.000Z' }
    ],
    [
      'a deployment never answered within the bound',
      () => undefined,
      created,
      ['GitHub did not complete the deployment within 3s'],
      { 'github-deployment-id': '' }
    ],
    [
      'a 201 with a cut body: answered, a deployment that may exist',
      (res: ServerResponse) => {
        res.writeHead(201, { 'content-type': 'application/json', 'content-length': '400' })
        res.write('{"id": 4242, "environ')
        setTimeout(() => res.destroy(), 50)
      },
      created,
      ['GitHub answered 201', "look at the repository's deployments before running the job again"],
      { 'github-deployment-id': '' }
    ],
    [
      'a 422 to the status: advice about the status, not about sha or environment',
      created,
      (res: ServerResponse) => json(res, 422, { message: 'Validation Failed' }),
      ['GitHub created deployment 4242 but not its success status', "check 'deployment-url'"],
      { 'github-deployment-id': '4242' }
    ],
    [
      'a status never answered within the bound: the created deployment is output',
      created,
      () => undefined,
      ['GitHub deployment 4242 exists without its success status'],
      { 'github-deployment-id': '4242' }
    ]
  ] as const)('%s', async (_, deployment, status, errors, outputs) => {
    const gh = await tinyServer()
    gh.handle = (req, res) => (req.url?.endsWith('/statuses') ? status(res) : deployment(res))
    // A bound that a loaded machine still meets for the answered deployment.
    const env = { QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS: '3000' }
    const run = await runRoute(deploymentInputs(), { github: gh.url, env })
    const error = messagesOf(run, 'error').join('\n')

    expect(run.exitCode).toBe(errors.length === 0 ? 0 : 1)
    expect(gh.requests.filter(r => r.target.endsWith('/deployments'))).toHaveLength(1)
    for (const text of errors) expect(error).toContain(text)
    expect(error).not.toContain('could not be reached')
    expect(error).not.toContain("Check 'sha'")
    expect(run.outputs).toMatchObject(outputs)
  })
})
