import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import {
  bulletList,
  codeSpan,
  details,
  escapeMultilineText,
  escapeText,
  fitJsonList,
  fitLines,
  limitSummary,
  link,
  outsideMarkdown,
  safeHttpUrl,
  summaryForms,
  table,
  TRUNCATION_NOTE
} from '../../src/kernel/markdown.js'
import { plainText, truncateText } from '../../src/kernel/text.js'

/** What a renderer shows for escaped text: the references decoded. */
function decodeReferences(markdown: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' }
  return markdown.replace(/&(?:#(\d+)|([a-z]+));/g, (whole, code?: string, name?: string) =>
    code !== undefined ? String.fromCodePoint(Number(code)) : (named[name ?? ''] ?? whole)
  )
}

const INERT = /^(?:[^&<>"'\\*_[\]()#+\-!|`~$\n\r]|&(?:amp|lt|gt|quot|#\d+);)*$/

describe('escapeText', () => {
  it('turns markup into references, flattens lines, drops controls and shortens', () => {
    expect(escapeText('<img onerror=alert(1)> </details> [x](javascript:y)')).toBe(
      '&lt;img onerror=alert&#40;1&#41;&gt; &lt;/details&gt; &#91;x&#93;&#40;javascript:y&#41;'
    )
    expect(escapeText('&lt; & &#42;')).toBe('&amp;lt; &amp; &amp;#42;')
    expect(escapeText('  one\r\n\n# two\n\tthree  ')).toBe('one # two three')
    expect(escapeText('1. first')).toBe('1&#46; first')
    expect(escapeText('===')).toBe('&#61;==')
    expect(escapeText('a\u0000b\u202ec\u2066d\u009be')).toBe('abcde')
    expect(escapeText('A'.repeat(10_000))).toBe(`${'A'.repeat(200)}…`)
    expect(Array.from(truncateText('😀'.repeat(300), 200)).slice(-2)).toEqual(['😀', '…'])
    expect(escapeMultilineText('first <b>\n\n- second\r\n  third')).toBe(
      'first &lt;b&gt;<br>&#45; second<br>third'
    )
  })

  it('property: the output is inert and shows exactly the flattened input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), text => {
        const out = escapeText(text, Number.POSITIVE_INFINITY)
        expect(out).toMatch(INERT)
        expect(decodeReferences(out).replace(/^(\d+)&#46;/, '$1.')).toBe(
          plainText(text, Number.POSITIVE_INFINITY)
        )
      })
    )
  })
})

describe('links', () => {
  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'mailto:a@example.com',
    '/runs/1',
    '//evil.example/x',
    'http://',
    'https://exa mple.com',
    ''
  ])('never link %p', url => {
    expect(safeHttpUrl(url)).toBeUndefined()
    expect(link('Bug', url)).toBe('Bug')
  })

  it('link http(s) URLs with what could end the destination or a cell encoded', () => {
    expect(safeHttpUrl('https://qa.example.com/a b/(x)/<y>?q=a|b&c=`d`\\e"f\'g#h)')).toBe(
      'https://qa.example.com/a%20b/%28x%29/%3Cy%3E?q=a%7Cb&amp;c=%60d%60%5Ce%22f%27g#h%29'
    )
    expect(link('Bug [1]', 'http://127.0.0.1/b')).toBe('[Bug &#91;1&#93;](http://127.0.0.1/b)')
    expect(link('', 'https://qa.example.com/x')).toBe(
      '[https://qa.example.com/x](https://qa.example.com/x)'
    )
    expect(link('', 'javascript:alert(1)')).toBe('javascript:alert&#40;1&#41;')
    expect(link('Bug', undefined)).toBe('Bug')
  })
})

describe('blocks', () => {
  it('keep service text inside its table cell, list item, section and code span', () => {
    const rows = [
      [escapeText('a | b\nc'), 'x | y\nz'],
      ['1', '2', '3']
    ]
    const shown = '| Name | Value |\n| --- | --- |\n| a &#124; b c | x \\| y z |\n| 1 | 2 |'
    expect(table(['Name', 'Value'], rows)).toBe(shown)
    expect(bulletList(['a', 'b\nc'])).toBe('- a\n- b c')
    expect(details('</summary><img src=x>', '- item')).toBe(
      '<details>\n<summary>&lt;/summary&gt;&lt;img src=x&gt;</summary>\n\n- item\n\n</details>'
    )
    expect([codeSpan('timed_out'), codeSpan('a``b'), codeSpan('`x`')]).toEqual([
      '`timed_out`',
      '```a``b```',
      '`` `x` ``'
    ])
  })

  it("keep an app's Markdown shape and http(s) links, and nothing else", () => {
    const summary = [
      '## Checkout ##',
      'Title',
      '===',
      'See [the **run**](https://qa.example.com/r) or <https://qa.example.com/a>, https://qa.example.com/b.',
      '- **bold** and __also__ and `code`',
      '2) second',
      '> quoted<br>next',
      '| a | b |',
      '| --- | --- |',
      '```',
      '<script>',
      '```',
      '![img](javascript:x)'
    ].join('\r\n')
    expect(outsideMarkdown(summary).split('\n')).toEqual([
      '**Checkout**<br>',
      'Title<br>',
      '&#61;==<br>',
      'See [the run](https://qa.example.com/r) or [https://qa.example.com/a](https://qa.example.com/a), [https://qa.example.com/b](https://qa.example.com/b).',
      '',
      '- **bold** and **also** and <code>code</code>',
      '2. second',
      '',
      '> quoted',
      '',
      'next<br>',
      '&#124; a &#124; b &#124;<br>',
      '<code>&lt;script&gt;</code><br>',
      '&#33;img'
    ])
    const odd = [
      '* [Login fails](https://app.qawolf.com/bugs/1)',
      '@team <details open> [b](data:text/html,x) ![x](https://evil.example/x.png)',
      '-not a list',
      '1.not either',
      '# not ours'
    ]
    expect(outsideMarkdown(odd.join('\n')).split('\n')).toEqual([
      '- [Login fails](https://app.qawolf.com/bugs/1)',
      '',
      '&#64;team &lt;details open&gt; b &#33;[x](https://evil.example/x.png)<br>',
      '&#45;not a list<br>',
      '1&#46;not either<br>',
      '**not ours**'
    ])
    expect(outsideMarkdown('word '.repeat(100), 20)).toBe('word word word word…')
  })
})

describe('limitSummary', () => {
  it('cuts at a line end, not inside a tag, a reference or a character, closes open <details> and appends the note', () => {
    expect(limitSummary('# hi\n', 1000)).toBe('# hi\n')
    const body = Array.from({ length: 2000 }, (_, i) => `- item ${i} &amp; more`).join('\n')
    const out = limitSummary(`## Title\n\n${details('Bugs', body)}\n\n## After\n`, 10_000)
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(10_000)
    expect(out).toMatch(/^## Title\n[\s\S]*- item \d+ &amp; more\n\n<\/details>\n\n⚠️ \*\*This/)
    expect(out.endsWith(`${TRUNCATION_NOTE}\n`)).toBe(true)
    const kept = limitSummary('&lt;x&gt;<b>é</b>'.repeat(5000), 4000).split('\n')[0] ?? ''
    expect(kept).toMatch(/^(?:&lt;x&gt;<b>é<\/b>)*(?:&lt;(?:x(?:&gt;(?:<b>(?:é)?)?)?)?)?$/)
  })

  it('property: output fits, is valid UTF-8 and has balanced <details>', () => {
    const chunk = fc.oneof(
      fc.constant('<details>\n<summary>s</summary>\n\n'),
      fc.constant('\n\n</details>\n'),
      fc.string({ unit: 'grapheme', maxLength: 40 }).map(text => escapeText(text)),
      fc.constant('\n')
    )
    fc.assert(
      fc.property(
        fc.array(chunk, { maxLength: 200 }),
        fc.integer({ min: 600, max: 3000 }),
        (chunks, max) => {
          // Well-formed input only, as the renderers produce it.
          let depth = 0
          const parts = chunks.filter(part => {
            if (part.startsWith('<details>')) depth++
            else if (part.startsWith('\n\n</details>')) return depth-- > 0 || (depth = 0) > 0
            return true
          })
          const out = limitSummary(parts.join('') + '\n\n</details>\n'.repeat(depth), max)
          expect(Buffer.byteLength(out)).toBeLessThanOrEqual(max)
          expect(Buffer.from(out, 'utf8').toString('utf8')).toBe(out)
          expect(out.match(/<details>/g)?.length ?? 0).toBe(out.match(/<\/details>/g)?.length ?? 0)
        }
      )
    )
  })
})

it('summaryForms lists every form of a secret in a summary, so that a redactor finds it', () => {
  const secret = 'qa_live-(k3y)|x&y'
  let redacted = [
    escapeText(`echo: ${secret}`),
    link('bug', `https://qa.example.com/bugs?key=${secret}`),
    link('bug', `https://qa.example.com/bugs?key=${encodeURIComponent(secret)}`)
  ].join('\n')
  expect(redacted).not.toContain(secret)
  for (const form of summaryForms(secret)) redacted = redacted.split(form).join('***')
  expect(redacted).toBe(
    'echo: ***\n[bug](https://qa.example.com/bugs?key=***)\n[bug](https://qa.example.com/bugs?key=***)'
  )
  expect(summaryForms('')).toEqual([])
})

it('fitJsonList and fitLines keep whole items within the budget and say how many more', () => {
  const marker = (omitted: number) => `… ${omitted} more`
  expect(fitJsonList(['a', 'b'], 100, marker)).toBe('["a","b"]')
  expect(fitLines(['a', 'b'], 100, marker)).toBe('a\nb')
  expect(fitJsonList(['a'], 100, marker, 5)).toBe('["a","… 5 more"]')
  const items = Array.from({ length: 1000 }, (_, i) => `item-${i}`)
  const json = fitJsonList(items, 200, marker)
  const parsed = JSON.parse(json) as string[]
  expect([json.length <= 200, parsed[2], parsed.at(-1)]).toEqual([
    true,
    'item-2',
    `… ${1001 - parsed.length} more`
  ])
  const lines = fitLines(items, 200, marker).split('\n')
  expect([lines.join('\n').length <= 200, lines.at(-1)]).toEqual([
    true,
    `… ${1001 - lines.length} more`
  ])
})
