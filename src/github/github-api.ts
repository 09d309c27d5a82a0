// The GitHub REST API as this action uses it (the PR comment, notify's GitHub deployment):
// Octokit, loaded only when a step needs it (it is a large part of the bundle), with one set of
// guarantees: the token goes to GITHUB_API_URL's origin and nowhere else, a rate limit is waited
// out when GitHub's wait ends within the budget, and the whole exchange ends within that budget
// or at the job's cancellation, however GitHub behaves meanwhile.
import { setTimeout as sleep } from 'node:timers/promises'
import { USER_AGENT } from '../core/version.js'
import { isRecord } from '../core/is-record.js'
import { noteRetriesSpent, rateLimitWaitMs } from './github-failure.js'

export type Octokit = ReturnType<typeof import('@actions/github').getOctokit>

/** For a whole exchange with GitHub (every request, page and byte): a hanging API must not hold the job. */
export const GITHUB_BUDGET_MS = 30_000

/** A rate-limited request is sent at most this often, and never sooner than the floor. */
export const RATE_LIMIT_TRIES = 4
export const RATE_LIMIT_PAUSE_FLOOR_MS = 1000

/** The budget, or a shorter one the end-to-end tests set through a test-only variable. */
export function gitHubBudgetMs(env: NodeJS.ProcessEnv, testVariable: string): number {
  const ms = Number(env[testVariable])
  return Number.isFinite(ms) && ms > 0 ? ms : GITHUB_BUDGET_MS
}

/**
 * `work(octokit, signal)` against GITHUB_API_URL (GitHub Enterprise Server included) under one
 * signal that aborts at `budgetMs` or with `cancel`, whichever comes first; the promise settles
 * then even if `work` does not listen. A `BudgetExceeded` rejection tells the budget from the
 * cancellation.
 */
export async function withGitHub<T>(
  token: string,
  apiUrl: string,
  work: (octokit: Octokit, signal: AbortSignal) => Promise<T>,
  budgetMs: number,
  cancel?: AbortSignal
): Promise<T> {
  const deadline = Date.now() + budgetMs
  const budget = AbortSignal.timeout(budgetMs)
  const signal = cancel ? AbortSignal.any([cancel, budget]) : budget
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void =>
      reject(
        budget.aborted && !cancel?.aborted
          ? new BudgetExceeded(budgetMs)
          : (signal.reason as unknown)
      )
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    openGitHubApi(token, apiUrl, deadline, signal)
      .then(octokit => work(octokit, signal))
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort))
  })
}

async function openGitHubApi(
  token: string,
  apiUrl: string,
  deadline: number,
  signal: AbortSignal
): Promise<Octokit> {
  const { getOctokit } = await import('@actions/github')
  const octokit = getOctokit(token, { baseUrl: apiUrl, userAgent: USER_AGENT })
  // Requests are built from paths and page numbers, never from a Link header's URL, and anything
  // that would leave GITHUB_API_URL's origin anyway is refused before it is sent.
  const origin = new URL(apiUrl).origin
  octokit.hook.before('request', options => {
    const target = new URL(String(options.url), `${apiUrl.replace(/\/+$/, '')}/`)
    if (target.origin !== origin) {
      throw new Error(`refused to send the token to ${target.origin}, not GITHUB_API_URL`)
    }
  })
  // A secondary (or primary) rate limit is GitHub saying "not now", not a missing permission, and
  // GitHub did not act on the request: it is sent again after the wait GitHub asks for, never
  // sooner than a floor (a reset time already past, or "Retry-After: 0", would otherwise send
  // thousands of requests), at most RATE_LIMIT_TRIES times, and only when the wait ends within
  // the budget; otherwise the failure stands and is described as a rate limit.
  octokit.hook.wrap('request', async (send, options) => {
    const changes = options.method !== 'GET' && options.method !== 'HEAD'
    // fetch follows a 307/308 with the same body, to any origin (it drops only the token): a
    // request that changes something is never followed, and its redirect is reported.
    if (changes) options.request = { ...options.request, redirect: 'manual' }
    for (let tries = 1; ; tries++) {
      try {
        const response = await send(options)
        if (changes && response.status >= 300 && response.status <= 399) {
          throw redirectRefused(response.status, response.headers, apiUrl)
        }
        answeredFrom(response.url, origin)
        return response
      } catch (error) {
        const response = isRecord(error) ? error['response'] : undefined
        if (isRecord(response)) answeredFrom(response['url'], origin)
        const waitMs = rateLimitWaitMs(error, Date.now())
        if (waitMs === undefined) throw error
        const pauseMs = Math.max(waitMs, RATE_LIMIT_PAUSE_FLOOR_MS)
        if (tries >= RATE_LIMIT_TRIES) noteRetriesSpent(error, tries)
        if (tries >= RATE_LIMIT_TRIES || Date.now() + pauseMs >= deadline) throw error
        await sleep(pauseMs, undefined, { signal })
      }
    }
  })
  return octokit
}

/**
 * fetch follows a GET's redirect to another origin without the token: what answers there is not
 * GitHub at GITHUB_API_URL, and its answer never decides anything (a verdict included).
 */
function answeredFrom(url: unknown, origin: string): void {
  if (typeof url !== 'string' || url === '') return
  let from: string
  try {
    from = new URL(url).origin
  } catch {
    return
  }
  if (from !== origin) {
    throw new Error(
      `GitHub redirected the request to ${from}, not GITHUB_API_URL; an answer from there is never used`
    )
  }
}

/**
 * A redirect of a request that changes something, as a failure with GitHub's status (so it is
 * described like any other answer), naming where it pointed without its credentials.
 */
function redirectRefused(status: number, headers: Record<string, unknown>, apiUrl: string): Error {
  const location = typeof headers['location'] === 'string' ? headers['location'] : ''
  let where = 'another address'
  try {
    where = new URL(location, apiUrl).origin
  } catch {
    // No readable Location: "another address" is all that can be said.
  }
  const message = `GitHub redirected the request to ${where}; a request that changes something is never followed to another address, and was not sent there`
  return Object.assign(new Error(message), {
    status,
    response: { status, headers, data: { message } }
  })
}

export class BudgetExceeded extends Error {
  constructor(readonly budgetMs: number) {
    super(`GitHub did not answer within ${Math.round(budgetMs / 1000)} s`)
    this.name = 'BudgetExceeded'
  }
}
