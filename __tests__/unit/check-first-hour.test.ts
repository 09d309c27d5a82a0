// A check run's summary read tolerantly as Markdown: links kept, everything else inert.
import { describe, expect, it } from '@jest/globals'
import { outsideMarkdown } from '../../src/kernel/markdown.js'

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
