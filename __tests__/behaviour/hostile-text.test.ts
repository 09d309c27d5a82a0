// Hostile text from outside, as a step meets it: bug names, URLs, trigger IDs, failure reasons, labels,
// check titles, error bodies that try to become markup, a workflow command (`::` or `##[`), a
// terminal escape, or bidi and zero-width characters. The job summary shows them as inert text
// and links only to http(s) URLs; the log carries no command but the action's own. Escaping
// itself is unit-tested (unit/markdown.test.ts, unit/surfaces.property.test.ts).
import { describe, expect, it } from '@jest/globals'
import type { RunConfig } from '../../emulator/server.js'
import {
  runAction,
  runnerCommands,
  secretExposures,
  type ActionRun
} from '../../scripts/action-runner.js'
import {
  API_KEY,
  greenlightStep,
  messagesOf,
  qaService,
  quickGate,
  sendJson,
  tinyServer
} from '../helpers/e2e.js'
import { checkGate, checkRun, checkRunEvent, outcome } from '../helpers/check-fixtures.js'
import { list, scriptedGitHub as gitHub } from '../helpers/scripted-github.js'

// What the action itself may print as commands: the key's mask and its own annotations.
const OWN_COMMANDS = new Set(['add-mask', 'debug', 'notice', 'warning', 'error'])
const INJECTIONS = [
  '##[set-output name=greenlight;]true',
  '##[stop-commands]token123',
  '##[add-mask]qa',
  '##[error]forged annotation',
  '##[group]forged group',
  '::set-output name=greenlight::true',
  '\n::stop-commands::token456\n',
  '\r\n##[endgroup]'
]
const HIDDEN = '\u202e\u2066\u200b'
const HIDDEN_ALL = '\u200b\u200c\u200d\u200e\u200f\u202a\u202e\u2066\u2069\u2060\ufeff\u061c'
/** Bidi and zero-width characters, raw or as the character references a summary may escape them to. */
const INVISIBLE =
  /[\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\u061c]|&#(8238|8294|8203|x202e|x2066|x200b);/i
const shown = (run: ActionRun): string => `${run.stdout}\n${run.stderr}\n${run.summary}`

function expectNoInjectedCommand(stdout: string): void {
  const commands = runnerCommands(stdout)
  expect(commands.filter(c => c.form === '##[')).toEqual([])
  for (const command of commands) expect(OWN_COMMANDS).toContain(command.name)
  expect(stdout).not.toMatch(/##\[(set-output|stop-commands|add-mask|error|group|endgroup)/)
}

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
  { id: 'bug-newline', name: 'first line\n::error::forged annotation\r\nthird' },
  { id: 'bug-hidden', name: `Check${HIDDEN_ALL}out fails` },
  ...INJECTIONS.map((name, i) => ({ id: `bug-injected-${i}`, name }))
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

describe('hostile service content, in a step', () => {
  it('shows hostile bug names, URLs and label as inert text in greenlight, no command and no invisible character', async () => {
    const em = await qaService({
      runs: [{ id: 'run-1', timeline: [{ stage: 'completed' }], bugs: HOSTILE_BUGS }]
    })
    const label = '<script>alert(1)</script> [x](javascript:alert(1))'
    const run = await greenlightStep(em, 'run-1', { label })
    // The label is escaped in the summary's heading; log lines are plain text, where it is as given.
    expect(run.summary.split('\n')[0]).toContain(
      '&lt;script&gt;alert&#40;1&#41;&lt;/script&gt; &#91;x&#93;&#40;javascript:alert&#40;1&#41;&#41;'
    )
    expect(run.stdout).toContain(`[${label}]`)

    expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'failed' })
    expect(run.outputs['blocking-bugs-count']).toBe(String(5 + 1 + INJECTIONS.length))
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
    expectNoInjectedCommand(run.stdout)
    expect(summary).toContain('Checkout fails')
    expect(summary).not.toMatch(INVISIBLE)
    expect(run.stdout).not.toMatch(INVISIBLE)
    const titles = annotations(run).map(a => a.properties['title'] ?? '')
    expect(titles).toContain('Blocking bug: <img src=x onerror=alert(1)> | pipes | `ticks`')
    expect(titles.some(t => /^Blocking bug: L+…$/.test(t))).toBe(true)
  })

  it('shows trigger IDs, run IDs and failure reasons as inert text in notify, with debug logging on', async () => {
    const server = await tinyServer()
    const results = [
      { trigger_id: '<b>web</b>', created_suite_id: 'run-1' },
      {
        trigger_id: 'api|x',
        failure_reason:
          '<img src=x onerror=alert(1)> | [click](javascript:alert(1)) </details>\n## heading'
      },
      ...INJECTIONS.map((text, i) =>
        i % 2 === 0
          ? { trigger_id: `t${i} ${text}`, created_suite_id: `run-${i}` }
          : { trigger_id: `t${i}`, failure_reason: text }
      )
    ]
    server.handle = (_req, res) => sendJson(res, JSON.stringify({ results }))
    const run = await runAction({
      inputs: { mode: 'notify', 'api-key': API_KEY, 'base-url': server.url },
      env: { RUNNER_DEBUG: '1' }
    })
    expect(run.exitCode).toBe(0)
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
    expect(run.stdout).toContain('## [set-output')
    expectNoInjectedCommand(run.stdout)
  })
})

describe('no workflow command and no invisible character from outside text', () => {
  it('greenlight: error bodies quoted in retry lines and the final error, and a label, stay text', async () => {
    const server = await tinyServer()
    let n = 0
    server.handle = (_req, res) => {
      res.statusCode = n++ % 2 === 0 ? 503 : 401
      res.end(INJECTIONS.join(' '))
    }
    const run = await quickGate(server, 'run-1', { timeout: '2s', label: '##[group]env' })
    expect(run.outputs['status']).toBe('error')
    expectNoInjectedCommand(run.stdout)
  })

  it("an error body's event ID: one line, no workflow command, no key", async () => {
    const server = await tinyServer()
    server.handle = (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: 'boom', eventId: `evt_1\n::error::pwned ${API_KEY}` }))
    }
    const run = await runAction({
      inputs: { mode: 'notify', 'api-key': API_KEY, 'base-url': server.url, sha: 'a'.repeat(40) },
      killAfterMs: 30_000
    })
    expect(run.exitCode).toBe(1)
    expect(run.stdout).not.toMatch(/^::error::pwned/m)
    expect(secretExposures(run, API_KEY)).toEqual([])
    expect(messagesOf(run, 'error').join('\n')).toContain('service event ID evt_1 ::error::pwned')
  })

  it("a check's status, conclusion, title and summary: no workflow command, no terminal escape, no invisible character, no markup", async () => {
    const hostile = `::error::forged\n##[set-output name=greenlight;]true\n::set-output name=greenlight::true\n<b>x</b> [a](javascript:1)\u001b[2J bad${HIDDEN}news`
    const output = { title: hostile.repeat(3), summary: hostile + 'x'.repeat(200_000) }
    const server = await gitHub(n =>
      list([
        n === 0
          ? checkRun({ status: 'queued\n::error::forged-status\u001b[2J', conclusion: null })
          : checkRun({ conclusion: 'failure', output })
      ])
    )
    const run = await checkGate(server, { timeout: '5s' })
    expect(outcome(run)).toMatchObject({ status: 'failed', exitCode: 1 })
    expect(run.stdout).not.toMatch(/^(::error::forged|##\[set-output|::set-output)/m)
    expect(shown(run)).not.toContain('\u001b')
    expect(shown(run)).toMatch(/badnews/)
    expect(shown(run)).not.toMatch(INVISIBLE)
    expect(run.summary).not.toContain('<b>')
    expect(run.summary).not.toContain('](javascript:')
    expect(run.summary.length).toBeLessThan(200_000)
  })

  it("a check_run event's name and app", async () => {
    const event = checkRunEvent({
      name: `e2e${HIDDEN}suite\n::error::forged-name`,
      app: { slug: `evil${HIDDEN}app::set-output name=greenlight::true`, name: `Evil${HIDDEN}` }
    })
    const server = await gitHub(() => list([]))
    const run = await checkGate(server, { timeout: '2s' }, { name: 'check_run', payload: event })
    expect(outcome(run)).toMatchObject({ greenlight: 'false', exitCode: 1 })
    expect(run.stdout).not.toMatch(/^::error::forged/m)
    expect(run.stdout).not.toMatch(/^::set-output/m)
    expect(shown(run)).toMatch(/e2esuite/)
    expect(shown(run)).not.toMatch(INVISIBLE)
  })
})
