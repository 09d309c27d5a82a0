// comment-on-pr, end to end: the bundled action under Node 24 gets its verdict from the emulator
// and writes its sticky comment to a fake GitHub REST API (GITHUB_API_URL) on loopback.
import { describe, expect, it } from '@jest/globals'
import type { Emulator, RunConfig } from '../../emulator/server.js'
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
import { commentingGate, type CommentingStep } from '../helpers/pr-gate.js'

const TOKEN = 'ghs_e2eFakeToken'

const GREEN_RUN: RunConfig = {
  id: 'run-green',
  timeline: [{ stage: 'completed' }],
  workflowsInRun: 12
}
const BUGGY_RUN: RunConfig = {
  id: 'run-buggy',
  timeline: [{ stage: 'completed' }],
  workflowsInRun: 30,
  bugs: [{ id: 'bug-7', number: 7, name: 'Checkout button does nothing', isNew: true }]
}

function githubEnv(fake: FakeGitHub): Record<string, string> {
  return { GITHUB_API_URL: fake.apiUrl, GITHUB_RUN_ID: '9123456789' }
}

/** A greenlight step for `runId` with comment-on-pr: true, in run 9123456789, GitHub's API `fake`. */
function comment(em: Emulator, runId: string, fake: FakeGitHub, step: CommentingStep = {}) {
  return commentingGate(em, runId, fake.apiUrl, { ...step, env: githubEnv(fake) })
}

/** The QA service with `runs`, and a fake GitHub. */
async function servers(
  runs: RunConfig[] = [GREEN_RUN]
): Promise<{ em: Emulator; fake: FakeGitHub }> {
  return { em: await qaService({ runs }), fake: await fakeGitHub() }
}

/** Requests that change comments (create or edit). */
function writes(fake: FakeGitHub) {
  return fake.requests.filter(
    r => (r.method === 'POST' && !r.path.endsWith('/graphql')) || r.method === 'PATCH'
  )
}

function markedComments(fake: FakeGitHub, marker: string) {
  return fake.comments.filter(c => c.body.split('\n')[0] === marker)
}

describe('sticky PR comment end to end', () => {
  it('creates one comment on the pull request, then edits the same one with the new verdict', async () => {
    const { em, fake } = await servers([BUGGY_RUN])
    const red = await comment(em, 'run-buggy', fake)
    expect(red.exitCode).toBe(1)
    expect(red.outputs['status']).toBe('failed')
    const [create, ...otherWrites] = writes(fake)
    expect(otherWrites).toHaveLength(0)
    expect(create?.method).toBe('POST')
    expect(create?.path).toBe('/repos/acme/shop/issues/42/comments')
    // The event names the pull request: no lookup by commit is needed.
    expect(fake.requests.some(r => r.path.includes('/commits/'))).toBe(false)
    expect(fake.comments).toHaveLength(1)
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

  it('sends the github token to GitHub only, and never prints it', async () => {
    const { em, fake } = await servers()
    const run = await comment(em, 'run-green', fake, { inputs: { 'github-token': TOKEN } })

    expect(run.exitCode).toBe(0)
    expect(fake.requests.length).toBeGreaterThan(0)
    for (const request of fake.requests) {
      expect(request.headers['authorization']).toMatch(new RegExp(`^(token|Bearer) ${TOKEN}$`))
    }
    for (const request of em.requests) {
      expect(JSON.stringify(request.headers)).not.toContain(TOKEN)
    }
    expect(run.allText).not.toContain(TOKEN)
  })

  it('keeps one comment per label, finding its own beyond the first page of comments', async () => {
    const { em, fake } = await servers()
    for (let i = 0; i < 150; i++) fake.addComment('acme/shop', 42, `Looks good ${i}`)
    // Someone quoting the marker does not make their comment ours.
    fake.addComment('acme/shop', 42, 'As the bot said:\n> <!-- qa-greenlight:staging -->')
    const step = (label: string) => comment(em, 'run-green', fake, { inputs: { label } })

    expect((await step('staging')).exitCode).toBe(0)
    expect((await step('production')).exitCode).toBe(0)
    const staging = markedComments(fake, '<!-- qa-greenlight:staging -->')
    const production = markedComments(fake, '<!-- qa-greenlight:production -->')
    expect(staging).toHaveLength(1)
    expect(production).toHaveLength(1)
    expect(staging[0]!.body).toContain('QA greenlight — staging')
    expect(production[0]!.body).toContain('QA greenlight — production')

    const again = await step('staging')
    expect(again.exitCode).toBe(0)
    const lastWrite = writes(fake).at(-1)
    expect(lastWrite?.method).toBe('PATCH')
    expect(lastWrite?.path).toBe(`/repos/acme/shop/issues/comments/${staging[0]!.id}`)
    // The staging comment is the 152nd: finding it took the second page.
    const lastLists = fake.requests.filter(r => r.method === 'GET').slice(-2)
    expect(lastLists.map(r => r.query['page'] ?? '1')).toEqual(['1', '2'])
    expect(fake.comments).toHaveLength(153)
    expect(fake.comments.filter(c => c.body.includes('As the bot said'))).toHaveLength(1)
  })

  it('finds the pull request of a deployment_status event by its commit', async () => {
    const { em, fake } = await servers()
    fake.pullRequests.push(
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
    const run = await comment(em, 'run-green', fake, { event: 'deployment_status.success' })

    expect(run.exitCode).toBe(0)
    expect(fake.requests[0]?.method).toBe('GET')
    expect(fake.requests[0]?.path).toBe(`/repos/acme/shop/commits/${DEPLOYED_SHA}/pulls`)
    expect(writes(fake).map(r => `${r.method} ${r.path}`)).toEqual([
      'POST /repos/acme/shop/issues/42/comments'
    ])
    expect(fake.comments[0]?.body).toContain(
      `(https://github.com/acme/shop/commit/${DEPLOYED_SHA})`
    )
  })

  it('writes nothing when no open pull request has the commit, and the step result is unchanged', async () => {
    const { em, fake } = await servers()
    const run = await runAction({
      inputs: greenlightInputs(em, 'run-green', { 'comment-on-pr': 'true' }),
      eventName: 'workflow_dispatch',
      env: githubEnv(fake)
    })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    expect(fake.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/acme/shop/commits/0123456789abcdef0123456789abcdef01234567/pulls'
    ])
    expect(fake.comments).toHaveLength(0)
    expect(run.stdout).toMatch(/No open pull request has commit 0123456789abcdef/)
    expect(commandsOf(run, 'warning')).toHaveLength(0)
  })

  it('turns a 403 from GitHub into a warning; exit code and outputs are those without a comment', async () => {
    const { em, fake } = await servers([GREEN_RUN, BUGGY_RUN])
    fake.failWith(403)
    for (const runId of ['run-green', 'run-buggy']) {
      const common = {
        eventName: 'pull_request',
        event: loadEvent('pull_request.opened'),
        env: githubEnv(fake)
      }
      const plain = await runAction({ ...common, inputs: greenlightInputs(em, runId) })
      const refused = await runAction({
        ...common,
        inputs: greenlightInputs(em, runId, { 'comment-on-pr': 'true' })
      })

      expect(refused.exitCode).toBe(plain.exitCode)
      expect(refused.outputs).toEqual(plain.outputs)
      const [warning, ...others] = commandsOf(refused, 'warning')
      expect(others).toHaveLength(0)
      expect(warning?.properties['title']).toBe('Pull request comment not written')
      expect(warning?.message).toMatch(/403/)
      expect(warning?.message).toMatch(/pull-requests: write/)
      expect(refused.summary).toMatch(/⚠️ The pull request comment could not be written: .*403/)
      expect(commandsOf(plain, 'warning')).toHaveLength(0)
    }
    // Each commenting run asked who it is and for the comments, and was refused; the plain runs
    // did not ask at all.
    expect(fake.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'GET /user',
      'POST /graphql',
      'GET /repos/acme/shop/issues/42/comments',
      'GET /user',
      'POST /graphql',
      'GET /repos/acme/shop/issues/42/comments'
    ])
    expect(fake.comments).toHaveLength(0)
  })

  it('turns an unreachable GitHub into a warning, not a failed gate', async () => {
    const { em, fake } = await servers()
    const apiUrl = fake.apiUrl
    await fake.close()
    const run = await commentingGate(em, 'run-green', apiUrl)

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    const [warning, ...others] = commandsOf(run, 'warning')
    expect(others).toHaveLength(0)
    expect(warning?.message).toContain(`could not be reached at ${apiUrl}`)
  })

  it('makes no request to GitHub when comment-on-pr is false', async () => {
    const { em, fake } = await servers()
    const run = await comment(em, 'run-green', fake, { inputs: { 'comment-on-pr': 'false' } })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    expect(fake.requests).toHaveLength(0)
  })
})

describe('the PR comment stays within its bounds', () => {
  const commenting = (em: Emulator, fake: FakeGitHub, extraEnv: Record<string, string> = {}) => ({
    inputs: greenlightInputs(em, 'run-green', { 'comment-on-pr': 'true', 'github-token': TOKEN }),
    eventName: 'pull_request',
    event: loadEvent('pull_request.opened'),
    env: { ...githubEnv(fake), ...extraEnv }
  })
  // The contract's 30 s, shortened through the test-only variable; unit tests hold the default.
  const SHORT_BUDGET = { QA_GREENLIGHT_TEST_PR_COMMENT_BUDGET_MS: '1500' }

  it.each(['hang', 'trickle'] as const)(
    'a GitHub API that %ss ends the comment at the budget with a warning; the verdict stands',
    async stall => {
      const { em, fake } = await servers()
      fake.stall = stall
      const run = await runAction({ ...commenting(em, fake, SHORT_BUDGET), killAfterMs: 20_000 })

      expect(run.signal).toBeNull()
      expect(run.exitCode).toBe(0)
      expect(run.outputs['status']).toBe('passed')
      const [warning] = commandsOf(run, 'warning')
      expect(warning?.message).toContain('did not complete the comment within 1.5s')
    }
  )

  // SIGINT or SIGTERM while commenting: honest-edges.test.ts (cancellation).
  it('never follows a Link to another origin with the token', async () => {
    const { em, fake } = await servers()
    const elsewhere = await fakeGitHub()
    for (let i = 0; i < 120; i++) fake.addComment('acme/shop', 42, `Looks good ${i}`)
    // Same host name, other port: another origin all the same.
    fake.nextLinkOverride = `${elsewhere.url}/repos/acme/shop/issues/42/comments?page=2`
    const run = await runAction(commenting(em, fake))

    expect(run.exitCode).toBe(0)
    expect(elsewhere.requests).toHaveLength(0)
    // The second page was still read, from GITHUB_API_URL.
    const pages = fake.requests.filter(r => r.path.endsWith('/comments') && r.method === 'GET')
    expect(pages.map(r => r.query['page'])).toEqual(['1', '2'])
  })

  it("edits only a marked comment of its own identity, never a person's", async () => {
    const { em, fake } = await servers()
    const userComment = fake.addComment('acme/shop', 42, '<!-- qa-greenlight -->\nmine', 'octocat')
    const run = await runAction(commenting(em, fake))

    expect(run.exitCode).toBe(0)
    expect(fake.comments.find(c => c.id === userComment)?.body).toBe('<!-- qa-greenlight -->\nmine')
    expect(writes(fake).map(w => w.method)).toEqual(['POST'])

    // A personal token is that person: then their marked comment is the one to edit.
    fake.tokenLogin = 'octocat'
    const again = await runAction(commenting(em, fake))
    expect(again.exitCode).toBe(0)
    expect(writes(fake).at(-1)?.path).toBe(`/repos/acme/shop/issues/comments/${userComment}`)
  })

  it("with an app token (GET /user refused) edits only the comment of its own bot, never another app's", async () => {
    const { em, fake } = await servers()
    const marked = '<!-- qa-greenlight -->\nan older verdict'
    const otherApp = fake.addComment('acme/shop', 42, marked, 'other-app[bot]')

    // GITHUB_TOKEN: GraphQL names github-actions[bot]; the other app's comment is left alone.
    const first = await runAction(commenting(em, fake))
    expect(first.exitCode).toBe(0)
    expect(fake.comments.find(c => c.id === otherApp)?.body).toBe(marked)
    expect(writes(fake).map(w => w.method)).toEqual(['POST'])
    const own = fake.comments.at(-1)!
    expect(own.login).toBe('github-actions[bot]')
    const second = await runAction(commenting(em, fake))
    expect(second.exitCode).toBe(0)
    expect(writes(fake).at(-1)?.path).toBe(`/repos/acme/shop/issues/comments/${own.id}`)

    // Another app's installation token: its own bot, named by GraphQL, is the only one it edits.
    fake.appLogin = 'other-app[bot]'
    const third = await runAction(commenting(em, fake))
    expect(third.exitCode).toBe(0)
    expect(writes(fake).at(-1)?.path).toBe(`/repos/acme/shop/issues/comments/${otherApp}`)
    expect(fake.comments.find(c => c.id === own.id)?.body).toBe(own.body)

    // GraphQL refused as well: taken for GITHUB_TOKEN, never for "any bot".
    fake.appLogin = undefined
    const fourth = await runAction(commenting(em, fake))
    expect(fourth.exitCode).toBe(0)
    expect(writes(fake).at(-1)?.path).toBe(`/repos/acme/shop/issues/comments/${own.id}`)
    expect(writes(fake)).toHaveLength(4)
  })

  it('waits out a secondary rate limit within the bound, and names one past it as a rate limit', async () => {
    const { em, fake } = await servers()
    fake.rateLimitNext(2, 1)
    const waited = await runAction(commenting(em, fake))
    expect(waited.exitCode).toBe(0)
    expect(commandsOf(waited, 'warning')).toHaveLength(0)
    expect(fake.comments).toHaveLength(1)

    fake.rateLimitNext(1, 120)
    const refused = await runAction(commenting(em, fake))
    expect(refused.exitCode).toBe(0)
    const [warning] = messagesOf(refused, 'warning')
    expect(warning).toContain('rate limit')
    expect(warning).toContain('not a missing permission')
    expect(warning).not.toContain('pull-requests: write')
    expect(fake.requests.at(-1)?.path).toBe('/user')
  })

  it('past 30 pages of comments, finds a sticky comment made since: no second one per run', async () => {
    const { em, fake } = await servers()
    for (let i = 0; i < 3200; i++) fake.addComment('acme/shop', 42, `Comment ${i}`)
    const first = await runAction(commenting(em, fake))
    expect(first.exitCode).toBe(0)
    for (let i = 0; i < 150; i++) fake.addComment('acme/shop', 42, `Later ${i}`)
    const second = await runAction(commenting(em, fake))
    expect(second.exitCode).toBe(0)

    expect(markedComments(fake, '<!-- qa-greenlight -->')).toHaveLength(1)
    expect(writes(fake).map(w => w.method)).toEqual(['POST', 'PATCH'])
    // The oldest page first, then the newest backwards, 30 pages at most.
    const pages = fake.requests
      .filter(r => r.method === 'GET' && r.path.endsWith('/comments'))
      .map(r => Number(r.query['page']))
    expect(pages.slice(0, 30)).toEqual([1, ...Array.from({ length: 29 }, (_, i) => 32 - i)])
    expect(pages.slice(30)).toEqual([1, 34, 33])
  })
})
