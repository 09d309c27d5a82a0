import { describe, expect, it } from '@jest/globals'
import { decideCheckVerdict, stepGate } from '../../src/gate/verdict.js'
import type { CheckFacts, CheckRules } from '../../src/gate/facts.js'
import type { BranchTipAnswer } from '../../src/gate/github-reads.js'
import { renderPullRequestComment, renderSummary, verdictOutputs } from '../../src/gate/render.js'
import { buildReport, reasonText } from '../../src/gate/report.js'
import type { Reason } from '../../src/gate/reasons.js'
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
  return { source: 'poll', rules: RULES, checkRuns, ended: { why: 'settled' }, ...over }
}

const onEvent = (checkRuns: unknown[], over: Partial<CheckFacts> = {}): CheckFacts =>
  facts(checkRuns, {
    source: 'event',
    eventAction: 'completed',
    eventCheckRun: checkRun(),
    listed: true,
    branchTip: { branch: 'main', fromDefault: true, tip: SHA },
    ...over
  })

/** The verdict of `checkFacts`: its status, and its reasons in words, each containing `words`. */
function expectVerdict(
  checkFacts: CheckFacts,
  status: string,
  words: readonly (string | RegExp)[]
) {
  const verdict = decideCheckVerdict(checkFacts)
  expect(verdict.status).toBe(status)
  const said = verdict.entries.map(e => `${e.status}: ${e.reason ? reasonText(e.reason) : ''}`)
  for (const word of words) expect(said.join('\n')).toMatch(word)
  return verdict
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
  const waited = { ended: { why: 'still-waiting', wait: true }, waitedMs: 60_000 } as const
  const refused = {
    why: 'failed',
    failure: { message: 'needs checks: read', status: 403, permanent: true }
  } as const
  const onCheckEvent = { source: 'event', eventAction: 'completed' } as const
  // prettier-ignore
  it.each([
    ['red when one of two counting check runs failed', facts([checkRun(), checkRun({ id: 78, app: { slug: 'qawolf-eu' }, conclusion: 'failure' })]), 'failed', ['passed: \nfailed: the check run concluded']],
    ['timed-out while a counting check run is still in progress at the deadline', facts([checkRun(pending)], waited), 'timed-out', ['the timeout passed while the check run was still in progress']],
    ['timed-out, naming the likely causes, when only a GitHub Actions placeholder exists', facts([checkRun({ app: { slug: 'github-actions' } })], waited), 'timed-out', ['not connected to QA Wolf', 'not installed on this repository', 'no run started']],
    ['an error when a check run of that name cannot be read, whatever else counts', facts([checkRun(), checkRun({ id: 9, app: 5 })]), 'error', ['no readable app.slug']],
    ['an error for a conclusion that is not text', facts([checkRun({ conclusion: 5 })]), 'error', ['a conclusion that is not text']],
    ['an error, not a timeout, when the rate limit stopped the reads before any counted', facts([], { rateLimitedUntil: '2026-11-26T13:00:00Z' }), 'error', ['used up until 2026-11-26T13:00:00Z']],
    ["an error on a rerequested check_run event", facts([checkRun()], { ...onCheckEvent, eventAction: 'rerequested' }), 'error', ["this check_run event is 'rerequested', not completed"]],
    ["an error naming GitHub's refusal when reading failed", facts([], { checkRuns: undefined, ended: refused }), 'error', ['needs checks: read']],
    ['interrupted when the job was cancelled before a check counted', facts([], { ended: { why: 'interrupted' } }), 'interrupted', ['cancelled']],
    ['on a check_run event whose check run is not completed: an error that says so', facts([checkRun(pending)], onCheckEvent), 'error', ['types: [completed]']],
    ['on a check_run event for another check: an error that names the job-level if:', facts([checkRun({ name: 'build', app: { slug: 'circleci' } })], onCheckEvent), 'error', ["if: github.event.check_run.name == 'QA Wolf Test Results' && github.event.check_run.app.slug != 'github-actions'"]],
    ['on a check_run event for another app than check-app: an error quoting it', facts([checkRun({ app: { slug: 'other' } })], { ...onCheckEvent, rules: { ...RULES, app: "qa'wolf" } }), 'error', ["github.event.check_run.app.slug == 'qa''wolf'"]],
    ['timed-out on an event while a newer check run of the same app is running', onEvent([checkRun(), checkRun({ id: 78, ...pending })], { ended: { why: 'still-waiting', wait: false }, waitedMs: 0 }), 'timed-out', [/^timed-out: a newer check run of that name is still in progress[^\n]*$/]],
    ["timed-out on an event whose check run GitHub lists reset", onEvent([checkRun({ status: 'queued', conclusion: null })]), 'timed-out', ['was asked to run again since']]
  ] as const)('is %s', (_, checkFacts, status, words) => {
    const verdict = expectVerdict(checkFacts, status, words)
    expect(verdict.green).toBe(false)
  })

  it("is red on an event when another app posted a failed check of that name, marking the event's entry", () => {
    const verdict = expectVerdict(
      onEvent([checkRun(), checkRun({ id: 90, app: { slug: 'qa2' }, conclusion: 'failure' })]),
      'failed',
      []
    )
    expect(verdict.entries.map(entry => [entry.id, entry.check?.fromEvent])).toEqual([
      ['77', true],
      ['90', false]
    ])
  })
})

describe('the words of a check verdict', () => {
  const otherCheck = {
    code: 'event-other-check',
    name: 'QA Wolf Test Results',
    app: '',
    eventName: 'QA Wolf Test Results',
    eventApp: 'qawolf'
  } as const
  const ignored = ['before-since', 'other-app'] as const
  // prettier-ignore
  it.each<[Reason, string | RegExp]>([
    [{ code: 'check-conclusion', conclusion: 'stale' }, 'stale'],
    [{ code: 'check-conclusion', conclusion: 'brand_new' }, /^the check run concluded 'brand_new', which this action does not know, so it is not green$/],
    [{ code: 'no-check', name: 'QA Wolf Test Results', app: 'qawolf', wait: false, ignored: [...ignored] }, 'when read once (wait: false) (of that name, only check runs started before since, by another app than check-app, which do not count)'],
    [{ code: 'check-not-completed', checkStatus: 'in_progress', wait: false }, /^wait is false and the check run is still in progress$/],
    [{ code: 'check-not-completed', checkStatus: 'queued', wait: true }, /^the timeout passed while the check run was still queued$/],
    [{ code: 'event-other-check', name: 'QA Wolf Test Results', app: '' }, 'a check run without a readable name'],
    [{ ...otherCheck, why: 'before-since' }, /^(?!.*if: )this check_run event is about check 'QA Wolf Test Results' by 'qawolf', which started before the since input/],
    [{ ...otherCheck, why: 'other-commit' }, 'pass sha: ${{ github.event.check_run.head_sha }}'],
    [{ code: 'event-not-completed', checkStatus: 'in_progress' }, 'types: [completed]'],
    [{ code: 'event-not-completed', checkStatus: 'completed', eventAction: '' }, 'this check_run event is of no action, not completed'],
    [{ code: 'check-newer-running', checkStatus: 'in_progress', rerun: false }, 'a newer check run of that name is still in progress on this commit']
  ])('words %j', (reason, words) => expect(reasonText(reason)).toMatch(words))

  it('renders a green step of two check runs, and an unfinished one at the timeout', () => {
    const green = decideCheckVerdict(
      facts([checkRun(), checkRun({ id: 78, app: { slug: 'qa2' } })])
    )
    const summary = renderSummary(buildReport(green, { label: '' }))
    // An app without a name is shown by its slug.
    for (const part of ['all 2 check runs concluded success', '### ✅ Check run 78', 'by `qa2`'])
      expect(summary).toContain(part)
    const waiting = decideCheckVerdict(
      facts([checkRun({ status: 'in_progress', conclusion: null })], {
        ended: { why: 'still-waiting', wait: true },
        waitedMs: 120_000
      })
    )
    const shown = [
      renderSummary(buildReport(waiting, { label: '' })),
      renderPullRequestComment({ label: '', verdict: waiting })
    ].join('\n')
    for (const part of [
      'timed out after 2m: the timeout passed while the check run was still in progress',
      'by QA Wolf (`qawolf`): in progress',
      're-run the job with a longer `timeout` (it was 2m)',
      '| Check run | App | Status | Conclusion | Link |',
      'in&#95;progress'
    ])
      expect(shown).toContain(part)
    expect(verdictOutputs(waiting)['check-conclusion']).toBe('')
  })
})

// Headings, statuses and closing lines of both sources: surfaces.property.test.ts.
function onBranch(branchTip: BranchTipAnswer | undefined, over: Record<string, unknown> = {}) {
  const event = checkRun({ check_suite: { head_branch: 'feature/payments' }, ...over })
  return facts([event], {
    source: 'event',
    eventAction: 'completed',
    eventCheckRun: event,
    listed: true,
    ...(branchTip && { branchTip })
  })
}

const main = (over: Partial<BranchTipAnswer>): BranchTipAnswer => ({
  branch: 'main',
  fromDefault: true,
  ...over
})

describe('the commit rule on a check_run event', () => {
  const behind = main({ tip: TIP, compare: { status: 'behind', mergeBase: SHA } })
  const notTip = [
    "(branch 'feature/payments' as the event says)",
    "only the tip of 'main' may be promoted"
  ]
  const refused = main({ failure: { message: 'needs contents: read', status: 403 } })
  const unknown = /is not known to GitHub in this repository(?![\s\S]*as the event says)/
  // A red check too, so that fail-on-red: false cannot promote a commit not on the branch.
  // prettier-ignore
  it.each([
    ["green for the branch's tip, whatever the SHA's case", onBranch(main({ tip: SHA.toUpperCase() })), 'passed', []],
    ['superseded for an older commit of the branch, naming both commits', onBranch(behind), 'superseded', [SHA.slice(0, 12), TIP.slice(0, 12), "the newer commit's own check decides"]],
    ['an error for a commit ahead of the tip, its check red', onBranch(main({ tip: TIP, compare: { status: 'ahead' } }), { conclusion: 'failure' }), 'error', notTip],
    ['an error for a commit diverged from the tip', onBranch(main({ tip: TIP, compare: { status: 'diverged' } })), 'error', notTip],
    ['an error for a commit GitHub does not know, without an event branch when none is named', onBranch(main({ tip: TIP, compare: { notFound: true } }), { check_suite: {} }), 'error', [unknown]],
    ['an error for a branch input GitHub does not have', onBranch({ branch: 'relase', fromDefault: false, branchMissing: true }), 'error', ['check the branch input']],
    ['an error for a default branch GitHub does not have', onBranch(main({ branchMissing: true })), 'error', ["the repository's default branch"]],
    ['an error when the standing was not read', onBranch(undefined), 'error', []],
    ["an error naming GitHub's refusal to read the branch", onBranch(refused), 'error', ['needs contents: read']],
    ['an error when reading the branch got no answer', onBranch(main({ failure: { message: 'no answer' } })), 'error', ['no answer']],
    ['an error without a tip', onBranch(main({})), 'error', []],
    ['an error for another tip without a comparison', onBranch(main({ tip: TIP })), 'error', []],
    ['an error when the merge base is not the commit', onBranch(main({ tip: TIP, compare: { status: 'behind', mergeBase: TIP } })), 'error', []],
    ['an error for another tip said identical', onBranch(main({ tip: TIP, compare: { status: 'identical', mergeBase: SHA } })), 'error', []],
    ["interrupted, keeping the check's own interruption", { ...onBranch(undefined), ended: { why: 'interrupted' } }, 'interrupted', []],
    ['not applied to polling: the deploy job gates on the commit it deployed', { ...onBranch(undefined), source: 'poll' }, 'passed', []]
  ] as const)('is %s', (_, checkFacts, status, words) => {
    const verdict = expectVerdict(checkFacts, status, words)
    expect(stepGate(verdict, FORGIVING).ends).toBe(status === 'passed' ? 'green' : 'failed')
  })
})
