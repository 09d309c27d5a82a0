// verdict-from: check end to end: the bundle against the emulator's GitHub side (GITHUB_API_URL),
// reading the check run QA Wolf's App posts on the commit, by polling or from a check_run event.
// Then a new user's first hour on this path: a red check reads as well as a red run (QA Wolf's own
// findings first, links kept, then what to do; no made-up counts), and a mistyped check-name shows
// itself (the check runs that are on the commit are named while waiting and at the timeout).
import { describe, expect, it } from '@jest/globals'
import { runAction, type ActionRun } from '../../scripts/action-runner.js'
import type { Emulator, EmulatorConfig } from '../../emulator/server.js'
import { loadEvent, messagesOf, notifyInputs, PR_HEAD_SHA, qaService } from '../helpers/e2e.js'
import {
  cancelledCheckGate,
  checkGate,
  checkRunEvent,
  preset,
  PUSH,
  REPO,
  RUN,
  SHA
} from '../helpers/check-fixtures.js'

const CHECK_RUNS_PATH = `/repos/${REPO}/commits/${SHA}/check-runs`

async function gitHubEmulator(github: EmulatorConfig['github']): Promise<Emulator> {
  return qaService({ github })
}

function gate(
  em: Emulator,
  extra: Record<string, string> = {},
  event?: { name: string; payload: unknown }
): Promise<ActionRun> {
  return checkGate(em, { timeout: '10s', ...extra }, event)
}

function checkReads(em: Emulator) {
  return em.requests.filter(r => r.path === CHECK_RUNS_PATH)
}

describe('verdict-from: check, polling', () => {
  it('reports on the current path, waits for QA Wolf Test Results and is green on success', async () => {
    const em = await gitHubEmulator({
      connected: [REPO],
      checks: [
        { conclusion: 'success', afterPolls: 2, detailsUrl: 'https://app.qawolf.com/runs/r-1' }
      ]
    })
    const report = await runAction({
      inputs: notifyInputs(em, {
        via: 'report-status',
        environment: 'staging',
        'workspace-id': 'ws-1',
        'deployment-url': 'https://staging.shop.example.com'
      }),
      eventName: 'push',
      event: PUSH,
      env: { ...RUN, GITHUB_REPOSITORY: REPO }
    })
    expect(report.exitCode).toBe(0)

    const run = await gate(em)
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({
      greenlight: 'true',
      status: 'passed',
      'check-conclusion': 'success',
      'check-app': 'qawolf',
      'details-url': 'https://app.qawolf.com/runs/r-1'
    })
    expect(run.outputs['check-run-url']).toMatch(/^https:\/\/github\.com\/acme\/shop\/runs\/\d+$/)
    expect(run.outputs['check-run-id']).toMatch(/^\d+$/)
    // The token goes to GitHub's API only, with the check's name as GitHub's filter.
    const reads = checkReads(em)
    expect(reads.length).toBeGreaterThanOrEqual(2)
    expect(reads[0]?.query['check_name']).toBe('QA Wolf Test Results')
    expect(reads[0]?.headers['authorization']).toBe('token ghs_e2eFakeToken')
    expect(run.summary).toContain('QA Wolf Test Results')
    expect(run.summary).toContain('qawolf')
    expect(run.stdout).not.toContain('Reading the check runs failed')
  })

  it('asks the second time with If-None-Match, the ETag of the first answer', async () => {
    const em = await gitHubEmulator({
      connected: [REPO],
      checkRuns: [preset({ status: 'in_progress' })]
    })
    // The timeout counts from before the first read, which a busy machine can make take longer
    // than a second (starting Node, loading Octokit, the first connection): the 5 s leave room for
    // a second read however slow the start.
    const run = await gate(em, {
      timeout: '5s',
      'poll-interval': '200ms',
      'fail-on-timeout': 'false'
    })
    const reads = checkReads(em)
    expect(reads.length).toBeGreaterThanOrEqual(2)
    expect(reads[0]?.headers['if-none-match']).toBeUndefined()
    expect(reads[1]?.headers['if-none-match']).toMatch(/^W\/"/)
    expect(reads[1]?.status).toBe(304)
    expect(run.outputs['status']).toBe('timed-out')
  })

  it('waits for the rate limit to reset once GitHub says none is left, instead of asking again', async () => {
    const em = await gitHubEmulator({
      rateLimit: 1,
      checkRuns: [preset({ status: 'in_progress' })]
    })
    const run = await gate(em, { timeout: '2s', 'poll-interval': '100ms' })
    expect(run.outputs['status']).toBe('timed-out')
    // The first answer said 0 left until the reset, an hour away: no read after it.
    expect(checkReads(em)).toHaveLength(1)
    expect(run.stdout).toContain("GitHub's rate limit for this token is used up")
  })

  it("never takes GitHub Actions' success placeholder for QA Wolf's check: timed-out, naming the causes", async () => {
    const em = await gitHubEmulator({ checkRuns: [preset({ app: 'github-actions' })] })
    const run = await gate(em, { timeout: '1s' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('timed-out')
    const failed = messagesOf(run, 'error').join('\n')
    expect(failed).toMatch(/not connected/)
    expect(failed).toMatch(/not installed/)
    expect(failed).toMatch(/no run started/)
  })

  it('is red when one of two counting check runs failed', async () => {
    const em = await gitHubEmulator({
      checkRuns: [preset({ app: 'qawolf' }), preset({ app: 'qawolf-eu', conclusion: 'failure' })]
    })
    const run = await gate(em)
    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('failed')
    expect(run.outputs['check-app']).toBe('qawolf\nqawolf-eu')
    expect(run.outputs['check-conclusion']).toBe('success\nfailure')
  })

  it('reads neutral as not-tested, which is not green', async () => {
    const em = await gitHubEmulator({ checkRuns: [preset({ conclusion: 'neutral' })] })
    const run = await gate(em)
    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('not-tested')
  })

  it('reads every page, asking each by its number on GITHUB_API_URL whatever origin the Link names', async () => {
    const em = await qaService({
      // The Link header's URLs point elsewhere: the token must not follow them.
      publicUrl: 'https://elsewhere.example',
      github: {
        perPage: 1,
        checkRuns: [
          preset({ app: 'qawolf' }),
          preset({ app: 'qawolf-eu' }),
          preset({ app: 'qawolf-us', conclusion: 'failure' })
        ]
      }
    })
    const run = await gate(em)
    expect(run.outputs['status']).toBe('failed')
    expect(run.outputs['check-app']).toBe('qawolf\nqawolf-eu\nqawolf-us')
    const pages = checkReads(em).map(r => r.query['page'])
    expect(pages).toEqual(['1', '2', '3'])
  })

  it("comments the check's verdict on the pull request, through the emulator's GitHub side", async () => {
    const pr = loadEvent('pull_request.opened')
    const em = await gitHubEmulator({
      checkRuns: [preset({ sha: PR_HEAD_SHA, conclusion: 'failure', title: '1 blocking bug' })]
    })
    const run = await gate(em, { 'comment-on-pr': 'true' }, { name: 'pull_request', payload: pr })
    expect(run.outputs['status']).toBe('failed')
    expect(em.github.comments).toHaveLength(1)
    const comment = em.github.comments[0]!
    expect(comment.issueNumber).toBe(42)
    expect(comment.body).toContain('not green')
    expect(comment.body).toContain('QA Wolf Test Results')
    expect(comment.body).toContain('failure')
  })

  it('shows a hostile check title and summary as text, and no javascript: link', async () => {
    const em = await gitHubEmulator({
      checkRuns: [
        preset({
          conclusion: 'failure',
          title: '<img src=x onerror=alert(1)> **bold**',
          summary: '[click me](javascript:alert(1)) <script>alert(2)</script>\n::error::forged',
          detailsUrl: 'javascript:alert(3)'
        })
      ]
    })
    const run = await gate(em)
    expect(run.exitCode).toBe(1)
    expect(run.summary).not.toContain('<img')
    expect(run.summary).not.toContain('<script')
    expect(run.summary).not.toContain('](javascript:')
    expect(run.summary).toContain('&lt;img')
    expect(run.stdout).not.toMatch(/^::error::forged/m)
  })
})

describe('verdict-from: check, cancelled', () => {
  it('stops within 2 s on SIGTERM while polling, and reports interrupted', async () => {
    const em = await gitHubEmulator({ checkRuns: [preset({ status: 'in_progress' })] })
    const { run, signalled } = await cancelledCheckGate(em, () => checkReads(em).length >= 2)
    expect(signalled).toBe(true)
    expect(run.signal).toBeNull()
    expect(run.exitCode).not.toBe(0)
    expect(run.outputs['status']).toBe('interrupted')
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.summary).toMatch(/interrupted/)
  })
})

describe('verdict-from: check, on a check_run event', () => {
  const EVENT = checkRunEvent({})
  const EVENT_SHA = (EVENT['check_run'] as { head_sha: string }).head_sha
  const EVENT_CHECK_RUNS_PATH = `/repos/${REPO}/commits/${EVENT_SHA}/check-runs`
  /** The event's check run is older than every one the emulator lists (its IDs start at 7000). */
  const OLD_EVENT = checkRunEvent({ id: 6999 })
  const onCommit = (over: Record<string, unknown> = {}) => preset({ sha: EVENT_SHA, ...over })

  it("reads the verdict from the event's check run with one read of the commit's check runs, no polling", async () => {
    const em = await gitHubEmulator({
      branches: [{ repository: REPO, name: 'main', commits: [EVENT_SHA] }]
    })
    const run = await gate(em, {}, { name: 'check_run', payload: EVENT })
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({
      greenlight: 'true',
      status: 'passed',
      'check-app': 'qawolf',
      'details-url': 'https://app.qawolf.com/runs/r-5'
    })
    // One read of the commit's check runs of that name, with the check's name as filter; then
    // the commit rule's two: the repository's default branch, and that branch's tip.
    expect(em.requests.map(r => r.path)).toEqual([
      EVENT_CHECK_RUNS_PATH,
      `/repos/${REPO}`,
      `/repos/${REPO}/branches/main`
    ])
    expect(em.requests[0]?.query['check_name']).toBe('QA Wolf Test Results')
  })

  it('is not green when the same app has re-run the check and the newer run is still in progress', async () => {
    const em = await gitHubEmulator({ checkRuns: [onCommit({ status: 'in_progress' })] })
    const run = await gate(em, {}, { name: 'check_run', payload: OLD_EVENT })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('timed-out')
    expect(messagesOf(run, 'error').join('\n')).toContain(
      'a newer check run of that name is still in progress'
    )
    expect(run.summary).toContain('**What to do:** nothing here')
    expect(run.summary).toContain('event starts this workflow again')
    expect(em.requests.filter(r => r.path === EVENT_CHECK_RUNS_PATH)).toHaveLength(1)
  })

  it('is red when the same app has re-run the check since and the newer run failed', async () => {
    const em = await gitHubEmulator({
      checkRuns: [onCommit({ conclusion: 'failure', title: '1 blocking bug' })]
    })
    const run = await gate(em, {}, { name: 'check_run', payload: OLD_EVENT })
    expect(run.exitCode).toBe(1)
    expect(run.outputs).toMatchObject({
      greenlight: 'false',
      status: 'failed',
      'check-conclusion': 'failure'
    })
    expect(run.summary).toContain('1 blocking bug')
  })

  it("is red when another app posted a check of the same name that failed, whatever the event's success", async () => {
    const em = await gitHubEmulator({
      checkRuns: [onCommit({ app: 'qawolf-eu', conclusion: 'failure' })]
    })
    const run = await gate(em, {}, { name: 'check_run', payload: EVENT })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('failed')
    expect(run.outputs['check-app']).toBe('qawolf-eu\nqawolf')
    expect(run.outputs['check-conclusion']).toBe('failure\nsuccess')
  })

  it.each([
    ['polling', undefined],
    ['on a check_run event', { name: 'check_run', payload: EVENT }]
  ])(
    'is an error naming checks: read when the read is refused with 403 (%s), asked once',
    async (_, event) => {
      const em = await gitHubEmulator({ refuse: 403 })
      const run = await gate(em, {}, event)
      expect(run.exitCode).toBe(1)
      expect(run.outputs['greenlight']).toBe('false')
      expect(run.outputs['status']).toBe('error')
      expect(messagesOf(run, 'error').join('\n')).toContain('checks: read')
      // Asked once: a missing permission is not asked again.
      expect(em.requests).toHaveLength(1)
      expect(em.requests[0]?.status).toBe(403)
    }
  )

  it('fails on an event for another check, names the job-level if: to add, and asks GitHub nothing', async () => {
    const em = await gitHubEmulator({})
    const run = await gate(em, {}, { name: 'check_run', payload: checkRunEvent({ name: 'e2e' }) })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).toBe('false')
    const failed = messagesOf(run, 'error').join('\n')
    expect(failed).toContain("if: github.event.check_run.name == 'QA Wolf Test Results'")
    expect(em.requests).toHaveLength(0)
  })
})

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
      .find(line => line.includes('QA Wolf Test Results') && !line.startsWith('::error'))
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
    const reads = checkReads(em)
    const unfiltered = reads.filter(r => r.query['check_name'] === undefined)
    expect(unfiltered.length).toBeGreaterThanOrEqual(1)
    expect(unfiltered.length).toBeLessThanOrEqual(2)
    if (unfiltered.length === 2) expect(unfiltered[1]?.headers['if-none-match']).toMatch(/^W\//)
    expect(
      reads.filter(r => r.query['check_name'] === 'QA wolf test results').length
    ).toBeGreaterThan(1)
  })
})
