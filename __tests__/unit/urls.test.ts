// URLs as shown to people: without the user name and password they may carry.
import { describe, expect, it } from '@jest/globals'
import { displayUrl } from '../../src/core/urls.js'
import { link, safeHttpUrl } from '../../src/kernel/markdown.js'

describe('displayUrl', () => {
  it.each([
    ['https://user:pa55@host.example.com/app?x=1#top', 'https://host.example.com/app?x=1#top'],
    ['https://user@host.example.com', 'https://host.example.com'],
    ['http://:secret@127.0.0.1:8080/', 'http://127.0.0.1:8080/'],
    // A parser reads everything up to the last @ of the authority as userinfo.
    ['https://user:p@ss@host.example.com/a@b', 'https://host.example.com/a@b'],
    ['HTTPS://U:P@Host.example.com', 'HTTPS://Host.example.com'],
    ['ftp://admin:hunter2@files.example.com/', 'ftp://files.example.com/']
  ])('shows %j as %j', (url, shown) => expect(displayUrl(url)).toBe(shown))

  it.each([
    'https://host.example.com/user@example.com',
    'https://host.example.com/?mail=a@b.example',
    'https://host.example.com/#a@b',
    'mailto:someone@example.com',
    'not a url @ all'
  ])('leaves %j as it is: no credentials in it', url => expect(displayUrl(url)).toBe(url))
})

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
