// comment-on-pr, as a step: the action gets its verdict from the emulator (or a scripted
// service) and writes its sticky comment to a fake GitHub REST API (GITHUB_API_URL) on loopback.
import { describe, expect, it } from '@jest/globals'
import type { RunConfig } from '../../emulator/server.js'
import { runAction } from '../../scripts/action-runner.js'
import {
  commandsOf,
  DEPLOYED_SHA,
  fakeGitHub,
  greenlightInputs,
  loadEvent,
  messagesOf,
  PR_HEAD_SHA,
  qaService
} from '../helpers/e2e.js'
import type { FakeGitHub } from '../helpers/fake-github.js'
import { checkGate, outcome, REPO } from '../helpers/check-fixtures.js'

const TOKEN = 'ghs_e2eFakeToken'
const GREEN_RUN: RunConfig = { id: 'run-green', timeline: [{ stage: 'completed' }] }
const BUGGY_RUN: RunConfig = {
  id: 'run-buggy',
  timeline: [{ stage: 'completed' }],
  workflowsInRun: 30,
  bugs: [{ id: 'bug-7', number: 7, name: 'Checkout button does nothing', isNew: true }]
}

/**
 * A greenlight step for `runId` with comment-on-pr: true on `event` (pull_request.opened), in run
 * 9123456789, GitHub's API `fake`.
 */
function comment(
  em: { url: string },
  runId: string,
  fake: { apiUrl: string },
  { event = 'pull_request.opened', inputs = {}, env = {}, ...more }: CommentingStep = {}
) {
  return runAction({
    inputs: greenlightInputs(em, runId, { 'comment-on-pr': 'true', ...inputs }),
    eventName: event.split('.')[0]!,
    event: loadEvent(event),
    env: { GITHUB_API_URL: fake.apiUrl, GITHUB_RUN_ID: '9123456789', ...env },
    ...more
  })
}
interface CommentingStep {
  event?: string
  inputs?: Record<string, string>
  env?: Record<string, string>
  killAfterMs?: number
}

async function servers(runs: RunConfig[] = [GREEN_RUN]) {
  return { em: await qaService({ runs }), fake: await fakeGitHub() }
}

/** Requests that change comments (create or edit). */
const writes = (fake: FakeGitHub) =>
  fake.requests.filter(
    r => (r.method === 'POST' && !r.path.endsWith('/graphql')) || r.method === 'PATCH'
  )
const markedComments = (fake: FakeGitHub, marker: string) =>
  fake.comments.filter(c => c.body.split('\n')[0] === marker)
const commentReads = (fake: FakeGitHub) =>
  fake.requests.filter(r => r.method === 'GET' && r.path.endsWith('/comments'))

describe('the sticky comment', () => {
  it('creates one comment on the pull request, then edits the same one with the new verdict; the token goes to GitHub only', async () => {
    const { em, fake } = await servers([BUGGY_RUN])
    const red = await comment(em, 'run-buggy', fake, { inputs: { 'github-token': TOKEN } })
    expect(outcome(red)).toMatchObject({ exitCode: 1, status: 'failed' })
    const [create, ...otherWrites] = writes(fake)
    expect(otherWrites).toHaveLength(0)
    expect(create?.method).toBe('POST')
    expect(create?.path).toBe('/repos/acme/shop/issues/42/comments')
    // The event names the pull request: no lookup by commit is needed.
    expect(fake.requests.some(r => r.path.includes('/commits/'))).toBe(false)
    for (const request of fake.requests) {
      expect(request.headers['authorization']).toMatch(new RegExp(`^(token|Bearer) ${TOKEN}$`))
    }
    for (const request of em.requests) expect(JSON.stringify(request.headers)).not.toContain(TOKEN)
    expect(red.allText).not.toContain(TOKEN)
    const first = fake.comments[0]!.body
    expect(first.split('\n')[0]).toBe('<!-- qa-greenlight -->')
    expect(first).toMatch(/not green/)
    expect(first).toContain(`[run-buggy](${em.url}/runs/run-buggy)`)
    expect(first).toContain(`(${em.url}/bugs/bug-7)`)
    expect(first).toContain('Checkout button does nothing')
    expect(first).toContain(`(https://github.com/acme/shop/commit/${PR_HEAD_SHA})`)
    expect(first).toContain('(https://github.com/acme/shop/actions/runs/9123456789)')
    expect(red.stdout).toContain('https://github.com/acme/shop/pull/42#issuecomment-')

    em.setBugPriority('bug-7', 'low')
    const green = await comment(em, 'run-buggy', fake)
    expect(green.exitCode).toBe(0)
    const [, update, ...more] = writes(fake)
    expect(more).toHaveLength(0)
    expect(update?.method).toBe('PATCH')
    expect(update?.path).toBe(`/repos/acme/shop/issues/comments/${fake.comments[0]!.id}`)
    expect(fake.comments).toHaveLength(1)
    const second = fake.comments[0]!.body
    expect(second.split('\n')[0]).toBe('<!-- qa-greenlight -->')
    expect(second).toMatch(/: green/)
    expect(second).not.toMatch(/not green/)
  })

  it('keeps one comment per label, finding its own beyond the first page, never following a Link to another origin', async () => {
    const { em, fake } = await servers()
    const elsewhere = await fakeGitHub()
    for (let i = 0; i < 150; i++) fake.addComment('acme/shop', 42, `Looks good ${i}`)
    // Someone quoting the marker does not make their comment ours.
    fake.addComment('acme/shop', 42, 'As the bot said:\n> <!-- qa-greenlight:staging -->')
    // Same host name, other port: another origin all the same.
    fake.nextLinkOverride = `${elsewhere.url}/repos/acme/shop/issues/42/comments?page=2`
    const step = (label: string) => comment(em, 'run-green', fake, { inputs: { label } })

    expect((await step('staging')).exitCode).toBe(0)
    expect((await step('production')).exitCode).toBe(0)
    const staging = markedComments(fake, '<!-- qa-greenlight:staging -->')
    const production = markedComments(fake, '<!-- qa-greenlight:production -->')
    expect(staging).toHaveLength(1)
    expect(production).toHaveLength(1)
    expect(staging[0]!.body).toContain('QA greenlight — staging')
    expect(production[0]!.body).toContain('QA greenlight — production')

    expect((await step('staging')).exitCode).toBe(0)
    expect(writes(fake).at(-1)?.method).toBe('PATCH')
    expect(writes(fake).at(-1)?.path).toBe(`/repos/acme/shop/issues/comments/${staging[0]!.id}`)
    // The staging comment is the 152nd: finding it took the second page, read from GITHUB_API_URL.
    expect(
      commentReads(fake)
        .slice(-2)
        .map(r => r.query['page'] ?? '1')
    ).toEqual(['1', '2'])
    expect(elsewhere.requests).toHaveLength(0)
    expect(fake.comments).toHaveLength(153)
    expect(fake.comments.filter(c => c.body.includes('As the bot said'))).toHaveLength(1)
  })

  // Which identity a token writes as (GitHub's /user, else GraphQL's viewer for an app token) and
  // which marked comment is its own: held here, through GitHub's answers.
  it("edits only a marked comment of its own identity: never a person's, nor another app's", async () => {
    const { em, fake } = await servers()
    const marked = '<!-- qa-greenlight -->\nan older verdict'
    const person = fake.addComment('acme/shop', 42, marked, 'octocat')
    fake.addComment('acme/shop', 42, marked, 'other-app[bot]')
    // GITHUB_TOKEN: GraphQL names github-actions[bot]; the others' comments are left alone.
    expect((await comment(em, 'run-green', fake)).exitCode).toBe(0)
    expect(writes(fake).map(w => w.method)).toEqual(['POST'])
    expect(fake.comments.at(-1)!.login).toBe('github-actions[bot]')
    // A personal token is that person: then their marked comment is the one to edit.
    fake.tokenLogin = 'octocat'
    expect((await comment(em, 'run-green', fake)).exitCode).toBe(0)
    expect(writes(fake).map(w => w.path)).toEqual([
      '/repos/acme/shop/issues/42/comments',
      `/repos/acme/shop/issues/comments/${person}`
    ])
  })

  it('after a GraphQL 5xx, writes a new comment instead of editing github-actions[bot]’s', async () => {
    const { em, fake } = await servers()
    const theirs = '<!-- qa-greenlight -->\nanother workflow’s verdict'
    const existing = fake.addComment('acme/shop', 42, theirs, 'github-actions[bot]')
    fake.appLogin = 'qa-app[bot]'
    fake.override = request =>
      request.path === '/graphql' ? { status: 502, body: { message: 'Server Error' } } : undefined
    const run = await comment(em, 'run-green', fake)
    expect(run.exitCode).toBe(0)
    expect(fake.requests.some(r => r.method === 'PATCH')).toBe(false)
    expect(fake.comments.find(c => c.id === existing)?.body).toBe(theirs)
    expect(fake.comments).toHaveLength(2)
    expect(run.stdout).toContain('could not say which identity the token writes as')
  })

  it('past 30 pages of comments, finds a sticky comment made since: no second one per run', async () => {
    const { em, fake } = await servers()
    for (let i = 0; i < 3200; i++) fake.addComment('acme/shop', 42, `Comment ${i}`)
    expect((await comment(em, 'run-green', fake)).exitCode).toBe(0)
    for (let i = 0; i < 150; i++) fake.addComment('acme/shop', 42, `Later ${i}`)
    expect((await comment(em, 'run-green', fake)).exitCode).toBe(0)
    expect(markedComments(fake, '<!-- qa-greenlight -->')).toHaveLength(1)
    expect(writes(fake).map(w => w.method)).toEqual(['POST', 'PATCH'])
    // The oldest page first, then the newest backwards, 30 pages at most.
    const pages = commentReads(fake).map(r => Number(r.query['page']))
    expect(pages.slice(0, 30)).toEqual([1, ...Array.from({ length: 29 }, (_, i) => 32 - i)])
    expect(pages.slice(30)).toEqual([1, 34, 33])
  })

  it('writes nothing when no open pull request has the commit, and the step result is unchanged', async () => {
    const { em, fake } = await servers()
    const run = await comment(em, 'run-green', fake, { event: 'workflow_dispatch' })
    expect(outcome(run)).toMatchObject({ exitCode: 0, status: 'passed' })
    expect(fake.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/acme/shop/commits/0123456789abcdef0123456789abcdef01234567/pulls'
    ])
    expect(fake.comments).toHaveLength(0)
    expect(run.stdout).toMatch(/No open pull request has commit 0123456789abcdef/)
    expect(commandsOf(run, 'warning')).toHaveLength(0)
  })

  it("comments a check's verdict on the pull request of the sha whose check decided, its findings kept, hostile text inert", async () => {
    const DEFAULT_BRANCH_SHA = '0123456789abcdef0123456789abcdef01234567'
    const em = await qaService({
      github: {
        checkRuns: [
          {
            repository: REPO,
            sha: PR_HEAD_SHA,
            startedAt: '2026-11-26T12:00:00Z',
            conclusion: 'failure',
            title: '<img src=x onerror=alert(1)> @acme/security',
            summary:
              'Checkout flow\n===\n\n- [Cart total ignores the coupon](https://app.qawolf.com/bugs/b-2)\n\n[login](javascript:alert(1)) <!-- qa-greenlight --> @octocat',
            detailsUrl: 'javascript:alert(2)'
          }
        ],
        pullRequests: [
          { repository: REPO, number: 42, headSha: PR_HEAD_SHA },
          { repository: REPO, number: 43, headSha: DEFAULT_BRANCH_SHA }
        ]
      }
    })
    const run = await checkGate(
      em,
      { 'comment-on-pr': 'true', timeout: '10s', sha: PR_HEAD_SHA },
      { name: 'workflow_dispatch', payload: loadEvent('workflow_dispatch') }
    )
    expect(run.outputs['status']).toBe('failed')
    expect(em.github.comments.map(c => c.issueNumber)).toEqual([42])
    const body = em.github.comments[0]?.body ?? ''
    // The commit judged (the summary's), not the workflow's (GITHUB_SHA, PR 43's head).
    expect(body).toContain(`Commit [8f3e1c2](https://github.com/acme/shop/commit/${PR_HEAD_SHA})`)
    expect(body).toContain('not green')
    expect(body).toContain('QA Wolf Test Results')
    expect(body).toContain('failure')
    expect(body).toContain('[Cart total ignores the coupon](https://app.qawolf.com/bugs/b-2)')
    expect(body).not.toContain('<img')
    expect(body).not.toContain('](javascript:')
    expect(body).not.toMatch(/(^|[^`\\])@acme\/security/)
    expect(body).not.toMatch(/(^|[^`\\])@octocat/)
    // One hidden marker only: the check's text cannot forge the comment's own.
    expect(body.match(/<!--/g) ?? []).toHaveLength(1)
  })
})

describe('GitHub Enterprise Server', () => {
  it('finds the pull request of a deployment_status event by its commit, and comments through /api/v3 with links on the GHES server', async () => {
    const GHES = 'https://ghe.acme.internal'
    const em = await qaService({ runs: [GREEN_RUN] })
    const api = await fakeGitHub({ prefix: '/api/v3', serverUrl: GHES })
    api.pullRequests.push(
      { repository: 'acme/shop', number: 7, state: 'closed', headSha: DEPLOYED_SHA },
      {
        repository: 'acme/shop',
        number: 9,
        state: 'open',
        headSha: 'f'.repeat(40),
        commits: [DEPLOYED_SHA]
      },
      { repository: 'acme/shop', number: 42, state: 'open', headSha: DEPLOYED_SHA }
    )
    const run = await comment(em, 'run-green', api, {
      event: 'deployment_status.success',
      env: { GITHUB_SERVER_URL: GHES, GITHUB_RUN_ID: '31337' }
    })
    expect(run.exitCode).toBe(0)
    expect(commandsOf(run, 'warning')).toHaveLength(0)
    expect(api.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      `GET /api/v3/repos/acme/shop/commits/${DEPLOYED_SHA}/pulls`,
      'GET /api/v3/user',
      // An app token cannot say who it is at /user; GraphQL, beside /api/v3, names its bot.
      'POST /api/graphql',
      'GET /api/v3/repos/acme/shop/issues/42/comments',
      'POST /api/v3/repos/acme/shop/issues/42/comments'
    ])
    const body = api.comments[0]?.body ?? ''
    expect(body).toContain(`(${GHES}/acme/shop/commit/${DEPLOYED_SHA})`)
    expect(body).toContain(`(${GHES}/acme/shop/actions/runs/31337)`)
    expect(body).not.toContain('github.com')
    expect(run.stdout).toContain(`${GHES}/acme/shop/pull/42#issuecomment-`)
  })
})

describe('a comment that cannot be written never changes the verdict', () => {
  it('turns a 403 from GitHub into a warning; exit code and outputs are the verdict’s', async () => {
    const { em, fake } = await servers([BUGGY_RUN])
    fake.failWith(403)
    const refused = await comment(em, 'run-buggy', fake)
    expect(outcome(refused)).toMatchObject({ exitCode: 1, status: 'failed', greenlight: 'false' })
    expect(refused.outputs['blocking-bugs-count']).toBe('1')
    const [warning, ...others] = commandsOf(refused, 'warning')
    expect(others).toHaveLength(0)
    expect(warning?.properties['title']).toBe('Pull request comment not written')
    expect(warning?.message).toMatch(/403/)
    expect(warning?.message).toMatch(/pull-requests: write/)
    expect(refused.summary).toMatch(/⚠️ The pull request comment could not be written: .*403/)
    // It asked who it is and for the comments, and was refused.
    expect(fake.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'GET /user',
      'POST /graphql',
      'GET /repos/acme/shop/issues/42/comments'
    ])
    expect(fake.comments).toHaveLength(0)
  })

  it('turns an unreachable GitHub into a warning, not a failed gate', async () => {
    const { em, fake } = await servers()
    await fake.close()
    const run = await comment(em, 'run-green', fake)
    expect(outcome(run)).toMatchObject({ exitCode: 0, status: 'passed' })
    const [warning, ...others] = commandsOf(run, 'warning')
    expect(others).toHaveLength(0)
    expect(warning?.message).toContain(`could not be reached at ${fake.apiUrl}`)
  })

  it('a GitHub API that hangs ends the comment at the budget with a warning; the verdict stands', async () => {
    const { em, fake } = await servers()
    fake.stall = 'hang'
    // The contract's 30 s, shortened through the test-only variable; unit tests hold the default.
    const budget = { QA_GREENLIGHT_TEST_PR_COMMENT_BUDGET_MS: '1500' }
    const run = await comment(em, 'run-green', fake, { env: budget, killAfterMs: 20_000 })
    expect(run.signal).toBeNull()
    expect(outcome(run)).toMatchObject({ exitCode: 0, status: 'passed' })
    expect(messagesOf(run, 'warning')[0]).toContain('did not complete the comment within 1.5s')
  })

  it('waits out a secondary rate limit within the bound, and names one past it as a rate limit', async () => {
    const { em, fake } = await servers()
    fake.rateLimitNext(2, 1)
    const waited = await comment(em, 'run-green', fake)
    expect(waited.exitCode).toBe(0)
    expect(commandsOf(waited, 'warning')).toHaveLength(0)
    expect(fake.comments).toHaveLength(1)

    fake.rateLimitNext(1, 120)
    const refused = await comment(em, 'run-green', fake)
    expect(refused.exitCode).toBe(0)
    const [warning] = messagesOf(refused, 'warning')
    expect(warning).toContain('rate limit')
    expect(warning).toContain('not a missing permission')
    expect(warning).not.toContain('pull-requests: write')
    expect(fake.requests.at(-1)?.path).toBe('/user')
  })

  it('reads comments a few times under Retry-After: 0, not thousands', async () => {
    const { em, fake } = await servers()
    fake.override = request =>
      request.method === 'GET' && request.path.endsWith('/comments')
        ? { status: 429, body: { message: 'Too many requests' }, headers: { 'retry-after': '0' } }
        : undefined
    const run = await comment(em, 'run-green', fake, {
      env: { QA_GREENLIGHT_TEST_PR_COMMENT_BUDGET_MS: '8000' }
    })
    expect(run.exitCode).toBe(0)
    expect(commentReads(fake).length).toBeGreaterThan(1)
    expect(commentReads(fake).length).toBeLessThanOrEqual(4)
    const [warning] = messagesOf(run, 'warning')
    expect(warning).toContain('rate limit')
    expect(warning).not.toMatch(/wait 0s/)
    expect(fake.comments).toHaveLength(0)
  })
})
