// The sub-actions (`uses: YOUR-ORG/qa-greenlight/notify@v1`, …) as a runner runs them: each its own
// bundle (dist/<mode>/index.js) with its own action.yml's defaults and no `mode` input, against
// the emulator over loopback. Then the preview examples' steps (preview-deployments.yml and
// preview-current-path.yml), wired as each example wires them.
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import {
  API_KEY,
  loadEvent,
  messagesOf,
  PR_HEAD_SHA,
  qaService,
  requestsTo
} from '../helpers/e2e.js'
import { reportsTo } from '../helpers/notify-route.js'
import { evaluatedInputs, readExample, stepUsing } from '../helpers/workflow-steps.js'

function service(url: string): Record<string, string> {
  return { 'api-key': API_KEY, 'base-url': url }
}

describe('the sub-actions', () => {
  it('notify and greenlight run with no mode input, as their own bundles; terminate: the examples', async () => {
    const em = await qaService({
      triggers: [
        { id: 'web', deployment_type: 'smoke', run: { timeline: [{ stage: 'completed' }] } }
      ]
    })
    const notify = await runAction({
      subAction: 'notify',
      inputs: { ...service(em.url), 'deployment-type': 'smoke' }
    })
    expect(notify.stderr).toBe('')
    expect(notify.exitCode).toBe(0)
    expect(requestsTo(em, 'notify')).toHaveLength(1)
    const runIds = JSON.parse(notify.outputs['run-ids'] ?? '') as string[]
    expect(runIds).toHaveLength(1)
    // A sub-action sets its own mode's outputs only.
    expect(notify.outputs['greenlight']).toBeUndefined()

    const gate = await runAction({
      subAction: 'greenlight',
      inputs: { ...service(em.url), 'run-id': JSON.stringify(runIds), 'poll-interval': '100ms' }
    })
    expect(gate.exitCode).toBe(0)
    expect(gate.outputs).toMatchObject({ greenlight: 'true', status: 'passed' })
    expect(gate.outputs['run-ids']).toBeUndefined()
    for (const run of [notify, gate]) {
      expect(messagesOf(run, 'warning')).toEqual([])
      expect(run.stdout).not.toMatch(/Input 'mode'/)
    }
  })
})

const example = readExample('preview-deployments.yml')
const secrets = { QAWOLF_API_KEY: API_KEY }

describe('examples/preview-deployments.yml', () => {
  it('ends the preview notify reported: its clean-up finds it by URL and gets terminated', async () => {
    // A Vercel-style preview: the service names it from its URL, not pr-<number>.
    const previewUrl = 'https://octo-app-git-feature-x-acme.vercel.app'
    const deployed = loadEvent('deployment_status.success') as {
      deployment_status: Record<string, unknown>
      deployment: Record<string, unknown>
    }
    deployed.deployment_status['environment_url'] = previewUrl
    deployed.deployment['transient_environment'] = true
    deployed.deployment['environment'] = 'Preview'
    const em = await qaService()

    const notifyStep = stepUsing(example, 'qa', 'notify')
    const notify = await runAction({
      subAction: 'notify',
      eventName: 'deployment_status',
      event: deployed,
      inputs: {
        ...evaluatedInputs(notifyStep, { event: deployed, secrets }),
        'base-url': em.url
      }
    })
    expect(notify.exitCode).toBe(0)
    expect(notify.outputs['environment']).toBe('octo-app-git-feature-x-acme')
    expect(notify.outputs['environment-id']).not.toBe('')

    // The clean-up runs later, on pull_request closed. Its lookup step reads from GitHub's API the
    // successful deployment status of the pull request's last commit: the status whose event
    // started the qa job above, so its environment_url.
    const closed = loadEvent('pull_request.opened') as { action: string; number: number }
    closed.action = 'closed'
    const terminateStep = stepUsing(example, 'cleanup', 'terminate')
    const stepOutputs = { preview: { url: previewUrl } }
    const terminate = await runAction({
      subAction: 'terminate',
      eventName: 'pull_request',
      event: closed,
      inputs: {
        ...evaluatedInputs(terminateStep, { event: closed, secrets, stepOutputs }),
        'base-url': em.url
      }
    })
    expect(terminate.exitCode).toBe(0)
    expect(messagesOf(terminate, 'warning')).toEqual([])
    expect(terminate.outputs['outcome']).toBe('terminated')
    expect(terminate.outputs['environment-id']).toBe(notify.outputs['environment-id'])
  })
})

const REPO = 'acme/shop'
const QA_JOB = { GITHUB_RUN_ID: '9123456789', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'qa' }
const currentPath = readExample('preview-current-path.yml')

describe('examples/preview-current-path.yml', () => {
  it("reports the pull request's preview, gates on QA Wolf's check of its head, and closes it", async () => {
    const em = await qaService({
      github: {
        connected: [REPO],
        checks: [{ conclusion: 'success', afterPolls: 1 }],
        tokenLogin: 'github-actions[bot]'
      }
    })
    const opened = loadEvent('pull_request.opened') as { number: number }
    const context = {
      secrets: { QAWOLF_API_KEY: API_KEY },
      vars: { QAWOLF_WORKSPACE: 'ws-1' },
      repository: REPO,
      stepOutputs: { deploy: { url: `https://pr-${opened.number}.preview.example.com` } }
    }
    const env = { ...QA_JOB, GITHUB_REPOSITORY: REPO, GITHUB_API_URL: em.url }
    const step = (
      job: string,
      subAction: 'notify' | 'greenlight' | 'terminate',
      event: unknown,
      outputs = {}
    ) => {
      const inputs = evaluatedInputs(stepUsing(currentPath, job, subAction), {
        ...context,
        event,
        stepOutputs: { ...context.stepOutputs, ...outputs }
      })
      return runAction({
        subAction,
        eventName: 'pull_request',
        event,
        // The emulator's address, and (for the gate) a poll interval a test can wait for.
        inputs: {
          ...inputs,
          'base-url': em.url,
          ...(subAction === 'greenlight' ? { 'poll-interval': '100ms' } : {})
        },
        // The cleanup runs in a later workflow run (the pull request's closed event), as its job.
        env: job === 'qa' ? env : { ...env, GITHUB_RUN_ID: '9123459999', GITHUB_JOB: job }
      })
    }

    const notify = await step('qa', 'notify', opened)
    expect(notify.exitCode).toBe(0)
    // A per-pull-request name and URL: no preview warning.
    expect(messagesOf(notify, 'warning')).toEqual([])
    const [report] = reportsTo(em)
    expect(report?.json).toMatchObject({
      json: {
        workspaceId: 'ws-1',
        status: 'success',
        environment: { name: `pr-${opened.number}`, ephemeral: true },
        deployTarget: `https://pr-${opened.number}.preview.example.com`,
        metadata: { commitSha: PR_HEAD_SHA, repository: REPO, pullRequestNumber: opened.number }
      }
    })
    expect(notify.outputs['reported-at']).not.toBe('')

    const gate = await step('qa', 'greenlight', opened, { 'qa-notify': notify.outputs })
    expect(gate.exitCode).toBe(0)
    expect(gate.outputs).toMatchObject({ greenlight: 'true', status: 'passed' })
    // The check of the pull request's head decided, not one of GITHUB_SHA (a merge commit).
    expect(
      em.requests.some(r => r.path === `/repos/${REPO}/commits/${PR_HEAD_SHA}/check-runs`)
    ).toBe(true)
    expect(em.github.comments.map(c => c.issueNumber)).toEqual([opened.number])

    const closed = { ...opened, action: 'closed' }
    const terminate = await step('cleanup', 'terminate', closed)
    expect(terminate.exitCode).toBe(0)
    expect(terminate.outputs['outcome']).toBe('terminated')
    const reports = reportsTo(em)
    expect(reports.at(-1)?.json).toMatchObject({
      json: { status: 'inactive', environment: { name: `pr-${opened.number}`, ephemeral: true } }
    })
    expect(em.reportedDeployments().map(d => d.status)).toEqual(['inactive', 'inactive'])
  })

  it('runs each job only where it belongs: the gate while the pull request is open, the cleanup once closed', () => {
    expect(currentPath.jobs['qa']?.if).toContain("github.event.action != 'closed'")
    expect(currentPath.jobs['cleanup']?.if).toContain("github.event.action == 'closed'")
  })
})
