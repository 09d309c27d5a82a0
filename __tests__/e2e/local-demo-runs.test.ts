// The check_run event the docs offer for local runs, against `npm run emulator -- --config
// emulator/examples/demo.json`: the gate ends red as the event's conclusion says (green as it
// comes: `npm run demo` runs it, demo.test.ts).
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { EmulatorConfig } from '../../emulator/server.js'
import { runAction } from '../../scripts/action-runner.js'
import { REPO_ROOT } from '../../scripts/node24.mjs'
import { emulator } from '../helpers/e2e.js'

const read = (...file: string[]) => JSON.parse(readFileSync(path.join(REPO_ROOT, ...file), 'utf8'))

describe('emulator/events/check_run.completed.json against the demo emulator', () => {
  it('concluded failure: the gate ends 1 with status failed', async () => {
    const em = await emulator(read('emulator', 'examples', 'demo.json') as EmulatorConfig)
    const event = read('emulator', 'events', 'check_run.completed.json') as {
      check_run: Record<string, unknown>
    }
    const run = await runAction({
      inputs: { mode: 'greenlight', 'api-key': 'demo-key', 'verdict-from': 'check' },
      eventName: 'check_run',
      event: { ...event, check_run: { ...event.check_run, conclusion: 'failure' } },
      env: { GITHUB_API_URL: em.url, GITHUB_REPOSITORY: 'octo-org/octo-app' }
    })
    expect(run.stdout).not.toContain("has no branch 'main'")
    expect(run.outputs['status']).toBe('failed')
    expect(run.exitCode).toBe(1)
  })
})
