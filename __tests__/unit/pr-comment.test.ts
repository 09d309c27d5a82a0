// The pure parts of the sticky PR comment: marker, body, pull request lookup, links, warnings.
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import type { GitHubContext } from '../../src/kernel/event.js'
import { TRUNCATION_NOTE } from '../../src/kernel/markdown.js'
import type { RunOutcome } from '../../src/gate/verdict.js'
import { isOwnComment, tokenIdentity } from '../../src/gate/pr-comment.js'
import {
  COMMENT_MAX_CHARS,
  COMMENT_TRUNCATION_NOTE,
  MAX_COMMENT_BUGS,
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

const verdict = (runs: RunOutcome[]) => judged(runs)

function failedRun(bugs: { name: string; url: string }[]): RunOutcome {
  return run({
    status: 'failed',
    reason: 'blocking bugs',
    lastResponse: response({
      greenlight: false,
      blockingBugsCount: bugs.length,
      blockingBugUrls: bugs.map(bug => bug.url),
      reproducedBugs: bugs.map(bug => ({ name: bug.name, url: bug.url, priority: null }))
    })
  })
}

function context(
  eventName: string,
  payload: Record<string, unknown> = {},
  extra: Partial<GitHubContext> = {}
): GitHubContext {
  return githubContext({ eventName, payload, ...extra })
}

describe('commentMarker', () => {
  it('is a bare marker without a label and names a readable label', () => {
    expect(commentMarker('')).toBe('<!-- qa-greenlight -->')
    expect(commentMarker('staging-eu_1.2~x')).toBe('<!-- qa-greenlight:staging-eu_1.2~x -->')
  })

  it('cannot be ended early or broken by a hostile label', () =>
    expect(commentMarker('x --> <img src=x onerror=alert(1)> <!--')).toBe(
      '<!-- qa-greenlight:x%20--%3E%20%3Cimg%20src%3Dx%20onerror%3Dalert%281%29%3E%20%3C%21-- -->'
    ))

  it('is one HTML comment per label, and different labels never share a marker', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1 }),
        fc.string({ unit: 'grapheme' }),
        (a, b) => {
          const marker = commentMarker(a)
          expect(marker).toMatch(/^<!-- qa-greenlight:[A-Za-z0-9._~%-]+ -->$/)
          expect(marker.slice(4, -3)).not.toMatch(/-->|--!>|<!--/)
          if (a !== b) expect(commentMarker(b)).not.toBe(marker)
        }
      )
    )
  })
})

describe('hasMarker', () => {
  const marker = commentMarker('staging')

  it('matches the marker on the first line only', () => {
    expect(hasMarker(`${marker}\n## QA greenlight`, marker)).toBe(true)
    expect(hasMarker(`${marker}\r\n## QA greenlight`, marker)).toBe(true)
    expect(hasMarker(`quoting:\n> ${marker}`, marker)).toBe(false)
    expect(hasMarker(`${commentMarker('staging2')}\nbody`, marker)).toBe(false)
    expect(hasMarker(`${commentMarker('')}\nbody`, marker)).toBe(false)
    expect(hasMarker(null, marker)).toBe(false)
  })
})

describe('renderPullRequestComment', () => {
  it('starts with the marker and shows verdict, counts and links', () => {
    const body = renderPullRequestComment({
      label: 'staging',
      verdict: verdict([run()]),
      commitSha: '8f3e1c2a9b7d4e6f0a1b2c3d4e5f60718293a4b5',
      links: {
        commitUrl:
          'https://ghe.acme.internal/acme/shop/commit/8f3e1c2a9b7d4e6f0a1b2c3d4e5f60718293a4b5',
        workflowRunUrl: 'https://ghe.acme.internal/acme/shop/actions/runs/5'
      }
    })
    const lines = body.split('\n')
    expect(lines[0]).toBe('<!-- qa-greenlight:staging -->')
    expect(lines[1]).toBe('## ✅ QA greenlight — staging: green')
    expect(body).toContain(
      `| [run-1](${QA}/runs/run-1) | passed | 0 | 0 | 12 | 0 | [bugs](${QA}/runs/run-1?filter=bugs) |`
    )
    expect(body).toContain(
      'Commit [8f3e1c2](https://ghe.acme.internal/acme/shop/commit/8f3e1c2a9b7d4e6f0a1b2c3d4e5f60718293a4b5)'
    )
    expect(body).toContain(
      '[workflow run and job summary](https://ghe.acme.internal/acme/shop/actions/runs/5)'
    )
  })

  it('names both runs when one superseded the other', () => {
    const body = renderPullRequestComment({
      label: '',
      verdict: verdict([
        run({
          rootRunId: 'run-old',
          rootRunUrl: `${QA}/runs/run-old`,
          lastResponse: response({ relevantRunId: 'run-new', relevantRunUrl: `${QA}/runs/run-new` })
        })
      ])
    })
    expect(body).toContain(`[run-old](${QA}/runs/run-old) → [run-new](${QA}/runs/run-new)`)
  })

  it('escapes hostile labels, bug names and URLs', () => {
    const body = renderPullRequestComment({
      label: '<script>alert(1)</script> | x',
      verdict: verdict([
        failedRun([
          {
            name: '<img src=x onerror=alert(1)> **bold** [link](javascript:alert(1))',
            url: 'javascript:alert(1)'
          },
          { name: 'Second | bug', url: `${QA}/bugs/2` }
        ])
      ])
    })
    expect(body).not.toMatch(/<script|<img|\]\(javascript:/i)
    expect(body).toContain('&lt;script&gt;alert&#40;1&#41;&lt;/script&gt; &#124; x')
    expect(body).toContain('&lt;img src=x onerror=alert&#40;1&#41;&gt; &#42;&#42;bold&#42;&#42;')
    expect(body).toContain(`[Second &#124; bug](${QA}/bugs/2)`)
    // Outside the marker, the only HTML is the footer's <sub>.
    const html = body
      .split('\n')
      .slice(1)
      .join('\n')
      .match(/<[a-z!/][^>]*>/gi)
    expect(html).toEqual(['<sub>', '</sub>'])
  })

  it('shows no zero-width or bidirectional characters from the service', () => {
    const hidden = '\u200b\u200d\u202e\u2066\ufeff\u2060\u061c\u{e0041}'
    const body = renderPullRequestComment({
      label: `stag${hidden}ing`,
      verdict: verdict([failedRun([{ name: `Pay${hidden}ment fails`, url: `${QA}/bugs/1` }])])
    })
    expect(body).toContain('[Payment fails]')
    expect(body).toContain('staging')
    expect(body).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\u061c]|\u{e0041}/u)
  })

  it(`lists at most ${MAX_COMMENT_BUGS} blocking bugs, once each across runs`, () => {
    const bugs = Array.from({ length: 40 }, (_, i) => ({
      name: `Bug ${i}`,
      url: `${QA}/bugs/${i}`
    }))
    const body = renderPullRequestComment({
      label: '',
      verdict: verdict([failedRun(bugs), { ...failedRun(bugs.slice(0, 5)), rootRunId: 'run-2' }])
    })
    // The total is the step's one count, the blocking-bugs-count output: a sum over runs (40 + 5),
    // and what the comment does not list is that total less the bugs it lists.
    expect(body).toContain('**Blocking bugs (45):**')
    expect(body.match(/^- \[Bug \d+\]/gm)).toHaveLength(MAX_COMMENT_BUGS)
    expect(body).toContain('… and 20 more blocking bugs')
  })

  it(`stays within ${COMMENT_MAX_CHARS} characters, marker first and links last`, () => {
    const huge = 'x'.repeat(1000)
    const runs = Array.from({ length: 300 }, (_, i) =>
      run({
        rootRunId: `run-${i}-${'<'.repeat(150)}`,
        status: 'error',
        reason: `${huge} ${'&'.repeat(900)}`,
        lastResponse: undefined
      })
    )
    const body = renderPullRequestComment({
      label: 'prod',
      verdict: judged(runs),
      commitSha: 'a'.repeat(40),
      links: { workflowRunUrl: 'https://github.com/acme/shop/actions/runs/1' }
    })
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS)
    expect(body.length).toBeGreaterThan(COMMENT_MAX_CHARS - 10_000)
    expect(body.split('\n')[0]).toBe('<!-- qa-greenlight:prod -->')
    expect(body).toContain(COMMENT_TRUNCATION_NOTE)
    expect(body).not.toContain(TRUNCATION_NOTE)
    expect(body.trimEnd().split('\n').at(-1)).toMatch(/^<sub>Commit aaaaaaa · \[workflow run/)
    // The cut never leaves half a character reference behind.
    const beforeNote = body.slice(0, body.indexOf(COMMENT_TRUNCATION_NOTE)).trimEnd()
    expect(beforeNote).not.toMatch(/&#?[0-9a-z]*$/i)
  })

  it('leaves a comment that fits untouched by the size cap', () => {
    const body = renderPullRequestComment({ label: '', verdict: verdict([run()]) })
    expect(body).not.toContain(COMMENT_TRUNCATION_NOTE)
    expect(body.endsWith('updated by qa-greenlight on every run of this step</sub>\n')).toBe(true)
  })
})

describe('githubLinks', () => {
  it('builds commit and workflow run links on the server of the run', () => {
    const ctx = context('push', {}, { serverUrl: 'https://ghe.acme.internal' })
    expect(githubLinks(ctx, { GITHUB_RUN_ID: '77', GITHUB_RUN_ATTEMPT: '2' }, 'abc')).toEqual({
      commitUrl: 'https://ghe.acme.internal/acme/shop/commit/abc',
      workflowRunUrl: 'https://ghe.acme.internal/acme/shop/actions/runs/77/attempts/2'
    })
    expect(githubLinks(ctx, { GITHUB_RUN_ID: '77', GITHUB_RUN_ATTEMPT: '1' })).toEqual({
      workflowRunUrl: 'https://ghe.acme.internal/acme/shop/actions/runs/77'
    })
  })

  it('gives no links without a usable server URL or repository', () => {
    expect(
      githubLinks(context('push', {}, { repository: '' }), { GITHUB_RUN_ID: '1' }, 'abc')
    ).toEqual({})
    expect(githubLinks(context('push', {}, { serverUrl: 'javascript:x' }), {}, 'abc')).toEqual({})
  })
})

describe('whose comment is ours', () => {
  const comment = (login: string, type: string) => ({ id: 1, body: 'x', user: { login, type } })

  it("is the app token's own bot, never another app's bot or a person", () => {
    const own = { login: 'github-actions[bot]' }
    expect(isOwnComment(comment('github-actions[bot]', 'Bot'), own)).toBe(true)
    expect(isOwnComment(comment('other-app[bot]', 'Bot'), own)).toBe(false)
    expect(isOwnComment(comment('octocat', 'User'), own)).toBe(false)
  })

  const refusal = (status: number, headers: Record<string, string> = {}) =>
    Promise.reject(Object.assign(new Error('refused'), { status, response: { status, headers } }))

  it('asks GET /user, then GraphQL, then takes the token for GITHUB_TOKEN', async () => {
    const never = () => false
    const user = () => Promise.resolve('octocat')
    const viewer = () => Promise.resolve({ viewer: { login: 'qa-app[bot]' } })
    expect(await tokenIdentity({ user, viewer }, never)).toEqual({ login: 'octocat' })
    expect(await tokenIdentity({ user: () => refusal(403), viewer }, never)).toEqual({
      login: 'qa-app[bot]'
    })
    const noGraphql = { user: () => refusal(403), viewer: () => refusal(403) }
    expect(await tokenIdentity(noGraphql, never)).toEqual({ login: 'github-actions[bot]' })
    // GraphQL in trouble (5xx) or an answer without a login: unknown, never assumed.
    expect(
      await tokenIdentity({ user: () => refusal(403), viewer: () => refusal(502) }, never)
    ).toBeUndefined()
    const noLogin = { user: () => refusal(403), viewer: () => Promise.resolve({ viewer: {} }) }
    expect(await tokenIdentity(noLogin, never)).toBeUndefined()
    // A rate limit at /user is no answer about the identity: it stands as the failure.
    const limited = { user: () => refusal(403, { 'retry-after': '60' }), viewer }
    await expect(tokenIdentity(limited, never)).rejects.toThrow('refused')
  })

  it("is the token's own login for a personal token, and nobody else", () => {
    expect(isOwnComment(comment('octocat', 'User'), { login: 'octocat' })).toBe(true)
    expect(isOwnComment(comment('mallory', 'User'), { login: 'octocat' })).toBe(false)
    expect(isOwnComment(comment('github-actions[bot]', 'Bot'), { login: 'octocat' })).toBe(false)
    expect(isOwnComment({ id: 1, body: 'x' }, { login: 'octocat' })).toBe(false)
  })
})
