// What a new user meets first: QA Wolf's address as the default `base-url`, seen on the wire, a
// gate handed the empty run list of a notify step that started no run, an empty `since` said
// aloud, and preview warnings that agree with themselves (and with the README's own examples).
import { describe, expect, it } from '@jest/globals'
import { API_KEY, runAction } from '../../scripts/action-runner.js'
import {
  closeLater,
  greenlightStep,
  loadEvent,
  messagesOf,
  notifyInputs,
  notifyStep,
  qaService,
  scriptedService
} from '../helpers/e2e.js'
import { checkGate, preset, RUN } from '../helpers/check-fixtures.js'
import { startForwardProxy } from '../helpers/forward-proxy.js'

describe('base-url left out', () => {
  it('sends the notification to https://app.qawolf.com: the proxy is asked for app.qawolf.com:443', async () => {
    // A proxy that knows no host: it records the CONNECT and refuses it, so nothing leaves loopback.
    const proxy = closeLater(await startForwardProxy({}))
    const run = await runAction({
      inputs: { mode: 'notify', 'api-key': API_KEY, sha: 'abc1234' },
      env: { HTTPS_PROXY: proxy.url, NO_PROXY: '' }
    })
    expect(proxy.connects.length).toBeGreaterThan(0)
    expect(new Set(proxy.connects)).toEqual(new Set(['app.qawolf.com:443']))
    expect(proxy.plainRequests).toEqual([])
    expect(run.exitCode).toBe(1)
    expect(run.stdout).toContain('https://app.qawolf.com')
    expect(messagesOf(run, 'warning').join('\n')).not.toContain("Input 'base-url'")
  })

  it('an empty base-url (a variable that is not set) also goes to QA Wolf, with a warning', async () => {
    const proxy = closeLater(await startForwardProxy({}))
    const run = await runAction({
      inputs: { mode: 'notify', 'api-key': API_KEY, 'base-url': '', sha: 'abc1234' },
      env: { HTTPS_PROXY: proxy.url, NO_PROXY: '' }
    })
    expect(new Set(proxy.connects)).toEqual(new Set(['app.qawolf.com:443']))
    expect(messagesOf(run, 'warning')).toContain(
      "Input 'base-url' is empty (a variable that is not set?); using the default " +
        'https://app.qawolf.com. Leave the input out to use the default without this warning.'
    )
  })
})

describe('a gate after a notify step that started no run', () => {
  it('says that notify started no run, sends nothing, and names the if: that skips the gate', async () => {
    const service = await scriptedService([
      {
        status: 200,
        body: { environment: { id: 'cm-env-12', alias: 'pr-12', isStatic: false }, results: [] }
      }
    ])
    const notify = await notifyStep(service, {
      sha: 'abc1234',
      'ephemeral-environment': 'true',
      'deployment-url': 'https://pr-12.preview.example.com'
    })
    expect(notify.exitCode).toBe(0)
    expect(notify.summary).toContain('nothing was tested')
    expect(notify.summary).not.toContain('✅')
    expect(notify.outputs['run-id']).toBe('')
    const runIds = notify.outputs['run-ids'] ?? ''
    expect(runIds).toBe('[]')
    const requestsBefore = service.requests.length

    const gate = await greenlightStep(service, runIds)
    expect(gate.exitCode).toBe(1)
    expect(service.requests.length).toBe(requestsBefore)
    expect(gate.outputs['status']).toBe('error')
    const [error = ''] = messagesOf(gate, 'error')
    expect(error).toMatch(/^Input 'run-id' is an empty list: the notify step started no run/)
    // Issue 46.8: an if: that skips the gate would remove it; the check gate needs no run ID.
    expect(error).toContain('verdict-from: check')
    expect(error).not.toContain("pass the notify step's output")
    expect(gate.summary).toContain('started no run')
  })
})

const SINCE_NOTICE =
  "With since: any, any earlier check run 'QA Wolf Test Results' of this commit counts"

describe("greenlight's since: any with verdict-from: check", () => {
  async function gate(since: string) {
    const em = await qaService({ github: { checkRuns: [preset()] } })
    return checkGate(em, { since, timeout: '10s' })
  }

  it('logs a notice that any earlier check of the commit counts', async () => {
    const run = await gate('any')
    expect(run.exitCode).toBe(0)
    const notices = messagesOf(run, 'notice').filter(line => line.includes(SINCE_NOTICE))
    expect(notices).toHaveLength(1)
    expect(notices[0]).toContain('reported-at')
    expect(run.stdout).toContain('title=Any earlier check of the commit counts')
  })

  it('says nothing of the kind when since is set', async () => {
    const run = await gate('2026-11-26T11:00:00Z')
    expect(run.exitCode).toBe(0)
    expect(run.stdout).not.toContain('With since: any')
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
