// Input rules that decide what the step may do, end to end: a check gate that polls must say which
// check counts (`since`), an empty run-id points to the gate that works without one, a secret is
// never sent in another input, and a gate that only reads GitHub needs no API key.
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import { API_KEY, greenlightStep, messagesOf, notifyInputs, qaService } from '../helpers/e2e.js'
import { checkGate, checkRunEvent, preset, TOKEN } from '../helpers/check-fixtures.js'

const SINCE_REQUIRED =
  "Input 'since' is required with verdict-from: check while polling: pass notify's reported-at output " +
  '(e.g. since: ${{ steps.notify.outputs.reported-at }}), so that only a check run of this deployment ' +
  'counts, or since: any to let any check run of the commit count (also one of an earlier deployment).'

function gitHub() {
  return qaService({ github: { checkRuns: [preset()] } })
}

describe('since, with verdict-from: check', () => {
  it.each(['', ' '])(
    'refuses %j while polling, naming reported-at and any; nothing is read',
    async since => {
      const em = await gitHub()
      const run = await checkGate(em, { since, timeout: '10s' })
      expect(run.exitCode).toBe(1)
      expect(messagesOf(run, 'error')).toEqual([SINCE_REQUIRED])
      expect(run.outputs['status']).toBe('error')
      expect(em.requests).toEqual([])
    }
  )

  it('takes since: any as the opt-out: any check run of the commit counts', async () => {
    const em = await gitHub()
    const run = await checkGate(em, { since: 'any', timeout: '10s' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['greenlight']).toBe('true')
  })

  it('needs no since on a check_run event', async () => {
    const em = await gitHub()
    const event = { name: 'check_run', payload: checkRunEvent() }
    const run = await checkGate(em, { since: '' }, event)
    expect(messagesOf(run, 'error').join('\n')).not.toContain("Input 'since'")
  })
})

describe('an empty run-id with verdict-from: run', () => {
  it.each(['', '[]'])(
    'names verdict-from: check for %j, never an if: that skips the gate',
    async runId => {
      const em = await qaService()
      const run = await greenlightStep(em, runId)
      expect(run.exitCode).toBe(1)
      const [error = ''] = messagesOf(run, 'error')
      expect(error).toMatch(/^Input 'run-id' /)
      expect(error).toContain('verdict-from: check')
      expect(error).not.toContain('if: steps.notify.outputs.run-id')
      expect(em.requests).toEqual([])
    }
  )
})

describe("a secret input's value in another input", () => {
  it('refuses the API key as workspace-id, naming the input, never the value; nothing is sent', async () => {
    const em = await qaService({ triggers: [{ id: 'web' }] })
    const run = await runAction({ inputs: notifyInputs(em, { 'workspace-id': API_KEY }) })
    expect(run.exitCode).toBe(1)
    expect(em.requests).toEqual([])
    expect(messagesOf(run, 'error')).toEqual([
      "Input 'workspace-id' holds the value of 'api-key', a secret that is sent nowhere else " +
        "(the value is not shown): give 'workspace-id' its own value."
    ])
  })

  it('refuses the GitHub token inside a variables value in a sub-action', async () => {
    const em = await qaService({ triggers: [{ id: 'web' }] })
    const run = await runAction({
      subAction: 'notify',
      inputs: { 'api-key': API_KEY, 'base-url': em.url, variables: `TOKEN=${TOKEN}` }
    })
    expect(run.exitCode).toBe(1)
    expect(em.requests).toEqual([])
    expect(messagesOf(run, 'error')).toEqual([
      "Input 'variables' holds the value of 'github-token', a secret that is sent nowhere else " +
        "(the value is not shown): give 'variables' its own value."
    ])
    expect(run.allText).not.toContain(TOKEN)
  })
})

describe('api-key with verdict-from: check', () => {
  it('is not required: the gate reads only GitHub', async () => {
    const em = await gitHub()
    const run = await checkGate(em, { 'api-key': '', since: 'any', timeout: '10s' })
    expect(messagesOf(run, 'error')).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(run.outputs['greenlight']).toBe('true')
  })

  it('is still required where the service is called', async () => {
    const em = await qaService()
    const run = await greenlightStep(em, 'run-1', { 'api-key': '' })
    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error')[0]).toMatch(/^Input 'api-key' is required/)
  })
})
