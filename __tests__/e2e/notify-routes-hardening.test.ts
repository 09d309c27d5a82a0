// notify's routes end to end through the bundle, for what a user of each route relies on beyond
// the request itself: `reported-at` on the answering server's clock, the current path as the
// vendor's shipped client sends it, GitHub's answers read as they came, no credentials shown, and
// the warnings a preview or a public deployment payload needs.
import { describe, expect, it } from '@jest/globals'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { runAction } from '../../scripts/action-runner.js'
import { messagesOf, notifyStep, scriptedService, tinyServer } from '../helpers/e2e.js'
import {
  deployingTo,
  deploymentInputs,
  reportStep,
  reportService,
  reportsTo,
  runRoute
} from '../helpers/notify-route.js'

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
