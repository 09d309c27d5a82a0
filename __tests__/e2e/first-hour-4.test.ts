// A user's first hour, round 4, end to end through the bundle: an empty `since` is said aloud,
// and the preview warnings agree with themselves (and with the README's own examples).
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import { loadEvent, messagesOf, notifyInputs, qaService } from '../helpers/e2e.js'
import { checkGate, preset, RUN } from '../helpers/check-fixtures.js'

const SINCE_NOTICE =
  "Input 'since' is empty, so any earlier check run 'QA Wolf Test Results' of this commit counts"

describe("greenlight's since, empty with verdict-from: check", () => {
  async function gate(since: string) {
    const em = await qaService({ github: { checkRuns: [preset()] } })
    // What `since: ${{ needs.deploy.outputs.reported-at }}` gives when that output is unset.
    return checkGate(em, { since, timeout: '10s' })
  }

  it('logs a notice that any earlier check of the commit counts', async () => {
    const run = await gate('')
    expect(run.exitCode).toBe(0)
    const notices = messagesOf(run, 'notice').filter(line => line.includes(SINCE_NOTICE))
    expect(notices).toHaveLength(1)
    expect(notices[0]).toContain('reported-at')
    expect(run.stdout).toContain('title=Any earlier check of the commit counts')
  })

  it('says nothing of the kind when since is set', async () => {
    const run = await gate('2026-11-26T11:00:00Z')
    expect(run.exitCode).toBe(0)
    expect(run.stdout).not.toContain("Input 'since' is empty")
  })
})

describe('the preview warnings without a pull request event', () => {
  it("accept the README's own pr-7.example.com and a pr-8 environment, with no contradiction", async () => {
    const em = await qaService()
    const run = await runAction({
      inputs: notifyInputs(em, {
        via: 'report-status',
        'workspace-id': 'ws-1',
        environment: 'pr-8',
        'ephemeral-environment': 'true',
        'deployment-url': 'https://pr-7.example.com'
      }),
      // A manual run, as `npm run local-action` makes by default: no pull request number known.
      eventName: 'workflow_dispatch',
      event: {},
      env: RUN
    })

    expect(run.exitCode).toBe(0)
    expect(messagesOf(run, 'warning')).toEqual([])
  })

  it('still warn about a static URL and a shared name, and name the number to use when it is known', async () => {
    const em = await qaService()
    const opened = loadEvent('pull_request.opened') as { number: number }
    const run = await runAction({
      inputs: notifyInputs(em, {
        via: 'report-status',
        'workspace-id': 'ws-1',
        environment: 'preview',
        'ephemeral-environment': 'true',
        'deployment-url': 'https://preview.example.com'
      }),
      eventName: 'pull_request',
      event: opened,
      env: RUN
    })

    expect(run.exitCode).toBe(0)
    const warnings = messagesOf(run, 'warning')
    expect(warnings.some(line => line.includes('names no pull request number'))).toBe(true)
    expect(warnings.some(line => line.includes(`e.g. pr-${opened.number}.`))).toBe(true)
  })
})
