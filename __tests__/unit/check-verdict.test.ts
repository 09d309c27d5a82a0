import { describe, expect, it } from '@jest/globals'
import { decideCheckVerdict, stepGate } from '../../src/gate/verdict.js'
import type { CheckFacts, CheckRules } from '../../src/gate/facts.js'
import type { BranchTipAnswer } from '../../src/gate/github-reads.js'
import {
  closingLine,
  renderPullRequestComment,
  renderSummary,
  verdictOutputs
} from '../../src/gate/render.js'
import { buildReport, reasonText } from '../../src/gate/report.js'
import { checkRunJson } from '../helpers/check-run-json.js'

const SHA = 'd'.repeat(40)
const TIP = 'e'.repeat(40)
const FORGIVING = { failOnRed: false, failOnTimeout: false }
const RULES: CheckRules = { name: 'QA Wolf Test Results', sha: SHA, app: '' }

function checkRun(over: Record<string, unknown> = {}): Record<string, unknown> {
  return checkRunJson({
    id: 77,
    head_sha: SHA,
    html_url: 'https://github.com/acme/shop/runs/77',
    details_url: 'https://app.qawolf.com/runs/r-77',
    output: { title: 'All tests passed', summary: 'No blocking bugs.' },
    ...over
  })
}

function facts(checkRuns: unknown[], over: Partial<CheckFacts> = {}): CheckFacts {
  return {
    source: 'poll',
    rules: RULES,
    checkRuns,
    requests: 1,
    notModified: 0,
    ended: { why: 'settled' },
    ...over
  }
}

describe('decideCheckVerdict', () => {
  it.each([
    ['success', 'passed', 'green'],
    ['failure', 'failed', 'red'],
    ['timed_out', 'failed', 'red'],
    ['action_required', 'failed', 'red'],
    ['startup_failure', 'failed', 'red'],
    ['cancelled', 'canceled', 'red'],
    ['neutral', 'not-tested', 'red'],
    ['skipped', 'not-tested', 'red'],
    ['stale', 'error', 'no-verdict'],
    ['something_new', 'error', 'no-verdict']
  ])('reads conclusion %s as %s (%s)', (conclusion, status, verdictClass) => {
    const verdict = decideCheckVerdict(facts([checkRun({ conclusion })]))
    expect(verdict).toMatchObject({ status, class: verdictClass, green: status === 'passed' })
  })

  const pending = { status: 'in_progress', conclusion: null }
  const refused = {
    why: 'failed',
    answered: false,
    failure: { message: 'needs checks: read', status: 403, permanent: true }
  } as const
  // prettier-ignore
  it.each([
    ['red when one of two counting check runs failed', facts([checkRun(), checkRun({ id: 78, app: { slug: 'qawolf-eu' }, conclusion: 'failure' })]), 'failed', 'passed: \nfailed: the check run concluded'],
    ['timed-out while a counting check run is still in progress at the deadline', facts([checkRun(pending)], { ended: { why: 'still-waiting', wait: true } }), 'timed-out', 'the timeout passed while the check run was still in progress'],
    ['an error when a check run of that name cannot be read, whatever else counts', facts([checkRun(), checkRun({ id: 9, app: 5 })]), 'error', 'no readable app.slug'],
    ["an error naming GitHub's refusal when reading failed", facts([], { checkRuns: undefined, ended: refused }), 'error', 'needs checks: read'],
    ['interrupted when the job was cancelled before a check counted', facts([], { ended: { why: 'interrupted' } }), 'interrupted', 'cancelled'],
    ['on a check_run event whose check run is not completed: never green, and says so', facts([checkRun(pending)], { source: 'event', eventAction: 'completed' }), 'error', 'types: [completed]']
  ] as const)('is %s', (_, checkFacts, status, words) => {
    const verdict = decideCheckVerdict(checkFacts)
    expect(verdict.status).toBe(status)
    const said = verdict.entries.map(e => `${e.status}: ${e.reason ? reasonText(e.reason) : ''}`)
    expect(said.join('\n')).toContain(words)
  })

  it('is timed-out, naming the likely causes, when only a GitHub Actions placeholder exists', () => {
    const verdict = decideCheckVerdict(
      facts([checkRun({ app: { slug: 'github-actions' } })], {
        ended: { why: 'still-waiting', wait: true },
        waitedMs: 60_000
      })
    )
    expect(verdict).toMatchObject({ green: false, status: 'timed-out', timedOutAfterMs: 60_000 })
    const reason = verdict.entries[0]?.reason
    expect(reason).toMatchObject({ code: 'no-check', ignored: ['github-actions'] })
    const text = reasonText(reason!)
    expect(text).toContain('not connected to QA Wolf')
    expect(text).toContain('not installed on this repository')
    expect(text).toContain('no run started')
  })

  it('on a check_run event for another check: an error that names the job-level if:', () => {
    const verdict = decideCheckVerdict(
      facts([checkRun({ name: 'build', app: { slug: 'circleci' } })], {
        source: 'event',
        eventAction: 'completed'
      })
    )
    expect(verdict.status).toBe('error')
    expect(reasonText(verdict.entries[0]!.reason!)).toContain(
      "if: github.event.check_run.name == 'QA Wolf Test Results' && github.event.check_run.app.slug != 'github-actions'"
    )
    const pinned = decideCheckVerdict(
      facts([checkRun({ app: { slug: 'other' } })], {
        source: 'event',
        eventAction: 'completed',
        rules: { ...RULES, app: "qa'wolf" }
      })
    )
    expect(reasonText(pinned.entries[0]!.reason!)).toContain(
      "github.event.check_run.app.slug == 'qa''wolf'"
    )
  })
})

describe("decideCheckVerdict, on a check_run event weighed against the commit's list", () => {
  const event = checkRun({ id: 77 })
  const onEvent = (checkRuns: unknown[], over: Partial<CheckFacts> = {}): CheckFacts =>
    facts(checkRuns, {
      source: 'event',
      eventAction: 'completed',
      eventCheckRun: event,
      listed: true,
      branchTip: { branch: 'main', fromDefault: true, tip: SHA, requests: 2 },
      ...over
    })

  it('is not green while a newer check run of the same app is running: its own event decides', () => {
    const verdict = decideCheckVerdict(
      onEvent([event, checkRun({ id: 78, status: 'in_progress', conclusion: null })], {
        ended: { why: 'still-waiting', wait: false },
        waitedMs: 0
      })
    )
    expect(verdict).toMatchObject({ green: false, status: 'timed-out' })
    expect(verdict.entries.map(entry => entry.reason)).toEqual([
      { code: 'check-newer-running', checkStatus: 'in_progress', rerun: false }
    ])
    expect(renderSummary(buildReport(verdict, { label: '' }))).toContain(
      '**What to do:** nothing here'
    )
  })

  it("says the event's own check run was asked to run again when GitHub lists it reset", () => {
    const verdict = decideCheckVerdict(
      onEvent([checkRun({ id: 77, status: 'queued', conclusion: null })])
    )
    expect(verdict.status).toBe('timed-out')
    expect(reasonText(verdict.entries[0]!.reason!)).toContain('was asked to run again since')
  })

  it("is red when another app posted a failed check of that name, and marks the event's entry", () => {
    const verdict = decideCheckVerdict(
      onEvent([event, checkRun({ id: 90, app: { slug: 'qa2' }, conclusion: 'failure' })])
    )
    expect(verdict.status).toBe('failed')
    expect(verdict.entries.map(entry => [entry.id, entry.check?.fromEvent])).toEqual([
      ['77', true],
      ['90', false]
    ])
  })
})

describe('the words of a check verdict', () => {
  it('words every reason of a check', () => {
    const otherCheck = {
      code: 'event-other-check',
      name: 'QA Wolf Test Results',
      app: '',
      eventName: 'QA Wolf Test Results',
      eventApp: 'qawolf'
    } as const
    const texts = [
      reasonText({ code: 'check-conclusion', conclusion: 'stale' }),
      reasonText({ code: 'check-conclusion', conclusion: 'brand_new' }),
      reasonText({
        code: 'no-check',
        name: 'QA Wolf Test Results',
        app: 'qawolf',
        wait: false,
        ignored: ['before-since', 'other-app']
      }),
      reasonText({ code: 'check-not-completed', checkStatus: 'in_progress', wait: false }),
      reasonText({ code: 'check-not-completed', checkStatus: 'queued', wait: true }),
      reasonText({ code: 'check-unreadable', problems: ['check run 1: no readable app.slug'] }),
      reasonText({ code: 'event-other-check', name: 'QA Wolf Test Results', app: '' }),
      reasonText({ ...otherCheck, why: 'before-since' }),
      reasonText({ code: 'event-not-completed', checkStatus: 'in_progress' }),
      reasonText({ ...otherCheck, why: 'other-commit' }),
      reasonText({
        code: 'event-not-completed',
        checkStatus: 'completed',
        eventAction: 'rerequested'
      }),
      reasonText({ code: 'event-not-completed', checkStatus: 'completed', eventAction: '' }),
      reasonText({ code: 'check-newer-running', checkStatus: 'in_progress', rerun: false })
    ]
    expect(texts).toEqual([
      expect.stringContaining('stale'),
      "the check run concluded 'brand_new', which this action does not know, so it is not green",
      expect.stringContaining(
        'when read once (wait: false) (of that name, only check runs started before since, by another app than check-app, which do not count)'
      ),
      'wait is false and the check run is still in progress',
      'the timeout passed while the check run was still queued',
      expect.stringContaining('no readable app.slug'),
      expect.stringContaining('a check run without a readable name'),
      expect.stringMatching(
        /^(?!.*if: )this check_run event is about check 'QA Wolf Test Results' by 'qawolf', which started before the since input/
      ),
      expect.stringContaining('types: [completed]'),
      expect.stringContaining('pass sha: ${{ github.event.check_run.head_sha }}'),
      expect.stringContaining("this check_run event is 'rerequested', not completed"),
      expect.stringContaining('this check_run event is of no action, not completed'),
      expect.stringContaining('a newer check run of that name is still in progress on this commit')
    ])
  })

  it('renders a green step of two check runs, and an unfinished one at the timeout', () => {
    const green = decideCheckVerdict(
      facts([checkRun(), checkRun({ id: 78, app: { slug: 'qa2' } })])
    )
    const summary = renderSummary(buildReport(green, { label: '' }))
    expect(summary).toContain('all 2 check runs concluded success')
    expect(summary).toContain('### ✅ Check run 78')
    // An app without a name is shown by its slug.
    expect(summary).toContain('by `qa2`')
    const waiting = decideCheckVerdict(
      facts([checkRun({ status: 'in_progress', conclusion: null })], {
        ended: { why: 'still-waiting', wait: true },
        waitedMs: 120_000
      })
    )
    const text = renderSummary(buildReport(waiting, { label: '' }))
    expect(text).toContain(
      'timed out after 2m: the timeout passed while the check run was still in progress'
    )
    expect(text).toContain('by QA Wolf (`qawolf`): in progress')
    expect(text).toContain('re-run the job with a longer `timeout` (it was 2m)')
    expect(verdictOutputs(waiting)['check-conclusion']).toBe('')
    const interrupted = decideCheckVerdict(
      facts([checkRun({ status: 'queued', conclusion: null })], { ended: { why: 'interrupted' } })
    )
    expect(interrupted.status).toBe('interrupted')
    const comment = renderPullRequestComment({ label: '', verdict: waiting })
    expect(comment).toContain('| Check run | App | Status | Conclusion | Link |')
    expect(comment).toContain('in&#95;progress')
  })
})

// Headings, statuses and closing lines of both sources: surfaces.property.test.ts.
it("renders a check's verdict with its check outputs and its findings inert", () => {
  const verdict = decideCheckVerdict(
    facts([
      checkRun({
        conclusion: 'failure',
        output: { title: '<b>2 blocking</b>', summary: '[x](javascript:alert(1))' },
        details_url: 'javascript:alert(2)'
      })
    ])
  )
  expect(verdictOutputs(verdict)).toMatchObject({
    'check-conclusion': 'failure',
    'check-app': 'qawolf',
    'root-run-id': ''
  })
  const summary = renderSummary(buildReport(verdict, { label: 'staging' }))
  for (const text of [summary, renderPullRequestComment({ label: 'staging', verdict })]) {
    expect(text).not.toContain('<b>')
    expect(text).not.toContain('](javascript:')
  }
  expect(summary).toContain('QA Wolf (`qawolf`)')
  expect(summary).toContain('&lt;b&gt;2 blocking&lt;/b&gt;')
})

function onBranch(
  branchTip: BranchTipAnswer | undefined,
  over: Record<string, unknown> = {}
): CheckFacts {
  const event = checkRun({ check_suite: { head_branch: 'feature/payments' }, ...over })
  return {
    source: 'event',
    eventAction: 'completed',
    eventCheckRun: event,
    listed: true,
    rules: { name: 'QA Wolf Test Results', sha: SHA, app: '' },
    checkRuns: [event],
    requests: 3,
    notModified: 0,
    ended: { why: 'settled' },
    ...(branchTip === undefined ? {} : { branchTip })
  }
}

const main = (over: Partial<BranchTipAnswer>): BranchTipAnswer => ({
  branch: 'main',
  fromDefault: true,
  requests: 2,
  ...over
})

describe('the commit rule on a check_run event', () => {
  it("is green for the branch's tip, whatever the SHA's case", () => {
    const verdict = decideCheckVerdict(onBranch(main({ tip: SHA.toUpperCase() })))
    expect(verdict.green).toBe(true)
  })

  it('is superseded for an older commit of the branch, naming both commits, whatever fail-on-red says', () => {
    const verdict = decideCheckVerdict(
      onBranch(main({ tip: TIP, compare: { status: 'behind', mergeBase: SHA } }))
    )
    expect(verdict.status).toBe('superseded')
    expect(stepGate(verdict, FORGIVING)).toEqual({ ends: 'failed' })
    const words = reasonText(verdict.entries[0]!.reason!)
    expect(words).toContain(SHA.slice(0, 12))
    expect(words).toContain(TIP.slice(0, 12))
    expect(words).toContain("the newer commit's own check decides")
    expect(renderSummary(buildReport(verdict, { label: '' }))).toContain(
      'superseded, a newer commit decides'
    )
  })

  // A red check too, so that fail-on-red: false cannot promote a commit not on the branch.
  it.each([
    ['ahead', 'failure'],
    ['diverged', 'success']
  ])(
    'is an error for a commit %s of the tip (not on the branch), its check %s, naming its branch as the event says',
    (status, conclusion) => {
      const verdict = decideCheckVerdict(
        onBranch(main({ tip: TIP, compare: { status } }), { conclusion })
      )
      expect(verdict.status).toBe('error')
      expect(stepGate(verdict, FORGIVING)).toEqual({ ends: 'failed' })
      const words = reasonText(verdict.entries[0]!.reason!)
      expect(words).toContain("(branch 'feature/payments' as the event says)")
      expect(words).toContain("only the tip of 'main' may be promoted")
      expect(
        closingLine(buildReport(verdict, { label: '' }), stepGate(verdict, FORGIVING), '')
      ).toMatchObject({ kind: 'failed' })
    }
  )

  it('is an error for a commit GitHub does not know, without an event branch when none is named', () => {
    const verdict = decideCheckVerdict(
      onBranch(main({ tip: TIP, compare: { notFound: true } }), { check_suite: {} })
    )
    expect(verdict.status).toBe('error')
    const words = reasonText(verdict.entries[0]!.reason!)
    expect(words).toContain('is not known to GitHub in this repository')
    expect(words).not.toContain('as the event says')
  })

  it('is an error for a branch GitHub does not have, input or default', () => {
    const given = decideCheckVerdict(
      onBranch({ branch: 'relase', fromDefault: false, branchMissing: true, requests: 1 })
    )
    expect(given.status).toBe('error')
    expect(reasonText(given.entries[0]!.reason!)).toContain('check the branch input')
    const fallback = decideCheckVerdict(onBranch(main({ branchMissing: true })))
    expect(reasonText(fallback.entries[0]!.reason!)).toContain("the repository's default branch")
  })

  it('is an error, fail-closed, when the standing was not read, failed, or is not what GitHub says', () => {
    const cases: (BranchTipAnswer | undefined)[] = [
      undefined,
      main({ failure: { message: 'needs contents: read', status: 403 } }),
      main({ failure: { message: 'no answer' } }),
      main({}),
      main({ tip: TIP }),
      main({ tip: TIP, compare: { status: 'behind', mergeBase: TIP } }),
      main({ tip: TIP, compare: { status: 'identical', mergeBase: SHA } })
    ]
    for (const branchTip of cases) {
      const verdict = decideCheckVerdict(onBranch(branchTip))
      expect(verdict.green).toBe(false)
      expect(stepGate(verdict, FORGIVING)).toEqual({ ends: 'failed' })
    }
    const refused = decideCheckVerdict(
      onBranch(main({ failure: { message: 'needs contents: read', status: 403 } }))
    )
    expect(refused.entries[0]!.reason).toEqual({
      code: 'branch-read-failed',
      message: 'needs contents: read',
      status: 403
    })
  })

  it('keeps an error or an interruption of the check itself, which already fails the step', () => {
    const verdict = decideCheckVerdict({ ...onBranch(undefined), ended: { why: 'interrupted' } })
    expect(verdict.status).toBe('interrupted')
  })

  it('does not apply to polling: the deploy job gates on the commit it deployed', () => {
    const verdict = decideCheckVerdict({ ...onBranch(undefined), source: 'poll' })
    expect(verdict.green).toBe(true)
  })
})
