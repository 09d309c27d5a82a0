import { describe, expect, it } from '@jest/globals'
import { MAX_LISTED_BUGS, renderGreenlightSummary } from '../../src/greenlight/summary.js'
import { bugAnnotationTitles } from '../../src/greenlight/messages.js'
import { SUMMARY_MAX_BYTES, TRUNCATION_NOTE } from '../../src/kernel/markdown.js'
import type { RunOutcome } from '../../src/greenlight/run-outcome.js'
import {
  BASE_URL as QA,
  completedResponse as response,
  judged,
  runOutcome as run
} from '../helpers/responses.js'

/** The verdict as the action judges it: the worst of the runs. */
const verdict = (runs: RunOutcome[]) => judged(runs)

function render(
  runs: RunOutcome[],
  extra: { timedOutAfterMs?: number; interrupted?: boolean } = {}
) {
  return renderGreenlightSummary(judged(runs, extra), 'staging')
}

/** The summary of one run that the service withheld its greenlight from, answering `fields`. */
const renderFailed = (fields: Parameters<typeof response>[0]) =>
  render([run({ status: 'failed', lastResponse: response({ greenlight: false, ...fields }) })])

/** The cell under a column of the first run table, e.g. `Blocking bugs` → `3`. */
function row(summary: string, field: string): string | undefined {
  const lines = summary.split('\n')
  const at = lines.findIndex(l => l.startsWith('| Run |'))
  if (at < 0) return undefined
  const cells = (line: string | undefined) =>
    (line ?? '')
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map(cell => cell.trim())
  const column = cells(lines[at]).indexOf(field)
  return column < 0 ? undefined : cells(lines[at + 2])[column]
}

function nonEmptyLines(summary: string): string[] {
  return summary.split('\n').filter(line => line.trim() !== '')
}

const failedResponse = response({
  greenlight: false,
  blockingBugsCount: 2,
  nonBlockingBugsCount: 1,
  blockingBugUrls: [`${QA}/bugs/1`, `${QA}/bugs/2`],
  nonBlockingBugUrls: [`${QA}/bugs/3`],
  reproducedBugs: [
    {
      name: 'Checkout button missing',
      number: 1,
      priority: null,
      isNew: true,
      url: `${QA}/bugs/1`,
      externalIssueUrl: 'https://tracker.example.com/ISSUE-1'
    },
    { title: 'Login times out', priority: 'high', isNew: false, url: `${QA}/bugs/2` },
    { name: 'Typo in footer', priority: 'low', url: `${QA}/bugs/3` }
  ]
})

describe('renderGreenlightSummary: the verdict first', () => {
  it('a green run', () => {
    const lines = nonEmptyLines(render([run()]))
    expect(lines[0]).toBe('## ✅ QA greenlight — staging: green')
    expect(lines[1]).toBe('**Green** (run run-1): completed with no blocking bugs.')
  })

  it('an error whose reason ends its own sentence gets no second full stop', () => {
    const reason =
      'Could not reach http://127.0.0.1:9. The service has not been reachable for 2m; check the base-url input.'
    const lines = nonEmptyLines(render([run({ status: 'error', lastResponse: undefined, reason })]))
    expect(lines[1]).toBe(`**No verdict** (run run-1): error: ${reason}`)
    expect(lines.join('\n')).not.toContain('..')
  })

  it('a run with blocking bugs', () => {
    const out = render([run({ status: 'failed', lastResponse: failedResponse })])
    const lines = nonEmptyLines(out)
    expect(lines[0]).toBe('## ❌ QA greenlight — staging: not green')
    expect(lines[1]).toBe('**Not green** (run run-1): 2 blocking bugs.')
    // The bugs come right under the verdict, before the run's figures.
    expect(out.indexOf('**Blocking bugs (2):**')).toBeLessThan(out.indexOf('| Run |'))
    // What to do and the rules come after the bugs, the rules collapsed (issue 34: a reviewer
    // acts on the bugs first); GitHub re-runs jobs, not steps.
    expect(out).toContain(
      'Blocking bugs are triaged in the QA service; re-run the job once they are resolved.'
    )
    expect(out).toMatch(
      /<details>\n<summary>Which bugs block<\/summary>\n\nThe QA service's classification first \(a bug's `isBlocking`\); a bug it has not classified blocks while its priority is urgent, high, not set or unknown\.\n\n<\/details>/
    )
    expect(out.indexOf('](https://qa.example.com/bugs/1)')).toBeLessThan(
      out.indexOf('Which bugs block')
    )
    expect(out).not.toMatch(/re-run this step/i)
    expect(out).not.toMatch(/lower its priority/i)
  })

  const underReview = response({ greenlight: false, runStage: 'underReview' })
  // One row per line reads as the table it is.
  // prettier-ignore
  const notGreen = [
    ['canceled', { status: 'canceled', lastResponse: response({ greenlight: false, runStage: 'canceled' }) }, {}, '❌', 'the run was canceled'],
    ['timed out while under review', { status: 'timed-out', lastResponse: underReview }, { timedOutAfterMs: 2 * 3600_000 }, '⏱️', 'timed out after 2h; the run was under review'],
    ['timed out before any response', { status: 'timed-out', lastResponse: undefined }, { timedOutAfterMs: 90_500 }, '⏱️', 'timed out after 1m 31s'],
    ['not finished with wait=false', { status: 'timed-out', lastResponse: response({ greenlight: false, runStage: 'initializing' }) }, { timedOutAfterMs: 0 }, '⏱️', 'not finished when queried once without waiting; the run was initializing'],
    ['timed out, timeout unknown', { status: 'timed-out', lastResponse: undefined }, {}, '⏱️', 'timed out'],
    ['interrupted', { status: 'interrupted', lastResponse: underReview }, { interrupted: true }, '⚠️', 'interrupted: the job was cancelled while waiting for the verdict'],
    ['error', { status: 'error', lastResponse: undefined, reason: 'HTTP 401: check the API key' }, {}, '⛔', 'error: HTTP 401: check the API key'],
    ['failed without blocking bugs', { status: 'failed', reason: 'the service withheld the greenlight' }, {}, '❌', 'the service withheld the greenlight']
  ] as const
  it.each(notGreen)('not green: %s', (_name, outcome, extra, emoji, cause) => {
    const lines = nonEmptyLines(render([run(outcome)], extra))
    // A red verdict and no verdict at all never read alike.
    const heading = {
      failed: 'not green',
      canceled: 'not green',
      'timed-out': 'timed out, no verdict',
      interrupted: 'interrupted, no verdict',
      error: 'error, no verdict'
    }[outcome.status]
    const lead = heading === 'not green' ? 'Not green' : 'No verdict'
    expect(lines[0]).toBe(`## ${emoji} QA greenlight — staging: ${heading}`)
    expect(lines[1]).toBe(`**${lead}** (run run-1): ${cause}.`)
  })

  it('says when the job was interrupted that the summary shows what was known', () => {
    const out = render([run({ status: 'interrupted', lastResponse: underReview })], {
      interrupted: true
    })
    expect(out).toContain(
      'The job was cancelled while waiting; this summary shows what was known then.'
    )
    expect(out).toContain(`[run-1](${QA}/runs/run-1)`)
  })

  it('never shows green unless every run passed', () => {
    const out = renderGreenlightSummary(
      judged([run({ status: 'failed', reason: 'greenlight true with 1 blocking bug' })]),
      ''
    )
    expect(nonEmptyLines(out)[0]).toBe('## ❌ QA greenlight: not green')
    expect(out).toContain('greenlight true with 1 blocking bug')
    const passedButFailing = renderGreenlightSummary(
      judged([run(), run({ rootRunId: 'b', status: 'failed' })]),
      ''
    )
    expect(nonEmptyLines(passedButFailing)[0]).toBe('## ❌ QA greenlight: not green')
  })

  it('with no runs: an error with no verdict', () => {
    const out = renderGreenlightSummary(judged([]), 'x')
    expect(nonEmptyLines(out).slice(0, 2)).toEqual([
      '## ⛔ QA greenlight — x: error, no verdict',
      '**No verdict:** no run was checked.'
    ])
  })
})

describe('renderGreenlightSummary: the run table', () => {
  it('links the root and relevant runs and names both when one superseded the other', () => {
    const out = render([
      run({
        lastResponse: response({ relevantRunId: 'run-2', relevantRunUrl: `${QA}/runs/run-2` })
      })
    ])
    expect(out).toContain(
      `Run [run-2](${QA}/runs/run-2) superseded root run [run-1](${QA}/runs/run-1)`
    )
    expect(row(out, 'Run')).toBe(`[run-2](${QA}/runs/run-2)`)
  })

  it('does not mention superseding when the relevant run is the root run', () =>
    expect(render([run()])).not.toContain('superseded'))

  it('leaves out counts the stage does not report rather than show 0', () => {
    const out = render([
      run({
        status: 'timed-out',
        lastResponse: response({
          greenlight: false,
          runStage: 'underReview',
          blockingBugsCount: undefined,
          nonBlockingBugsCount: undefined,
          workflowsAutoRetryingCount: 3,
          workflowsUnderInvestigationCount: 2
        })
      })
    ])
    expect(row(out, 'Blocking bugs')).toBeUndefined()
    expect(row(out, 'Non-blocking bugs')).toBeUndefined()
    expect(row(out, 'Auto-retrying')).toBe('3')
    expect(row(out, 'Under investigation')).toBe('2')
    expect(row(out, 'Stage')).toBe('under review')
  })

  it('shows reported counts, including zeros, and leaves out auto-retrying when not reported', () => {
    const out = render([run()])
    expect(row(out, 'Blocking bugs')).toBe('0')
    expect(row(out, 'Non-blocking bugs')).toBe('0')
    expect(row(out, 'Workflows')).toBe('12')
    expect(row(out, 'Disabled after run')).toBe('1')
    expect(row(out, 'Auto-retrying')).toBeUndefined()
  })

  it('shows what is known when no response was obtained', () => {
    const out = render([
      run({ status: 'error', lastResponse: undefined, reason: 'HTTP 403: team disabled' })
    ])
    // The reason is said once, in the verdict line.
    expect(out.split('HTTP 403: team disabled')).toHaveLength(2)
    expect(out).toContain('No valid answer was received for run run-1')
    expect(out).not.toContain('](')
  })

  it('links the run filtered to bugs when there are bugs, and only then', () => {
    expect(render([run({ status: 'failed', lastResponse: failedResponse })])).toContain(
      `[Open the run filtered to bugs](${QA}/runs/run-1?filter=bugs)`
    )
    expect(render([run()])).not.toContain('Open the run filtered to bugs')
  })
})

describe('renderGreenlightSummary: bugs', () => {
  it('lists blocking bugs with links and facts, and non-blocking ones collapsed', () => {
    const out = render([run({ status: 'failed', lastResponse: failedResponse })])
    expect(out).toContain(
      `- [Checkout button missing](${QA}/bugs/1) — bug 1, priority not set, new — [tracker issue](https://tracker.example.com/ISSUE-1)`
    )
    expect(out).toContain(`- [Login times out](${QA}/bugs/2) — priority high, known`)
    const collapsed = /<details>\n<summary>(.*)<\/summary>\n\n([\s\S]*?)\n\n<\/details>/.exec(out)
    expect(collapsed?.[1]).toBe('Non-blocking bugs &#40;1&#41;')
    expect(collapsed?.[2]).toBe(`- [Typo in footer](${QA}/bugs/3) — priority low`)
    expect(out.indexOf('**Blocking bugs (2):**')).toBeLessThan(out.indexOf('<details>'))
  })

  it('treats urgent, high, unprioritized, null, empty or missing priority as blocking; medium and low not', () => {
    const out = renderFailed({
      blockingBugUrls: undefined,
      nonBlockingBugUrls: undefined,
      reproducedBugs: [
        { name: 'No priority' },
        { name: 'Unset', priority: null },
        { name: 'Empty', priority: '' },
        { name: 'Unprioritized', priority: 'unprioritized' },
        { name: 'Urgent', priority: 'urgent' },
        { name: 'Medium', priority: 'Medium' },
        { name: 'Low', priority: 'low' }
      ]
    })
    expect(out).toContain('**Blocking bugs (5):**')
    expect(out).toContain('- No priority\n')
    expect(out).toContain('- Unset — priority not set')
    expect(out).toContain('- Empty — priority not set')
    expect(out).toContain('- Unprioritized — priority not set')
    expect(out).toContain('- Urgent — priority urgent')
    expect(out).toMatch(
      /<summary>Non-blocking bugs &#40;2&#41;<\/summary>\n\n- Medium — priority medium\n- Low — priority low/
    )
  })

  it('falls back to the URL lists when reproducedBugs is absent', () => {
    const out = renderFailed({
      blockingBugsCount: 1,
      nonBlockingBugsCount: 1,
      blockingBugUrls: [`${QA}/bugs/8`],
      nonBlockingBugUrls: [`${QA}/bugs/9`],
      reproducedBugs: undefined
    })
    expect(out).toContain(`- [${QA}/bugs/8](${QA}/bugs/8)\n`)
    expect(out).toMatch(/<details>[\s\S]*\(https:\/\/qa\.example\.com\/bugs\/9\)[\s\S]*<\/details>/)
  })

  it('follows the service’s URL lists over its own reading of the priority', () => {
    const out = renderFailed({
      blockingBugUrls: [`${QA}/bugs/5`],
      nonBlockingBugUrls: [`${QA}/bugs/6`],
      reproducedBugs: [
        { name: 'Listed as blocking', priority: 'low', applicationUrl: `${QA}/bugs/5` },
        { name: 'Listed as non-blocking', priority: null, applicationUrl: `${QA}/bugs/6` }
      ]
    })
    expect(out).toContain('**Blocking bugs (1):**')
    expect(out).toMatch(/^- \[Listed as blocking\]/m)
    expect(out).toMatch(/<details>[\s\S]*Listed as non-blocking[\s\S]*<\/details>/)
  })

  it('lists at most MAX_LISTED_BUGS per kind and points to the service for the rest', () => {
    const bugs = Array.from({ length: 250 }, (_, i) => ({
      name: `Bug ${i}`,
      priority: null,
      url: `${QA}/bugs/${i}`
    }))
    const out = renderFailed({ reproducedBugs: bugs })
    expect(out.match(/^- \[Bug \d+\]/gm)).toHaveLength(MAX_LISTED_BUGS)
    expect(out).toContain(
      `- … and 150 more blocking bugs: [see them all in the QA service](${QA}/runs/run-1?filter=bugs)`
    )
  })
})

describe('renderGreenlightSummary: several runs', () => {
  it('gives the overall verdict first, then one section per run in input order', () => {
    const out = render(
      [
        run({ rootRunId: 'a' }),
        run({ rootRunId: 'b', status: 'failed', lastResponse: failedResponse }),
        run({ rootRunId: 'c', status: 'timed-out', lastResponse: undefined })
      ],
      { timedOutAfterMs: 45 * 60_000 }
    )
    const lines = nonEmptyLines(out)
    // A known red outranks the run still pending: the step's verdict is red.
    expect(lines[0]).toBe('## ❌ QA greenlight — staging: not green')
    expect(lines.slice(1, 5)).toEqual([
      '**Not green:** 2 of 3 runs not green.',
      '- ✅ Run a: completed with no blocking bugs',
      '- ❌ Run b: 2 blocking bugs',
      '- ⏱️ Run c: timed out after 45m'
    ])
    expect(lines.filter(line => line.startsWith('### '))).toEqual([
      '### ✅ Run a: completed with no blocking bugs',
      '### ❌ Run b: 2 blocking bugs',
      '### ⏱️ Run c: timed out after 45m'
    ])
  })

  it('is green only when every run is', () => {
    const out = renderGreenlightSummary(
      judged([run({ rootRunId: 'a' }), run({ rootRunId: 'b' })]),
      ''
    )
    expect(nonEmptyLines(out).slice(0, 2)).toEqual([
      '## ✅ QA greenlight: green',
      '**Green:** all 2 runs completed with no blocking bugs.'
    ])
  })
})

describe('renderGreenlightSummary: hostile service text is inert', () => {
  const hostileName = '<img src=x onerror=alert(1)> [x](javascript:alert(1)) </details> a|b\nc'
  const hostile = response({
    greenlight: false,
    relevantRunId: '<script>alert(1)</script>',
    relevantRunUrl: 'javascript:alert(1)',
    relevantRunWithBugsUrl: 'data:text/html,<script>alert(1)</script>',
    rootRunId: 'root|run',
    rootRunUrl: '/relative/run',
    runStage: 'completed',
    blockingBugsCount: 4,
    nonBlockingBugsCount: 1,
    blockingBugUrls: [],
    nonBlockingBugUrls: [],
    reproducedBugs: [
      {
        name: hostileName,
        priority: 'high',
        url: 'javascript:alert(1)',
        externalIssueUrl: 'data:text/html,x'
      },
      { name: 'N'.repeat(10_000), url: 'JAVASCRIPT:alert(1)' },
      { name: '</summary></details><details open>', url: 'https://qa.example.com/bugs/(1) x' },
      { name: '**bold** `code` ~~strike~~ $x$', url: 'https://qa.example.com/bugs/4' },
      { name: '</details>', priority: 'low', url: 'http://qa.example.com/bugs/5' }
    ]
  })
  const out = render([
    run({
      rootRunId: 'root|run',
      status: 'failed',
      reason: '<b>bad</b>\n# heading',
      lastResponse: hostile
    })
  ])

  it('contains no raw HTML from the service', () =>
    expect(out).not.toMatch(/<img|<script|<b>|<details open/i))

  it('links only http(s) URLs', () => {
    const destinations = [...out.matchAll(/\]\(([^)]*)\)/g)].map(match => match[1])
    expect(destinations.length).toBeGreaterThan(0)
    for (const destination of destinations) expect(destination).toMatch(/^https?:\/\//)
    expect(out).not.toMatch(/\]\((?:javascript|data):/i)
    expect(out).toContain(
      '[&lt;/summary&gt;&lt;/details&gt;&lt;details open&gt;](https://qa.example.com/bugs/%281%29%20x)'
    )
  })

  it('closes exactly the <details> sections it opens', () => {
    const opened = out.match(/<details>/g)?.length ?? 0
    // The non-blocking bugs, and the rules of which bugs block (below the bugs).
    expect(opened).toBe(2)
    expect(out.match(/<\/details>/g)?.length).toBe(opened)
    expect(out.match(/<summary>/g)?.length).toBe(out.match(/<\/summary>/g)?.length)
  })

  it('keeps every table row at the number of cells of its header', () => {
    const rows = out.split('\n').filter(line => line.startsWith('|'))
    expect(rows).toHaveLength(3)
    const cells = (line: string) => line.split(/(?<!\\)\|/).length
    for (const line of rows) expect(cells(line)).toBe(cells(rows[0]!))
    expect(out).toContain('root run root&#124;run')
  })

  it('shortens a 10,000-character name', () => {
    expect(out).not.toContain('N'.repeat(201))
    expect(out).toContain(`${'N'.repeat(200)}…`)
  })

  it('keeps service text on its line', () => {
    expect(out).toContain('a&#124;b c')
    expect(out).not.toMatch(/^#+ (?!✅|❌|⏱️|⚠️|⛔)/m)
  })
})

describe('renderGreenlightSummary: size', () => {
  it('stays within 1 MiB for a verdict with 20,000 bugs', () => {
    const bugs = Array.from({ length: 20_000 }, (_, i) => ({
      name: `<${i}>`.repeat(2000),
      priority: i % 2 === 0 ? 'high' : 'low',
      url: `${QA}/bugs/${i}`
    }))
    const out = renderFailed({ reproducedBugs: bugs })
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(1024 * 1024)
    expect(nonEmptyLines(out)[0]).toBe('## ❌ QA greenlight — staging: not green')
    expect(out).toContain('… and 9900 more blocking bugs')
    expect(out).toContain('… and 9900 more non-blocking bugs')
  })

  it('truncates with a note when many runs together exceed the limit', () => {
    const runs = Array.from({ length: 40 }, (_, r) =>
      run({
        rootRunId: `run-${r}`,
        status: 'failed',
        lastResponse: response({
          greenlight: false,
          rootRunId: `run-${r}`,
          relevantRunId: `run-${r}`,
          reproducedBugs: Array.from({ length: 500 }, (_, i) => ({
            name: '<&>'.repeat(400),
            priority: i % 2 === 0 ? 'high' : 'low',
            url: `${QA}/bugs/${r}-${i}`
          }))
        })
      })
    )
    const out = render(runs)
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(SUMMARY_MAX_BYTES)
    expect(out.trimEnd().endsWith(TRUNCATION_NOTE)).toBe(true)
    expect(nonEmptyLines(out)[0]).toBe('## ❌ QA greenlight — staging: not green')
    expect(out).toContain('- ❌ Run run-39: 250 blocking bugs')
    expect(out.match(/<details>/g)?.length).toBe(out.match(/<\/details>/g)?.length)
  })
})

describe('bugAnnotationTitles', () => {
  it('gives one plain title per blocking bug across runs: the name, else the URL', () => {
    const other = response({
      greenlight: false,
      rootRunId: 'run-2',
      blockingBugUrls: [`${QA}/bugs/2`, `${QA}/bugs/7`],
      reproducedBugs: [{ title: 'Login times out', url: `${QA}/bugs/2` }]
    })
    const titles = bugAnnotationTitles(
      verdict([
        run({ status: 'failed', lastResponse: failedResponse }),
        run({ rootRunId: 'run-2', status: 'failed', lastResponse: other }),
        run({ rootRunId: 'run-3', status: 'error', lastResponse: undefined })
      ])
    )
    expect(titles).toEqual(['Checkout button missing', 'Login times out', `${QA}/bugs/7`])
  })

  it('flattens and shortens names, and names a bug with neither name nor URL', () => {
    const titles = bugAnnotationTitles(
      verdict([
        run({
          status: 'failed',
          lastResponse: response({
            greenlight: false,
            reproducedBugs: [
              { name: `line one\nline two`, priority: null },
              { name: 'x'.repeat(10_000), priority: '' },
              { priority: 'high' },
              { name: 'minor', priority: 'low' }
            ]
          })
        })
      ])
    )
    expect(titles).toEqual([
      'line one line two',
      `${'x'.repeat(200)}…`,
      'Unnamed blocking bug in run run-1'
    ])
  })
})

describe('renderGreenlightSummary: bugs in the shape the service sends', () => {
  const realShape = response({
    greenlight: false,
    blockingBugsCount: 1,
    nonBlockingBugsCount: 1,
    blockingBugUrls: [`${QA}/bugs/41`],
    nonBlockingBugUrls: [`${QA}/bugs/42`],
    reproducedBugs: [
      {
        name: 'Cart total wrong',
        number: 41,
        priority: 'urgent',
        isBlocking: true,
        isNew: true,
        applicationUrl: `${QA}/bugs/41`,
        externalIssue: {
          applicationUrl: 'https://acme.atlassian.net/browse/SHOP-7',
          externalIssueId: 'SHOP-7',
          platform: 'Jira'
        }
      },
      {
        name: 'Tooltip clipped',
        number: 42,
        priority: 'high',
        isBlocking: false,
        isNew: false,
        applicationUrl: `${QA}/bugs/42`
      }
    ],
    otherBlockingBugsInEnvironment: [
      {
        name: 'Search down',
        number: 9,
        priority: 'unprioritized',
        isBlocking: true,
        isNew: false,
        applicationUrl: `${QA}/bugs/9`
      }
    ]
  })
  const out = render([run({ status: 'failed', lastResponse: realShape })])

  it('shows each bug once, its name linking to applicationUrl, with its tracker issue', () => {
    expect(out).toContain(
      `- [Cart total wrong](${QA}/bugs/41) — bug 41, priority urgent, new — [Jira SHOP-7](https://acme.atlassian.net/browse/SHOP-7)`
    )
    expect(out.split(`${QA}/bugs/41)`)).toHaveLength(2)
    expect(out).toContain(`- [Tooltip clipped](${QA}/bugs/42) — bug 42, priority high, known`)
    expect(out.split(`${QA}/bugs/42)`)).toHaveLength(2)
  })

  it("follows the service's isBlocking over the priority", () =>
    expect(out).toMatch(
      /<summary>Non-blocking bugs &#40;1&#41;<\/summary>\n\n- \[Tooltip clipped\]/
    ))

  it('lists blocking bugs in workflows outside this run under their own heading', () => {
    expect(out).toContain('**Blocking bugs in workflows outside this run (1):**')
    expect(out).toContain(`- [Search down](${QA}/bugs/9) — bug 9, priority not set, known`)
  })
})
