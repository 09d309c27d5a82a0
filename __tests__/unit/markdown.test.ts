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
  SUMMARY_MAX_BYTES,
  table,
  TRUNCATION_NOTE
} from '../../src/kernel/markdown.js'
import { plainText, truncateText } from '../../src/kernel/text.js'

/** What a Markdown/HTML renderer shows for escaped text: the references decoded. */
function decodeReferences(markdown: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' }
  return markdown.replace(/&(?:#(\d+)|([a-z]+));/g, (whole, code?: string, name?: string) =>
    code !== undefined ? String.fromCodePoint(Number(code)) : (named[name ?? ''] ?? whole)
  )
}

/** The cells of a GitHub table row: split on `|` that is not backslash-escaped. */
function cellsOf(row: string): string[] {
  return row
    .trim()
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map(cell => cell.trim())
}

const INERT = /^(?:[^&<>"'\\*_[\]()#+\-!|`~$\n\r]|&(?:amp|lt|gt|quot|#\d+);)*$/

describe('escapeText', () => {
  it('turns HTML and Markdown syntax into character references', () => {
    const out = escapeText(
      '<img src=x onerror=alert(1)> [x](javascript:alert(1)) </details> **b** `c`'
    )
    for (const syntax of ['<', '](', '**', '`']) expect(out).not.toContain(syntax)
    expect(out).toContain('&lt;img src=x onerror=alert&#40;1&#41;&gt;')
    expect(out).toContain('&lt;/details&gt;')
  })

  it('escapes an existing reference so that it shows literally', () =>
    expect(escapeText('&lt;b&gt; & &#42;')).toBe('&amp;lt;b&amp;gt; &amp; &amp;#42;'))

  it('flattens newlines and runs of whitespace into single spaces', () =>
    expect(escapeText('  line one\r\n\n# heading\n\tthree  ')).toBe('line one # heading three'))

  it('keeps a leading "1." from starting an ordered list', () => {
    expect(escapeText('1. first')).toBe('1&#46; first')
    expect(escapeText('version 1.2')).toBe('version 1.2')
  })

  it('removes control characters and bidirectional overrides', () =>
    expect(escapeText('a\u0000b\u0007c\u202ed\u2066e\u009bf')).toBe('abcdef'))

  it('shortens a 10,000-character name to 200 characters and an ellipsis', () =>
    expect(escapeText('A'.repeat(10_000))).toBe(`${'A'.repeat(200)}…`))

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

describe('truncateText and plainText', () => {
  it('never splits a surrogate pair', () => {
    const out = truncateText('😀'.repeat(300), 200)
    expect(Array.from(out)).toHaveLength(201)
    expect(out.endsWith('😀…')).toBe(true)
    expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/)
  })

  it('leaves text within the limit alone', () => {
    expect(truncateText('short', 200)).toBe('short')
    expect(plainText('two\nlines')).toBe('two lines')
  })
})

describe('escapeMultilineText', () => {
  it('keeps line breaks as <br> and escapes every line', () =>
    expect(escapeMultilineText('first <b>\n\n- second\r\n  third')).toBe(
      'first &lt;b&gt;<br>&#45; second<br>third'
    ))
})

describe('safeHttpUrl', () => {
  it('accepts absolute http and https URLs', () => {
    expect(safeHttpUrl('https://qa.example.com/runs/1')).toBe('https://qa.example.com/runs/1')
    expect(safeHttpUrl('http://127.0.0.1:8080/x')).toBe('http://127.0.0.1:8080/x')
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'mailto:a@example.com',
    '/runs/1',
    '//evil.example/x',
    'runs/1',
    'http://',
    'https://exa mple.com',
    ''
  ])('rejects %p', url => expect(safeHttpUrl(url)).toBeUndefined())

  it('encodes what could end the link destination or the table cell', () =>
    expect(safeHttpUrl('https://qa.example.com/a b/(x)/<y>?q=a|b&c=`d`\\e"f\'g#frag)')).toBe(
      'https://qa.example.com/a%20b/%28x%29/%3Cy%3E?q=a%7Cb&amp;c=%60d%60%5Ce%22f%27g#frag%29'
    ))

  it('property: the result is undefined or an http(s) URL with nothing that ends a link', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string()),
        raw => {
          const out = safeHttpUrl(raw)
          if (out === undefined) return
          expect(out).toMatch(/^https?:\/\//)
          expect(out).not.toMatch(/[()\s<>"'`|\\]/)
          expect(out).not.toMatch(/&(?!amp;)/)
        }
      )
    )
  })
})

describe('link', () => {
  it('links http(s) URLs with the text escaped', () =>
    expect(link('Bug [1]', 'https://qa.example.com/bugs/1')).toBe(
      '[Bug &#91;1&#93;](https://qa.example.com/bugs/1)'
    ))

  it.each(['javascript:alert(1)', 'data:text/html,x', '/relative', 'not a url'])(
    'shows text only for %p',
    url => expect(link('Bug', url)).toBe('Bug')
  )

  it('falls back to the URL as text when the text is empty', () => {
    expect(link('', 'https://qa.example.com/x')).toBe(
      '[https://qa.example.com/x](https://qa.example.com/x)'
    )
    expect(link('', 'javascript:alert(1)')).toBe('javascript:alert&#40;1&#41;')
    expect(link('Bug', undefined)).toBe('Bug')
  })
})

describe('table', () => {
  it('keeps a pipe and a newline in a cell inside that cell', () => {
    const out = table(['Name', 'Value'], [[escapeText('a | b\nc'), 'x | y\nz']])
    const lines = out.split('\n')
    expect(lines).toHaveLength(3)
    expect(cellsOf(lines[0] ?? '')).toEqual(['Name', 'Value'])
    expect(lines[1]).toBe('| --- | --- |')
    expect(cellsOf(lines[2] ?? '')).toEqual(['a &#124; b c', 'x \\| y z'])
  })

  it('pads short rows and cuts long ones to the headers', () => {
    const out = table(['A', 'B'], [['1'], ['1', '2', '3']]).split('\n')
    expect(cellsOf(out[2] ?? '')).toHaveLength(2)
    expect(cellsOf(out[3] ?? '')).toEqual(['1', '2'])
  })
})

describe('details and bulletList', () => {
  it('escapes the summary so that service text cannot close the tags', () => {
    const out = details('</summary></details><img src=x>', '- item')
    expect(out.match(/<details>/g)).toHaveLength(1)
    expect(out.match(/<\/details>/g)).toHaveLength(1)
    expect(out).not.toContain('<img')
    expect(out).toMatch(/^<details>\n<summary>[^<]*<\/summary>\n\n- item\n\n<\/details>$/)
  })

  it('renders one bullet per item on one line each', () =>
    expect(bulletList(['a', 'b\nc'])).toBe('- a\n- b c'))
})

describe('limitSummary', () => {
  it('returns a summary within the limit unchanged', () =>
    expect(limitSummary('# hi\n', 1000)).toBe('# hi\n'))

  it('cuts at a line end, closes open <details> and appends the note', () => {
    const body = Array.from({ length: 2000 }, (_, i) => `- item ${i} &amp; more`).join('\n')
    const markdown = `## Title\n\n${details('Bugs', body)}\n\n## After\n`
    const out = limitSummary(markdown, 10_000)
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(10_000)
    expect(out.startsWith('## Title\n')).toBe(true)
    expect(out).toContain(TRUNCATION_NOTE)
    expect(out.match(/<details>/g)).toHaveLength(1)
    expect(out.match(/<\/details>/g)).toHaveLength(1)
    expect(out.indexOf('</details>')).toBeLessThan(out.indexOf(TRUNCATION_NOTE))
    expect(out).toMatch(/- item \d+ &amp; more\n\n<\/details>/)
  })

  it('does not cut inside a tag or a character reference on a huge line', () => {
    const line = '&lt;x&gt;<b>é</b>'.repeat(5000)
    const out = limitSummary(line, 4000)
    const kept = out.slice(0, out.indexOf('\n'))
    // Whole units, then at most a cut between (never inside) a reference, a tag and a character.
    expect(kept).toMatch(/^(?:&lt;x&gt;<b>é<\/b>)*(?:&lt;(?:x(?:&gt;(?:<b>(?:é)?)?)?)?)?$/)
    expect(kept).not.toMatch(/&[#a-z0-9]*$/)
    expect(kept).not.toMatch(/<[^>]*$/)
  })

  it('keeps the default budget under GitHub’s 1 MiB step-summary limit', () => {
    const out = limitSummary('€'.repeat(600_000))
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(SUMMARY_MAX_BYTES)
    expect(SUMMARY_MAX_BYTES).toBeLessThan(1024 * 1024)
    expect(out).not.toContain('\ufffd')
    expect(out).toContain(TRUNCATION_NOTE)
  })

  it('property: output fits, is valid UTF-8 and has balanced <details>', () => {
    const chunk = fc.oneof(
      fc.constant('<details>\n<summary>s</summary>\n\n'),
      fc.constant('\n\n</details>\n'),
      fc.constant('| a &#124; b | c |\n'),
      fc.string({ unit: 'grapheme', maxLength: 40 }).map(text => escapeText(text)),
      fc.constant('\n')
    )
    fc.assert(
      fc.property(
        fc.array(chunk, { maxLength: 200 }),
        fc.integer({ min: 600, max: 3000 }),
        (chunks, max) => {
          // Only well-formed input: every opened section is closed, as the renderers produce it.
          let depth = 0
          const parts: string[] = []
          for (const part of chunks) {
            if (part.startsWith('\n\n</details>')) {
              if (depth === 0) continue
              depth--
            } else if (part.startsWith('<details>')) depth++
            parts.push(part)
          }
          parts.push('\n\n</details>\n'.repeat(depth))
          const out = limitSummary(parts.join(''), max)
          expect(Buffer.byteLength(out)).toBeLessThanOrEqual(max)
          expect(Buffer.from(out, 'utf8').toString('utf8')).toBe(out)
          expect(out.match(/<details>/g)?.length ?? 0).toBe(out.match(/<\/details>/g)?.length ?? 0)
        }
      )
    )
  })
})

describe('summaryForms', () => {
  it('lists every form in which a secret can appear in a summary, so that a redactor finds it', () => {
    const secret = 'qa_live-(k3y)|x&y'
    const summary = [
      escapeText(`echo: ${secret}`),
      table(['Reason'], [[escapeText(secret)]]),
      link('bug', `https://qa.example.com/bugs?key=${secret}`),
      link('bug', `https://qa.example.com/bugs?key=${encodeURIComponent(secret)}`)
    ].join('\n')
    expect(summary).not.toContain(secret)
    let redacted = summary
    for (const form of [secret, ...summaryForms(secret)])
      redacted = redacted.split(form).join('***')
    expect(redacted).toBe(
      [
        'echo: ***',
        '| Reason |\n| --- |\n| *** |',
        '[bug](https://qa.example.com/bugs?key=***)',
        '[bug](https://qa.example.com/bugs?key=***)'
      ].join('\n')
    )
    expect(summaryForms('')).toEqual([])
  })
})

describe('fitJsonList and fitLines', () => {
  const marker = (omitted: number) => `… ${omitted} more`

  it('keeps a list that fits as it is', () => {
    expect(fitJsonList(['a', 'b'], 100, marker)).toBe('["a","b"]')
    expect(fitLines(['a', 'b'], 100, marker)).toBe('a\nb')
  })

  it('cuts a list to the budget and ends it with the marker', () => {
    const items = Array.from({ length: 1000 }, (_, i) => `item-${i}`)
    const json = fitJsonList(items, 200, marker)
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(200)
    const parsed = JSON.parse(json) as string[]
    expect(parsed.slice(0, 3)).toEqual(['item-0', 'item-1', 'item-2'])
    expect(parsed.at(-1)).toBe(`… ${1000 - parsed.length + 1} more`)
    const lines = fitLines(items, 200, marker).split('\n')
    expect(lines.join('\n').length).toBeLessThanOrEqual(200)
    expect(lines.at(-1)).toBe(`… ${1000 - lines.length + 1} more`)
  })

  it('marks a list that was cut earlier even when the rest fits', () =>
    expect(fitJsonList(['a'], 100, marker, 5)).toBe('["a","… 5 more"]'))
})

describe('codeSpan and line starts', () => {
  it('fences outside text by a run longer than any inside, as it is', () => {
    expect(codeSpan('timed_out')).toBe('`timed_out`')
    expect(codeSpan('a``b')).toBe('```a``b```')
    expect(codeSpan('`x`')).toBe('`` `x` ``')
  })

  it('never lets a line of `=` underline the line above as a heading', () => {
    expect(escapeText('===')).toBe('&#61;==')
    expect(outsideMarkdown('Title\n===')).not.toMatch(/^=+$/m)
  })
})
