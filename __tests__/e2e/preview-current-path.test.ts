// examples/preview-current-path.yml end to end: its notify, greenlight and terminate steps, wired
// as the example wires them, run from their sub-actions' bundles against the emulator (QA Wolf's
// reportStatus and QA Wolf's GitHub App posting its check on the pull request's head).
import { afterEach, describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import {
  API_KEY,
  baseConfig,
  closeServers,
  emulator,
  loadEvent,
  messagesOf,
  PR_HEAD_SHA
} from '../helpers/e2e.js'
import { evaluatedInputs, readExample, stepUsing } from '../helpers/workflow-steps.js'

afterEach(closeServers)

const REPO = 'acme/shop'
const RUN = { GITHUB_RUN_ID: '9123456789', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'qa' }
const REPORT_PATH = '/api/trpc/public.deployment.reportStatus'
const example = readExample('preview-current-path.yml')

describe('examples/preview-current-path.yml', () => {
  it("reports the pull request's preview, gates on QA Wolf's check of its head, and closes it", async () => {
    const em = await emulator(
      baseConfig({
        github: {
          connected: [REPO],
          checks: [{ conclusion: 'success', afterPolls: 1 }],
          tokenLogin: 'github-actions[bot]'
        }
      })
    )
    const opened = loadEvent('pull_request.opened') as { number: number }
    const context = {
      secrets: { QAWOLF_API_KEY: API_KEY },
      vars: { QAWOLF_WORKSPACE: 'ws-1' },
      repository: REPO,
      stepOutputs: { deploy: { url: `https://pr-${opened.number}.preview.example.com` } }
    }
    const env = { ...RUN, GITHUB_REPOSITORY: REPO, GITHUB_API_URL: em.url }
    const step = (
      job: string,
      subAction: 'notify' | 'greenlight' | 'terminate',
      event: unknown,
      outputs = {}
    ) => {
      const inputs = evaluatedInputs(stepUsing(example, job, subAction), {
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
    const [report] = em.requests.filter(r => r.path === REPORT_PATH)
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
    const reports = em.requests.filter(r => r.path === REPORT_PATH)
    expect(reports.at(-1)?.json).toMatchObject({
      json: { status: 'inactive', environment: { name: `pr-${opened.number}`, ephemeral: true } }
    })
    expect(em.reportedDeployments().map(d => d.status)).toEqual(['inactive', 'inactive'])
  })

  it('runs each job only where it belongs: the gate while the pull request is open, the cleanup once closed', () => {
    expect(example.jobs['qa']?.if).toContain("github.event.action != 'closed'")
    expect(example.jobs['cleanup']?.if).toContain("github.event.action == 'closed'")
  })
})
