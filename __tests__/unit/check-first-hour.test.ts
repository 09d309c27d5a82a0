// The pure parts of a red check that reads well and of a mistyped check-name that shows itself:
// a check run's summary read tolerantly as Markdown (links kept, everything else inert), the names
// of the check runs on a commit and the nearest one, and when polling looks at them.
import { describe, expect, it } from '@jest/globals'
import { outsideMarkdown } from '../../src/kernel/markdown.js'
import { checkNamesOf, MAX_CHECK_NAMES } from '../../src/greenlight/check-names.js'
import type { CheckRules } from '../../src/greenlight/check-selection.js'
import { pollCheckRuns, type CheckRead } from '../../src/greenlight/check-polling.js'
import { FakeClock } from '../helpers/fake-clock.js'

const SHA = 'c'.repeat(40)
const RULES: CheckRules = { name: 'QA Wolf Test Results', sha: SHA, app: '' }

function onCommit(name: string, app = 'qawolf'): Record<string, unknown> {
  return {
    id: 1,
    name,
    head_sha: SHA,
    status: 'completed',
    conclusion: 'success',
    app: { slug: app }
  }
}

describe('outsideMarkdown', () => {
  it('keeps paragraphs, list items, headings as bold lines and http(s) links', () => {
    const text = [
      '## Results',
      'Run [r-1](https://app.qawolf.com/runs/r-1) found',
      'two bugs:',
      '* [Login fails](https://app.qawolf.com/bugs/1)',
      '2) <https://app.qawolf.com/bugs/2>',
      'More: https://app.qawolf.com/runs/r-1/bugs.'
    ].join('\r\n')
    expect(outsideMarkdown(text).split('\n')).toEqual([
      '**Results**<br>',
      'Run [r-1](https://app.qawolf.com/runs/r-1) found<br>',
      'two bugs:',
      '',
      '- [Login fails](https://app.qawolf.com/bugs/1)',
      '2. [https://app.qawolf.com/bugs/2](https://app.qawolf.com/bugs/2)',
      '',
      'More: [https://app.qawolf.com/runs/r-1/bugs](https://app.qawolf.com/runs/r-1/bugs).'
    ])
  })

  it('leaves HTML, images, other schemes and mentions inert', () => {
    const shown = outsideMarkdown(
      '<script>alert(1)</script> ![x](https://evil.example/x.png) [a](javascript:alert(1)) [b](data:text/html,x) @team <details open>'
    )
    expect(shown).not.toMatch(/<script|<details|\]\(javascript:|\]\(data:|!\[/)
    expect(shown).toContain('&lt;script&gt;')
    expect(shown).toContain('&#64;team')
    // The image's link is an http(s) link like any other; the image itself is not shown.
    expect(shown).toContain('&#33;[x](https://evil.example/x.png)')
  })

  it('keeps bold and code, escaped inside', () =>
    expect(outsideMarkdown('**2 <b>blocking</b> bugs** in `a|b`')).toBe(
      '**2 &lt;b&gt;blocking&lt;/b&gt; bugs** in <code>a&#124;b</code>'
    ))

  it('cannot be made to start a table, a heading or a list of its own', () => {
    const shown = outsideMarkdown('| a | b |\n|---|---|\n# not ours\n-not a list\n1.not either')
    for (const line of shown.split('\n')) expect(line).not.toMatch(/^(\||#|-[^ ]|\d+\.\S)/)
  })

  it('is bounded, whatever the check run carries', () => {
    const shown = outsideMarkdown(`- ${'x'.repeat(100_000)}\n`.repeat(10), 4000)
    expect(shown.length).toBeLessThan(4100)
    expect(shown).toMatch(/…$/)
  })
})

describe('checkNamesOf', () => {
  it('lists each name and app once, and suggests the name that differs in case only', () => {
    const names = checkNamesOf(
      [
        onCommit('QA Wolf Test Run'),
        onCommit('QA Wolf Test Results'),
        onCommit('QA Wolf Test Results'),
        onCommit('build', 'GitHub-Actions'),
        { name: 'no app' },
        'not a check run'
      ],
      { ...RULES, name: 'QA wolf test results' }
    )
    expect(names).toEqual({
      listed: [
        { name: 'QA Wolf Test Run', app: 'qawolf' },
        { name: 'QA Wolf Test Results', app: 'qawolf' },
        { name: 'build', app: 'github-actions' }
      ],
      more: 0,
      nearest: { input: 'check-name', value: 'QA Wolf Test Results' }
    })
  })

  it('suggests a name one typo away, and nothing when none is near', () => {
    const raw = [onCommit('QA Wolf Test Results'), onCommit('lint', 'github-actions')]
    expect(checkNamesOf(raw, { ...RULES, name: 'QA Wolf Tests Results' }).nearest).toEqual({
      input: 'check-name',
      value: 'QA Wolf Test Results'
    })
    expect(checkNamesOf(raw, { ...RULES, name: 'e2e' }).nearest).toBeUndefined()
  })

  it('suggests the app when the name is right and check-app names another app', () => {
    const raw = [
      onCommit('QA Wolf Test Results', 'qawolf'),
      onCommit('QA Wolf Test Results', 'github-actions')
    ]
    expect(checkNamesOf(raw, { ...RULES, app: 'qa-wolf' }).nearest).toEqual({
      input: 'check-app',
      value: 'qawolf'
    })
    expect(checkNamesOf(raw, RULES).nearest).toBeUndefined()
  })

  it('caps the list and makes names plain: they are outside text', () => {
    const raw = Array.from({ length: 20 }, (_, i) =>
      onCommit(`check\n${i}\u202e::error::x${'y'.repeat(80)}`)
    )
    const names = checkNamesOf(raw, RULES)
    expect(names.listed).toHaveLength(MAX_CHECK_NAMES)
    expect(names.more).toBe(20 - MAX_CHECK_NAMES)
    for (const { name } of names.listed) {
      expect(name).not.toMatch(/[\n\u202e]/)
      expect(name.length).toBeLessThanOrEqual(51)
    }
  })
})

describe('pollCheckRuns, while no check run counts', () => {
  const read = (clock: FakeClock, calls: number[]) => async (): Promise<CheckRead> => {
    calls.push(clock.now())
    return { checkRuns: [], requests: 1, notModified: 0 }
  }

  it('looks at the names once after the first read, logs them, and again at the end', async () => {
    const clock = new FakeClock()
    const reads: number[] = []
    const looks: number[] = []
    const lines: string[] = []
    const facts = await pollCheckRuns(
      RULES,
      { timeoutMs: 30_000, pollIntervalMs: 10_000, wait: true },
      {
        read: read(clock, reads),
        readNames: async () => {
          looks.push(clock.now())
          return [onCommit('QA Wolf Test Run'), onCommit('qa wolf test results')]
        },
        clock,
        signal: new AbortController().signal,
        onLog: line => lines.push(line)
      }
    )
    expect(reads).toEqual([0, 10_000, 20_000, 30_000])
    expect(looks).toEqual([0, 30_000])
    expect(facts.names?.nearest).toEqual({ input: 'check-name', value: 'qa wolf test results' })
    expect(lines.filter(line => line.includes("'QA Wolf Test Run' by qawolf"))).toHaveLength(1)
  })

  it('looks once with wait: false, and a failed look only leaves the names unknown', async () => {
    const clock = new FakeClock()
    let looks = 0
    const facts = await pollCheckRuns(
      RULES,
      { timeoutMs: 30_000, pollIntervalMs: 10_000, wait: false },
      {
        read: read(clock, []),
        readNames: async () => {
          looks += 1
          throw new Error('403')
        },
        clock,
        signal: new AbortController().signal
      }
    )
    expect(looks).toBe(1)
    expect(facts.ended).toEqual({ why: 'still-waiting', wait: false })
    expect(facts.names).toBeUndefined()
  })

  it('does not look when a check run counts', async () => {
    const clock = new FakeClock()
    let looks = 0
    await pollCheckRuns(
      RULES,
      { timeoutMs: 30_000, pollIntervalMs: 10_000, wait: true },
      {
        read: async () => ({
          checkRuns: [onCommit('QA Wolf Test Results')],
          requests: 1,
          notModified: 0
        }),
        readNames: async () => {
          looks += 1
          return []
        },
        clock,
        signal: new AbortController().signal
      }
    )
    expect(looks).toBe(0)
  })
})
