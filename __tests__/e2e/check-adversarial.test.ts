// verdict-from: check against GitHub answers a production deploy could meet: the bundle against a
// loopback server that plays GitHub's check-runs endpoint exactly as each test scripts it. A wrong
// green ships bugs and a needless red blocks a release, so each test pins which of the two a
// strange answer must give.
import { describe, expect, it } from '@jest/globals'
import type { IncomingMessage } from 'node:http'
import type { ActionRun } from '../../scripts/action-runner.js'
import { loadEvent, messagesOf, PR_HEAD_SHA, qaService, tinyServer } from '../helpers/e2e.js'
import {
  cancelledCheckGate,
  checkGate,
  checkRun,
  checkRunEvent,
  REPO,
  SHA,
  TOKEN
} from '../helpers/check-fixtures.js'
import type { TinyServer } from '../helpers/tiny-server.js'
import {
  checkRunReads,
  list,
  scriptedGitHub as gitHub,
  type Page
} from '../helpers/scripted-github.js'
import type { PresetCheckRun } from '../../emulator/config.js'

function gate(
  server: TinyServer,
  extra: Record<string, string> = {},
  event?: { name: string; payload: unknown },
  env?: Record<string, string>
): Promise<ActionRun> {
  return checkGate(server, { timeout: '2s', ...extra }, event, env)
}

function pageOf(req: IncomingMessage): string | null {
  return new URL(req.url ?? '/', 'http://x').searchParams.get('page')
}

describe('check runs: what decides is read strictly', () => {
  it("reads a started_at without a time zone as no time at all when since needs it, whatever the runner's zone", async () => {
    // An earlier deployment's success at 11:00 UTC; a runner in UTC-8 would read it as 19:00Z.
    const server = await gitHub(() => list([checkRun({ started_at: '2026-11-26T11:00:00' })]))
    const run = await gate(server, { since: '2026-11-26T11:30:00Z' }, undefined, {
      TZ: 'America/Los_Angeles'
    })
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.exitCode).toBe(1)
  })

  it('is never green when a Link names a next page the action cannot follow', async () => {
    const server = await gitHub((_n, req) =>
      pageOf(req) === '1' || pageOf(req) === null
        ? list([checkRun()], {
            link: `<${'https://api.github.com/repositories/1/commits/x/check-runs?cursor=abc'}>; rel="next"`
          })
        : list([checkRun({ conclusion: 'failure' })])
    )
    const run = await gate(server)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('error')
    expect(messagesOf(run, 'error').join('\n')).toContain('without a page number')
    // The token never went to the Link's origin, which is not even asked.
    expect(server.requests).toHaveLength(1)
  })

  it("is never green when GitHub's total_count says more check runs exist than the pages held", async () => {
    // A full page of successes, GitHub counting one more, and no Link to it (a proxy dropped it).
    const full = Array.from({ length: 100 }, (_, i) =>
      checkRun({ id: i + 1, app: { slug: `app-${i}` } })
    )
    const server = await gitHub(() => ({ body: { total_count: 101, check_runs: full } }))
    const run = await gate(server)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('error')
    expect(messagesOf(run, 'error').join('\n')).toContain('GitHub counts 101 check runs')
  })

  it("does not read a count above a page that is not full as a missing page (GitHub's count may include older check runs)", async () => {
    const server = await gitHub(() => ({ body: { total_count: 3, check_runs: [checkRun()] } }))
    const run = await gate(server)
    expect(run.outputs['status']).toBe('passed')
  })

  it('reads a later page when page 1 answers 304 and page 2 changed', async () => {
    let polls = 0
    const server = await gitHub((_n, req) => {
      const page = pageOf(req)
      const link = { link: `<${server.url}/x?page=2>; rel="next"`, etag: 'W/"p1"' }
      if (page === '1') {
        polls += 1
        return req.headers['if-none-match'] === 'W/"p1"'
          ? { status: 304, headers: link }
          : list([], link)
      }
      // Page 2: in progress first, then a failure with a new ETag.
      return polls < 2
        ? list([checkRun({ status: 'in_progress', conclusion: null })], { etag: 'W/"p2a"' })
        : list([checkRun({ conclusion: 'failure' })], { etag: 'W/"p2b"' })
    })
    const run = await gate(server)
    expect(run.outputs['status']).toBe('failed')
    expect(run.outputs['greenlight']).toBe('false')
  })

  it("takes GitHub's latest check run of a re-run (filter=latest): success after an earlier failure is green", async () => {
    const older = checkRun({ id: 1, conclusion: 'failure' })
    const newer = checkRun({ id: 2, started_at: '2026-11-26T12:30:00Z' })
    // As GitHub answers: all check runs with filter=all, else the latest of each app.
    const server = await gitHub((_n, req) =>
      list(
        new URL(req.url ?? '/', 'http://x').searchParams.get('filter') === 'all'
          ? [newer, older]
          : [newer]
      )
    )
    const run = await gate(server)
    expect(run.outputs['status']).toBe('passed')
    expect(run.outputs['check-run-id']).toBe('2')
  })

  it("takes the newest of one app's check runs when GitHub lists an older one beside it (another check suite)", async () => {
    // filter=latest is per check suite: a check run in a new suite leaves the old one listed.
    const older = checkRun({ id: 1, conclusion: 'failure', started_at: '2026-11-26T12:00:00Z' })
    const newer = checkRun({ id: 2, started_at: '2026-11-26T12:30:00Z' })
    const server = await gitHub(() => list([newer, older]))
    const run = await gate(server)
    expect(run.outputs['status']).toBe('passed')
    expect(run.outputs['check-run-id']).toBe('2')
  })

  it("is red when the newest of one app's check runs failed, whatever an older one said", async () => {
    const older = checkRun({ id: 1, started_at: '2026-11-26T12:00:00Z' })
    const newer = checkRun({ id: 2, conclusion: 'failure', started_at: '2026-11-26T12:30:00Z' })
    const server = await gitHub(() => list([older, newer]))
    const run = await gate(server)
    expect(run.outputs['status']).toBe('failed')
    expect(run.outputs['check-run-id']).toBe('2')
  })

  it("waits for the newest of one app's check runs while it runs, though an older one succeeded", async () => {
    const older = checkRun({ id: 1, started_at: '2026-11-26T12:00:00Z' })
    const newer = checkRun({ id: 2, status: 'in_progress', conclusion: null })
    const server = await gitHub(() => list([older, newer]))
    const run = await gate(server, { timeout: '1s' })
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('timed-out')
  })

  it.each(['SUCCESS', 'stale', 'passed', ''])('is never green on the conclusion %p', async c => {
    const server = await gitHub(() => list([checkRun({ conclusion: c })]))
    const run = await gate(server)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.exitCode).toBe(1)
  })

  // prettier-ignore
  const ONE_CHECK_RUN: [string, Record<string, unknown>, Record<string, string>, string][] = [
    ['is an error on a completed check run with a null conclusion', { conclusion: null }, {}, 'error'],
    ['reads an upper-case head_sha as the same commit', { head_sha: SHA.toUpperCase() }, {}, 'passed'],
    ['counts a check run started at since written with another offset', { started_at: '2026-11-26T13:00:00+01:00' }, { since: '2026-11-26T12:00:00Z' }, 'passed'],
    ["counts a check run started in since's second: GitHub's started_at has whole seconds, since may have milliseconds", { started_at: '2026-11-26T12:00:00Z' }, { since: '2026-11-26T12:00:00.900Z' }, 'passed'],
    ['still ignores a check run started the second before since', { started_at: '2026-11-26T11:59:59Z' }, { since: '2026-11-26T12:00:00.000Z', timeout: '1s' }, 'timed-out']
  ]

  it.each(ONE_CHECK_RUN)('%s', async (_, over, inputs, status) => {
    const server = await gitHub(() => list([checkRun(over)]))
    const run = await gate(server, inputs)
    expect(run.outputs['status']).toBe(status)
  })

  it('refuses a short sha at once instead of waiting out the timeout for a check it can never match', async () => {
    const server = await gitHub(() => list([checkRun()]))
    const run = await gate(server, { sha: SHA.slice(0, 7), timeout: '30s' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).not.toBe('true')
    const error = messagesOf(run, 'error').join('\n')
    expect(error).toContain("input 'sha' must be the full commit SHA")
    expect(error).not.toContain(SHA.slice(0, 7))
    expect(server.requests).toHaveLength(0)
  })

  it('refuses a sha that is not a SHA, naming the input, sending nothing', async () => {
    const server = await gitHub(() => list([checkRun()]))
    const run = await gate(server, { sha: 'main' })
    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error').join('\n')).toContain("'sha'")
    expect(server.requests).toHaveLength(0)
  })
  // Two apps posting the name, one failing: check-verdict.test.ts (one of two counting check runs failed).
})

describe('check runs: GitHub failures', () => {
  it('a 403 secondary rate limit is waited for, not read as a missing permission', async () => {
    const server = await gitHub(n =>
      n === 0
        ? {
            status: 403,
            body: {
              message: 'You have exceeded a secondary rate limit. Please wait a few minutes.'
            },
            headers: { 'retry-after': '1' }
          }
        : list([checkRun()])
    )
    const run = await gate(server, { timeout: '10s' })
    expect(run.outputs['status']).toBe('passed')
    expect(run.stdout).not.toContain('checks: read')
  })

  it('a rate limit whose reset is in the past is asked again, not waited for', async () => {
    const past = String(Math.floor(Date.now() / 1000) - 3600)
    const server = await gitHub(n =>
      n === 0
        ? list([checkRun({ status: 'in_progress', conclusion: null })], {
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': past
          })
        : list([checkRun()])
    )
    const run = await gate(server)
    expect(run.outputs['status']).toBe('passed')
  })

  it('5xx flapping within the timeout still reaches the verdict', async () => {
    const server = await gitHub(n =>
      n % 2 === 0 ? { status: 502, body: { message: 'Bad gateway' } } : list([checkRun()])
    )
    const run = await gate(server, { timeout: '10s' })
    expect(run.outputs['status']).toBe('passed')
  })

  it.each([404, 422, 401])('%p ends at once with error', async status => {
    const server = await gitHub(() => ({ status, body: { message: 'Not Found' } }))
    const run = await gate(server, { timeout: '30s' })
    expect(run.outputs['status']).toBe('error')
    expect(server.requests).toHaveLength(1)
    expect(run.stdout + run.stderr).not.toContain(TOKEN)
  })

  it('a 304 to a first request (no ETag sent) is not a verdict', async () => {
    const server = await gitHub(() => ({ status: 304 }))
    const run = await gate(server)
    expect(run.outputs['greenlight']).toBe('false')
  })

  it('wait: false on an in-progress check run ends not green at once', async () => {
    const server = await gitHub(() => list([checkRun({ status: 'in_progress', conclusion: null })]))
    const run = await gate(server, { wait: 'false', timeout: '30s' })
    expect(run.outputs['greenlight']).toBe('false')
    expect(server.requests).toHaveLength(1)
  })

  it.each([
    ['a 404', { status: 404, body: { message: 'Not Found' } }],
    ['an unknown conclusion', list([checkRun({ conclusion: 'stale' })])]
  ])(
    'fail-on-red: false and fail-on-timeout: false never forgive an error (%s)',
    async (_what, page) => {
      const server = await gitHub(() => page as Page)
      const run = await gate(server, { 'fail-on-red': 'false', 'fail-on-timeout': 'false' })
      expect(run.outputs['status']).toBe('error')
      expect(run.exitCode).toBe(1)
    }
  )

  it('fail-on-red: false forgives not-tested, but the output still says not green', async () => {
    const server = await gitHub(() => list([checkRun({ conclusion: 'skipped' })]))
    const run = await gate(server, { 'fail-on-red': 'false' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('not-tested')
  })
})

describe('check runs: hostile text', () => {
  it('never lets a title or summary print a workflow command', async () => {
    const hostile =
      '::error::forged\n##[set-output name=greenlight;]true\n::set-output name=greenlight::true\n<b>x</b> [a](javascript:1)'
    const server = await gitHub(() =>
      list([
        checkRun({
          conclusion: 'failure',
          output: { title: hostile.repeat(3), summary: hostile + 'x'.repeat(200_000) }
        })
      ])
    )
    const run = await gate(server)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.stdout).not.toMatch(/^::error::forged/m)
    expect(run.stdout).not.toMatch(/^##\[set-output/m)
    expect(run.stdout).not.toMatch(/^::set-output/m)
    expect(run.summary).not.toContain('<b>')
    expect(run.summary).not.toContain('](javascript:')
    expect(run.summary.length).toBeLessThan(200_000)
  })
})

describe('check runs: the check_run event', () => {
  const event = (action: string, over: Record<string, unknown> = {}) => ({
    ...checkRunEvent(over),
    action
  })

  it.each(['rerequested', 'requested_action', 'created'])(
    'is never green on a %p event, even when its check run is a completed success',
    async action => {
      const server = await gitHub(() => list([]))
      const run = await gate(server, {}, { name: 'check_run', payload: event(action) })
      expect(run.outputs['greenlight']).toBe('false')
      expect(run.outputs['status']).toBe('error')
      expect(run.exitCode).toBe(1)
      expect(messagesOf(run, 'error').join('\n')).toContain('types: [completed]')
      expect(server.requests).toHaveLength(0)
    }
  )

  it('is an error when the check run has no app or a null app.slug', async () => {
    for (const app of [undefined, { slug: null, name: 'QA Wolf' }]) {
      const server = await gitHub(() => list([]))
      const run = await gate(
        server,
        {},
        { name: 'check_run', payload: event('completed', { app }) }
      )
      expect(run.outputs['greenlight']).toBe('false')
      expect(run.exitCode).toBe(1)
    }
  })

  it('is not green for the right name on another commit than the sha input, and says to fix sha, not if:', async () => {
    const server = await gitHub(() => list([]))
    // sha: ${{ github.sha }} on check_run: the default branch's last commit, not the checked one.
    const run = await gate(
      server,
      { sha: '0123456789abcdef0123456789abcdef01234567' },
      { name: 'check_run', payload: event('completed') }
    )
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.exitCode).toBe(1)
    const error = messagesOf(run, 'error').join('\n')
    expect(error).toContain('github.event.check_run.head_sha')
    expect(error).not.toContain('if: github.event.check_run.name')
  })
})

describe("check runs: the check_run event weighed against the commit's list", () => {
  const completed = checkRunEvent({ completed_at: '2026-11-26T12:10:00Z' })
  const cr = completed['check_run'] as Record<string, unknown>
  const EVENT_SHA = cr['head_sha'] as string
  const EVENT_ID = cr['id'] as number
  const listed = (over: Record<string, unknown> = {}) =>
    checkRun({ id: EVENT_ID, head_sha: EVENT_SHA, ...over })
  const onEvent = { name: 'check_run', payload: completed }

  it("is not green when the event's own check run was reset to queued since (asked to run again)", async () => {
    const server = await gitHub(() =>
      list([listed({ status: 'queued', conclusion: null, completed_at: null })])
    )
    const run = await gate(server, {}, onEvent)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('timed-out')
    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error').join('\n')).toContain('was asked to run again since')
    expect(checkRunReads(server)).toHaveLength(1)
  })

  it("is red when GitHub lists the event's check run completed later as a failure", async () => {
    const server = await gitHub(() =>
      list([listed({ conclusion: 'failure', completed_at: '2026-11-26T12:20:00Z' })])
    )
    const run = await gate(server, {}, onEvent)
    expect(run.outputs['status']).toBe('failed')
    expect(run.outputs['check-conclusion']).toBe('failure')
  })

  it("keeps the event's copy when GitHub's list still shows an older completed one of it", async () => {
    const server = await gitHub(() =>
      list([listed({ conclusion: 'failure', completed_at: '2026-11-26T12:00:00Z' })])
    )
    const run = await gate(server, {}, onEvent)
    expect(run.outputs['status']).toBe('passed')
    expect(run.outputs['check-conclusion']).toBe('success')
  })

  it('is an error, never green, when GitHub cannot find the commit (404), asked once', async () => {
    const server = await gitHub(() => ({ status: 404, body: { message: 'Not Found' } }))
    const run = await gate(server, {}, onEvent)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('error')
    expect(server.requests).toHaveLength(1)
  })

  it('is never green when a listed check run of that name cannot be read', async () => {
    const server = await gitHub(() => list([listed({ id: EVENT_ID + 1, app: null })]))
    const run = await gate(server, {}, onEvent)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('error')
  })
})

describe('check runs: waits that must end, and a check not started yet', () => {
  it('waits for a queued check run without a started_at when since is set, and is green once it completes', async () => {
    const server = await gitHub(n =>
      list([
        n < 2
          ? checkRun({ status: 'queued', conclusion: null, started_at: null })
          : checkRun({ started_at: '2026-11-26T12:05:00Z' })
      ])
    )
    const run = await gate(server, { since: '2026-11-26T12:00:00Z', timeout: '10s' })
    expect(run.outputs['status']).toBe('passed')
    expect(server.requests.length).toBeGreaterThanOrEqual(3)
  })

  it('a 403 whose rate limit resets after the timeout ends not green, and names the rate limit, not checks: read', async () => {
    const reset = String(Math.floor(Date.now() / 1000) + 3600)
    const server = await gitHub(() => ({
      status: 403,
      body: { message: 'API rate limit exceeded for installation.' },
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }
    }))
    const run = await gate(server, { timeout: '3s' })
    expect(run.outputs['greenlight']).toBe('false')
    const error = messagesOf(run, 'error').join('\n')
    expect(error).toContain('rate limit')
    expect(error).not.toContain('checks: read')
  })

  it('a 429 with Retry-After: 0 is not asked again in a busy loop', async () => {
    const server = await gitHub(() => ({
      status: 429,
      body: { message: 'Too many requests' },
      headers: { 'retry-after': '0' }
    }))
    const run = await gate(server, { timeout: '3s' })
    expect(run.outputs['greenlight']).toBe('false')
    // At least a second apart within 3 s: a handful of reads, never hundreds.
    expect(server.requests.length).toBeLessThanOrEqual(8)
  })

  it('a since in the future ignores every check run and says why', async () => {
    const server = await gitHub(() => list([checkRun()]))
    const run = await gate(server, { since: '2099-01-01T00:00:00Z', timeout: '1s' })
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('timed-out')
    expect(run.stdout).toContain('started before since')
  })

  it('stops within 2 s on SIGTERM while a page is being read, and reports interrupted', async () => {
    const server = await tinyServer()
    let asked = false
    // Page 1 is never answered: the read hangs until the job is cancelled.
    server.handle = () => {
      asked = true
    }
    const { run, signalled } = await cancelledCheckGate(server, () => asked)
    expect(signalled).toBe(true)
    expect(run.signal).toBeNull()
    expect(run.outputs['status']).toBe('interrupted')
    expect(run.outputs['greenlight']).toBe('false')
  })
})

describe('check runs: hostile fields that reach the log', () => {
  it("never lets a check run's status or conclusion write a workflow command or a terminal escape", async () => {
    const server = await gitHub(n =>
      list([
        n === 0
          ? checkRun({ status: 'queued\n::error::forged-status\u001b[2J', conclusion: null })
          : checkRun({ conclusion: 'odd\n::error::forged\u001b]8;;https://evil.example\u0007x' })
      ])
    )
    const run = await gate(server, { timeout: '5s' })
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.stdout).not.toMatch(/^::error::forged/m)
    expect(run.stdout).not.toContain('\u001b')
    expect(run.summary).not.toContain('\u001b')
  })

  it("never lets a check_run event's name or app write a workflow command", async () => {
    const event = checkRunEvent({
      name: 'e2e\n::error::forged-name',
      app: { slug: '::set-output name=greenlight::true', name: 'x' }
    })
    const server = await gitHub(() => list([]))
    const run = await gate(server, {}, { name: 'check_run', payload: event })
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.stdout).not.toMatch(/^::error::forged/m)
    expect(run.stdout).not.toMatch(/^::set-output/m)
  })
})

describe('check runs: where GitHub is, and what it answers', () => {
  it('follows a redirect to another origin without the token, and never takes its list for a verdict', async () => {
    const elsewhere = await gitHub(() => list([checkRun()]))
    const server = await gitHub(() => ({
      status: 301,
      headers: { location: `${elsewhere.url}/repos/${REPO}/commits/${SHA}/check-runs` }
    }))
    const run = await gate(server)
    for (const req of elsewhere.requests) expect(req.headers['authorization']).toBeUndefined()
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('error')
    expect(messagesOf(run, 'error').join('\n')).toContain(
      `redirected the request to ${new URL(elsewhere.url).origin}, not GITHUB_API_URL`
    )
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
    const run = await gate(server, {}, undefined, { GITHUB_API_URL: `${server.url}/api/v3` })
    expect(run.outputs['status']).toBe('failed')
    expect(server.requests.map(r => r.target.split('?')[0])).toEqual([
      `/api/v3/repos/${REPO}/commits/${SHA}/check-runs`,
      `/api/v3/repos/${REPO}/commits/${SHA}/check-runs`
    ])
  })

  it('an HTML page answered 200 (a proxy login page) is never a verdict', async () => {
    const server = await tinyServer()
    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<html><body>Sign in to the proxy</body></html>')
    }
    const run = await gate(server)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('error')
  })

  it('fail-on-timeout: false forgives no check at the timeout, and the output says not green', async () => {
    const server = await gitHub(() => list([]))
    const run = await gate(server, { 'fail-on-timeout': 'false', timeout: '1s' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('timed-out')
  })
})

describe('check runs: the pull request comment', () => {
  /** A check gate with comment-on-pr against the emulator's GitHub side. */
  function commentGate(
    em: { url: string },
    extra: Record<string, string>,
    event: { name: string; payload: unknown }
  ): Promise<ActionRun> {
    return checkGate(em, { 'comment-on-pr': 'true', timeout: '2s', ...extra }, event)
  }

  /** The emulator's QA Wolf check run on the pull request's head, concluded failure. */
  function failedOnPrHead(over: Partial<PresetCheckRun> = {}): PresetCheckRun {
    return {
      repository: REPO,
      sha: PR_HEAD_SHA,
      startedAt: '2026-11-26T12:00:00Z',
      conclusion: 'failure',
      ...over
    }
  }

  it("comments on the pull request of the sha whose check decided, not of the workflow's commit", async () => {
    const DEFAULT_BRANCH_SHA = '0123456789abcdef0123456789abcdef01234567'
    const em = await qaService({
      github: {
        checkRuns: [failedOnPrHead()],
        pullRequests: [
          { repository: REPO, number: 42, headSha: PR_HEAD_SHA },
          { repository: REPO, number: 43, headSha: DEFAULT_BRANCH_SHA }
        ]
      }
    })
    const run = await commentGate(
      em,
      { sha: PR_HEAD_SHA },
      { name: 'workflow_dispatch', payload: loadEvent('workflow_dispatch') }
    )
    expect(run.outputs['status']).toBe('failed')
    expect(em.github.comments.map(c => c.issueNumber)).toEqual([42])
  })

  it('shows a hostile check title and summary in the comment as text: no HTML, no javascript: link, no mention', async () => {
    const em = await qaService({
      github: {
        checkRuns: [
          failedOnPrHead({
            title: '<img src=x onerror=alert(1)> @acme/security',
            summary: '[login](javascript:alert(1)) <!-- qa-greenlight --> @octocat',
            detailsUrl: 'javascript:alert(2)'
          })
        ]
      }
    })
    const run = await commentGate(
      em,
      {},
      { name: 'pull_request', payload: loadEvent('pull_request.opened') }
    )
    expect(run.outputs['status']).toBe('failed')
    const body = em.github.comments[0]?.body ?? ''
    expect(body).toContain('failure')
    expect(body).not.toContain('<img')
    expect(body).not.toContain('](javascript:')
    expect(body).not.toMatch(/(^|[^`\\])@acme\/security/)
    expect(body).not.toMatch(/(^|[^`\\])@octocat/)
    // One hidden marker only: the check's text cannot forge the comment's own.
    expect(body.match(/<!--/g) ?? []).toHaveLength(1)
  })
})
