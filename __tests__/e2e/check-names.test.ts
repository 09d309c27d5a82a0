// A check the step cannot find, said as the user can fix it: the nearest name or app (never just
// the first listed), at the first read that finds none counting, and at the timeout the cause that
// was seen (nothing posted at all, other names, or the named check not counting).
import { describe, expect, it } from '@jest/globals'
import type { ActionRun } from '../../scripts/action-runner.js'
import { messagesOf, qaService } from '../helpers/e2e.js'
import { checkGate, checkRunEvent, preset } from '../helpers/check-fixtures.js'

type Checks = ReturnType<typeof preset>[]

async function gate(checkRuns: Checks, inputs: Record<string, string>): Promise<ActionRun> {
  const em = await qaService({ github: { checkRuns } })
  return checkGate(em, { timeout: '1s', ...inputs })
}

const errors = (run: ActionRun): string => messagesOf(run, 'error').join('\n')

describe('a mistyped check-app', () => {
  it('is answered with the nearest app that posted the check, not the first listed', async () => {
    const run = await gate([preset({ app: 'acme-release-bot' }), preset({ app: 'qa-wolf' })], {
      'check-app': 'qawolf'
    })
    expect(run.outputs['status']).toBe('timed-out')
    expect(errors(run)).toContain("did you mean check-app: 'qa-wolf'?")
    expect(errors(run)).not.toMatch(/did you mean check-app: 'acme-release-bot'/i)
    expect(run.summary).toContain('set `check-app` to &#39;qa-wolf&#39;')
  })

  it('is answered with no guess when no app is near', async () => {
    const run = await gate([preset({ app: 'acme-release-bot' })], { 'check-app': 'qawolf' })
    expect(run.outputs['status']).toBe('timed-out')
    expect(errors(run)).not.toMatch(/did you mean/i)
  })
})

describe('a mistyped check-name', () => {
  it('is warned about at the first read that finds none counting, with the nearest name', async () => {
    const run = await gate([preset({ name: 'QA Wolf Test Results' })], {
      'check-name': 'QA wolf test results'
    })
    const warnings = messagesOf(run, 'warning').join('\n')
    expect(warnings).toContain("Did you mean check-name: 'QA Wolf Test Results'?")
    // Before the timeout's error, not with it.
    const warnedAt = run.stdout.indexOf('::warning')
    expect(warnedAt).toBeGreaterThanOrEqual(0)
    expect(warnedAt).toBeLessThan(run.stdout.indexOf('::error'))
  })

  it("on QA Wolf's own check_run event, names check-name and the event's check, not an if: with the typo", async () => {
    const em = await qaService({ github: {} })
    const run = await checkGate(
      em,
      { 'check-name': 'QA wolf test results' },
      { name: 'check_run', payload: checkRunEvent({}) }
    )
    expect(run.exitCode).toBe(1)
    const failed = errors(run)
    expect(failed).not.toContain("if: github.event.check_run.name == 'QA wolf test results'")
    expect(failed).toContain("check-name: 'QA Wolf Test Results'")
    expect(em.requests).toHaveLength(0)
  })
})

describe('the time-out names the cause it saw', () => {
  it('no check run at all: QA Wolf posted nothing, no word about matching names', async () => {
    const run = await gate([], {})
    expect(errors(run)).toContain('GitHub lists no check run at all on this commit')
    expect(errors(run)).not.toMatch(/must match/)
  })

  it("only GitHub Actions' check runs: no QA Wolf check was posted, the name is not blamed", async () => {
    const run = await gate([preset({ name: 'build', app: 'github-actions' })], {})
    expect(errors(run)).toContain('QA Wolf posted no check on this commit at all')
    expect(errors(run)).not.toMatch(/must match/)
    expect(errors(run)).toMatch(/not connected/)
  })

  it('the named check there but started before since: says so, not that the name must match', async () => {
    const run = await gate([preset({ startedAt: '2026-11-26T12:00:00Z' })], {
      since: '2026-11-26T13:00:00Z'
    })
    expect(errors(run)).toContain('started before since')
    expect(errors(run)).not.toMatch(/must match/)
  })

  it("the app's check runs there under other names: the name must match", async () => {
    const run = await gate([preset({ name: 'QA Wolf Test Run', status: 'in_progress' })], {})
    expect(errors(run)).toMatch(/check-name must match one of them exactly/)
  })
})
