// The gate's reads of GitHub, through kernel/github.ts: a commit's check runs, where the commit
// stands on a branch, and the open pull request whose head is a commit. Facts only.
import { withGitHub, type Octokit } from '../kernel/github.js'
import {
  gitHubFailureMessage,
  httpStatusOf,
  linkedPage,
  rateLimitWaitMs,
  type GitHubFailureWords
} from '../kernel/github-failure.js'
import * as io from '../kernel/io.js'
import { definedOnly, isRecord } from '../kernel/values.js'
import { positiveInteger } from '../kernel/event.js'
import { isFullCommitSha } from '../kernel/parsers.js'
import { nonBlankText } from '../kernel/text.js'

const PER_PAGE = 100
/** Far more check runs of one name on one commit than any repository makes. */
const MAX_PAGES = 20

/** One read of all pages, in GitHub's order; `notModified` of the requests were answered 304. */
export interface CheckRunsAnswer {
  checkRuns: unknown[]
  requests: number
  notModified: number
  /** The token's rate limit is used up: for how long, and until when (ms epoch). */
  rateLimitedForMs?: number
  rateLimitResetAtMs?: number
}

type CommitRef = { token: string; apiUrl: string; owner: string; repo: string; sha: string }

function failureOf(error: unknown, words: GitHubFailureWords, ref: CommitRef) {
  return {
    message: gitHubFailureMessage(error, words, ref.apiUrl, ref.token, Date.now()),
    ...definedOnly({ status: httpStatusOf(error), retryAfterMs: rateLimitWaitMs(error) })
  }
}

/** What the reader found wrong itself, said as it is; `permanent`: asking again cannot help. */
const ownFailure = (message: string, permanent: boolean, status?: number): Error =>
  Object.assign(new Error(message), { permanent, status })

type PageMemo = { etag: string; checkRuns: unknown[]; totalCount: number; nextPage?: number }

/**
 * Every page of the commit's check runs of one name (`filter=all`: GitHub's default hides a newer
 * run behind a completed one), each with its last ETag (a 304 costs no rate limit), by page number,
 * never by the Link's URL. Without `checkName`: every check run (their names only inform).
 */
export function checkRunsReader(options: CommitRef & { checkName?: string; budgetMs: number }) {
  const { owner, repo, sha, checkName } = options
  const pages = new Map<number, PageMemo>()
  const words: GitHubFailureWords = {
    what: `Could not read the check runs '${checkName ?? ''}' of ${owner}/${repo}@${sha.slice(0, 12)}`,
    advice: {
      403: 'The token needs the checks: read permission: add `permissions: checks: read` to the job (with the default github-token), or pass a token that can read checks.',
      404: "Check that the repository and the sha input (or the event's commit) exist, and that the token can read the repository (contents: read).",
      422: 'Check the sha input: GitHub does not know that commit in this repository.'
    },
    // Whether the step asks again is the poller's to say, never promised here.
    rateLimited: 'GitHub refuses reads with this token until the wait is over.',
    serverError: 'GitHub had trouble answering.'
  }
  const readPages = async (octokit: Octokit, signal: AbortSignal): Promise<CheckRunsAnswer> => {
    const answer: CheckRunsAnswer = { checkRuns: [], requests: 0, notModified: 0 }
    let totalCount = 0
    let lastPageFull = false
    for (let page: number | undefined = 1; page !== undefined;) {
      if (page > MAX_PAGES) {
        const most = `GitHub lists more than ${MAX_PAGES * PER_PAGE} check runs named '${checkName}' on this commit; the action reads at most ${MAX_PAGES} pages`
        throw ownFailure(most, true)
      }
      const memo = pages.get(page)
      answer.requests += 1
      let got: { status: number; data?: unknown; headers: Record<string, unknown> }
      try {
        got = await octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
          ...{ owner, repo, ref: sha, per_page: PER_PAGE, page },
          ...(checkName === undefined ? {} : { check_name: checkName, filter: 'all' as const }),
          headers: memo === undefined ? {} : { 'if-none-match': memo.etag },
          request: { signal }
        })
      } catch (error) {
        // Octokit rejects a 304: the page has not changed since its ETag.
        if (httpStatusOf(error) !== 304 || memo === undefined) throw error
        const { headers } = (error as { response: { headers?: unknown } }).response
        got = { status: 304, headers: isRecord(headers) ? headers : {} }
      }
      const reset = Number(got.headers['x-ratelimit-reset']) * 1000
      if (String(got.headers['x-ratelimit-remaining']) === '0' && reset > Date.now()) {
        answer.rateLimitedForMs = reset - Date.now()
        answer.rateLimitResetAtMs = reset
      }
      let read = memo!
      if (got.status === 304) answer.notModified += 1
      else {
        const data = isRecord(got.data) ? got.data : {}
        const [checkRuns, count] = [data['check_runs'], data['total_count']]
        if (!Array.isArray(checkRuns) || !Number.isSafeInteger(count)) {
          const why = "GitHub's answer to the check runs request lacks check_runs or total_count"
          throw ownFailure(why, false, 200)
        }
        const next = linkedPage(got.headers['link'], 'next')
        if (next !== undefined && !(next > page)) {
          // Reading on without that page could miss the one that holds a failure.
          const why = `GitHub's Link header names a next page of check runs without a page number after ${page}; the action reads pages by number only, and a list without that page could miss a failure`
          throw ownFailure(why, true, 200)
        }
        read = {
          etag: typeof got.headers['etag'] === 'string' ? got.headers['etag'] : '',
          checkRuns,
          totalCount: count as number,
          ...(next === undefined ? {} : { nextPage: next })
        }
        if (read.etag !== '') pages.set(page, read)
      }
      answer.checkRuns.push(...read.checkRuns)
      totalCount = Math.max(totalCount, read.totalCount)
      lastPageFull = read.checkRuns.length >= PER_PAGE
      page = read.nextPage
    }
    // A full last page while GitHub counts more: a page is missing (a proxy dropped the Link), and
    // it could hold the failure. A count above a page that is not full may count older check runs.
    if (lastPageFull && totalCount > answer.checkRuns.length) {
      const why = `GitHub counts ${totalCount} check runs named '${checkName}' on this commit, but its pages listed ${answer.checkRuns.length}; the list is read again`
      throw ownFailure(why, false, 200)
    }
    return answer
  }
  return async (budgetMs: number, cancel: AbortSignal): Promise<CheckRunsAnswer> => {
    try {
      const budget = Math.min(budgetMs, options.budgetMs)
      const answer = await withGitHub(options.token, options.apiUrl, readPages, budget, cancel)
      if (checkName !== undefined) {
        io.debug(
          `Check runs of ${sha.slice(0, 12)}: ${answer.checkRuns.length} named '${checkName}', ${answer.requests} request(s), ${answer.notModified} not modified (304).`
        )
      }
      return answer
    } catch (error) {
      if (isRecord(error) && 'permanent' in error) throw error
      const failure = failureOf(error, words, options)
      // 408, 429 and a 5xx say "not now"; so does no answer at all, and a wait asked for.
      const { status = 500, retryAfterMs } = failure
      const permanent =
        retryAfterMs === undefined && status < 500 && status !== 408 && status !== 429
      throw Object.assign(new Error(failure.message), failure, { permanent })
    }
  }
}

export interface BranchTipAnswer {
  /** The branch read (its new name when GitHub answered for a renamed branch). */
  branch?: string
  fromDefault: boolean
  tip?: string
  branchMissing?: boolean
  /** `{tip}...{sha}` when the commit is not the tip: GitHub's status and merge base, or not found. */
  compare?: { status: string; mergeBase?: string } | { notFound: true }
  /** `retryAfterMs`: GitHub asked for a wait, kept or past the bound: not asked again. */
  failure?: { message: string; status?: number; retryAfterMs?: number }
}

/**
 * Where `options.sha` stands on the branch (the default branch when none is given), by SHAs: a
 * fork's branch may be called `main` too. Undefined only when the job is cancelled.
 */
export async function readBranchTip(
  options: CommitRef & { branch: string | undefined },
  budgetMs: number,
  cancel: AbortSignal
): Promise<BranchTipAnswer | undefined> {
  const answer: BranchTipAnswer = { fromDefault: options.branch === undefined }
  const { owner, repo, sha } = options
  const readTip = async (octokit: Octokit, signal: AbortSignal): Promise<void> => {
    const get = async (route: string, params: Record<string, unknown>) => {
      const got = await octokit.request(route, { owner, repo, request: { signal }, ...params })
      return { data: isRecord(got.data) ? got.data : {}, url: got.url }
    }
    const asked =
      options.branch ??
      nonBlankText((await get('GET /repos/{owner}/{repo}', {})).data['default_branch'])
    if (asked === undefined) throw unreadable("GitHub's answer names no default_branch")
    answer.branch = asked
    let branch: Awaited<ReturnType<typeof get>>
    try {
      branch = await get('GET /repos/{owner}/{repo}/branches/{branch}', { branch: asked })
    } catch (error) {
      if (httpStatusOf(error) !== 404) throw error
      answer.branchMissing = true
      return
    }
    const name = branch.data['name']
    const commit = isRecord(branch.data['commit']) ? branch.data['commit']['sha'] : undefined
    const tip = typeof commit === 'string' ? commit.toLowerCase() : ''
    if (name !== asked) {
      // GitHub answers a renamed branch's old name with a redirect to the new one.
      const redirectedTo = decodeURIComponent(
        branch.url.split(`/repos/${owner}/${repo}/branches/`)[1] ?? ''
      )
      if (typeof name !== 'string' || name === '' || redirectedTo !== name) {
        throw unreadable(
          `GitHub answered the read of branch '${asked}' about ${typeof name === 'string' ? `branch '${name}'` : 'no branch'}`
        )
      }
      io.notice(
        `Branch '${asked}' of ${owner}/${repo} was renamed to '${name}' (GitHub redirected the read): the tip of '${name}' is read. Set branch: ${name} to name it directly.`,
        'Branch renamed'
      )
      answer.branch = name
    }
    if (!isFullCommitSha(tip))
      throw unreadable("GitHub's answer about the branch names no commit SHA")
    answer.tip = tip
    if (tip === sha.toLowerCase()) return
    try {
      const { data } = await get('GET /repos/{owner}/{repo}/compare/{basehead}', {
        basehead: `${tip}...${sha}`,
        per_page: 1
      })
      const status = nonBlankText(data['status'])
      if (status === undefined) throw unreadable("GitHub's compare answer has no status")
      const base = isRecord(data['merge_base_commit'])
        ? data['merge_base_commit']['sha']
        : undefined
      answer.compare =
        typeof base === 'string' ? { status, mergeBase: base.toLowerCase() } : { status }
    } catch (error) {
      if (httpStatusOf(error) !== 404) throw error
      answer.compare = { notFound: true }
    }
  }
  try {
    await withGitHub(options.token, options.apiUrl, readTip, budgetMs, cancel)
  } catch (error) {
    if (cancel.aborted) return undefined
    // Which read failed: the repository's, before a branch is known; the branch's, before its tip.
    const [repository, branch] = [`${owner}/${repo}`, answer.branch]
    const words: GitHubFailureWords = {
      what:
        branch === undefined
          ? `Could not read the default branch of ${repository}, so the commit cannot be checked against it`
          : answer.tip === undefined
            ? `Could not read the tip of branch '${branch}' of ${repository}`
            : `Could not compare commit ${sha.slice(0, 12)} with the tip of branch '${branch}' of ${repository}`,
      advice: { 403: CONTENTS_READ, 404: CONTENTS_READ },
      rateLimited: 're-run the job once the rate limit resets.',
      serverError: 're-run the job.',
      tail: 'Not green: only the tip of the branch may be promoted, and that could not be checked.'
    }
    answer.failure = failureOf(error, words, options)
  }
  return answer
}

/** An answer that cannot be read: a failure with GitHub's 200, never a standing. */
function unreadable(message: string): Error {
  return Object.assign(new Error(message), {
    response: { status: 200, headers: {}, data: { message } }
  })
}

const CONTENTS_READ =
  "The token needs the contents: read permission: add `contents: read` to the job's `permissions:` (with the default github-token), or pass a token that can read the repository."

export function openPullRequestWithHead(
  pulls: readonly unknown[],
  sha: string
): number | undefined {
  for (const pr of pulls) {
    if (!isRecord(pr) || pr['state'] !== 'open' || !isRecord(pr['head'])) continue
    const [head, number] = [pr['head']['sha'], positiveInteger(pr['number'])]
    if (typeof head === 'string' && head.toLowerCase() === sha.toLowerCase() && number)
      return number
  }
  return undefined
}

const COMMENT_FAILURE: GitHubFailureWords = {
  what: 'The QA verdict was not commented on the pull request',
  advice: {
    403:
      'The token needs the pull-requests: write permission: add "permissions: pull-requests: write" ' +
      'to the job. Pull requests from forks get a read-only token; set comment-on-pr: false there.',
    404: 'The repository or pull request was not found, or the token cannot see it.'
  },
  rateLimited: 'the next run will comment.',
  serverError: 'GitHub may be having trouble; the next run will try again.',
  tail: 'The gate is not affected.'
}

export function describeGitHubFailure(
  error: unknown,
  apiUrl: string,
  token: string,
  now = Date.now()
): string {
  return gitHubFailureMessage(error, COMMENT_FAILURE, apiUrl, token, now)
}
