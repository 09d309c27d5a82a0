// Each notify route against a fake step and service: its rules, its request on the wire, how it
// reads an answer (outputs, log lines, failure) and its summary.
import { describe, expect, it } from '@jest/globals'
import { deploySuccess, reportNotification } from '../../src/notify/deploy-success.js'
import type { DeploymentFacts, Route, SendPlan } from '../../src/notify/deployment.js'
import { githubDeployment } from '../../src/notify/github-deployment.js'
import { readDeploymentReport, reportStatus } from '../../src/notify/report-status.js'
import { InputError, type NotifySettings } from '../../src/kernel/settings.js'
import { fakeRouteDeps, githubContext } from '../helpers/github-context.js'
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
const plan = (given = facts): SendPlan => ({ kind: 'send', facts: given, notes: [], warnings: [] })
const settings = (extra: Partial<NotifySettings> = {}) =>
  notifySettings({ environment: 'staging', githubToken: 'ghs_t', workspaceId: 'ws-1', ...extra })
const errorsOf = (route: Route, s: NotifySettings) =>
  route.rules(s).flatMap(e => (e instanceof InputError ? [e.message] : []))

/** Tells `route` with a service that answers `answer` (thrown when an Error); what it did. */
async function tell(
  route: Route,
  s: NotifySettings,
  answer: unknown,
  given: Parameters<Route['tell']>[1] = plan(),
  context = ctx
) {
  const { deps, ...seen } = fakeRouteDeps([answer], context)
  const ready = async (describe: string) =>
    describe.includes('unready') ? 'down' : void seen.lines.push(describe)
  return { ...(await route.tell(s, given, { ...deps, ready })), ...seen }
}

describe('deploy-success', () => {
  it('sends GitLab its namespace; a preview no repository or pull request; warns of no SHA', async () => {
    // A pull request's whole request and log line: behaviour/notify.test.ts.
    const preview = notifySettings({ ephemeralEnvironment: true, pullRequestNumber: 42 })
    const { sent, lines } = await tell(deploySuccess, preview, {})
    expect(Object.keys(sent[0] as object).join()).toBe(
      'branch,sha,deployment_url,commit_url,ephemeral_environment'
    )
    expect(lines[0]).toContain("'pull-request-number' is not sent")
    const gitlab = notifySettings({ hostingService: 'GitLab', mergeRequestNumber: 3 })
    expect((await tell(deploySuccess, gitlab, {})).sent[0]).toMatchObject({
      repository: { namespace: 'acme', name: 'shop' },
      merge_request_number: 3
    })
    const bare = await tell(deploySuccess, notifySettings(), {}, plan({}))
    expect(bare.titles).toEqual(['No commit SHA sent'])
    expect(bare.lines[1]).toContain('(no commit information)')
    const ignored = notifySettings({ environment: 'x', service: 'y' })
    expect(deploySuccess.rules(ignored).filter(Boolean)).toHaveLength(2)
  })

  it('reads each entry by its outcome; a run ID decides whatever the outcome says', () => {
    // prettier-ignore
    const entries: [unknown, string, string][] = [
      [{ trigger_id: 't1', created_suite_id: 'r1' }, 'created', 'r1'],
      [{ outcome: 'failed', duplicate_suite_id: 7 }, 'duplicate', '7'],
      [{ outcome: 'skipped', skip_reason: 'branch filter' }, 'skipped', 'branch filter'],
      [{ outcome: 'failed', failure_code: 'billing', failure_message: 'no credit' }, 'failed', 'no credit (billing)'],
      [{ failure_reason: 'quota' }, 'failed', 'quota'],
      [{ outcome: 'created' }, 'failed', 'the service reported a created run but named no run ID'],
      [{ outcome: 'weird' }, 'failed', "unknown outcome 'weird'"],
      [{}, 'failed', 'the service reported no outcome for this trigger'],
      ['nonsense', 'failed', 'the service sent a string instead of a result'],
      [{ created_suite_id: 'r1' }, 'created', 'r1']
    ]
    const report = reportNotification({ results: entries.map(([entry]) => entry) })
    expect(report).toMatchObject({ runIds: ['r1', '7'], producedRun: true })
    expect(report.outcomes.map(o => [o.kind, o.message ?? o.runId])).toEqual(
      entries.map(([, ...read]) => read)
    )
  })

  it('reads shown fields tolerantly: a wrong type is left out and named, never deciding', () => {
    const report = reportNotification({
      results: [{ created_suite_id: 'r1', trigger_id: 5, environment_id: 'env-1' }],
      environment: { alias: 'pr-7', id: [1], isStatic: 'no' },
      deployment_id: { id: 1 },
      warning: 'Used workspace Main'
    })
    expect(report).toMatchObject({
      producedRun: true,
      environment: { name: 'pr-7', id: 'env-1' },
      warning: 'Used workspace Main',
      unreadable: [
        'results[0].trigger_id (a number)',
        'deployment_id (an object)',
        'environment.id (a list)',
        'environment.isStatic (a string)'
      ]
    })
    expect(reportNotification({ environment: 'staging' }).environment).toEqual({ name: 'staging' })
    expect(reportNotification({ skipped_deployment: true }).skippedDeployment).toEqual({
      reason: 'skipped'
    })
  })

  // The outputs of an earlier run (reported-at: any): behaviour/notify-answers (vendor-duplicate-bare).
  it("titles and summarises an earlier run; reported-at is the server's date of a new one", async () => {
    const answer = {
      results: [{ trigger_id: 't<1>', duplicate_suite_id: 'r0' }],
      deployment_id: 'd'
    }
    const earlier = await tell(deploySuccess, notifySettings(), answer)
    expect(earlier.titles.at(-1)).toBe('Earlier QA run')
    expect(earlier.summary).toContain('| t&lt;1&gt; | 🔁 duplicate')
    expect(earlier.summary).toContain('(https://qa.example.com/) · deployment d')
    const fresh = await tell(deploySuccess, notifySettings(), {
      results: [{ created_suite_id: 'r1' }]
    })
    expect(fresh.outputs?.['reported-at']).toBe('2024-10-01T10:00:00.000Z')
    expect(fresh.summary).toContain('✅ **Run produced:** yes — 1 run: r1.')
  })

  // No matched trigger, a skipped deployment and a preview without runs: behaviour/notify-answers.
  it('warns instead of failing when no run came with fail-on-no-run false', async () => {
    const lenient = notifySettings({ failOnNoRun: false })
    const quota = await tell(deploySuccess, lenient, { results: [{ failure_reason: 'quota' }] })
    expect(quota.failure).toBeUndefined()
    expect(quota.titles).toEqual(['QA trigger failed', 'No QA run'])
  })

  it('names what failed before and after sending', async () => {
    const failed = await tell(deploySuccess, notifySettings(), new Error(''))
    expect(failed.failure).toBe('The deployment notification failed: ')
    expect(failed.summary).toContain('⛔ **The notification failed:** no details were given.')
    expect(failed.summary).not.toContain('Run produced')
    const unready = await tell(deploySuccess, notifySettings(), {}, plan({ branch: 'unready' }))
    expect(unready.failure).toBe('The deployment notification was not sent: down')
    const broken = { kind: 'fail' as const, reason: 'broken' }
    expect((await tell(deploySuccess, notifySettings(), {}, broken)).sent).toEqual([])
  })
})

it('github-deployment refuses what would report the wrong deployment or leak a secret', () => {
  const refused = settings({
    environment: undefined,
    hostingService: 'GitLab',
    githubToken: '',
    deploymentUrl: 'https://u:p@x.example.com'
  })
  expect(errorsOf(githubDeployment, refused).map(m => m.slice(0, 30))).toEqual([
    "Input 'environment' is require",
    "Input 'hosting-service' is Git",
    "Input 'github-token' is empty ",
    "Input 'deployment-url' holds a"
  ])
  const rules = githubDeployment.rules(
    settings({ service: 'web', variables: { API_KEY: 'x', A: '1', PASSWORD: 'y' } })
  )
  expect(rules.at(-1)).toContain('variables 1, 3 have names that look like a secret')
})

describe('report-status', () => {
  const s = settings({ service: 'web', ephemeralEnvironment: true, environment: 'pr-42' })

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

  it('reports the deployment as QA Wolf’s own client names it, and outputs what it recorded', async () => {
    const answer = { result: { data: { json: { id: 'd1', url: 'https://q/e' } } } }
    const { sent, outputs, summary } = await tell(reportStatus, s, answer)
    // The whole request of a push: behaviour/notify-routes. A preview's, with its pull request:
    expect(sent[0]).toMatchObject({
      providerDeploymentId: '77-1-deploy',
      environment: { name: 'pr-42', ephemeral: true },
      environmentVariables: {},
      metadata: { pullRequestNumber: 42 }
    })
    expect(outputs).toMatchObject({ 'deployment-id': 'd1', 'deployment-url': 'https://q/e' })
    expect(summary).toContain(
      '✅ **Reported:** deployment d1 ([the environment’s runs](https://q/e))'
    )
    const noRepo = await tell(reportStatus, s, answer, plan({ ...facts, repository: undefined }))
    expect(noRepo.sent[0]).not.toHaveProperty('metadata.pullRequestNumber')
    expect(noRepo.lines[0]).toContain('The pull request number is not sent')
  })

  // prettier-ignore
  it.each([
    [{ result: { data: { json: { deployment: { id: 'd1', url: 'https://q/e', status: 's' } } } } }, { id: 'd1', url: 'https://q/e' }],
    [{ result: { data: { json: { id: 7, url: 'javascript:x' } } } }, { id: '7' }],
    [{ result: { data: { id: 'd2' } } }, { id: 'd2' }],
    [{ result: 'x' }, {}]
  ])('reads %j tolerantly', (response, answer) =>
    expect(readDeploymentReport(response)).toEqual(answer)
  )

  it('warns when the answer names no deployment; fails when the report failed', async () => {
    const { outputs, titles } = await tell(reportStatus, s, {})
    expect(outputs).toMatchObject({
      'deployment-id': '',
      'deployment-url': '',
      environment: 'pr-42'
    })
    expect(titles.at(-1)).toBe('QA service answer partly unreadable')
    const failed = await tell(reportStatus, s, new Error('HTTP 500'))
    expect(failed.failure).toBe('The deployment was not reported: HTTP 500')
  })
})

it.each([
  [githubDeployment, {}, githubContext({ eventName: 'deployment' }), 'already reaches'],
  [githubDeployment, { sha: undefined }, ctx, "Set the 'sha' input"],
  [githubDeployment, { deploymentUrl: undefined }, ctx, "Set the 'deployment-url' input"],
  [githubDeployment, { repository: undefined }, ctx, "Set the 'repository' input"],
  [reportStatus, {}, githubContext({ eventName: 'deployment_status' }), 'already has that'],
  [reportStatus, {}, githubContext(), 'GITHUB_RUN_ID'],
  [reportStatus, { deploymentUrl: undefined }, ctx, "Set the 'deployment-url' input"]
])('%#: a route sends nothing without what it needs', async (route, missing, context, reason) => {
  const told = await tell(route, settings(), {}, plan({ ...facts, ...missing }), context)
  expect(told.failure).toContain(reason)
  expect(told.summary).toContain('❌ **Not reported:**')
  expect(told.sent).toEqual([])
})
