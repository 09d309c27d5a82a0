// How a check's verdict reads, on the summary and the pull request comment: QA Wolf's findings as
// Markdown that cannot take another shape (no heading from a `===` line, no character reference
// shown literally in a code span), in the comment too; a superseded commit headed as superseded;
// and which deployment the check answers for (the `since` it counted from, when the check started).
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import { loadEvent, PR_HEAD_SHA, qaService } from '../helpers/e2e.js'
import { checkGate, checkInputs, preset, REPO } from '../helpers/check-fixtures.js'

const FINDINGS =
  'Checkout flow\n===\n\n- [Cart total ignores the coupon](https://app.qawolf.com/bugs/b-2)'

describe('the red check summary', () => {
  it('renders QA Wolf’s `===` line as text and shows GitHub’s words in code spans as they are', async () => {
    const em = await qaService({
      github: {
        checkRuns: [preset({ app: 'qa_wolf', conclusion: 'timed_out', summary: FINDINGS })]
      }
    })
    const run = await checkGate(em, { timeout: '10s' })
    expect(run.outputs['status']).toBe('failed')
    // A `===` line right under a line of text would make that text an <h1>.
    expect(run.summary).toContain('Checkout flow')
    expect(run.summary).not.toMatch(/^ {0,3}=+\s*$/m)
    expect(run.summary).toContain('concluded `timed_out`')
    expect(run.summary).toContain('(`qa_wolf`)')
    expect(run.summary).not.toMatch(/`[^`\n]*&#\d+;[^`\n]*`/)
  })

  it('names the since it counted from and when the check run started', async () => {
    const em = await qaService({
      github: { checkRuns: [preset({ conclusion: 'failure', startedAt: '2026-11-26T12:00:00Z' })] }
    })
    const run = await checkGate(em, { timeout: '10s', since: '2026-11-26T11:58:30Z' })
    expect(run.outputs['status']).toBe('failed')
    expect(run.summary).toContain('since (2026-11-26T11:58:30')
    expect(run.summary).toContain('started at 2026-11-26T12:00:00Z')
  })
})

describe('the pull request comment of a red check', () => {
  it('carries QA Wolf’s findings, as the summary does', async () => {
    const em = await qaService({
      github: {
        checkRuns: [
          preset({
            sha: PR_HEAD_SHA,
            conclusion: 'failure',
            title: '1 blocking bug',
            summary: FINDINGS
          })
        ]
      }
    })
    const pr = loadEvent('pull_request.opened')
    const run = await checkGate(
      em,
      { timeout: '10s', 'comment-on-pr': 'true' },
      { name: 'pull_request', payload: pr }
    )
    expect(run.outputs['status']).toBe('failed')
    const body = em.github.comments[0]?.body ?? ''
    expect(body).toContain('1 blocking bug')
    expect(body).toContain('[Cart total ignores the coupon](https://app.qawolf.com/bugs/b-2)')
    expect(body.length).toBeLessThanOrEqual(65_536)
  })
})

describe('an older commit whose check passed, on a check_run promotion', () => {
  it('is headed as superseded (a newer commit decides), not as a failed test', async () => {
    const older = '12'.repeat(20)
    const tip = '13'.repeat(20)
    const em = await qaService({
      github: {
        branches: [{ repository: REPO, name: 'main', commits: ['11'.repeat(20), older, tip] }],
        checkRuns: [{ repository: REPO, sha: older, startedAt: '2026-11-26T12:00:00Z' }]
      }
    })
    const check = em.github.checkRuns.find(r => r.headSha === older)!
    const run = await runAction({
      inputs: checkInputs(em, { 'fail-on-red': 'false' }),
      eventName: 'check_run',
      event: em.github.checkRunEvent(check, { headBranch: 'main' }),
      env: { GITHUB_REPOSITORY: REPO, GITHUB_API_URL: em.url, GITHUB_SHA: tip }
    })
    expect(run.outputs['status']).toBe('superseded')
    const heading = run.summary.split('\n')[0] ?? ''
    expect(heading).toMatch(/superseded/)
    expect(heading).toMatch(/newer commit/)
    expect(heading).not.toMatch(/❌|not green/)
  })
})
