// A new user's first hour on the current path (`verdict-from: check`), end to end through the
// bundle and the emulator's GitHub side: a red check reads as well as a red run (QA Wolf's own
// findings first, links kept, then what to do; no made-up counts), and a mistyped check-name shows
// itself (the check runs that are on the commit are named while waiting and at the timeout).
import { describe, expect, it } from '@jest/globals'
import type { ActionRun } from '../../scripts/action-runner.js'
import type { Emulator, EmulatorConfig } from '../../emulator/server.js'
import { messagesOf, qaService } from '../helpers/e2e.js'
import { checkGate, preset, REPO, SHA } from '../helpers/check-fixtures.js'

const CHECK_RUNS_PATH = `/repos/${REPO}/commits/${SHA}/check-runs`

async function gitHubEmulator(github: EmulatorConfig['github']): Promise<Emulator> {
  return qaService({ github })
}

function gate(em: Emulator, extra: Record<string, string> = {}): Promise<ActionRun> {
  return checkGate(em, { timeout: '10s', ...extra })
}

/** A red result as QA Wolf's App could word it: Markdown, with links to the run and each bug. */
const RED_SUMMARY = [
  '**2 blocking bugs** found in [run r-9](https://app.qawolf.com/runs/r-9).',
  '',
  '- [Checkout button does nothing](https://app.qawolf.com/bugs/b-1) (new)',
  '- [Cart total ignores the coupon](https://app.qawolf.com/bugs/b-2)',
  '- <img src=x onerror=alert(1)> [not a link](javascript:alert(1))',
  '',
  'Triage: https://app.qawolf.com/runs/r-9/bugs.'
].join('\n')

describe('a red check reads as well as a red run', () => {
  it("leads with QA Wolf's findings, links kept, then the next step; counts the check does not carry are empty", async () => {
    const em = await gitHubEmulator({
      checkRuns: [
        preset({
          conclusion: 'failure',
          title: '2 blocking bugs',
          summary: RED_SUMMARY,
          detailsUrl: 'https://app.qawolf.com/runs/r-9'
        })
      ]
    })
    const run = await gate(em)
    expect(run.exitCode).toBe(1)
    expect(run.outputs).toMatchObject({
      greenlight: 'false',
      status: 'failed',
      'check-conclusion': 'failure',
      'details-url': 'https://app.qawolf.com/runs/r-9'
    })
    // A check run carries no counts: empty, never a 0 that contradicts the summary's "2".
    for (const name of [
      'blocking-bugs-count',
      'non-blocking-bugs-count',
      'other-blocking-bugs-count',
      'workflows-in-run-count',
      'workflows-under-investigation-count'
    ]) {
      expect([name, run.outputs[name]]).toEqual([name, ''])
    }

    const summary = run.summary
    const lines = summary.split('\n')
    const at = (text: string): number => lines.findIndex(line => line.includes(text))
    // The headline, then QA Wolf's title and summary, then what to do, then the check's facts.
    expect(lines[0]).toMatch(/^## ❌ QA greenlight: not green$/)
    const title = at('2 blocking bugs')
    const firstBug = at('[Checkout button does nothing](https://app.qawolf.com/bugs/b-1)')
    const secondBug = at('[Cart total ignores the coupon](https://app.qawolf.com/bugs/b-2)')
    const next = at('**What to do:**')
    expect(title).toBeGreaterThan(0)
    expect(firstBug).toBeGreaterThan(title)
    // One bug per line, as QA Wolf listed them: a list, not one run-on line.
    expect(lines[firstBug]).toMatch(/^- /)
    expect(lines[secondBug]).toMatch(/^- /)
    expect(secondBug).toBe(firstBug + 1)
    expect(summary).toContain('[run r-9](https://app.qawolf.com/runs/r-9)')
    expect(summary).toContain('(https://app.qawolf.com/runs/r-9/bugs)')
    // Everything else stays text: no HTML, no javascript: link.
    expect(summary).not.toContain('<img')
    expect(summary).toContain('&lt;img')
    expect(summary).not.toContain('](javascript:')
    // The next step: open the run in QA Wolf (details_url), and re-run once it is resolved.
    expect(next).toBeGreaterThan(secondBug)
    expect(lines[next]).toContain('](https://app.qawolf.com/runs/r-9)')
    expect(lines[next]).toMatch(/re-run this job/i)
  })
})

describe('a mistyped check-name shows itself', () => {
  it('names the check runs that are on the commit while waiting and at the timeout', async () => {
    const em = await gitHubEmulator({
      checkRuns: [
        preset({ name: 'QA Wolf Test Run' }),
        preset({ name: 'QA Wolf Test Results', conclusion: 'failure' }),
        preset({ name: 'build', app: 'github-actions' })
      ]
    })
    const run = await gate(em, { 'check-name': 'QA wolf test results', timeout: '2s' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('timed-out')

    // In the waiting log, before the timeout: the names and apps GitHub lists on the commit.
    const waiting = run.stdout
      .split('\n')
      .find(line => line.includes('QA Wolf Test Results') && !line.startsWith('::'))
    expect(waiting).toBeDefined()
    expect(waiting).toContain('qawolf')
    // At the timeout: the error and the summary name them too, and the nearest one.
    const failed = messagesOf(run, 'error').join('\n')
    expect(failed).toContain('QA Wolf Test Results')
    expect(failed).toContain('QA Wolf Test Run')
    expect(failed).toContain('github-actions')
    const summary = run.summary
    expect(summary).toContain('QA Wolf Test Results')
    expect(summary).toMatch(/did you mean/i)

    // Learned at low cost: the names come from unfiltered reads (no check_name), at most two,
    // the second conditional; the polling reads keep GitHub's name filter.
    const reads = em.requests.filter(r => r.path === CHECK_RUNS_PATH)
    const unfiltered = reads.filter(r => r.query['check_name'] === undefined)
    expect(unfiltered.length).toBeGreaterThanOrEqual(1)
    expect(unfiltered.length).toBeLessThanOrEqual(2)
    if (unfiltered.length === 2) expect(unfiltered[1]?.headers['if-none-match']).toMatch(/^W\//)
    expect(
      reads.filter(r => r.query['check_name'] === 'QA wolf test results').length
    ).toBeGreaterThan(1)
  })
})
