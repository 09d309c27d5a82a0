// Links as shown to people: without the user name and password their URLs may carry
// (displayUrl itself: unit/kernel.test.ts).
import { describe, expect, it } from '@jest/globals'
import { link, safeHttpUrl } from '../../src/kernel/markdown.js'

describe('links in summaries and PR comments', () => {
  it('link to a URL without its credentials', () => {
    expect(safeHttpUrl('https://bot:t0ken@app.example.com/run/1')).toBe(
      'https://app.example.com/run/1'
    )
    const shown = link('run-1', 'https://bot:t0ken@app.example.com/run/1')
    expect(shown).toBe('[run-1](https://app.example.com/run/1)')
  })

  it('label a link that has no text with the URL, without its credentials', () => {
    const shown = link('', 'https://bot:t0ken@app.example.com/run/1')
    expect(shown).not.toContain('t0ken')
    expect(shown).not.toContain('bot')
    expect(shown).toContain('app.example.com/run/1')
  })
})
