// QA Wolf's current deployment path, unit by unit: the GitHub deployment's requests and the
// messages of its failures, the reportStatus body and the tolerant reading of its reply, and
// their summary.
import { describe, expect, it } from '@jest/globals'
import type { GitHubContext } from '../../src/github/event-context.js'
import type { NotifySettings } from '../../src/inputs/settings.js'
import {
  describeGitHubDeploymentFailure,
  githubDeployment
} from '../../src/notify/github-deployment.js'
import { readDeploymentReport, reportStatus } from '../../src/notify/report-status.js'
import { deploySuccess } from '../../src/notify/deploy-success.js'
import { urlHasDiscriminator } from '../../src/notify/preview.js'
import type { DeploymentFacts } from '../../src/notify/payload.js'
import type { SendPlan } from '../../src/notify/route.js'
import { errorBody } from '../../src/kernel/service.js'
import { describeHttpStatus } from '../../src/kernel/service.js'
import { githubContext } from '../helpers/github-context.js'
import { notifySettings } from '../helpers/unit-settings.js'

const SHA = '8f3e1c2a9b7d4e6f0a1b2c3d4e5f60718293a4b5'

const ctx = githubContext({ sha: SHA, runId: '77', runAttempt: '1', job: 'deploy' })

const settings = (extra: Partial<NotifySettings> = {}): NotifySettings =>
  notifySettings({
    apiKey: 'qak_test_key',
    baseUrl: 'https://app.qawolf.com',
    via: 'github-deployment',
    environment: 'staging',
    githubToken: 'ghs_token',
    ...extra
  })

const facts: DeploymentFacts = {
  sha: SHA,
  branch: 'feature/checkout-button',
  deploymentUrl: 'https://staging.example.com',
  commitUrl: `https://github.com/acme/shop/commit/${SHA}`,
  pullRequestNumber: 42,
  repository: { owner: 'acme', name: 'shop' }
}

function sendPlan(given: DeploymentFacts): SendPlan {
  return {
    kind: 'send',
    derived: { sha: 'input', branch: 'input', deploymentUrl: 'input', commitUrl: 'input' },
    facts: given,
    notes: [],
    warnings: []
  }
}

const planGitHubDeployment = (s: NotifySettings, f: DeploymentFacts, c: GitHubContext) =>
  githubDeployment.request(s, sendPlan(f), c)
const planDeploymentReport = (s: NotifySettings, f: DeploymentFacts, c: GitHubContext) =>
  reportStatus.request(s, sendPlan(f), c)

describe('the github-deployment route', () => {
  it('deploys the SHA to the named environment, with nothing that could hold it back', () =>
    expect(planGitHubDeployment(settings({ variables: { A: '1' } }), facts, ctx)).toEqual({
      kind: 'send',
      describe: expect.stringContaining('Creating a GitHub deployment'),
      lines: [],
      request: {
        deployment: {
          owner: 'acme',
          repo: 'shop',
          ref: SHA,
          environment: 'staging',
          transient_environment: false,
          auto_merge: false,
          required_contexts: [],
          payload: { qawolf: { environmentVariables: { A: '1' } } },
          description: expect.any(String)
        },
        status: {
          environment_url: 'https://staging.example.com',
          log_url: 'https://github.com/acme/shop/actions/runs/77',
          description: expect.any(String)
        }
      }
    }))

  it.each([
    [{ ...facts, sha: undefined }, "Set the 'sha' input"],
    [{ ...facts, deploymentUrl: undefined }, "Set the 'deployment-url' input"],
    [{ ...facts, repository: undefined }, "Set the 'repository' input"]
  ])('refuses what it cannot deploy: %#', (given, message) => {
    const plan = planGitHubDeployment(settings(), given, ctx)
    expect(plan.kind).toBe('fail')
    expect(plan.kind === 'fail' && plan.reason).toContain(message)
  })

  it.each(['deployment_status', 'deployment'])(
    'refuses to deploy again from a %s event, which GitHub already reported',
    eventName => {
      const plan = planGitHubDeployment(settings(), facts, { ...ctx, eventName })
      expect(plan.kind === 'fail' && plan.reason).toContain('would report the deploy twice')
    }
  )

  it('warns about a preview URL shared by every deployment, and only then', () => {
    const preview = settings({ ephemeralEnvironment: true })
    const shared = planGitHubDeployment(
      preview,
      { ...facts, deploymentUrl: 'https://preview.example.com' },
      { ...ctx, runId: '' }
    )
    expect(shared.kind === 'send' && shared.lines.map(line => line.message)).toEqual([
      expect.stringContaining('a green run for code that was never exercised'),
      expect.stringContaining("The preview environment's name names no pull request number")
    ])
    expect(shared.kind === 'send' && shared.request.status).not.toHaveProperty('log_url')
    const own = planGitHubDeployment(
      preview,
      { ...facts, deploymentUrl: 'https://pr-42.example.com' },
      ctx
    )
    expect(own.kind === 'send' && own.request.deployment.transient_environment).toBe(true)
  })
})

describe('urlHasDiscriminator', () => {
  it.each([
    ['https://pr-42.preview.example.com', true],
    ['https://pr42.preview.example.com', true],
    ['https://preview.example.com/42/', true],
    ['https://preview.example.com/420', false],
    [`https://${SHA.slice(0, 7)}.preview.example.com`, true],
    ['https://feature-checkout-button.preview.example.com', true],
    ['https://shop-git-feature-checkout-button-acme.vercel.app', true],
    ['https://preview.example.com', false]
  ])('%s: %s', (url, expected) => expect(urlHasDiscriminator(url, facts)).toBe(expected))

  it('matches a branch by whole words of one label or segment only', () => {
    const web = { branch: 'web' }
    expect(urlHasDiscriminator('https://webshop.example.com', web)).toBe(false)
    expect(urlHasDiscriminator('https://shop.example.com/webapp', web)).toBe(false)
    expect(urlHasDiscriminator('https://web.shop.example.com', web)).toBe(true)
    expect(urlHasDiscriminator('https://shop.example.com/web/', web)).toBe(true)
  })

  it('finds nothing when nothing is known', () =>
    expect(urlHasDiscriminator('https://preview.example.com', {})).toBe(false))
})

describe('describeGitHubDeploymentFailure', () => {
  const answered = (status: number, message: string) => ({
    status,
    response: { status, data: { message } }
  })

  it.each([
    [401, "Check that 'github-token' is a valid"],
    [403, 'permissions: deployments: write'],
    [404, "check 'repository' and 'github-token'"],
    [422, "Check 'sha'"],
    [500, 'GitHub answered 500 (boom).']
  ])('%d names what to do', (status, advice) => {
    const message = describeGitHubDeploymentFailure(
      'deployment',
      answered(status, 'boom'),
      'https://api.github.com',
      'ghs_token'
    )
    expect(message).toContain('GitHub did not create the deployment')
    expect(message).toContain(advice)
  })

  it('says a deployment exists without its status, and never shows the token', () => {
    const message = describeGitHubDeploymentFailure(
      'status',
      answered(403, 'bad token ghs_token'),
      'https://api.github.com',
      'ghs_token',
      1001
    )
    expect(message).toContain('GitHub created deployment 1001 but not its success status')
    expect(message).not.toContain('ghs_token')
  })

  it('names GITHUB_API_URL when GitHub was not reached', () =>
    expect(
      describeGitHubDeploymentFailure(
        'deployment',
        new Error('ECONNREFUSED'),
        'https://ghe.example.com/api/v3',
        ''
      )
    ).toContain('GitHub could not be reached at https://ghe.example.com/api/v3 (ECONNREFUSED)'))
})

describe('the report-status route', () => {
  const report = settings({ via: 'report-status', workspaceId: 'ws-1', label: 'eu' })

  it('needs the runner variables and a deployment URL', () => {
    expect(planDeploymentReport(report, facts, { ...ctx, job: '' }).kind).toBe('fail')
    expect(planDeploymentReport(report, {}, ctx).kind).toBe('fail')
  })
})

describe('readDeploymentReport', () => {
  const deployment = { id: 'dep-1', status: 'success', url: 'https://app.qawolf.com/d/dep-1' }

  it.each([
    [{ result: { data: { json: deployment } } }],
    [{ result: { data: { json: { deployment } } } }],
    [{ result: { data: deployment } }],
    [{ result: { data: { deployment } } }]
  ])('reads the deployment in either place: %j', reply =>
    expect(readDeploymentReport(reply)).toEqual(deployment)
  )

  it.each([
    [{}],
    [{ result: { data: { json: null } } }],
    [{ result: 'ok' }],
    [{ result: { data: { json: { id: 7, url: 'javascript:alert(1)' } } } }]
  ])('is tolerant of anything else: %j', reply => {
    const read = readDeploymentReport(reply)
    expect(read.url).toBeUndefined()
  })
})

describe('the service side of reportStatus', () => {
  it('reads tRPC error envelopes, with or without the json layer', () => {
    const envelope = {
      error: {
        json: {
          message: 'bound elsewhere',
          code: -32009,
          data: { code: 'CONFLICT', httpStatus: 409 }
        }
      }
    }
    expect(errorBody(JSON.stringify(envelope))).toEqual({ message: 'bound elsewhere (CONFLICT)' })
    expect(errorBody(JSON.stringify({ error: { message: 'no' } }))).toEqual({ message: 'no' })
  })

  it('explains 403, 404 and 409 for a report', () => {
    expect(describeHttpStatus(409, 'report-status')).toContain(
      'already bound to another environment'
    )
    expect(describeHttpStatus(403, 'report-status')).toContain(
      'A workspace key reports only to its own workspace'
    )
    expect(describeHttpStatus(404, 'report-status')).toContain("Check 'workspace-id'")
  })
})

describe('the routes’ summaries', () => {
  const base = { label: 'eu', baseUrl: 'https://app.qawolf.com', environment: 'staging' }

  it('shows the report, the environment’s runs page, and how to gate on it', () => {
    const md = reportStatus.summary({
      ...base,
      deploymentUrl: 'https://user:pw@eu.example.com',
      state: { kind: 'reported', answer: { id: 'dep-1', url: 'https://app.qawolf.com/d/dep-1' } }
    })
    expect(md).toContain('## QA notify — eu')
    expect(md).toContain(
      'deployment dep-1 ([the environment’s runs](https://app.qawolf.com/d/dep-1))'
    )
    expect(md).toContain('verdict-from: check')
    expect(md).not.toContain('user:pw')
  })

  it('shows a GitHub deployment, a failure and a skip', () => {
    expect(
      githubDeployment.summary({ ...base, state: { kind: 'reported', answer: { id: 1001 } } })
    ).toContain('GitHub deployment 1001')
    expect(
      reportStatus.summary({ ...base, state: { kind: 'failed', reason: 'HTTP 409 <b>' } })
    ).toContain('HTTP 409 &lt;b&gt;')
    expect(
      reportStatus.summary({
        ...base,
        label: '',
        state: { kind: 'skipped', reason: 'state failure' }
      })
    ).toContain('**Nothing was sent**: state failure')
  })
})

describe('the routes’ input rules', () => {
  const inputs = (s: NotifySettings) => {
    const route = {
      'deploy-success': deploySuccess,
      'github-deployment': githubDeployment,
      'report-status': reportStatus
    }[s.via]
    const found = route.rules(s)
    return {
      errors: found.errors.map(e => e.input),
      messages: found.errors.map(e => e.message),
      warnings: found.warnings
    }
  }

  it('needs what each route sends', () => {
    expect(inputs(settings({ environment: undefined })).errors).toEqual(['environment'])
    expect(inputs(settings({ githubToken: '' })).messages[0]).toContain('deployments: write')
    expect(inputs(settings({ hostingService: 'GitLab' })).messages[0]).toContain(
      'use via: report-status or deploy-success'
    )
    expect(inputs(settings({ via: 'report-status', environment: undefined })).errors).toEqual([
      'environment',
      'workspace-id'
    ])
  })

  it('warns that environment and service mean nothing to deploy_success', () =>
    expect(inputs(settings({ via: 'deploy-success', service: 'web' })).warnings).toEqual([
      "Input 'environment' is ignored with via: deploy-success (the service picks the environment from its triggers).",
      "Input 'service' is ignored with via: deploy-success (only via: report-status sends it)."
    ]))
})
