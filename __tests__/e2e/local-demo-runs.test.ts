// The local runs the docs offer against `npm run emulator -- --config emulator/examples/demo.json`:
// each ends with a verdict, green or red as the documented inputs say, within a test's minutes.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { EmulatorConfig } from '../../emulator/server.js'
import { runAction } from '../../scripts/action-runner.js'
import { REPO_ROOT } from '../../scripts/node24.mjs'
import { emulator } from '../helpers/e2e.js'
import { evaluatedInputs, readExample, stepUsing } from '../helpers/workflow-steps.js'

const demo = (): EmulatorConfig =>
  JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'emulator', 'examples', 'demo.json'), 'utf8')
  ) as EmulatorConfig
const event = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'emulator', 'events', 'check_run.completed.json'), 'utf8')
) as { check_run: Record<string, unknown> }

describe('emulator/events/check_run.completed.json against the demo emulator', () => {
  it.each([
    ['success', 0, 'passed'],
    ['failure', 1, 'failed']
  ])('concluded %s: the gate ends %s with status %s', async (conclusion, exitCode, status) => {
    const em = await emulator(demo())
    const run = await runAction({
      inputs: { mode: 'greenlight', 'api-key': 'demo-key', 'verdict-from': 'check' },
      eventName: 'check_run',
      event: { ...event, check_run: { ...event.check_run, conclusion } },
      env: { GITHUB_API_URL: em.url, GITHUB_REPOSITORY: 'octo-org/octo-app' }
    })
    expect(run.stdout).not.toContain("has no branch 'main'")
    expect(run.outputs['status']).toBe(status)
    expect(run.exitCode).toBe(exitCode)
  })
})

describe('examples/preview-current-path.yml against the demo emulator', () => {
  it("reports the pr-<n> preview, gets QA Wolf's check on its head, and closes it", async () => {
    const em = await emulator(demo())
    const workflow = readExample('preview-current-path.yml')
    const headSha = '2d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f'
    const pr = { number: 12, head: { sha: headSha, ref: 'feature/x' } }
    const context = {
      event: { action: 'opened', number: 12, pull_request: pr },
      secrets: { QAWOLF_API_KEY: 'demo-key' },
      vars: { QAWOLF_WORKSPACE: 'ws-demo' },
      stepOutputs: { deploy: { url: 'https://pr-12.preview.example.com' } }
    }
    const env = {
      GITHUB_API_URL: em.url,
      GITHUB_REPOSITORY: 'acme/shop',
      GITHUB_SHA: headSha,
      GITHUB_RUN_ID: '7',
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_JOB: 'qa'
    }
    const step = async (job: string, sub: 'notify' | 'greenlight' | 'terminate', extra = {}) =>
      runAction({
        subAction: sub,
        inputs: {
          'base-url': em.url,
          ...evaluatedInputs(stepUsing(workflow, job, sub), context),
          ...extra
        },
        eventName: 'pull_request',
        event: context.event,
        env
      })
    const notify = await step('qa', 'notify')
    expect(notify.exitCode).toBe(0)
    ;(context.stepOutputs as Record<string, Record<string, string>>)['qa-notify'] = notify.outputs
    // The template's 2h timeout and 30s interval, shortened: the check lands after a few reads.
    const gate = await step('qa', 'greenlight', { timeout: '30s', 'poll-interval': '100ms' })
    expect(gate.outputs['status']).toBe('passed')
    expect(gate.outputs['check-conclusion']).toBe('success')
    expect(gate.exitCode).toBe(0)
    const cleanup = await step('cleanup', 'terminate')
    expect(cleanup.exitCode).toBe(0)
  })
})
