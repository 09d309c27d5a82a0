// GitHub's answers, read as strictly as the service's: rate limits waited for as GitHub asks and
// named as such, 5xx asked again, refusals ended at once, pages and redirects that never carry the
// token elsewhere, repeated keys never a verdict. The step against a loopback GitHub scripted
// per test (the check path, the deployment route of notify, a merge queue's pull request).
import { describe, expect, it } from '@jest/globals'
import type { IncomingMessage } from 'node:http'
import { secretExposures, type ActionRun } from '../../scripts/action-runner.js'
import { fakeGitHub, loadEvent, messagesOf, requestsTo, tinyServer } from '../helpers/e2e.js'
import type { FakeGitHub } from '../helpers/fake-github.js'
import {
  checkGate,
  checkRun,
  checkRunEvent,
  outcome,
  REPO,
  SHA,
  TOKEN
} from '../helpers/check-fixtures.js'
import {
  list,
  MAIN_BRANCH,
  MAIN_TIP,
  scriptedGitHub as gitHub,
  type Page
} from '../helpers/scripted-github.js'
import { deploymentInputs, notifyOn, runRoute, webService } from '../helpers/notify-route.js'

const errors = (run: ActionRun): string => messagesOf(run, 'error').join('\n')
const pageOf = (req: IncomingMessage) =>
  new URL(req.url ?? '/', 'http://x').searchParams.get('page')
const rateLimited = (
  message: string,
  headers: Record<string, string> = {},
  status = 403
): Page => ({
  status,
  body: { message },
  headers
})
const SECONDARY = 'You have exceeded a secondary rate limit. Please wait a few minutes.'
const inAnHour = () => String(Math.floor(Date.now() / 1000) + 3600)

function gate(
  server: { url: string },
  extra: Record<string, string> = {},
  env: Record<string, string> = {}
): Promise<ActionRun> {
  return checkGate(server, { timeout: '2s', ...extra }, undefined, env)
}

const EVENT = checkRunEvent()
const onEvent = { name: 'check_run', payload: EVENT }
/** The check_run promotion of MAIN_TIP, the reads of `main` answered by `branch(n)`. */
async function promotion(branch: (n: number) => Page, extra: Record<string, string> = {}) {
  const server = await gitHub(() => list([EVENT['check_run']]), branch)
  const run = await checkGate(server, { timeout: '2h', ...extra }, onEvent)
  return { run, server }
}

describe('the check path: rate limits', () => {
  it('a 403 secondary rate limit is waited for, not read as a missing permission', async () => {
    const run = await gate(
      await gitHub(n =>
        n === 0 ? rateLimited(SECONDARY, { 'retry-after': '1' }) : list([checkRun()])
      ),
      { timeout: '10s' }
    )
    expect(run.outputs['status']).toBe('passed')
    expect(run.stdout).not.toContain('checks: read')
  })

  it('a rate limit spent by an answer, until after the timeout, is named with its reset, not as "no check run"', async () => {
    const reset = Number(inAnHour())
    const server = await gitHub(() =>
      list([], { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) })
    )
    const run = await gate(server, { timeout: '1m' })
    expect(server.requests).toHaveLength(1)
    const said = [...messagesOf(run, 'error'), run.summary].join('\n')
    expect(said).toMatch(/rate limit/i)
    expect(said).toContain(new Date(reset * 1000).toISOString().slice(11, 19))
    expect(said).not.toMatch(/posted no check run|not connected|not installed|longer `?timeout/i)
    expect(run.exitCode).toBe(1)
  })

  it('a bare secondary rate limit (403, no headers) with a short timeout is named a rate limit, never promising another read', async () => {
    const run = await gate(await gitHub(() => rateLimited(SECONDARY)))
    const said = [...messagesOf(run, 'error'), run.summary].join('\n')
    expect(said).toMatch(/rate limit/i)
    expect(said).not.toMatch(/asks again/i)
    expect(run.exitCode).toBe(1)
  })
})

describe('the check path: failures', () => {
  it('a 404 ends at once with error, the token never shown', async () => {
    const server = await gitHub(() => ({ status: 404, body: { message: 'Not Found' } }))
    const run = await gate(server, { timeout: '30s' })
    expect(run.outputs['status']).toBe('error')
    expect(server.requests).toHaveLength(1)
    expect(run.stdout + run.stderr).not.toContain(TOKEN)
  })

  it('a 304 to a first request (no ETag sent) is not a verdict', async () => {
    const server = await gitHub(() => ({ status: 304 }))
    expect((await gate(server)).outputs['greenlight']).toBe('false')
  })
})

describe('the check path: pages and redirects', () => {
  it('is never green when a Link names a next page the action cannot follow, and the token never goes there', async () => {
    const link =
      '<https://api.github.com/repositories/1/commits/x/check-runs?cursor=abc>; rel="next"'
    const server = await gitHub((_n, req) =>
      pageOf(req) === '2'
        ? list([checkRun({ conclusion: 'failure' })])
        : list([checkRun()], { link })
    )
    const run = await gate(server)
    expect(outcome(run)).toMatchObject({ greenlight: 'false', status: 'error' })
    expect(errors(run)).toContain('without a page number')
    expect(server.requests).toHaveLength(1)
  })

  it("is never green when GitHub's total_count says more check runs exist than a full page held", async () => {
    // A full page of successes, GitHub counting one more, and no Link to it (a proxy dropped it).
    const full = Array.from({ length: 100 }, (_, i) =>
      checkRun({ id: i + 1, app: { slug: `app-${i}` } })
    )
    const missing = await gate(
      await gitHub(() => ({ body: { total_count: 101, check_runs: full } }))
    )
    expect(outcome(missing)).toMatchObject({ greenlight: 'false', status: 'error' })
    expect(errors(missing)).toContain('GitHub counts 101 check runs')
    // GitHub's count may include older check runs: above a page that is not full, none is missing.
    const notFull = await gitHub(() => ({ body: { total_count: 3, check_runs: [checkRun()] } }))
    expect((await gate(notFull)).outputs['status']).toBe('passed')
  })

  it('reads the check runs under a GHES API path, page by page on that path', async () => {
    const server = await gitHub((_n, req) =>
      pageOf(req) === '2'
        ? list([checkRun({ id: 2, app: { slug: 'qawolf-eu' }, conclusion: 'failure' })])
        : {
            body: { total_count: 2, check_runs: [checkRun()] },
            headers: { link: `<https://ghe.example/api/v3/x?page=2>; rel="next"` }
          }
    )
    const run = await gate(server, {}, { GITHUB_API_URL: `${server.url}/api/v3` })
    expect(run.outputs['status']).toBe('failed')
    expect(server.requests.map(r => r.target.split('?')[0])).toEqual([
      `/api/v3/repos/${REPO}/commits/${SHA}/check-runs`,
      `/api/v3/repos/${REPO}/commits/${SHA}/check-runs`
    ])
  })

  it('follows a redirect to another origin without the token, and never takes its list for a verdict', async () => {
    const elsewhere = await gitHub(() => list([checkRun()]))
    const server = await gitHub(() => ({
      status: 301,
      headers: { location: `${elsewhere.url}/repos/${REPO}/commits/${SHA}/check-runs` }
    }))
    const run = await gate(server)
    for (const req of elsewhere.requests) expect(req.headers['authorization']).toBeUndefined()
    expect(run.outputs['status']).toBe('error')
    expect(errors(run)).toContain(
      `redirected the request to ${new URL(elsewhere.url).origin}, not GITHUB_API_URL`
    )
  })
})

describe('the check_run promotion: what GitHub answers about the branch', () => {
  it('refuses a check run listed with "conclusion":"failure","conclusion":"success"', async () => {
    const listed = JSON.stringify(list([checkRun({ conclusion: 'failure' })]).body)
    const text = listed.replace(
      '"conclusion":"failure"',
      '"conclusion":"failure","conclusion":"success"'
    )
    const run = await gate(await gitHub(() => ({ text })))
    expect(outcome(run)).toMatchObject({ greenlight: 'false', exitCode: 1 })
    expect(errors(run)).toContain("'conclusion'")
  })

  it('follows a renamed branch (a 301 to the new name) and says so, naming both names', async () => {
    const server = await gitHub((_n, req) =>
      req.url?.includes('/check-runs')
        ? list([EVENT['check_run']])
        : req.url?.endsWith('/branches/master')
          ? {
              status: 301,
              headers: { location: `/repos/${REPO}/branches/main` },
              body: { message: 'Moved Permanently' }
            }
          : MAIN_BRANCH
    )
    const run = await checkGate(server, { timeout: '2h', branch: 'master' }, onEvent)
    expect(run.outputs['status']).toBe('passed')
    const said = run.commands.map(c => c.message).find(m => /renamed/.test(m)) ?? ''
    expect(said).toContain("'master'")
    expect(said).toContain("'main'")
  })

  it('a 429 on the branch asking for 120 s is not asked again a second later: one read, and the wait is said', async () => {
    const { run, server } = await promotion(() =>
      rateLimited(SECONDARY, { 'retry-after': '120' }, 429)
    )
    expect(server.requests.filter(r => r.target.endsWith('/branches/main'))).toHaveLength(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(errors(run)).toContain('120')
  })

  it("a 503 with Retry-After: 1 on the branch's read is asked again no sooner than GitHub's second", async () => {
    const times: number[] = []
    const unavailable: Page = {
      status: 503,
      headers: { 'retry-after': '1' },
      body: { message: 'Unavailable' }
    }
    const { run } = await promotion(n => {
      times.push(Date.now())
      return n === 0 ? unavailable : MAIN_BRANCH
    })
    expect(run.outputs['status']).toBe('passed')
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950)
  })
})

describe("an answer of GitHub's the step cannot read is an error, whatever fail-on-red says", () => {
  type Answers = { repository?: Page; branch?: Page; compare?: Page; runs?: (page: number) => Page }
  const REFUSED = { status: 403, body: { message: 'Resource not accessible by integration' } }
  const HUGE = `{"total_count":0,"check_runs":[],"padding":"${'x'.repeat(2 ** 20)}"}`
  // The check runs on a push (a check_run event asks again for 30 s); the rest on the check_run.
  // prettier-ignore
  it.each<[string, 'push' | 'check_run', Answers, string[]]>([
    ['a refused read of the check runs', 'push', { runs: () => REFUSED }, ['checks: read']],
    ['the check runs without check_runs', 'push', { runs: () => ({ body: { total_count: 1 } }) }, ['lacks check_runs']],
    ['the check runs larger than the cap (1 MiB here)', 'push', { runs: () => ({ text: HUGE }) }, ['larger than 1 MiB, so it is not read']],
    ['a next page after page 20', 'push', { runs: page => list([], { link: `<https://x/y?page=${page + 1}>; rel="next"` }) }, ['reads at most 20 pages']],
    ['a refused read of the repository', 'check_run', { repository: REFUSED }, ['contents: read']],
    ['the repository without default_branch', 'check_run', { repository: { body: { full_name: REPO } } }, ['Could not read the default branch', 'names no default_branch']],
    ["branch 'main' answered for 'release' without a redirect", 'check_run', { branch: { body: { name: 'release', commit: { sha: MAIN_TIP } } } }, ["the read of branch 'main' about branch 'release'"]],
    ['the branch without commit.sha', 'check_run', { branch: { body: { name: 'main', commit: {} } } }, ["tip of branch 'main'", 'names no commit SHA']],
    ['a compare without status', 'check_run', { branch: { body: { name: 'main', commit: { sha: 'f'.repeat(40) } } }, compare: { body: { ahead_by: 1 } } }, ['Could not compare commit', 'compare answer has no status']]
  ])('%s (on %s)', async (_, on, answers, said) => {
    const server = await gitHub(
      (_n, req) =>
        req.url?.includes('/compare/')
          ? (answers.compare ?? {})
          : (answers.runs?.(Number(pageOf(req))) ?? list([EVENT['check_run']])),
      () => answers.branch ?? MAIN_BRANCH,
      answers.repository
    )
    const lenient = { timeout: '2s', 'fail-on-red': 'false', 'fail-on-timeout': 'false' }
    const cap = { QA_GREENLIGHT_TEST_GITHUB_MAX_BYTES: String(2 ** 20) }
    const run = await checkGate(server, lenient, on === 'push' ? undefined : onEvent, cap)
    expect(outcome(run)).toMatchObject({ exitCode: 1, greenlight: 'false', status: 'error' })
    for (const words of said) expect(errors(run)).toContain(words)
  })
})

describe('the deployment route of notify', () => {
  /** Every request to GitHub may take this long before the step gives up; a storm fits in it. */
  const BUDGET = { QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS: '8000' }
  const deploying = (gh: FakeGitHub, extra: Record<string, string> = {}) =>
    runRoute(deploymentInputs(extra), { github: gh.apiUrl, env: BUDGET })
  const deploymentPosts = (gh: FakeGitHub) =>
    gh.requests.filter(r => r.method === 'POST' && r.path === '/repos/acme/shop/deployments')

  it('never follows a redirect of the deployment POST to another origin, and reports it', async () => {
    const elsewhere = await tinyServer()
    const gh = await fakeGitHub()
    gh.override = request =>
      request.method === 'POST' && request.path === '/repos/acme/shop/deployments'
        ? {
            status: 307,
            body: { message: 'Temporary Redirect' },
            headers: { location: `${elsewhere.url}/repos/acme/shop/deployments` }
          }
        : undefined
    const run = await deploying(gh, { variables: 'API_URL=https://api.staging.example.com' })
    expect(elsewhere.requests).toEqual([])
    expect(run.exitCode).toBe(1)
    expect(deploymentPosts(gh)).toHaveLength(1)
    expect(errors(run)).toContain('GitHub did not create the deployment: GitHub answered 307')
    expect(errors(run)).toContain(`redirected the request to ${new URL(elsewhere.url).origin}`)
    expect(run.outputs['github-deployment-id']).toBe('')
  })

  it('shows no 8-character piece of github-token, even when GitHub echoes a prefix of it', async () => {
    const token = 'ghs_Pr3fixEch0edByGitHubAbcdefghijklmnop'
    const gh = await fakeGitHub()
    gh.override = request =>
      request.method === 'POST'
        ? { status: 401, body: { message: `Bad credentials for ${token.slice(0, 16)}…` } }
        : undefined
    const run = await deploying(gh, { 'github-token': token })
    expect(run.exitCode).toBe(1)
    expect(errors(run)).toContain('Bad credentials for')
    expect(secretExposures(run, token)).toEqual([])
  })
})

describe("a merge queue's notification sends the pull request's head branch, as QA Wolf's action does", () => {
  const QUEUE_REF = 'gh-readonly-queue/main/pr-42-1d2c3b4a5f6e7d8c9b0a1f2e3d4c5b6a79881726'
  const PULL = `/repos/${REPO}/pulls/42`

  it('reads pull request 42 named in the queue ref with the token and sends its head branch and number; a refused read sends the queue ref with a notice', async () => {
    const em = await webService()
    const github = await gitHub((_n, req) =>
      req.url === PULL
        ? {
            body: { number: 42, state: 'open', head: { ref: 'feature/checkout-button', sha: SHA } }
          }
        : { status: 404, body: { message: 'Not Found' } }
    )
    const run = await notifyOn('merge_group.checks_requested', em, { GITHUB_API_URL: github.url })
    expect(run.exitCode).toBe(0)
    expect(github.requests.map(r => [r.method, r.target, r.headers.authorization])).toEqual([
      ['GET', PULL, `token ${TOKEN}`]
    ])
    const event = loadEvent('merge_group.checks_requested')['merge_group'] as { head_sha: string }
    expect(requestsTo(em, 'notify')[0]?.json).toMatchObject({
      sha: event.head_sha,
      branch: 'feature/checkout-button',
      pull_request_number: 42
    })

    const refused = await gitHub(() => ({ status: 404, body: { message: 'Not Found' } }))
    const fallback = await notifyOn('merge_group.checks_requested', em, {
      GITHUB_API_URL: refused.url
    })
    expect(fallback.exitCode).toBe(0)
    expect(requestsTo(em, 'notify')[1]?.json).toMatchObject({
      branch: QUEUE_REF,
      pull_request_number: 42
    })
    const notice = messagesOf(fallback, 'notice').join('\n')
    expect(notice).toContain('pull request 42')
    expect(notice).toContain('404')
  })
})
