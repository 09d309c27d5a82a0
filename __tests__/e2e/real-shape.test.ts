// The real-shape fixture set (emulator/examples/real-shape.json) end to end: the bundled action
// against the emulator answering as the real service documents, for every shape that matters.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from '@jest/globals'
import type { EmulatorConfig } from '../../emulator/server.js'
import { runAction } from '../../scripts/action-runner.js'
import { emulator, greenlightInputs, messagesOf } from '../helpers/e2e.js'

const REAL_SHAPE = JSON.parse(
  readFileSync(new URL('../../emulator/examples/real-shape.json', import.meta.url), 'utf8')
) as EmulatorConfig
const KEY = 'real-shape-key'

async function service(extra: Partial<EmulatorConfig> = {}) {
  return emulator({ ...REAL_SHAPE, ...extra })
}

function step(url: string, inputs: Record<string, string>) {
  return runAction({ inputs: { 'api-key': KEY, 'base-url': url, ...inputs } })
}

const gate = (url: string, runId: string, extra: Record<string, string> = {}) =>
  runAction({ inputs: greenlightInputs({ url }, runId, { 'api-key': KEY, ...extra }) })

describe('greenlight against the real shape', () => {
  it('green with only non-blocking bugs (low, medium, high marked isBlocking false) is green', async () => {
    const em = await service()
    const run = await gate(em.url, 'run-green-with-minor-bugs')

    expect(run.exitCode).toBe(0)
    expect(run.outputs['greenlight']).toBe('true')
    expect(run.outputs['blocking-bugs-count']).toBe('0')
    expect(run.outputs['non-blocking-bugs-count']).toBe('3')
    // Each bug once, its name linking to its page.
    expect(run.summary.match(/Tooltip clipped on Safari/g)).toHaveLength(1)
    expect(run.summary).toContain(`[Typo in the footer](${em.url}/bugs/bug-typo)`)
  })

  it('red with urgent and unprioritized bugs; a high bug the service does not count stays non-blocking', async () => {
    const em = await service()
    const run = await gate(em.url, 'run-red')

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('failed')
    expect(run.outputs['blocking-bugs-count']).toBe('2')
    expect(run.outputs['non-blocking-bugs-count']).toBe('1')
    expect(JSON.parse(run.outputs['blocking-bug-urls'] ?? '')).toEqual([
      `${em.url}/bugs/bug-cart`,
      `${em.url}/bugs/bug-login`
    ])
    expect(run.summary).toContain(
      `[Cart total ignores the coupon](${em.url}/bugs/bug-cart) — bug 305, priority urgent, new — [jira SHOP-7](https://acme.atlassian.net/browse/SHOP-7)`
    )
    expect(run.summary).toContain('Login fails after a password reset')
    expect(run.summary.match(/Tooltip clipped on Safari/g)).toHaveLength(1)
    expect(messagesOf(run, 'error').filter(m => m.startsWith('Blocking bug:'))).toHaveLength(2)
  })

  it.each([
    ['green', 'true', 0],
    ['red', 'false', 1]
  ])(
    'blocking bugs in other workflows: output and summary section, verdict %s under outcome-when… %s',
    async (outcome, greenlight, exitCode) => {
      const em = await service()
      const run = await gate(em.url, 'run-green-other-workflows-red', {
        'outcome-when-blocking-bugs-in-other-workflows': outcome
      })
      expect(run.outputs['greenlight']).toBe(greenlight)
      expect(run.exitCode).toBe(exitCode)
      expect(run.outputs['other-blocking-bugs-count']).toBe('2')
      expect(run.summary).toContain('Blocking bugs in workflows outside this run (2)')
    }
  )
})

describe('notify against the real shape', () => {
  it('reports every outcome and the deployment, with the workspace warning', async () => {
    const em = await service()
    const run = await step(em.url, { mode: 'notify', sha: 'abc1234', branch: 'main' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['run-ids']).toBe('["run-1"]')
    expect(run.outputs['deployment-id']).toBe('deployment-1')
    expect(run.outputs['environment']).toBe('Staging')
    const warnings = messagesOf(run, 'warning')
    expect(warnings.some(w => w.includes('ws-main'))).toBe(true)
    expect(run.outputs['environment-id']).toBe('env-Staging')
    expect(run.stdout).toContain('Static environment Staging (id env-Staging).')
    // The live service names no trigger in its entries.
    expect(warnings).toContain(
      'Trigger: no run created: The mobile environment is still being provisioned (environment-not-ready)'
    )
    expect(run.stdout).toContain('Trigger: skipped: The trigger runs only on the main branch')
  })
})

describe('terminate against the real shape', () => {
  it('terminates the preview environment, and a second call is a safe repeat', async () => {
    const em = await service()
    const first = await step(em.url, { mode: 'terminate', 'environment-alias': 'pr-17' })
    expect(first.exitCode).toBe(0)
    expect(first.outputs).toMatchObject({
      outcome: 'terminated',
      'environment-id': 'env-preview-17'
    })
    const again = await step(em.url, {
      mode: 'terminate',
      'deployment-url': 'https://pr-17.shop.example.com'
    })
    expect(again.exitCode).toBe(0)
    expect(again.outputs['outcome']).toBe('already-terminated')
    const unknown = await step(em.url, { mode: 'terminate', 'environment-id': 'env-nope' })
    expect(unknown.exitCode).toBe(0)
    expect(unknown.outputs['outcome']).toBe('not-found')
  })
})
