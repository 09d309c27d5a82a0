// GitHub's answers are read as strictly as the service's (issues 46 and 47): a repeated key is never
// a verdict, the branch tip counts only from an answer about that branch, the one-shot reads wait
// what GitHub asks, a rate limit's reset is named by the clock, and a merge queue's notification
// sends the pull request's head branch as QA Wolf's own action does. The bundle against a loopback
// GitHub that answers with the exact text each test gives.
import { describe, expect, it } from '@jest/globals'
import type { ActionRun } from '../../scripts/action-runner.js'
import { loadEvent, messagesOf, requestsTo, tinyServer } from '../helpers/e2e.js'
import { checkGate, checkRun, checkRunEvent, REPO, TOKEN } from '../helpers/check-fixtures.js'
import { MAIN_TIP } from '../helpers/scripted-github.js'
import { notifyOn, webService } from '../helpers/notify-route.js'
import type { TinyServer } from '../helpers/tiny-server.js'

type Raw = { status?: number; headers?: Record<string, string>; text?: string }

/** GitHub answering each request by its path with `answer(path, n)`: n counts that path's requests. */
async function rawGitHub(answer: (path: string, n: number) => Raw): Promise<TinyServer> {
  const server = await tinyServer()
  const counts = new Map<string, number>()
  server.handle = (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const n = counts.get(path) ?? 0
    counts.set(path, n + 1)
    const raw = answer(path, n)
    res.writeHead(raw.status ?? 200, { 'content-type': 'application/json', ...raw.headers })
    res.end(raw.text ?? '{}')
  }
  return server
}

const json = (body: unknown): Raw => ({ text: JSON.stringify(body) })
const EVENT = checkRunEvent()
const EVENT_RUN = EVENT['check_run'] as Record<string, unknown>
const OTHER = 'feedfacefeedfacefeedfacefeedfacefeedface'
const LIST = `/repos/${REPO}/commits/${MAIN_TIP}/check-runs`
const listOf = (runs: unknown[]): Raw => json({ total_count: runs.length, check_runs: runs })

/** The check_run promotion of MAIN_TIP, GitHub's branch reads answered by `branch(path, n)`. */
async function promotion(
  branch: (path: string, n: number) => Raw,
  extra: Record<string, string> = {}
): Promise<{ run: ActionRun; server: TinyServer; times: Map<string, number[]> }> {
  const times = new Map<string, number[]>()
  const server = await rawGitHub((path, n) => {
    times.set(path, [...(times.get(path) ?? []), Date.now()])
    if (path === LIST) return listOf([EVENT_RUN])
    if (path === `/repos/${REPO}`) return json({ full_name: REPO, default_branch: 'main' })
    return branch(path, n)
  })
  const run = await checkGate(
    server,
    { timeout: '2h', ...extra },
    { name: 'check_run', payload: EVENT }
  )
  return { run, server, times }
}

const mainBranch = (sha = MAIN_TIP): Raw => json({ name: 'main', commit: { sha } })
const errors = (run: ActionRun): string => messagesOf(run, 'error').join('\n')
const reads = (server: TinyServer, path: string) =>
  server.requests.filter(r => new URL(r.target, 'http://x').pathname === path)

describe('46.1: a repeated key in a GitHub answer is never a verdict', () => {
  it('refuses a check run listed with "conclusion":"failure","conclusion":"success"', async () => {
    const listed = JSON.stringify({
      total_count: 1,
      check_runs: [checkRun({ conclusion: 'failure' })]
    })
    const text = listed.replace(
      '"conclusion":"failure"',
      '"conclusion":"failure","conclusion":"success"'
    )
    const server = await rawGitHub(() => ({ text }))
    const run = await checkGate(server, { timeout: '2s' })
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.exitCode).toBe(1)
    expect(errors(run)).toContain("'conclusion'")
  })

  it('refuses a branch answer with two commit SHAs (an older commit would become the tip)', async () => {
    const text = `{"name":"main","commit":{"sha":"${OTHER}","sha":"${MAIN_TIP}"}}`
    const { run } = await promotion(() => ({ text }))
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.exitCode).toBe(1)
    expect(errors(run)).toContain("'sha'")
  })
})

describe('46.2: the tip counts only from an answer about the branch asked for', () => {
  it("is not green when GET …/branches/main answers for branch 'feature/x'", async () => {
    const { run } = await promotion(() => json({ name: 'feature/x', commit: { sha: MAIN_TIP } }))
    expect(run.outputs['greenlight']).toBe('false')
    expect(errors(run)).toMatch(/'feature\/x'.*'main'|'main'.*'feature\/x'/)
  })

  it('follows a renamed branch (a 301 to the new name) and says so, naming both names', async () => {
    const { run } = await promotion(
      path =>
        path.endsWith('/branches/master')
          ? {
              status: 301,
              headers: { location: `/repos/${REPO}/branches/main` },
              text: '{"message":"Moved Permanently"}'
            }
          : mainBranch(),
      { branch: 'master' }
    )
    expect(run.outputs['status']).toBe('passed')
    expect(run.exitCode).toBe(0)
    const said = run.commands.map(c => c.message).find(m => /renamed/.test(m)) ?? ''
    expect(said).toContain("'master'")
    expect(said).toContain("'main'")
  })
})

describe('46.4 and 46.5: the one-shot reads wait what GitHub asks, and a reset is named by the clock', () => {
  it('a 429 on the branch asking for 120 s is not asked again a second later: one read, and the wait is said', async () => {
    const { run, server } = await promotion(() => ({
      status: 429,
      headers: { 'retry-after': '120' },
      text: '{"message":"You have exceeded a secondary rate limit"}'
    }))
    expect(reads(server, `/repos/${REPO}/branches/main`)).toHaveLength(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(errors(run)).toContain('120')
  })

  it("a 503 on the branch with Retry-After: 3 is asked again no sooner than GitHub's 3 s", async () => {
    const { run, times } = await promotion((_path, n) =>
      n === 0
        ? { status: 503, headers: { 'retry-after': '3' }, text: '{"message":"Unavailable"}' }
        : mainBranch()
    )
    expect(run.outputs['status']).toBe('passed')
    const [first, second] = times.get(`/repos/${REPO}/branches/main`) ?? []
    expect(second! - first!).toBeGreaterThanOrEqual(2900)
  })

  it("a 503 on the event path's check-runs read with Retry-After: 3 is asked again no sooner than 3 s", async () => {
    const times: number[] = []
    const server = await rawGitHub((path, n) => {
      if (path === `/repos/${REPO}`) return json({ full_name: REPO, default_branch: 'main' })
      if (path !== LIST) return mainBranch()
      times.push(Date.now())
      return n === 0
        ? { status: 503, headers: { 'retry-after': '3' }, text: '{"message":"Unavailable"}' }
        : listOf([EVENT_RUN])
    })
    const run = await checkGate(server, { timeout: '2h' }, { name: 'check_run', payload: EVENT })
    expect(run.outputs['status']).toBe('passed')
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(2900)
  })

  it('a rate limit resetting in an hour is named by its time, not as a wait of 1.8 billion seconds', async () => {
    const reset = Math.floor(Date.now() / 1000) + 3600
    const { run } = await promotion(() => ({
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
      text: '{"message":"API rate limit exceeded"}'
    }))
    expect(run.outputs['greenlight']).toBe('false')
    expect(errors(run)).not.toMatch(/\d{5,}s/)
    expect(errors(run)).toContain(new Date(reset * 1000).toISOString().slice(11, 16))
  })
})

describe("47.2: a merge queue's notification sends the pull request's head branch, as QA Wolf's action does", () => {
  const QUEUE_REF = 'gh-readonly-queue/main/pr-42-1d2c3b4a5f6e7d8c9b0a1f2e3d4c5b6a79881726'

  it('reads pull request 42 named in the queue ref with the token and sends its head branch and number', async () => {
    const em = await webService()
    const github = await rawGitHub(path =>
      path === `/repos/${REPO}/pulls/42`
        ? json({ number: 42, state: 'open', head: { ref: 'feature/checkout-button', sha: OTHER } })
        : { status: 404, text: '{"message":"Not Found"}' }
    )
    const run = await notifyOn('merge_group.checks_requested', em, { GITHUB_API_URL: github.url })
    expect(run.exitCode).toBe(0)
    expect(github.requests.map(r => [r.method, r.target, r.headers.authorization])).toEqual([
      ['GET', `/repos/${REPO}/pulls/42`, `token ${TOKEN}`]
    ])
    expect(requestsTo(em, 'notify')[0]?.json).toMatchObject({
      sha: (loadEvent('merge_group.checks_requested')['merge_group'] as { head_sha: string })
        .head_sha,
      branch: 'feature/checkout-button',
      pull_request_number: 42
    })
  })

  it('sends the queue ref, with a notice saying why, when the pull request cannot be read', async () => {
    const em = await webService()
    const github = await rawGitHub(() => ({ status: 404, text: '{"message":"Not Found"}' }))
    const run = await notifyOn('merge_group.checks_requested', em, { GITHUB_API_URL: github.url })
    expect(run.exitCode).toBe(0)
    expect(requestsTo(em, 'notify')[0]?.json).toMatchObject({
      branch: QUEUE_REF,
      pull_request_number: 42
    })
    const notice = messagesOf(run, 'notice').join('\n')
    expect(notice).toContain('pull request 42')
    expect(notice).toContain('404')
  })
})
