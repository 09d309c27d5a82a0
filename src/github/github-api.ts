// The GitHub REST API as notify's GitHub deployment uses it: Octokit, loaded only when a step
// needs it (it is a large part of the bundle), with the guarantees of the PR comment: the token
// goes to GITHUB_API_URL and nowhere else, and the whole exchange ends within a budget or at the
// job's cancellation, however GitHub behaves meanwhile.
import { USER_AGENT } from '../core/version.js'

export type Octokit = ReturnType<typeof import('@actions/github').getOctokit>

/** Octokit for GITHUB_API_URL (GitHub Enterprise Server included), refusing any other origin. */
export async function openGitHubApi(token: string, apiUrl: string): Promise<Octokit> {
  const { getOctokit } = await import('@actions/github')
  const octokit = getOctokit(token, { baseUrl: apiUrl, userAgent: USER_AGENT })
  const origin = new URL(apiUrl).origin
  octokit.hook.before('request', options => {
    const target = new URL(String(options.url), `${apiUrl.replace(/\/+$/, '')}/`)
    if (target.origin !== origin) {
      throw new Error(`refused to send the token to ${target.origin}, not GITHUB_API_URL`)
    }
  })
  return octokit
}

/**
 * `work(signal)` under one signal that aborts at `budgetMs` or with `cancel`, whichever comes
 * first; the promise settles then even if `work` does not listen. `timedOut` tells the two apart.
 */
export async function withinBudget<T>(
  work: (signal: AbortSignal) => Promise<T>,
  budgetMs: number,
  cancel: AbortSignal
): Promise<T> {
  const budget = AbortSignal.timeout(budgetMs)
  const signal = AbortSignal.any([cancel, budget])
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void =>
      reject(
        budget.aborted && !cancel.aborted
          ? new BudgetExceeded(budgetMs)
          : (signal.reason as unknown)
      )
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    work(signal)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort))
  })
}

export class BudgetExceeded extends Error {
  constructor(readonly budgetMs: number) {
    super(`GitHub did not answer within ${Math.round(budgetMs / 1000)} s`)
    this.name = 'BudgetExceeded'
  }
}
