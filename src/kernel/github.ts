// GitHub's REST API through Octokit, loaded only when a step needs it, with the guarantees of
// docs/reliability.md; and the run's context (@actions/github's would load Octokit at start-up).
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { isRecord, USER_AGENT } from './values.js'
import { hasControlChar, nonBlankText, plainText, quote } from './text.js'
import { deriveFromEvent, mergeQueuePullRequest, type GitHubContext } from './event.js'
import { gitHubFailureMessage, httpStatusOf, waitAskedFor } from './github-failure.js'
import type { GitHubFailureWords } from './github-failure.js'
import { formatDuration } from './time.js'
import { withDeadline } from './http.js'
import { findRepeatedKey, parseJson } from './json.js'

export type Octokit = ReturnType<typeof import('@actions/github').getOctokit>

/** The most of one answer of GitHub's that is read: a page of comments or check runs is far less. */
const GITHUB_MAX_BYTES = 32 * 2 ** 20

/** For a whole exchange with GitHub (every request, page and byte): a hanging API must not hold the job. */
export const GITHUB_BUDGET_MS = 30_000

/** `value` (a budget, a size), or a smaller one the tests of whole steps set in variable `name`. */
export function testOverride(env: NodeJS.ProcessEnv, name: string, value = GITHUB_BUDGET_MS) {
  const asked = Number(env[name])
  return Number.isFinite(asked) && asked > 0 ? asked : value
}

export class BudgetExceeded extends Error {
  override readonly name = 'BudgetExceeded'
  constructor(readonly budgetMs: number) {
    super(`GitHub did not answer within ${Math.round(budgetMs / 1000)} s`)
  }
}

/** `work` under one signal that aborts at `budgetMs` (`BudgetExceeded`) or with `cancel`. */
export async function withGitHub<T>(
  token: string,
  apiUrl: string,
  work: (octokit: Octokit, signal: AbortSignal) => Promise<T>,
  budgetMs: number,
  cancel?: AbortSignal
): Promise<T> {
  const deadline = Date.now() + budgetMs
  const reasons = { timedOut: () => new BudgetExceeded(budgetMs), cancelled: () => cancel?.reason }
  return withDeadline(budgetMs, reasons, cancel, async signal =>
    work(await openGitHubApi(token, apiUrl, deadline, signal), signal)
  )
}

export const DEPLOYMENTS_WRITE =
  'The token needs the deployments: write permission: add "permissions: deployments: write" to the job (and pass that token as \'github-token\').'

/** A step's `withGitHub` (its budget from the test-only variable): nothing once done, else why
 * not in `say`'s words, read once it failed (`said` when the work's own error tells it all). */
export async function tryGitHub(
  ctx: { token: string; apiUrl: string; env: NodeJS.ProcessEnv; signal: AbortSignal },
  work: (octokit: Octokit, signal: AbortSignal) => Promise<unknown>,
  say: (error: unknown) => GitHubFailureWords & {
    cancelled: string
    timedOut: (within: string) => string
    said?: string
  },
  budgetMs = GITHUB_BUDGET_MS
): Promise<string | undefined> {
  const budget = testOverride(ctx.env, 'QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS', budgetMs)
  try {
    await withGitHub(ctx.token, ctx.apiUrl, work, budget, ctx.signal)
  } catch (error) {
    const words = say(error)
    if (ctx.signal.aborted) return words.cancelled
    if (error instanceof BudgetExceeded) return words.timedOut(formatDuration(error.budgetMs))
    return words.said ?? gitHubFailureMessage(error, words, ctx.apiUrl, ctx.token)
  }
}

async function openGitHubApi(
  token: string,
  apiUrl: string,
  deadline: number,
  signal: AbortSignal
): Promise<Octokit> {
  const { getOctokit } = await import('@actions/github')
  const octokit = getOctokit(token, { baseUrl: apiUrl, userAgent: USER_AGENT })
  const origin = new URL(apiUrl).origin
  // The tests of whole steps show the cap on a smaller one: 32 MiB is slow to send on a busy machine.
  const cap = testOverride(process.env, 'QA_GREENLIGHT_TEST_GITHUB_MAX_BYTES', GITHUB_MAX_BYTES)
  octokit.hook.wrap('request', async (send, options) => {
    // Requests are built from paths and page numbers, never from a Link header's URL.
    const target = new URL(String(options.url), `${apiUrl.replace(/\/+$/, '')}/`)
    if (target.origin !== origin) {
      throw new Error(`refused to send the token to ${target.origin}, not GITHUB_API_URL`)
    }
    const reads = options.method === 'GET' || options.method === 'HEAD'
    // fetch follows a 307/308 with the same body, to any origin: a write is never followed.
    const fetch = options.request.fetch ?? globalThis.fetch
    options.request = {
      ...options.request,
      ...(reads ? {} : { redirect: 'manual' }),
      fetch: (url: string, init: RequestInit) => strictly(fetch(url, init), origin, reads, cap)
    }
    for (let tries = 1; ; tries++) {
      try {
        return await send(options)
      } catch (error) {
        // Octokit wraps what its fetch threw.
        const cause = isRecord(error) ? error['cause'] : undefined
        if (cause instanceof Refusal) throw cause
        // GitHub did not act on a rate-limited request; a 503 only a read may send again.
        const wait = waitAskedFor(error, Date.now())
        if (wait === undefined || (!reads && httpStatusOf(error) === 503)) throw error
        const pauseMs = Math.max(wait.ms, 1000)
        if (tries >= 4) throw Object.assign(error as object, { triesSpent: tries })
        if (Date.now() + pauseMs >= deadline) throw error
        await sleep(pauseMs, undefined, { signal })
      }
    }
  })
  return octokit
}

/** An answer that must not be read: from another origin, a write's redirect, or JSON with a
 * repeated key. With a status it is described as GitHub's answer; without, like no answer at all. */
class Refusal extends Error {}
const refusal = (message: string, status?: number): Refusal =>
  Object.assign(
    new Refusal(message),
    status === undefined ? {} : { response: { status, headers: {}, data: { message } } }
  )

async function strictly(answer: Promise<Response>, origin: string, reads: boolean, cap: number) {
  const response = await answer
  // fetch follows a read's redirect to another origin without the token: not GitHub's answer.
  const from = response.url === '' ? origin : new URL(response.url).origin
  if (from !== origin) {
    throw refusal(
      `GitHub redirected the request to ${from}, not GITHUB_API_URL; an answer from there is never used`
    )
  }
  if (!reads && response.status >= 300 && response.status <= 399) {
    const where = URL.parse(String(response.headers.get('location')), origin)?.origin
    throw refusal(
      `GitHub redirected the request to ${where ?? 'another address'}; a request that changes something is never followed to another address, and was not sent there`,
      response.status
    )
  }
  // Read whole here, within a cap, and handed to Octokit as read: a body cut short is Octokit's to
  // read as it does (an answer without its data).
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for await (const chunk of response.body ?? []) {
      if ((size += chunk.byteLength) > cap) {
        const mib = cap / 2 ** 20
        throw refusal(`the answer is larger than ${mib} MiB, so it is not read`, response.status)
      }
      chunks.push(chunk)
    }
  } catch (error) {
    if (error instanceof Refusal) throw error
  }
  const body = Buffer.concat(chunks)
  const read = new Response(size === 0 ? null : body, response)
  Object.defineProperty(read, 'url', { value: response.url })
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return read
  // A body that is not JSON Octokit reads as text, which no reader takes for an answer.
  const text = body.toString('utf8')
  const key = parseJson(text) === undefined ? undefined : findRepeatedKey(text)
  if (key === undefined) return read
  throw refusal(
    `the answer repeats the key '${plainText(key, 60)}' in one object, so it is not read`,
    response.status
  )
}

export function readGitHubContext(env: NodeJS.ProcessEnv): GitHubContext {
  const ref = env.GITHUB_REF ?? ''
  const kind = /^refs\/(heads|tags)\//.exec(ref)?.[1]
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    ...readPayload(env.GITHUB_EVENT_PATH),
    sha: env.GITHUB_SHA ?? '',
    ref,
    // Older runners and local tools (act) may set GITHUB_REF without the derived variables.
    refName: env.GITHUB_REF_NAME || ref.replace(/^refs\/(heads|tags)\//, ''),
    refType: env.GITHUB_REF_TYPE || ({ heads: 'branch', tags: 'tag' }[kind ?? ''] ?? ''),
    serverUrl: (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, ''),
    apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    repository: env.GITHUB_REPOSITORY ?? '',
    runId: env.GITHUB_RUN_ID ?? '',
    runAttempt: env.GITHUB_RUN_ATTEMPT ?? '',
    job: env.GITHUB_JOB ?? ''
  }
}

// A missing or corrupt event file must not stop a step that can use explicit inputs, but it must
// be named: read as an empty event it would look like an event that says nothing (or "skip").
function readPayload(path: string | undefined) {
  const broken = (problem: string) => ({ payload: {}, eventFileProblem: problem })
  if (!path) return broken('GITHUB_EVENT_PATH is not set, so there is no event file to read.')
  const file = `The event file ${path} (GITHUB_EVENT_PATH)`
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return broken(
      code === 'ENOENT' ? `${file} does not exist.` : `${file} cannot be read (${code ?? error}).`
    )
  }
  if (text.trim() === '') return broken(`${file} is empty.`)
  const parsed = parseJson(text)
  if (parsed === undefined) return broken(`${file} is not valid JSON.`)
  if (isRecord(parsed)) return { payload: parsed }
  const kind = Array.isArray(parsed) ? 'array' : parsed === null ? 'null' : typeof parsed
  return broken(`${file} holds ${kind === 'null' ? kind : `a JSON ${kind}`}, not a JSON object.`)
}

/** On `merge_group`, the queue's pull request and its head branch, or a notice saying why not. */
export async function withMergeQueuePull(
  ctx: GitHubContext,
  token: string,
  env: NodeJS.ProcessEnv
): Promise<{ context: GitHubContext; notice?: string }> {
  const ref = ctx.eventName === 'merge_group' ? deriveFromEvent(ctx).branch : undefined
  const number = mergeQueuePullRequest(ref)
  const [owner = '', repo = ''] = ctx.repository.split('/')
  if (number === undefined || repo === '') return { context: ctx }
  const what = `The merge queue's pull request ${number} was not read, so the queue ref ${quote(ref ?? '')} is sent as the branch`
  if (token === '') return { context: ctx, notice: `${what}: input 'github-token' is empty.` }
  try {
    const { data } = await withGitHub(
      token,
      ctx.apiUrl,
      (octokit, signal) =>
        octokit.rest.pulls.get({ owner, repo, pull_number: number, request: { signal } }),
      testOverride(env, 'QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS')
    )
    const branch = nonBlankText(isRecord(data.head) ? data.head.ref : undefined)?.trim()
    if (data.number !== number || branch === undefined || hasControlChar(branch)) {
      return { context: ctx, notice: `${what}: GitHub's answer names no head branch of it.` }
    }
    return { context: { ...ctx, mergeQueuePull: { number, branch } } }
  } catch (error) {
    const advice = { 403: 'The token needs pull-requests: read.' }
    const words = { what, advice, rateLimited: 'the queue ref is sent this time.' }
    return { context: ctx, notice: gitHubFailureMessage(error, words, ctx.apiUrl, token) }
  }
}
