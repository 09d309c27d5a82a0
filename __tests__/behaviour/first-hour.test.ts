// What a new user meets first: QA Wolf's address as the default `base-url`, seen on the wire, and
// `since: any` said aloud by a check gate that needs no API key. A gate handed the empty run list
// of a notify step that started no run: inputs-refused.test.ts.
import { describe, expect, it } from '@jest/globals'
import { API_KEY, runAction } from '../../scripts/action-runner.js'
import { closeLater, messagesOf, qaService } from '../helpers/e2e.js'
import { checkGate, preset } from '../helpers/check-fixtures.js'
import { startForwardProxy } from '../helpers/forward-proxy.js'

describe('base-url left out', () => {
  it('sends to https://app.qawolf.com without a warning', async () => {
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
})

describe("greenlight's since: any with verdict-from: check", () => {
  it('needs no API key, and says that any earlier check of the commit counts; nothing of the kind when set', async () => {
    const em = await qaService({ github: { checkRuns: [preset()] } })
    const gate = (since: string) => checkGate(em, { 'api-key': '', since, timeout: '10s' })
    const [any, set] = await Promise.all([gate('any'), gate('2026-11-26T11:00:00Z')])

    expect(messagesOf(any, 'error')).toEqual([])
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
