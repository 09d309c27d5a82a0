// Links as shown to people: without the user name and password their URLs may carry.
import { expect, it } from '@jest/globals'
import { link, safeHttpUrl } from '../../src/kernel/markdown.js'

it('links to and labels a URL without its credentials', () => {
  const url = 'https://bot:t0ken@app.example.com/run/1'
  expect(safeHttpUrl(url)).toBe('https://app.example.com/run/1')
  expect(link('run-1', url)).toBe('[run-1](https://app.example.com/run/1)')
  expect(link('', url)).toBe('[https://app.example.com/run/1](https://app.example.com/run/1)')
})
