// notify's three routes end to end through the bundle: what goes on the wire to the QA service
// (deploy_success, public.deployment.reportStatus) and to GitHub (a deployment and its status)
// for a push, a pull request preview and one leg of a matrix. Then what a user of each route relies
// on beyond the request itself: `reported-at` on the answering server's clock, the current path as
// the vendor's shipped client sends it, GitHub's answers read as they came, no credentials shown,
// and the warnings a preview or a public deployment payload needs.
import { describe, expect, it } from '@jest/globals'
import type { IncomingMessage, ServerResponse } from 'node:http'
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
  terminateStep,
  tinyServer
} from '../helpers/e2e.js'
import {
  deployingTo,
  deploymentInputs,
  reportStep,
  reportService,
  reportsTo,
  runRoute,
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

const SERVER_DATE = 'Tue, 14 May 2024 10:00:00 GMT'
const REPORTED = { result: { data: { json: { deployment: { id: 'dep-9', status: 'success' } } } } }

/** A GitHub API on loopback whose deployment POST and status POST each answer as `answer` says. */
async function scriptedGitHub(answer: {
  deployment: (res: ServerResponse) => void
  status?: (res: ServerResponse) => void
}) {
  const gh = await tinyServer()
  gh.handle = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.endsWith('/statuses')) {
      if (answer.status === undefined) json(res, 201, { id: 1, state: 'success' })
      else answer.status(res)
      return
    }
    answer.deployment(res)
  }
  return gh
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

const deploymentPosts = (gh: { requests: { method: string; target: string }[] }) =>
  gh.requests.filter(r => r.method === 'POST' && r.target.endsWith('/deployments'))

describe('reported-at: when the report was accepted, on the answering server’s clock', () => {
  it('deploy-success and report-status read the answer’s Date header', async () => {
    const legacy = await scriptedService([
      {
        status: 200,
        body: { results: [{ created_suite_id: 'run-1' }] },
        headers: { date: SERVER_DATE }
      }
    ])
    const current = await scriptedService([
      { status: 200, body: REPORTED, headers: { date: SERVER_DATE } }
    ])
    const notified = await notifyStep(legacy, { sha: 'abc1234' })
    const reported = await reportStep(current, {}, { event: null })

    expect([notified.exitCode, reported.exitCode]).toEqual([0, 0])
    expect(notified.outputs['reported-at']).toBe('2024-05-14T10:00:00.000Z')
    expect(reported.outputs['reported-at']).toBe('2024-05-14T10:00:00.000Z')
  })

  it('github-deployment gives the deployment’s created_at; a refused step gives none', async () => {
    const gh = await scriptedGitHub({
      deployment: res =>
        json(res, 201, { id: 4242, created_at: '2024-05-14T10:00:05Z', environment: 'staging' })
    })
    const run = await runRoute(deploymentInputs(), { github: gh.url })
    const refused = await runRoute(deploymentInputs({ environment: '' }), {
      event: null,
      github: gh.url
    })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['github-deployment-id']).toBe('4242')
    expect(run.outputs['reported-at']).toBe('2024-05-14T10:00:05.000Z')
    expect(refused.exitCode).toBe(1)
    expect(refused.outputs['reported-at']).toBe('')
  })
})

describe('report-status as the vendor’s shipped client sends it', () => {
  it('sends GitLab’s merge request as metadata.pullRequestNumber with its repository, and service', async () => {
    const em = await reportService()
    const run = await reportStep(
      em,
      {
        'hosting-service': 'GitLab',
        repository: 'acme/shop',
        'merge-request-number': '7',
        service: 'storefront',
        sha: 'abc1234'
      },
      { event: null }
    )

    expect(run.exitCode).toBe(0)
    const [report] = reportsTo(em)
    expect(report?.json).toMatchObject({
      json: {
        service: 'storefront',
        metadata: { repository: 'acme/shop', pullRequestNumber: 7 }
      }
    })
    expect(run.outputs['environment']).toBe('staging')
  })

  it('refuses a repository with groups, and a merge request without its repository, sending nothing', async () => {
    const em = await reportService()
    const gitlab = { 'hosting-service': 'GitLab', 'merge-request-number': '7', sha: 'abc1234' }
    const grouped = await reportStep(
      em,
      { ...gitlab, repository: 'acme/web/shop' },
      { event: null }
    )
    const bare = await reportStep(em, gitlab, { event: null })

    expect([grouped.exitCode, bare.exitCode]).toEqual([1, 1])
    expect(em.requests).toHaveLength(0)
    expect(messagesOf(grouped, 'error')[0]).toContain('exactly one slash')
    expect(messagesOf(bare, 'error')[0]).toContain(
      "Input 'repository' is required with 'merge-request-number'"
    )
  })

  it('is refused on a deployment_status event: QA Wolf’s App already has that deployment', async () => {
    const em = await reportService()
    const run = await reportStep(em, {}, { event: 'deployment_status.success' })

    expect(run.exitCode).toBe(1)
    expect(em.requests).toHaveLength(0)
    expect(messagesOf(run, 'error')[0]).toContain(
      "QA Wolf's GitHub App already has that deployment"
    )
  })

  it('reads the reply without its json layer too', async () => {
    const service = await scriptedService([
      {
        status: 200,
        body: { result: { data: { deployment: { id: 'dep-7', status: 'success' } } } }
      }
    ])
    const run = await reportStep(service, {}, { event: null })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['deployment-id']).toBe('dep-7')
    expect(messagesOf(run, 'warning')).toEqual([])
  })
})

describe('GitHub’s answers, as they came', () => {
  it('reports a 202 to the deployment as GitHub’s answer, not as unreachable', async () => {
    const gh = await scriptedGitHub({
      deployment: res => json(res, 202, { message: 'Auto-merged main into topic on deployment.' })
    })
    const run = await runRoute(deploymentInputs(), { github: gh.url })

    expect(run.exitCode).toBe(1)
    const [error] = messagesOf(run, 'error')
    expect(error).toContain('GitHub answered 202 (Auto-merged main into topic on deployment.)')
    expect(error).not.toContain('could not be reached')
    expect(run.outputs['github-deployment-id']).toBe('')
  })

  it('reports a 201 with a cut body as answered, a deployment that may exist, sent once', async () => {
    const gh = await scriptedGitHub({
      deployment: res => {
        res.writeHead(201, { 'content-type': 'application/json', 'content-length': '400' })
        res.write('{"id": 4242, "environ')
        setTimeout(() => res.destroy(), 50)
      }
    })
    const run = await runRoute(deploymentInputs(), { github: gh.url })

    expect(run.exitCode).toBe(1)
    expect(deploymentPosts(gh)).toHaveLength(1)
    const [error] = messagesOf(run, 'error')
    expect(error).toContain('GitHub answered 201')
    expect(error).toContain("look at the repository's deployments before running the job again")
    expect(error).not.toContain('could not be reached')
  })

  it('gives advice about the status for a 422 to the status, not about sha or environment', async () => {
    const gh = await scriptedGitHub({
      deployment: res => json(res, 201, { id: 4242 }),
      status: res => json(res, 422, { message: 'Validation Failed' })
    })
    const run = await runRoute(deploymentInputs(), { github: gh.url })

    expect(run.exitCode).toBe(1)
    const [error] = messagesOf(run, 'error')
    expect(error).toContain('GitHub created deployment 4242 but not its success status')
    expect(error).toContain("check 'deployment-url'")
    expect(error).not.toContain("Check 'sha'")
    expect(run.outputs['github-deployment-id']).toBe('4242')
  })

  it('outputs the created deployment when its status never answers within the bound', async () => {
    const gh = await scriptedGitHub({
      deployment: res => json(res, 201, { id: 4242 }),
      status: () => undefined
    })
    const run = await runRoute(deploymentInputs(), {
      github: gh.url,
      env: { QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS: '1500' }
    })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['github-deployment-id']).toBe('4242')
    expect(messagesOf(run, 'error')[0]).toContain(
      'GitHub deployment 4242 exists without its success status'
    )
  })
})

describe('what is shown, and what is warned about', () => {
  it('never shows a deployment URL’s user:password@, in the summary or the log, reported or failed', async () => {
    const url = 'https://deployer:hunter2-pass@staging.shop.example.com'
    const ok = await scriptedService([{ status: 200, body: REPORTED }])
    const refused = await scriptedService([{ status: 400, body: { error: 'workspace archived' } }])
    const reported = await reportStep(ok, { 'deployment-url': url }, { event: null })
    const failed = await reportStep(refused, { 'deployment-url': url }, { event: null })

    expect([reported.exitCode, failed.exitCode]).toEqual([0, 1])
    for (const run of [reported, failed]) {
      expect(run.summary).toContain('staging.shop.example.com')
      expect(run.allText).not.toContain('hunter2-pass')
      expect(run.allText).not.toContain('deployer:')
    }
  })

  it('warns about a preview URL without a per-deployment part on report-status, by whole words', async () => {
    const em = await reportService()
    const preview = (extra: Record<string, string>) =>
      reportStep(
        em,
        { 'ephemeral-environment': 'true', ...extra },
        {
          event: 'pull_request.opened'
        }
      )
    // Each with its own label: a providerDeploymentId is bound to one environment.
    const shared = await preview({
      label: 'a',
      environment: 'pr-42',
      'deployment-url': 'https://preview.shop.example.com'
    })
    const own = await preview({
      label: 'b',
      environment: 'pr-42',
      'deployment-url': 'https://pr-42.preview.shop.example.com'
    })
    const sharedName = await preview({
      label: 'c',
      environment: 'preview',
      'deployment-url': 'https://pr-42.preview.shop.example.com'
    })

    expect([shared.exitCode, own.exitCode, sharedName.exitCode]).toEqual([0, 0, 0])
    expect(messagesOf(shared, 'warning')).toEqual([
      expect.stringContaining('names no pull request number, commit or branch')
    ])
    expect(messagesOf(own, 'warning')).toEqual([])
    expect(messagesOf(sharedName, 'warning')).toEqual([
      expect.stringContaining("The preview environment's name names no pull request number")
    ])
  })

  it('does not take a branch found inside a host label for a per-deployment part', async () => {
    const { deploy } = await deployingTo()
    const run = await deploy({
      'ephemeral-environment': 'true',
      branch: 'web',
      environment: 'preview-web',
      'deployment-url': 'https://webshop.example.com'
    })

    expect(run.exitCode).toBe(0)
    expect(messagesOf(run, 'warning')).toEqual([
      expect.stringContaining('The preview URL https://webshop.example.com names no pull request')
    ])
  })

  it('github-deployment: refuses URL credentials and warns about secret-looking variables', async () => {
    const { gh, deploy } = await deployingTo()
    const withCredentials = await deploy({
      'deployment-url': 'https://deployer:hunter2-pass@staging.shop.example.com'
    })
    const secretLooking = await deploy({
      variables: 'API_URL=https://api.example.com\nAPI_TOKEN=t0k3n-value'
    })

    expect(withCredentials.exitCode).toBe(1)
    expect(messagesOf(withCredentials, 'error')[0]).toContain(
      "Input 'deployment-url' holds a user name or password"
    )
    expect(withCredentials.allText).not.toContain('hunter2-pass')
    expect(secretLooking.exitCode).toBe(0)
    expect(gh.requests.filter(r => r.path.endsWith('/deployments'))).toHaveLength(1)
    expect(messagesOf(secretLooking, 'warning')).toEqual([
      expect.stringContaining('variable 2 has a name that looks like a secret')
    ])
    expect(secretLooking.allText).not.toContain('API_TOKEN')
  })

  it('treats an unevaluated ${{ secrets.X }} api-key as unset, and masks none of the action’s text', async () => {
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
