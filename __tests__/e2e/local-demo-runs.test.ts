// The check_run event the docs offer for local runs, against `npm run emulator -- --config
// emulator/examples/demo.json`: the gate ends green or red as the event's conclusion says.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { EmulatorConfig } from '../../emulator/server.js'
import { runAction } from '../../scripts/action-runner.js'
import { REPO_ROOT } from '../../scripts/node24.mjs'
import { emulator } from '../helpers/e2e.js'

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
