// The event and GitHub's failures, the parts without a network: the runner's variables and event
// file, which pull request a verdict belongs to, what GitHub asked to wait, and the one shape of a
// GitHub failure message (never the token). GitHub's answers themselves are tested end to end
// (behaviour/github-answers, check-verdict, pr-comment).
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  deriveFromEvent,
  eventCommit,
  providerDeploymentId,
  pullRequestLookup,
  type GitHubContext
} from '../../src/kernel/event.js'
import { GITHUB_BUDGET_MS, readGitHubContext } from '../../src/kernel/github.js'
import {
  gitHubFailureMessage,
  lastPageOf,
  linkedPage,
  rateLimitWaitMs
} from '../../src/kernel/github-failure.js'
import { openPullRequestWithHead } from '../../src/gate/github-reads.js'
import { loadEvent } from '../helpers/events.js'
import { githubContext } from '../helpers/github-context.js'

const dir = mkdtempSync(path.join(tmpdir(), 'event-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function eventFile(content: string): string {
  const file = path.join(dir, `event-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, content)
  return file
}

describe('readGitHubContext', () => {
  // The run's ID, attempt and job and the repository: behaviour/notify-routes (providerDeploymentId).
  it('reads the event file and the ref, dropping trailing slashes of the addresses', () => {
    const ctx = readGitHubContext({
      GITHUB_EVENT_PATH: eventFile('{"after":"abc"}'),
      GITHUB_REF: 'refs/heads/release/2024-05',
      GITHUB_SERVER_URL: 'https://ghes.example.com/',
      GITHUB_API_URL: 'https://ghes.example.com/api/v3/'
    })
    expect(ctx).toMatchObject({
      payload: { after: 'abc' },
      refName: 'release/2024-05',
      refType: 'branch',
      serverUrl: 'https://ghes.example.com',
      apiUrl: 'https://ghes.example.com/api/v3'
    })
  })

  it("defaults to github.com, reads a tag's ref, and names a missing event file", () => {
    const ctx = readGitHubContext({ GITHUB_REF: 'refs/tags/v1.0.0' })
    expect(ctx).toMatchObject({
      refName: 'v1.0.0',
      refType: 'tag',
      serverUrl: 'https://github.com',
      apiUrl: 'https://api.github.com',
      payload: {},
      eventFileProblem: 'GITHUB_EVENT_PATH is not set, so there is no event file to read.'
    })
    expect(readGitHubContext({ GITHUB_REF: 'refs/pull/4/merge' }).refType).toBe('')
  })

  // prettier-ignore
  it.each([
    ['a missing file', () => path.join(dir, 'missing.json'), 'does not exist.'],
    ['a directory', () => dir, 'cannot be read (EISDIR).'],
    ['invalid JSON', () => eventFile('{"action": "opened",'), 'is not valid JSON.'],
    ['a blank file', () => eventFile(' \n'), 'is empty.'],
    ['a JSON array', () => eventFile('[{}]'), 'holds a JSON array, not a JSON object.'],
    ['JSON null', () => eventFile('null'), 'holds null, not a JSON object.'],
    ['a JSON string', () => eventFile('"push"'), 'holds a JSON string, not a JSON object.']
  ])('reads %s as an empty payload, naming the file and what is wrong', (_, file, what) => {
    const at = file()
    const ctx = readGitHubContext({ GITHUB_EVENT_PATH: at })
    expect(ctx.payload).toEqual({})
    expect(ctx.eventFileProblem).toBe(`The event file ${at} (GITHUB_EVENT_PATH) ${what}`)
  })
})

const context = (eventName: string, payload = {}, extra: Partial<GitHubContext> = {}) =>
  githubContext({ eventName, payload, ...extra })

const SHA = 'a'.repeat(40)

describe('deriveFromEvent', () => {
  // prettier-ignore
  it.each([
    ['pull_request', { number: 7, pull_request: { head: { sha: SHA, ref: 'feat' } } }, {}, { sha: SHA, branch: 'feat', pullRequestNumber: 7, notes: [] }],
    ['push', { after: '0'.repeat(40), ref: 'refs/tags/v1' }, { sha: SHA }, { sha: SHA, notes: ['A tag push has no branch; none is sent.'] }],
    ['deployment_status', { deployment_status: { state: 'failure' } }, {}, { skip: "The deployment_status event has state 'failure', not 'success'.", notes: [] }],
    ['deployment_status', {}, {}, { skip: 'The deployment_status event has state (missing), not \'success\'.', notes: [] }],
    ['deployment_status', { deployment_status: { state: 'success', environment_url: 'ftp://x' }, deployment: { sha: 'XYZ', ref: 'refs/heads/main' } }, {}, { branch: 'main', notes: ["The event's commit 'XYZ' is not a commit SHA; no sha is sent.", "The event's deployment URL 'ftp://x' is not an http(s) URL; it is not sent."] }],
    ['deployment', { deployment: { sha: SHA, ref: SHA, payload: '{"web_url": "https://pr.example.com"}' } }, {}, { sha: SHA, deploymentUrl: 'https://pr.example.com', notes: ['The deployment ref is a commit SHA, not a branch; no branch is sent.'] }],
    ['deployment', { deployment: { ref: 'refs/tags/v1', payload: '{' } }, {}, { notes: ["The deployment ref 'refs/tags/v1' is not a branch; no branch is sent."] }],
    ['deployment', { deployment: { ref: 'release', payload: { web_url: 'https://a.example.com' } } }, {}, { branch: 'release', deploymentUrl: 'https://a.example.com', notes: [] }],
    ['workflow_run', { workflow_run: { head_sha: SHA, head_branch: 'a\nb' } }, {}, { sha: SHA, notes: ["The event's branch 'a\\nb' contains control characters; no branch is sent."] }],
    ['merge_group', { merge_group: { head_sha: SHA, head_ref: 'refs/heads/gh-readonly-queue/main/pr-12-abc' } }, {}, { sha: SHA, branch: 'gh-readonly-queue/main/pr-12-abc', pullRequestNumber: 12, notes: [] }],
    ['merge_group', { merge_group: { head_sha: SHA } }, { mergeQueuePull: { number: 3, branch: 'fix' } }, { sha: SHA, branch: 'fix', pullRequestNumber: 3, notes: [] }],
    ['check_suite', { check_suite: { head_sha: SHA, head_branch: 'main' } }, {}, { sha: SHA, branch: 'main', notes: [] }],
    ['check_run', { check_run: { head_sha: SHA, check_suite: { head_branch: 'main' } } }, {}, { sha: SHA, branch: 'main', notes: [] }],
    ['pull_request_review', { pull_request: { number: 4, head: { sha: SHA, ref: 'feat' } } }, { sha: 'b'.repeat(40), ref: 'refs/pull/4/merge', refName: '4/merge' }, { sha: SHA, branch: 'feat', pullRequestNumber: 4, notes: [] }]
  ] as const)('reads a %s event %j', (eventName, payload, extra, expected) =>
    // toEqual: a field that is undefined counts as absent.
    expect(deriveFromEvent(context(eventName, payload, extra))).toEqual(expected)
  )

  it('composes the provider deployment ID, and finds no commit for an issue comment', () => {
    const ctx = context('push', {}, { runId: '9', runAttempt: '2', job: 'deploy' })
    expect([providerDeploymentId(ctx, ''), providerDeploymentId(ctx, 'eu')]).toEqual([
      '9-2-deploy',
      '9-2-deploy:eu'
    ])
    expect(providerDeploymentId(context('push'), '')).toBeUndefined()
    expect(eventCommit(context('issue_comment', {}, { sha: SHA }))).toBeUndefined()
  })
})

const onPr = { issue: { number: 5, pull_request: { url: 'https://api.github.com/x' } } }
const sha = '4b825dc642cb6eb9a060e54bf8d69288fbee4904'
// A pull request event and a comment on a pull request name it; other events, their commit as
// notify derives it (a failed deployment's: GITHUB_SHA).
// prettier-ignore
it.each([
  ['pull_request', loadEvent('pull_request.opened'), {}, { kind: 'number', number: 42 }],
  ['issue_comment', onPr, {}, { kind: 'number', number: 5 }],
  ['issue_comment', { issue: { number: 5 } }, {}, { kind: 'none', reason: 'The issue_comment event is on an issue, not a pull request.' }],
  ['pull_request', {}, {}, { kind: 'none', reason: 'The pull_request event has no pull_request.number.' }],
  ['deployment_status', loadEvent('deployment_status.success'), {}, { kind: 'sha', sha }],
  ['push', loadEvent('push.branch'), {}, { kind: 'sha', sha: '5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f' }],
  ['deployment_status', loadEvent('deployment_status.failure'), { sha }, { kind: 'sha', sha }],
  ['workflow_dispatch', {}, { sha: '' }, { kind: 'none', reason: 'The workflow_dispatch event names no commit to look a pull request up by.' }]
] as const)('pullRequestLookup finds a %s event\'s pull request (%#)', (event, payload, extra, found) =>
  expect(pullRequestLookup(context(event, payload, extra))).toEqual(found)
)

it('takes the first open pull request whose head is the commit', () => {
  const pulls = [
    { number: 1, state: 'closed', head: { sha } },
    { number: 2, state: 'open', head: { sha: 'f'.repeat(40) } },
    { number: 3, state: 'open', head: { sha: sha.toUpperCase() } },
    { number: 4, state: 'open', head: { sha } }
  ]
  expect(openPullRequestWithHead(pulls, sha)).toBe(3)
  expect(openPullRequestWithHead([null, 'x', { state: 'open', head: { sha } }], sha)).toBe(
    undefined
  )
})

const failure = (status: number, message: string, headers: Record<string, string> = {}) =>
  Object.assign(new Error(message), { status, response: { status, headers } })

describe("what GitHub asked to wait, and a GitHub failure's message", () => {
  const reset = { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '100' }
  it.each([
    [failure(403, 'x', { 'retry-after': '7' }), 0, 7000],
    [failure(503, 'x', { 'retry-after': '5' }), 0, 5000],
    [failure(403, 'x', reset), 90_000, 10_000],
    [failure(403, 'You have exceeded a secondary rate limit'), 0, 60_000],
    [failure(403, 'Resource not accessible by integration'), 0, undefined],
    [failure(503, 'Unavailable'), 0, undefined],
    [failure(404, 'x', { 'retry-after': '7' }), 0, undefined]
  ])(
    'reads a wait from Retry-After (429, 503 too), a used-up quota or a message (%#)',
    (e, now, ms) => expect(rateLimitWaitMs(e, now)).toBe(ms)
  )

  const words = {
    what: 'Nothing read',
    advice: { 403: 'Add checks: read.' },
    rateLimited: 'later.'
  }
  const say = (error: unknown, now = 0) =>
    gitHubFailureMessage(error, words, 'https://api.github.com', 'ghs_secret', now)

  it('names a rate limit as such, with its reset, never as a missing permission; the advice by status', () => {
    const resetAt = Date.parse('2026-11-29T01:30:00Z')
    const limited = failure(403, 'API rate limit exceeded', {
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(resetAt / 1000)
    })
    expect(say(limited, resetAt - 3_600_000)).toBe(
      "Nothing read: GitHub answered 403 (API rate limit exceeded): GitHub's rate limit for this token was reached and it resets at 01:30:00 UTC (in 1h), past the 30 s bound on the exchange. This is not a missing permission; later."
    )
    expect(say(failure(429, 'slow down', { 'retry-after': '120' }))).toContain(
      'it asked to wait 120s, past the 30 s bound'
    )
    // The use's advice by status; a network failure told from a 5xx; never the token.
    expect(say(failure(403, 'Resource not accessible'))).toBe(
      'Nothing read: GitHub answered 403 (Resource not accessible). Add checks: read.'
    )
    expect(say(failure(503, 'Unavailable', { 'retry-after': '90' }))).toBe(
      'Nothing read: GitHub answered 503 (Unavailable); it asked to wait 90s, past the 30 s bound on the exchange.'
    )
    expect(say(Object.assign(new Error('getaddrinfo ENOTFOUND x'), { status: 500 }))).toBe(
      'Nothing read: GitHub could not be reached at https://api.github.com (getaddrinfo ENOTFOUND x). Check GITHUB_API_URL and the proxy settings.'
    )
    expect(say(failure(401, 'Bad credentials for ghs_secret'))).toBe(
      "Nothing read: GitHub answered 401 (Bad credentials for ***). Check that 'github-token' is a valid, unexpired token."
    )
  })

  it("reads a Link header's page numbers, never its address, and bounds an exchange at 30 s", () => {
    const link =
      '<https://api.github.com/x?per_page=100&page=2>; rel="next", <https://evil.example/x?page=35>; rel="last"'
    expect([linkedPage(link, 'next'), lastPageOf(link)]).toEqual([2, 35])
    expect(linkedPage('<https://api.github.com/x?cursor=a>; rel="next"', 'next')).toBeNaN()
    expect(lastPageOf('<https://api.github.com/x?page=2>; rel="next"')).toBeUndefined()
    expect(GITHUB_BUDGET_MS).toBe(30_000)
  })
})
