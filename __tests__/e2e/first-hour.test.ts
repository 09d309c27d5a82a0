// What a new user meets first: QA Wolf's address as the default `base-url`, seen on the wire, a
// gate handed the empty run list of a notify step that started no run, and `since: any` said aloud.
import { describe, expect, it } from '@jest/globals'
import { API_KEY, runAction } from '../../scripts/action-runner.js'
import {
  closeLater,
  greenlightStep,
  messagesOf,
  notifyStep,
  qaService,
  scriptedService
} from '../helpers/e2e.js'
import { checkGate, preset } from '../helpers/check-fixtures.js'
import { startForwardProxy } from '../helpers/forward-proxy.js'

describe('base-url left out', () => {
  it('sends to https://app.qawolf.com, also when empty (a variable not set), then with a warning', async () => {
    // A proxy that knows no host: it records the CONNECT and refuses it, so nothing leaves loopback.
    const proxy = closeLater(await startForwardProxy({}))
    const step = (extra: Record<string, string>) =>
      runAction({
        inputs: { mode: 'notify', 'api-key': API_KEY, sha: 'abc1234', ...extra },
        env: { HTTPS_PROXY: proxy.url, NO_PROXY: '' }
      })
    const left = await step({})
    const connects = proxy.connects.length
    const empty = await step({ 'base-url': '' })

    expect(connects).toBeGreaterThan(0)
    expect(proxy.connects.length).toBeGreaterThan(connects)
    expect(new Set(proxy.connects)).toEqual(new Set(['app.qawolf.com:443']))
    expect(proxy.plainRequests).toEqual([])
    expect([left.exitCode, empty.exitCode]).toEqual([1, 1])
    expect(left.stdout).toContain('https://app.qawolf.com')
    expect(messagesOf(left, 'warning').join('\n')).not.toContain("Input 'base-url'")
    expect(messagesOf(empty, 'warning')).toContain(
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

describe("greenlight's since: any with verdict-from: check", () => {
  it('logs a notice that any earlier check of the commit counts; nothing of the kind when set', async () => {
    const em = await qaService({ github: { checkRuns: [preset()] } })
    const any = await checkGate(em, { since: 'any', timeout: '10s' })
    const set = await checkGate(em, { since: '2026-11-26T11:00:00Z', timeout: '10s' })

    expect([any.exitCode, any.outputs['greenlight']]).toEqual([0, 'true'])
    const notices = messagesOf(any, 'notice').filter(line =>
      line.includes(
        "With since: any, any earlier check run 'QA Wolf Test Results' of this commit counts"
      )
    )
    expect(notices).toHaveLength(1)
    expect(notices[0]).toContain('reported-at')
    expect(any.stdout).toContain('title=Any earlier check of the commit counts')
    expect(set.exitCode).toBe(0)
    expect(set.stdout).not.toContain('With since: any')
  })
})
