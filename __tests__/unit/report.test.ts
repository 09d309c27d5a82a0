import { describe, expect, it } from '@jest/globals'
import { renderPullRequestComment, renderSummary } from '../../src/gate/render.js'
import { buildReport, type ReportFacts } from '../../src/gate/report.js'
import * as log from '../../src/gate/poll-log.js'
import {
  classOf,
  interruptedWhileReporting,
  noBugs,
  verdictOf,
  type CheckDetails,
  type Verdict,
  type VerdictEntry
} from '../../src/gate/verdict.js'
import type { RunStatus } from '../../src/gate/facts.js'
import type { Reason } from '../../src/gate/reasons.js'
import {
  BASE_URL as QA,
  completedResponse as response,
  judged,
  runOutcome as run
} from '../helpers/responses.js'

const summaryOf = (verdict: Verdict, facts: Partial<ReportFacts> = {}): string =>
  renderSummary(buildReport(verdict, { label: 'staging', ...facts }))

function check(status: RunStatus, reason?: Reason, details: Partial<CheckDetails> = {}) {
  const entry: VerdictEntry = {
    source: 'check',
    id: '7',
    url: 'https://github.com/acme/shop/runs/7',
    status,
    class: classOf(status),
    ...(reason === undefined ? {} : { reason }),
    bugs: noBugs(),
    check: {
      name: 'QA Wolf Test Results',
      app: 'qawolf',
      appName: 'QA Wolf',
      checkStatus: 'completed',
      conclusion: 'failure',
      detailsUrl: 'https://app.qawolf.com/runs/r-9',
      title: '2 blocking bugs',
      summary: 'Checkout\n===\n- [Cart](https://app.qawolf.com/bugs/b-1)',
      startedAt: '2026-11-26T12:00:00Z',
      fromEvent: false,
      ...details
    }
  }
  return entry
}
const failure: Reason = { code: 'check-conclusion', conclusion: 'failure' }

const failedRun = run({
  status: 'failed',
  lastResponse: response({
    greenlight: false,
    blockingBugsCount: 2,
    nonBlockingBugsCount: 1,
    blockingBugUrls: [`${QA}/bugs/1`, `${QA}/bugs/2`],
    nonBlockingBugUrls: [`${QA}/bugs/3`],
    reproducedBugs: [
      { name: 'Checkout missing', number: 1, priority: null, isNew: true, url: `${QA}/bugs/1` },
      {
        title: 'Login times out',
        priority: 'high',
        isNew: false,
        url: `${QA}/bugs/2`,
        externalIssue: {
          applicationUrl: 'https://jira.example.com/P-2',
          externalIssueId: 'P-2',
          platform: 'Jira'
        }
      },
      { name: 'Typo', priority: 'low', url: `${QA}/bugs/3` }
    ]
  })
})

describe('the job summary', () => {
  it('of a run leads with the verdict, then the bugs a reader acts on, the figures and the rules', () => {
    const target = { sha: 'a'.repeat(40), commitUrl: 'https://github.com/acme/shop/commit/aaa' }
    const summary = summaryOf(judged([failedRun]), { target })
    const lines = summary.split('\n')
    expect(lines.slice(0, 3)).toEqual([
      '## ❌ QA greenlight — staging: not green',
      '',
      '**Not green** (run run-1): 2 blocking bugs.'
    ])
    expect(summary).toContain('Judged: commit [aaaaaaa](https://github.com/acme/shop/commit/aaa).')
    const at = (text: string): number => lines.findIndex(line => line.includes(text))
    expect(at('**Blocking bugs (2):**')).toBeLessThan(at('| Run |'))
    expect(lines[at('Checkout missing')]).toBe(
      `- [Checkout missing](${QA}/bugs/1) — bug 1, priority not set, new`
    )
    expect(lines[at('Login times out')]).toBe(
      `- [Login times out](${QA}/bugs/2) — priority high, known — [Jira P-2](https://jira.example.com/P-2)`
    )
    expect(at('<summary>Non-blocking bugs &#40;1&#41;')).toBeGreaterThan(at('| Run |'))
    expect(at('Which bugs block')).toBeGreaterThan(at('Open the run filtered to bugs'))
  })

  // At most MAX_LISTED_BUGS bugs, "and N more": surfaces.property.test.ts.
  it('tallies several runs', () => {
    const two = judged([failedRun, run({ rootRunId: 'run-2' })], { interrupted: true })
    const tallied = summaryOf(two, { commentProblem: 'token lacks pull-requests: write' })
    expect(tallied).toContain('**Not green:** 1 of 2 runs not green.')
    expect(tallied).toContain('- ❌ Run run-1: 2 blocking bugs')
    expect(tallied).toContain('### ✅ Run run-2: completed with no blocking bugs')
    expect(tallied).toContain('⚠️ The job was cancelled while waiting')
    expect(tallied).toContain('could not be written: token lacks pull-requests: write')
    const reporting = summaryOf(interruptedWhileReporting(judged([failedRun])))
    expect(reporting).toContain('the job was cancelled while the verdict was being reported.')
  })

  it("of a check shows its findings as inert Markdown, GitHub's words as they are, and since", () => {
    const text = summaryOf(verdictOf([check('failed', failure)]), { since: '2026-11-26T11:58:30Z' })
    for (const part of [
      '**2 blocking bugs**\n\nCheckout<br>\n&#61;==\n\n- [Cart](https://app.qawolf.com/bugs/b-1)',
      'QA Wolf Test Results by QA Wolf (`qawolf`): concluded `failure`. [Details in QA Wolf](https://app.qawolf.com/runs/r-9) · [Check run on GitHub]',
      '**What to do:** [open the run in QA Wolf](https://app.qawolf.com/runs/r-9) for the bugs',
      'This check run started at 2026-11-26T12:00:00Z; only check runs started at or after since (2026-11-26T11:58:30Z) count.'
    ])
      expect(text).toContain(part)
    const odd = {
      app: 'qa_`wolf',
      appName: undefined,
      conclusion: 'timed_out',
      detailsUrl: 'javascript:x',
      startedAt: undefined
    }
    const shown = summaryOf(verdictOf([check('canceled', undefined, odd)]))
    expect(shown).toContain('by ``qa_`wolf``: concluded `timed_out`')
    expect(shown).not.toContain('javascript:')
    expect(shown).toContain('open the run in QA Wolf (from the [check run on GitHub]')
    expect(shown).toContain('Since is not set, so any check run of this commit counts.')
  })

  const commit: Reason = {
    code: 'commit-superseded',
    sha: 'a'.repeat(40),
    branch: 'main',
    tip: 'b'.repeat(40)
  }
  const newer: Reason = { code: 'superseded', rootRunId: 'run-1', newerRunId: 'run-2' }
  const stillRunning = run({
    status: 'timed-out',
    lastResponse: response({ runStage: 'underReview', greenlight: false })
  })
  const nearest = { input: 'check-name' as const, value: 'QA Wolf Test Run' }
  const names = { listed: [{ name: 'QA Wolf Test Run', app: 'qawolf' }], more: 0, nearest }
  const typo: Reason = {
    code: 'no-check',
    name: 'QA wolf',
    app: '',
    wait: true,
    ignored: [],
    names
  }
  const running: Reason = { code: 'check-newer-running', checkStatus: 'queued', rerun: false }
  const waiting: Reason = { code: 'check-not-completed', checkStatus: 'in_progress', wait: true }
  // prettier-ignore
  it.each<[string, Verdict, (string | RegExp)[]]>([
    ['a superseded commit', verdictOf([check('superseded', commit)]), [/^## ⏭️ QA greenlight — staging: superseded, a newer commit decides\n\n\*\*Superseded\*\* \(check run 7\): commit a{12} is an older commit/]],
    ['a superseded run', judged([run({ status: 'superseded', reason: newer })]), [/^## ⏭️ QA greenlight — staging: superseded by a newer run, not green\n/]],
    ['a timeout', judged([stillRunning], { timedOutAfterMs: 600_000 }), [/^## ⏱️ QA greenlight — staging: timed out, no verdict\n/, 'timed out after 10m; the run was under review', /\*\*What to do:\*\* the run goes on in QA Wolf \(\[run run-1\]/, 're-run the job with a longer `timeout` (it was 10m)']],
    ['a timeout with wait: false', judged([stillRunning], { timedOutAfterMs: 0 }), ['re-run the job with `wait: true`']],
    ['a check name that differs by a typo', verdictOf([{ ...check('timed-out', typo), check: undefined }]), ['**What to do:** set `check-name` to &#39;QA Wolf Test Run&#39;']],
    ['a newer check run still running', verdictOf([check('timed-out', running)]), ['**What to do:** nothing here.']],
    ['a check run still in progress', verdictOf([check('timed-out', waiting)]), ['gate without holding a runner']]
  ])('of %s heads it and says what to do', (_, verdict, texts) => {
    const summary = summaryOf(verdict)
    for (const text of texts) expect(summary).toMatch(text)
  })
})

it("the comment carries a red check's findings, shorter than the summary's, and no green one's", () => {
  const long = verdictOf([check('failed', failure, { summary: 'word '.repeat(5000) })])
  const body = renderPullRequestComment({ label: 'staging', verdict: long })
  expect(body).toContain('**2 blocking bugs**')
  expect(body).toMatch(/word wo?r?d?…/)
  expect(body.length).toBeLessThan(6000)
  expect(body).toContain(
    '| [QA Wolf Test Results &#40;7&#41;](https://github.com/acme/shop/runs/7) | QA Wolf | failed | failure | [details]'
  )
  const green = verdictOf([check('passed', undefined, { conclusion: 'success' })])
  expect(renderPullRequestComment({ label: '', verdict: green })).not.toContain('blocking bugs**')
})

it('the first log lines say what polling waits for, and what an unreadable answer means', () => {
  const settings = { runIds: ['r-1', 'r-2'], wait: true, timeoutMs: 6e5, pollIntervalMs: 1e4 }
  expect(log.pollingStartLine(settings)).toMatch(/r-1, r-2 \(timeout 10m, polling every 10s\)\.$/)
  expect(log.pollingStartLine({ ...settings, wait: false })).toMatch(/once \(wait: false\)\.$/)
  expect(log.droppedFieldWarning('nonBlockingBugUrls')).toMatch(/counts as blocking\.$/)
  expect(log.unknownStageWarning('x\ny')).toContain("run stage 'x y'")
})
