// Hostile service text, end to end: bug names, URLs, trigger failure reasons and labels that try
// to become markup. The job summary must show them as inert text, link only to http(s) URLs, stay
// within GitHub's 1 MiB limit, and keep annotation titles on one line.
import { describe, expect, it } from '@jest/globals'
import type { RunConfig } from '../../emulator/server.js'
import type { ActionRun } from '../../scripts/action-runner.js'
import { commandsOf, greenlightStep, notifyStep, qaService, requestsTo } from '../helpers/e2e.js'

const MIB = 1024 * 1024
const LONG_NAME = `${'L'.repeat(10_000)}\nsecond line`

type Bug = NonNullable<RunConfig['bugs']>[number]

const HOSTILE_BUGS: Bug[] = [
  {
    id: 'bug-img',
    name: '<img src=x onerror=alert(1)> | pipes | `ticks`',
    url: 'javascript:alert(document.cookie)',
    externalIssueUrl: 'data:text/html,<script>alert(3)</script>'
  },
  { id: 'bug-link', name: '[x](javascript:alert(1))', url: 'data:text/html;base64,PHNjcmlwdD4=' },
  {
    id: 'bug-details',
    name: '</details><details open><summary>pwned</summary>',
    priority: 'low',
    url: 'JaVaScRiPt:alert(1)'
  },
  { id: 'bug-long', name: LONG_NAME, url: 'https://qa.example.com/bugs/long?a=1&b=<2>' },
  // Schemes with a host name, which a check for "has a host" alone would let through.
  { id: 'bug-js-host', name: 'js with host', url: 'javascript://qa.example.com/%0Aalert(1)' },
  { id: 'bug-ftp', name: 'ftp link', priority: 'low', url: 'ftp://files.example.com/bug.txt' },
  { id: 'bug-newline', name: 'first line\n::error::forged annotation\r\nthird' }
]

/** The destinations of every Markdown link `[text](destination)`. */
function linkTargets(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]*)\)/g)].map(m => m[1] ?? '')
}

function countOf(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0
}

/** Nothing in the summary is markup that the action did not write itself. */
function expectInert(summary: string): void {
  expect(summary).not.toMatch(/<img/i)
  expect(summary).not.toMatch(/<script/i)
  expect(summary).not.toMatch(/\]\(\s*(javascript|data):/i)
  expect(summary).not.toMatch(/\bon\w+\s*=\s*\w+\(/i)
  // The only tags are the action's own collapsible sections and line breaks (so no href or src).
  const tags = [...summary.matchAll(/<\/?([a-z][a-z0-9]*)/gi)].map(m => m[1]?.toLowerCase())
  expect(tags.filter(tag => !['details', 'summary', 'br'].includes(tag ?? ''))).toEqual([])
  expect(countOf(summary, /<details[\s>]/gi)).toBe(countOf(summary, /<\/details>/gi))
  expect(countOf(summary, /<summary>/gi)).toBe(countOf(summary, /<\/summary>/gi))
  for (const target of linkTargets(summary)) expect(target).toMatch(/^https?:\/\//)
}

function annotations(run: ActionRun) {
  return run.commands.filter(c => ['error', 'warning', 'notice'].includes(c.command))
}

function expectSingleLineAnnotations(run: ActionRun): void {
  for (const annotation of annotations(run)) {
    const title = annotation.properties['title'] ?? ''
    expect(title).not.toMatch(/[\r\n]/)
    expect(title.length).toBeLessThanOrEqual(300)
  }
  // A service text cannot forge a workflow command of its own.
  for (const line of run.stdout.split('\n')) {
    if (line.startsWith('::')) expect(line).toMatch(/^::(add-mask|error|warning|notice|debug)[ :]/)
  }
  expect(run.stdout).not.toMatch(/^::error::forged/m)
}

describe('hostile service content, end to end', () => {
  it('shows hostile bug names and URLs as inert text in greenlight', async () => {
    const em = await qaService({
      runs: [{ id: 'run-1', timeline: [{ stage: 'completed' }], bugs: HOSTILE_BUGS }]
    })
    const run = await greenlightStep(em, 'run-1')

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('failed')
    expect(run.outputs['blocking-bugs-count']).toBe('5')
    const { summary } = run
    expectInert(summary)
    // Shown, as text: the reader still sees what the service said.
    expect(summary).toContain('&lt;img src=x onerror=alert&#40;1&#41;&gt;')
    expect(summary).toContain('&#91;x&#93;&#40;javascript:alert&#40;1&#41;&#41;')
    expect(summary).toContain('&lt;/details&gt;')
    // A tracker link that is not http(s) is named, never linked.
    expect(summary).toContain('— Tracker bug-img\n')
    expect(summary).not.toContain('data:text/html')
    // The only http(s) bug link is a link; its '<2>' and '&' cannot break out of the destination.
    expect(summary).toContain('](https://qa.example.com/bugs/long?a=1&amp;b=%3C2%3E)')
    // A 10,000-character name is shortened, on one line.
    expect(summary).not.toContain('L'.repeat(1000))
    expect(summary).toMatch(/L{100,}…/)
    expect(summary).not.toContain('second line')
    // Line breaks in a name cannot start a new Markdown block or a workflow command.
    expect(summary).toContain('first line ::error::forged annotation third')
    expectSingleLineAnnotations(run)
    const titles = annotations(run).map(a => a.properties['title'] ?? '')
    expect(titles).toContain('Blocking bug: <img src=x onerror=alert(1)> | pipes | `ticks`')
    expect(titles.some(t => /^Blocking bug: L+…$/.test(t))).toBe(true)
  })

  it('shows hostile run URLs and bug names from a well-formed response without linking them', async () => {
    const em = await qaService({
      runs: [{ id: 'run-1', timeline: [{ stage: 'completed' }] }],
      faults: {
        greenlight: {
          script: [
            {
              kind: 'wrong-shape',
              body: {
                greenlight: false,
                // A relevantRunId that is not a run ID ends polling with an error (unit-tested).
                relevantRunId: 'run-1',
                relevantRunUrl: 'javascript:alert(1)',
                relevantRunWithBugsUrl: 'data:text/html,<script>alert(2)</script>',
                rootRunId: 'run-1',
                rootRunUrl: ' javascript:alert(3)',
                runStage: 'completed',
                workflowsDisabledAfterRunCount: 0,
                workflowsInRunCount: 1,
                workflowsUnderInvestigationCount: 0,
                blockingBugsCount: 1,
                nonBlockingBugsCount: 0,
                blockingBugUrls: ['vbscript:msgbox(1)'],
                nonBlockingBugUrls: [],
                reproducedBugs: [{ name: '<svg onload=alert(1)>', url: 'vbscript:msgbox(1)' }]
              }
            }
          ]
        }
      }
    })
    const run = await greenlightStep(em, 'run-1', { wait: 'false' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(requestsTo(em, 'greenlight')).toHaveLength(1)
    expectInert(run.summary)
    expect(run.summary).not.toMatch(/<svg/i)
    expect(run.summary).toContain('&lt;svg onload=alert&#40;1&#41;&gt;')
    expect(run.summary).not.toMatch(/\]\(\s*vbscript:/i)
    expectSingleLineAnnotations(run)
  })

  it('keeps the summary under 1 MiB with 5,000 bugs, pointing to the rest', async () => {
    const bugs: Bug[] = Array.from({ length: 5000 }, (_, i) => ({
      id: `b${i}`,
      name: i % 2 === 0 ? `<b>Bug ${i}</b>` : `[Bug ${i}](javascript:alert(${i}))`
    }))
    const em = await qaService({
      runs: [{ id: 'run-many', timeline: [{ stage: 'completed' }], bugs }]
    })
    const run = await greenlightStep(em, 'run-many')

    expect(run.exitCode).toBe(1)
    expect(run.outputs['blocking-bugs-count']).toBe('5000')
    // The output list is cut to stay within GitHub's output limits, and says so.
    const urls = JSON.parse(run.outputs['blocking-bug-urls'] ?? '') as string[]
    expect(urls).toHaveLength(101)
    expect(urls.at(-1)).toMatch(/^… 4900 more URLs \(cut to stay within GitHub's output limits/)
    expect(Buffer.byteLength(run.summary, 'utf8')).toBeLessThan(MIB)
    expect(run.summary).toMatch(/and 4,?900 more blocking bugs/)
    expect(run.summary).toContain(
      `[see them all in the QA service](${em.url}/runs/run-many?filter=bugs)`
    )
    expectInert(run.summary)
    expectSingleLineAnnotations(run)
    // GitHub shows about ten error annotations a step: eight bugs, "4,992 more", the verdict.
    const errors = commandsOf(run, 'error')
    expect(errors).toHaveLength(10)
    expect(errors[8]?.message).toContain('4992 more blocking bugs')
    expect(errors[9]?.message).toMatch(/QA verdict: failed/)
  })

  it('truncates a summary that would pass 1 MiB, closing what it opened and saying so', async () => {
    // Long (but valid) bug URLs: each response stays under the client's 1 MiB limit, while the
    // summary of three such runs would not fit in GitHub's.
    const bugs = (run: string): Bug[] =>
      Array.from({ length: 100 }, (_, i) => ({
        id: `${run}-bug-${i}`,
        name: `</details><img src=x> ${run} bug ${i}`,
        priority: i < 50 ? null : 'low',
        url: `https://qa.example.com/bugs/${run}/${i}?pad=${'p'.repeat(3500)}`
      }))
    const runs: RunConfig[] = ['r1', 'r2', 'r3'].map(id => ({
      id,
      timeline: [{ stage: 'completed' }],
      bugs: bugs(id)
    }))
    const em = await qaService({ runs })
    const run = await greenlightStep(em, 'r1,r2,r3')

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('failed')
    expect(run.outputs['blocking-bugs-count']).toBe('150')
    expect(Buffer.byteLength(run.summary, 'utf8')).toBeLessThanOrEqual(MIB)
    expect(Buffer.byteLength(run.summary, 'utf8')).toBeGreaterThan(MIB / 2)
    expect(run.summary).toMatch(/summary was truncated/i)
    expectInert(run.summary)
  })

  it('escapes a hostile label in the greenlight and notify summaries', async () => {
    const label = '<script>alert(1)</script> [x](javascript:alert(1))'
    const em = await qaService({
      triggers: [{ id: 'web' }],
      runs: [{ id: 'run-1', timeline: [{ stage: 'completed' }] }]
    })
    const greenlight = await greenlightStep(em, 'run-1', { label })
    const notify = await notifyStep(em, { label, sha: 'abc1234' })

    for (const run of [greenlight, notify]) {
      expect(run.exitCode).toBe(0)
      const [heading] = run.summary.split('\n')
      expect(heading).toContain(
        '&lt;script&gt;alert&#40;1&#41;&lt;/script&gt; &#91;x&#93;&#40;javascript:alert&#40;1&#41;&#41;'
      )
      expectInert(run.summary)
      // Log lines are plain text, where the label is shown as given.
      expect(run.stdout).toContain(`[${label}]`)
    }
  })

  it('shows a trigger failure_reason and trigger ID with markup as inert text in notify', async () => {
    const em = await qaService({
      // The documented spelling carries the trigger IDs.
      shape: 'docs',
      triggers: [
        { id: '<b>web</b>' },
        {
          id: 'api|x',
          failure_reason:
            '<img src=x onerror=alert(1)> | [click](javascript:alert(1)) </details>\n## heading'
        }
      ]
    })
    const run = await notifyStep(em, { sha: 'abc1234' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['run-ids']).toBe('["run-1"]')
    const { summary } = run
    expectInert(summary)
    expect(summary).not.toMatch(/^#+ heading/m)
    expect(summary).toContain('&lt;b&gt;web&lt;/b&gt;')
    expect(summary).toContain('&lt;img src=x onerror=alert&#40;1&#41;&gt;')
    // A `|` in service text cannot add a table column: each row has the header's four cells.
    const rows = summary
      .split('\n')
      .filter(line => line.startsWith('| ') && !line.startsWith('| ---'))
    expect(rows.length).toBeGreaterThanOrEqual(3)
    for (const row of rows) expect(row.split(/(?<!\\)\|/).length - 2).toBe(4)
    expectSingleLineAnnotations(run)
    const warning = annotations(run).find(a => a.command === 'warning')
    expect(warning?.message).toContain('<img src=x onerror=alert(1)>')
  })
})
