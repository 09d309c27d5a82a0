import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { TRUNCATION_NOTE } from '../../src/kernel/markdown.js'
import {
  COMMENT_MAX_CHARS,
  COMMENT_TRUNCATION_NOTE,
  commentMarker,
  githubLinks,
  hasMarker,
  renderPullRequestComment
} from '../../src/gate/render.js'
import {
  BASE_URL as QA,
  completedResponse as response,
  runOutcome as run,
  judged
} from '../helpers/responses.js'
import { githubContext } from '../helpers/github-context.js'

describe('the comment marker', () => {
  it('names a readable label, and no label can end it early or share it', () => {
    expect(commentMarker('')).toBe('<!-- qa-greenlight -->')
    expect(commentMarker('staging-eu_1.2~x')).toBe('<!-- qa-greenlight:staging-eu_1.2~x -->')
    expect(commentMarker('x --> <!--')).toBe('<!-- qa-greenlight:x%20--%3E%20%3C%21-- -->')
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), fc.string(), (a, b) => {
        expect(commentMarker(a)).toMatch(/^<!-- qa-greenlight:[A-Za-z0-9._~%-]+ -->$/)
        expect(commentMarker(a).slice(4, -3)).not.toMatch(/-->|--!>|<!--/)
        if (a !== b) expect(commentMarker(b)).not.toBe(commentMarker(a))
      })
    )
    // Found on the first line only.
    const marker = commentMarker('staging')
    expect(hasMarker(`${marker}\r\n## QA greenlight`, marker)).toBe(true)
    for (const body of [`quoting:\n> ${marker}`, `${commentMarker('staging2')}\nx`, null]) {
      expect(hasMarker(body, marker)).toBe(false)
    }
  })
})

describe('renderPullRequestComment', () => {
  it('starts with the marker and shows verdict, counts and links', () => {
    const sha = '8f3e1c2a9b7d4e6f0a1b2c3d4e5f60718293a4b5'
    const repo = 'https://ghe.acme.internal/acme/shop'
    const links = { commitUrl: `${repo}/commit/${sha}`, workflowRunUrl: `${repo}/actions/runs/5` }
    const superseding = response({ relevantRunId: 'run-new', relevantRunUrl: `${QA}/runs/run-new` })
    const verdict = judged([
      run(),
      run({ rootRunId: 'run-old', rootRunUrl: `${QA}/runs/run-old`, lastResponse: superseding })
    ])
    const body = renderPullRequestComment({ label: 'staging', verdict, commitSha: sha, links })
    const lines = body.split('\n')
    expect(lines.slice(0, 2)).toEqual([
      '<!-- qa-greenlight:staging -->',
      '## ✅ QA greenlight — staging: green'
    ])
    expect(body).toContain(
      `| [run-1](${QA}/runs/run-1) | passed | 0 | 0 | 12 | 0 | [bugs](${QA}/runs/run-1?filter=bugs) |`
    )
    expect(body).toContain(`[run-old](${QA}/runs/run-old) → [run-new](${QA}/runs/run-new)`)
    expect(lines.at(-2)).toBe(
      `<sub>Commit [8f3e1c2](${links.commitUrl}) · [workflow run and job summary](${links.workflowRunUrl}) · updated by qa-greenlight on every run of this step</sub>`
    )
    expect(body).not.toContain(COMMENT_TRUNCATION_NOTE)
  })

  it(`stays within ${COMMENT_MAX_CHARS} characters, marker first and links last`, () => {
    const runs = Array.from({ length: 300 }, (_, i) =>
      run({
        rootRunId: `run-${i}-${'<'.repeat(150)}`,
        status: 'error',
        reason: `${'x'.repeat(1000)} ${'&'.repeat(900)}`,
        lastResponse: undefined
      })
    )
    const verdict = judged(runs)
    const body = renderPullRequestComment({ label: 'prod', verdict, commitSha: 'a'.repeat(40) })
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS)
    expect(body.length).toBeGreaterThan(COMMENT_MAX_CHARS - 10_000)
    expect(body.split('\n')[0]).toBe('<!-- qa-greenlight:prod -->')
    expect(body).toContain(COMMENT_TRUNCATION_NOTE)
    expect(body).not.toContain(TRUNCATION_NOTE)
    expect(body.trimEnd().split('\n').at(-1)).toMatch(/^<sub>Commit aaaaaaa · updated/)
    const beforeNote = body.slice(0, body.indexOf(COMMENT_TRUNCATION_NOTE)).trimEnd()
    expect(beforeNote).not.toMatch(/&#?[0-9a-z]*$/i)
  })
})

it('githubLinks builds links on the server of the run, and none without a usable one', () => {
  const ctx = githubContext({ eventName: 'push', serverUrl: 'https://ghe.acme.internal' })
  expect(githubLinks(ctx, { GITHUB_RUN_ID: '77', GITHUB_RUN_ATTEMPT: '2' }, 'abc')).toEqual({
    commitUrl: 'https://ghe.acme.internal/acme/shop/commit/abc',
    workflowRunUrl: 'https://ghe.acme.internal/acme/shop/actions/runs/77/attempts/2'
  })
  expect(githubLinks(ctx, { GITHUB_RUN_ID: '77' })).toEqual({
    workflowRunUrl: 'https://ghe.acme.internal/acme/shop/actions/runs/77'
  })
  const noRepo = githubContext({ eventName: 'push', repository: '' })
  expect(githubLinks(noRepo, { GITHUB_RUN_ID: '1' }, 'abc')).toEqual({})
  const badServer = githubContext({ eventName: 'push', serverUrl: 'javascript:x' })
  expect(githubLinks(badServer, {}, 'abc')).toEqual({})
})
