// Where a commit stands on a branch, read from GitHub by SHAs (a `check_run` event fires for every
// commit QA Wolf checks, and only the branch's tip may be promoted): the branch's name (the
// repository's default branch unless one is given), its tip now, and, when the commit is not that
// tip, how the commit compares with it. Facts only: check-verdict.ts decides what they mean. Names
// in the event never count here: a fork's branch may be called `main` too.
//
// Cost: the tip case is one read of the branch (and one of the repository for its default branch);
// a commit that is not the tip costs one compare more. Every read goes through withGitHub (the
// token only to GITHUB_API_URL, rate limits, the budget, the job's cancellation).
import { gitHubFailureMessage, httpStatusOf, type GitHubFailureWords } from './github-failure.js'
import { withGitHub, type Octokit } from './github-api.js'
import { isRecord } from '../core/is-record.js'
import { isFullCommitSha } from '../core/commit-sha.js'
import { nonBlankText } from '../kernel/text.js'

export interface BranchTipOptions {
  token: string
  apiUrl: string
  owner: string
  repo: string
  /** The commit that would be promoted, in full. */
  sha: string
  /** The branch to promote from; undefined: the repository's default branch. */
  branch?: string
}

/** What GitHub said; the verdict reads it. */
export interface BranchTipAnswer {
  /** The branch read; absent when the repository's default branch could not be read. */
  branch?: string
  /** True when `branch` is the repository's default branch (no `branch` input). */
  fromDefault: boolean
  /** The branch's tip now, as GitHub names it. */
  tip?: string
  /** GitHub knows no such branch (404). */
  branchMissing?: boolean
  /**
   * `{tip}...{sha}` compared, when the commit is not the tip: GitHub's `status` (`behind`: the
   * commit is an ancestor of the tip) and the merge base; `notFound` when GitHub does not know the
   * commit in this repository.
   */
  compare?: { status: string; mergeBase?: string } | { notFound: true }
  /** A read that failed: the message says what and which permission. */
  failure?: { message: string; status?: number }
  requests: number
}

/**
 * Reads where `options.sha` stands on the branch. Rejects only when the job is cancelled (with
 * the cancellation's reason); every other failure is an answer with `failure`.
 */
export async function readBranchTip(
  options: BranchTipOptions,
  budgetMs: number,
  cancel: AbortSignal
): Promise<BranchTipAnswer> {
  const answer: BranchTipAnswer = { fromDefault: options.branch === undefined, requests: 0 }
  if (options.branch !== undefined) answer.branch = options.branch
  let step: Step = options.branch === undefined ? 'repository' : 'branch'
  try {
    await withGitHub(
      options.token,
      options.apiUrl,
      async (octokit, signal) => {
        const ask = <T>(read: (octokit: Octokit) => Promise<T>): Promise<T> => {
          answer.requests += 1
          return read(octokit)
        }
        const { owner, repo } = options
        if (answer.branch === undefined) {
          const { data } = await ask(o =>
            o.request('GET /repos/{owner}/{repo}', { owner, repo, request: { signal } })
          )
          const name = nonBlankText(isRecord(data) ? data['default_branch'] : undefined)
          if (name === undefined) throw shapeError("GitHub's answer names no default_branch")
          answer.branch = name
        }
        step = 'branch'
        let tip: string | undefined
        try {
          const { data } = await ask(o =>
            o.request('GET /repos/{owner}/{repo}/branches/{branch}', {
              owner,
              repo,
              branch: answer.branch ?? '',
              request: { signal }
            })
          )
          const commit: Record<string, unknown> =
            isRecord(data) && isRecord(data['commit']) ? data['commit'] : {}
          tip = typeof commit['sha'] === 'string' ? commit['sha'].toLowerCase() : undefined
        } catch (error) {
          if (httpStatusOf(error) !== 404) throw error
          answer.branchMissing = true
          return
        }
        if (tip === undefined || !isFullCommitSha(tip)) {
          throw shapeError("GitHub's answer about the branch names no commit SHA")
        }
        answer.tip = tip
        if (tip === options.sha.toLowerCase()) return
        step = 'compare'
        try {
          const { data } = await ask(o =>
            o.request('GET /repos/{owner}/{repo}/compare/{basehead}', {
              owner,
              repo,
              basehead: `${tip}...${options.sha}`,
              per_page: 1,
              request: { signal }
            })
          )
          const record: Record<string, unknown> = isRecord(data) ? data : {}
          const status = nonBlankText(record['status'])
          if (status === undefined) throw shapeError("GitHub's compare answer has no status")
          const base: Record<string, unknown> = isRecord(record['merge_base_commit'])
            ? record['merge_base_commit']
            : {}
          const mergeBase = typeof base['sha'] === 'string' ? base['sha'].toLowerCase() : undefined
          answer.compare = mergeBase === undefined ? { status } : { status, mergeBase }
        } catch (error) {
          if (httpStatusOf(error) !== 404) throw error
          answer.compare = { notFound: true }
        }
      },
      budgetMs,
      cancel
    )
  } catch (error) {
    if (cancel.aborted) throw error
    const message = gitHubFailureMessage(
      error,
      words(step, options, answer.branch),
      options.apiUrl,
      options.token
    )
    const status = httpStatusOf(error)
    answer.failure = status === undefined ? { message } : { message, status }
  }
  return answer
}

type Step = 'repository' | 'branch' | 'compare'

/** An answer GitHub would not give: read as a failure with GitHub's 200, never as a standing. */
function shapeError(message: string): Error {
  return Object.assign(new Error(message), {
    response: { status: 200, headers: {}, data: { message } }
  })
}

const CONTENTS_READ =
  "The token needs the contents: read permission: add `contents: read` to the job's `permissions:` (with the default github-token), or pass a token that can read the repository."

function words(
  step: Step,
  options: BranchTipOptions,
  branch: string | undefined
): GitHubFailureWords {
  const repository = `${options.owner}/${options.repo}`
  const what =
    step === 'repository'
      ? `Could not read the default branch of ${repository}, so the commit cannot be checked against it`
      : step === 'branch'
        ? `Could not read the tip of branch '${branch ?? ''}' of ${repository}`
        : `Could not compare commit ${options.sha.slice(0, 12)} with the tip of branch '${branch ?? ''}' of ${repository}`
  return {
    what,
    advice: { 403: CONTENTS_READ, 404: CONTENTS_READ },
    rateLimited: 're-run the job once the rate limit resets.',
    serverError: 're-run the job.',
    tail: 'Not green: only the tip of the branch may be promoted, and that could not be checked.'
  }
}
