// A user's first hour, round 4, end to end through the bundle: an empty `since` is said aloud,
// and the preview warnings agree with themselves (and with the README's own examples).
import { afterEach, describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import {
  API_KEY,
  baseConfig,
  closeServers,
  emulator,
  loadEvent,
  messagesOf,
  notifyInputs
} from '../helpers/e2e.js'

afterEach(closeServers)

const PUSH = loadEvent('push.branch')
const SHA = PUSH['after'] as string
const REPO = 'acme/shop'
const RUN = { GITHUB_RUN_ID: '9123456789', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'deploy' }
const SINCE_NOTICE =
  "Input 'since' is empty, so any earlier check run 'QA Wolf Test Results' of this commit counts"

describe("greenlight's since, empty with verdict-from: check", () => {
  async function gate(since: string) {
    const em = await emulator(
      baseConfig({
        github: { checkRuns: [{ repository: REPO, sha: SHA, startedAt: '2026-11-26T12:00:00Z' }] }
      })
    )
    return runAction({
      inputs: {
        mode: 'greenlight',
        'api-key': API_KEY,
        'base-url': em.url,
        'verdict-from': 'check',
        // What `since: ${{ needs.deploy.outputs.reported-at }}` gives when that output is unset.
        since,
        'poll-interval': '100ms',
        timeout: '10s'
      },
      eventName: 'push',
      event: PUSH,
      env: { ...RUN, GITHUB_REPOSITORY: REPO, GITHUB_API_URL: em.url }
    })
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
    const em = await emulator(baseConfig())
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
    const em = await emulator(baseConfig())
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
