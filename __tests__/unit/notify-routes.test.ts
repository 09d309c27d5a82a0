// Each notify route as pure functions of the settings and the deployment's facts: its rules, its
// request on the wire, how it reads an answer (outputs, log lines, failure) and its summary.
import { describe, expect, it } from '@jest/globals'
import {
  deploySuccess,
  deploySuccessBody,
  reportNotification
} from '../../src/notify/deploy-success.js'
import type { DeploymentFacts, SendPlan } from '../../src/notify/deployment.js'
import {
  AnswerWithoutDeployment,
  describeGitHubDeploymentFailure,
  githubDeployment
} from '../../src/notify/github-deployment.js'
import { readDeploymentReport, reportStatus } from '../../src/notify/report-status.js'
import type { NotifySettings } from '../../src/kernel/settings.js'
import { githubContext } from '../helpers/github-context.js'
import { notifySettings } from '../helpers/unit-settings.js'

const SHA = '8f3e1c2a9b7d4e6f0a1b2c3d4e5f60718293a4b5'
const ctx = githubContext({ sha: SHA, runId: '77', runAttempt: '1', job: 'deploy' })
const facts: DeploymentFacts = {
  sha: SHA,
  branch: 'feature/x',
  deploymentUrl: 'https://staging.example.com',
  commitUrl: `https://github.com/acme/shop/commit/${SHA}`,
  pullRequestNumber: 42,
  repository: { owner: 'acme', name: 'shop' }
}
const plan = (given: DeploymentFacts = facts): SendPlan => ({
  kind: 'send',
  facts: given,
  notes: [],
  warnings: []
})
const settings = (extra: Partial<NotifySettings> = {}) =>
  notifySettings({ environment: 'staging', githubToken: 'ghs_t', workspaceId: 'ws-1', ...extra })
const errorsOf = (route: { rules(s: NotifySettings): { errors: Error[] } }, s: NotifySettings) =>
  route.rules(s).errors.map(error => error.message)

describe('deploy-success', () => {
  it('sends the repository and pull request, or for a preview neither', () => {
    const { body } = deploySuccessBody(
      notifySettings({ deploymentType: 'smoke', variables: { A: '1' } }),
      facts
    )
    expect(body).toEqual({
      branch: 'feature/x',
      sha: SHA,
      deployment_type: 'smoke',
      deployment_url: 'https://staging.example.com',
      hosting_service: 'GitHub',
      repository: { owner: 'acme', name: 'shop' },
      pull_request_number: 42,
      commit_url: facts.commitUrl,
      variables: { A: '1' }
    })
    const preview = deploySuccessBody(
      notifySettings({ ephemeralEnvironment: true, pullRequestNumber: 42 }),
      facts
    )
    expect(Object.keys(preview.body)).toEqual([
      'branch',
      'sha',
      'deployment_url',
      'commit_url',
      'ephemeral_environment'
    ])
    expect(preview.notes).toHaveLength(1)
    const gitlab = deploySuccessBody(
      notifySettings({ hostingService: 'GitLab', mergeRequestNumber: 3 }),
      facts
    )
    expect(gitlab.body).toMatchObject({
      repository: { namespace: 'acme', name: 'shop' },
      merge_request_number: 3
    })
  })

  it('describes what is sent, and warns when no commit is', () => {
    const sent = deploySuccess.request(notifySettings(), plan(), ctx)
    expect(sent.kind === 'send' && sent.describe).toBe(
      `Notifying https://qa.example.com of a successful deployment: sha ${SHA}, branch feature/x, url https://staging.example.com, pull request #42, repository acme/shop`
    )
    const bare = deploySuccess.request(notifySettings(), plan({}), ctx)
    expect(bare.kind === 'send' && bare.describe).toContain('(no commit information)')
    expect(bare.kind === 'send' && bare.lines.map(l => 'title' in l && l.title)).toEqual([
      'No commit SHA sent'
    ])
    expect(
      deploySuccess.rules(notifySettings({ environment: 'x', service: 'y' })).warnings
    ).toHaveLength(2)
  })

  it('reads each entry by its outcome; a run ID decides whatever the outcome says', () => {
    const report = reportNotification({
      results: [
        { trigger_id: 't1', created_suite_id: 'r1' },
        { outcome: 'failed', duplicate_suite_id: 7 },
        { outcome: 'skipped', skip_reason: 'branch filter' },
        { outcome: 'failed', failure_code: 'billing', failure_message: 'no credit' },
        { failure_reason: 'quota' },
        { outcome: 'created' },
        { outcome: 'weird' },
        {},
        'nonsense',
        { created_suite_id: 'r1' }
      ]
    })
    expect(report.runIds).toEqual(['r1', '7'])
    expect(report.producedRun).toBe(true)
    expect(report.outcomes.map(o => [o.kind, o.message ?? o.runId])).toEqual([
      ['created', 'r1'],
      ['duplicate', '7'],
      ['skipped', 'branch filter'],
      ['failed', 'no credit'],
      ['failed', 'quota'],
      ['failed', 'the service reported a created run but named no run ID'],
      ['failed', "unknown outcome 'weird'"],
      ['failed', 'the service reported no outcome for this trigger'],
      ['failed', 'the service sent a string instead of a result'],
      ['created', 'r1']
    ])
  })

  it('reads shown fields tolerantly: a wrong type is left out and named, never deciding', () => {
    const report = reportNotification({
      results: [{ created_suite_id: 'r1', trigger_id: 5, environment_id: 'env-1' }],
      environment: { alias: 'pr-7', id: [1], isStatic: 'no' },
      deployment_id: { id: 1 },
      warning: 'Used workspace Main'
    })
    expect(report.producedRun).toBe(true)
    expect(report.environment).toEqual({ name: 'pr-7', id: 'env-1' })
    expect(report.warning).toBe('Used workspace Main')
    expect(report.unreadable).toEqual([
      'results[0].trigger_id (a number)',
      'deployment_id (an object)',
      'environment.id (a list)',
      'environment.isStatic (a string)'
    ])
    expect(
      reportNotification({ results: [], environment: { isStatic: false } }).previewWithoutRun
    ).toBe(true)
    expect(reportNotification({ skipped_deployment: true }).skippedDeployment).toEqual({
      reason: 'skipped'
    })
  })

  const answered = (results: unknown[], extra = {}) => {
    const response = { results, ...extra }
    return { response, report: reportNotification(response) }
  }

  it('reports its outputs and lines; reported-at is any when only an earlier run is named', () => {
    const earlier = deploySuccess.report(answered([{ duplicate_suite_id: 'r0' }]), notifySettings())
    expect(earlier.failure).toBeUndefined()
    expect(earlier.outputs).toMatchObject({
      'run-id': 'r0',
      'run-ids': '["r0"]',
      'reported-at': 'any',
      skipped: 'false'
    })
    expect(earlier.lines.at(-1)).toMatchObject({ kind: 'notice', title: 'Earlier QA run' })
    const fresh = deploySuccess.report(
      answered([{ created_suite_id: 'r1' }, { duplicate_suite_id: 'r0' }]),
      notifySettings()
    )
    expect(fresh.outputs['reported-at']).toBeUndefined()
  })

  it('fails when no run came, or warns with fail-on-no-run false; a preview without runs passes', () => {
    const none = deploySuccess.report(answered([]), notifySettings())
    expect(none.failure).toContain('no trigger matched the notification')
    const skipped = answered([], {
      skipped_deployment: { reason: 'paused', message: 'team paused' }
    })
    expect(deploySuccess.report(skipped, notifySettings()).failure).toBe(
      'The notification produced no run: the service skipped the deployment (paused).'
    )
    const lenient = deploySuccess.report(
      answered([{ failure_reason: 'quota' }]),
      notifySettings({ failOnNoRun: false })
    )
    expect(lenient.failure).toBeUndefined()
    expect(lenient.lines.map(l => 'title' in l && l.title)).toEqual([
      'QA trigger failed',
      'No QA run'
    ])
    const preview = deploySuccess.report(
      answered([], { environment: { alias: 'pr-7', isStatic: false } }),
      notifySettings()
    )
    expect(preview.failure).toBeUndefined()
  })

  it('cuts run-ids to its budget, still a JSON list, and says so', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      created_suite_id: `run-${i}-${'x'.repeat(20)}`
    }))
    const { outputs, lines } = deploySuccess.report(answered(many), notifySettings())
    expect(outputs['run-ids-cut']).toBe('true')
    expect(Array.isArray(JSON.parse(String(outputs['run-ids'])))).toBe(true)
    expect(lines[0]).toMatchObject({ title: 'run-ids cut' })
  })

  it('summarizes the triggers, escaped, and what failed', () => {
    const state = {
      kind: 'reported' as const,
      answer: answered([{ trigger_id: 't<1>', created_suite_id: 'r1' }], {
        deployment_id: 'd-1',
        warning: 'w'
      })
    }
    const summary = deploySuccess.summary({ label: '', baseUrl: 'https://qa.example.com', state })
    expect(summary).toContain('✅ **Run produced:** yes — 1 run: r1.')
    expect(summary).toContain('| t&lt;1&gt; | ✅ created | r1 | — |')
    expect(summary).toContain('deployment d-1')
    const failed = deploySuccess.summary({
      label: 'x',
      baseUrl: 'https://q',
      state: { kind: 'failed', reason: '' }
    })
    expect(failed).toContain('⛔ **The notification failed:** no details were given.')
    expect(failed).not.toContain('Run produced')
  })
})

describe('github-deployment', () => {
  const s = settings({ via: 'github-deployment' })

  it('refuses what would report the wrong deployment or leak a secret, before sending', () => {
    expect(
      errorsOf(
        githubDeployment,
        settings({
          environment: undefined,
          hostingService: 'GitLab',
          githubToken: '',
          deploymentUrl: 'https://u:p@x.example.com'
        })
      ).map(m => m.slice(0, 30))
    ).toEqual([
      "Input 'environment' is require",
      "Input 'hosting-service' is Git",
      "Input 'github-token' is empty ",
      "Input 'deployment-url' holds a"
    ])
    const { warnings } = githubDeployment.rules(
      settings({ service: 'web', variables: { API_KEY: 'x', A: '1', PASSWORD: 'y' } })
    )
    expect(warnings[1]).toContain('variables 1, 3 have names that look like a secret')
  })

  it('creates the deployment of the commit, never auto-merged, and its success status', () => {
    const sent = githubDeployment.request(settings({ variables: { A: '1' } }), plan(), ctx)
    expect(sent.kind === 'send' && sent.request).toEqual({
      deployment: {
        owner: 'acme',
        repo: 'shop',
        ref: SHA,
        environment: 'staging',
        transient_environment: false,
        auto_merge: false,
        required_contexts: [],
        payload: { qawolf: { environmentVariables: { A: '1' } } },
        description: 'Reported by qa-greenlight for QA Wolf'
      },
      status: {
        environment_url: 'https://staging.example.com',
        log_url: 'https://github.com/acme/shop/actions/runs/77',
        description: 'Deployed; QA Wolf tests this URL'
      }
    })
  })

  it.each([
    [{}, githubContext({ eventName: 'deployment' }), 'already reaches'],
    [{ sha: undefined }, ctx, "Set the 'sha' input"],
    [{ deploymentUrl: undefined }, ctx, "Set the 'deployment-url' input"],
    [{ repository: undefined }, ctx, "Set the 'repository' input"]
  ])('sends nothing without what it needs (%j)', (missing, context, reason) => {
    const sent = githubDeployment.request(s, plan({ ...facts, ...missing }), context)
    expect(sent.kind === 'fail' && sent.reason).toContain(reason)
  })

  it('names the failed step and what to do, never the token', () => {
    const refused = Object.assign(new Error('x'), {
      status: 403,
      response: { status: 403, headers: {}, data: { message: 'ghs_t denied' } }
    })
    const denied = describeGitHubDeploymentFailure(
      'status',
      refused,
      'https://api.github.com',
      'ghs_t',
      9
    )
    expect(denied).toContain('GitHub created deployment 9 but not its success status')
    expect(denied).toContain('deployments: write')
    expect(denied).not.toContain('ghs_t')
    const merged = describeGitHubDeploymentFailure(
      'deployment',
      new AnswerWithoutDeployment(202, {}),
      'https://api.github.com',
      't'
    )
    expect(merged).toContain('its 202 answer')
    expect(githubDeployment.report({ id: 5 }, s).outputs).toEqual({
      'github-deployment-id': '5',
      environment: 'staging'
    })
  })
})

describe('report-status', () => {
  const s = settings({
    via: 'report-status',
    service: 'web',
    ephemeralEnvironment: true,
    environment: 'pr-42'
  })

  it('needs the environment, the workspace and a plain owner/name', () => {
    const refused = settings({
      environment: undefined,
      workspaceId: undefined,
      hostingService: 'GitLab',
      mergeRequestNumber: 3,
      repository: { owner: 'group/sub', name: 'app' }
    })
    expect(errorsOf(reportStatus, refused).map(m => m.slice(0, 24))).toEqual([
      "Input 'environment' is r",
      "Input 'workspace-id' is ",
      "Input 'repository' must "
    ])
    const noRepo = settings({ hostingService: 'GitLab', mergeRequestNumber: 3 })
    expect(errorsOf(reportStatus, noRepo)).toHaveLength(1)
  })

  it('reports the deployment as QA Wolf’s own client names it', () => {
    const sent = reportStatus.request(s, plan(), ctx)
    expect(sent.kind === 'send' && sent.request).toEqual({
      workspaceId: 'ws-1',
      providerDeploymentId: '77-1-deploy',
      status: 'success',
      environment: { name: 'pr-42', ephemeral: true },
      deployTarget: 'https://staging.example.com',
      service: 'web',
      metadata: {
        commitSha: SHA,
        ref: 'feature/x',
        repository: 'acme/shop',
        pullRequestNumber: 42,
        commitUrl: facts.commitUrl
      }
    })
    const noRepo = reportStatus.request(s, plan({ ...facts, repository: undefined }), ctx)
    expect(noRepo.kind === 'send' && noRepo.request.metadata).not.toHaveProperty(
      'pullRequestNumber'
    )
    expect(reportStatus.request(s, plan(), githubContext()).kind).toBe('fail')
    expect(reportStatus.request(s, plan({}), ctx).kind).toBe('fail')
  })

  it.each([
    [
      {
        result: {
          data: { json: { deployment: { id: 'd1', url: 'https://q/e', status: 'success' } } }
        }
      },
      { id: 'd1', url: 'https://q/e', status: 'success' }
    ],
    [{ result: { data: { json: { id: 7, url: 'javascript:x' } } } }, { id: '7' }],
    [{ result: { data: { id: 'd2' } } }, { id: 'd2' }],
    [{ result: 'x' }, {}]
  ])('reads %j tolerantly', (response, answer) =>
    expect(readDeploymentReport(response)).toEqual(answer)
  )

  it('warns when the answer names no deployment', () => {
    const { outputs, lines } = reportStatus.report({}, s)
    expect(outputs).toEqual({ 'deployment-id': '', 'deployment-url': '', environment: 'pr-42' })
    expect(lines[0]).toMatchObject({ kind: 'warning' })
  })
})
