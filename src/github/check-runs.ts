// Reading a commit's check runs of one name from GitHub (`verdict-from: check`), through the one
// GitHub access module (github-api.ts: the token only to GITHUB_API_URL's origin, rate limits,
// the exchange's budget and the job's cancellation). Each page is asked for conditionally with the
// ETag of its last answer: GitHub answers an unchanged page with 304, which costs no rate limit,
// and the page's last list stands. Every page is read (`Link: rel="next"`); the next page is
// asked for by its number on the same path, never by the link's URL, so the token cannot follow
// a link elsewhere. The list is read with `filter=all`: GitHub's default hides newer runs.
import {
  gitHubFailureMessage,
  httpStatusOf,
  rateLimitWaitMs,
  type GitHubFailureWords
} from './github-failure.js'
import { withGitHub, type Octokit } from './github-api.js'
import { isRecord } from '../core/is-record.js'

/** GitHub's largest page for this endpoint. */
const PER_PAGE = 100
/** 20 pages of 100: far more check runs of one name on one commit than any repository makes. */
const MAX_PAGES = 20

/** One read of all pages. */
export interface CheckRunsAnswer {
  /** Every check run of the name on the commit, in GitHub's order (raw: read by check-selection.ts). */
  checkRuns: unknown[]
  /** Requests made for it, and how many GitHub answered 304 (no rate limit spent). */
  requests: number
  notModified: number
  /** When GitHub said the token's rate limit is used up: how long until it resets. */
  rateLimitedForMs?: number
  /** And when it resets (ms epoch, GitHub's `x-ratelimit-reset`), to name it to the user. */
  rateLimitResetAtMs?: number
}

/** Why a read failed, as facts for the poller and the verdict. */
export class CheckRunsFailure extends Error {
  constructor(
    message: string,
    /** GitHub's status; undefined when no answer came. */
    readonly status: number | undefined,
    /** The wait GitHub asked for (rate limit, Retry-After). */
    readonly retryAfterMs: number | undefined,
    /** True when asking again cannot help (401, 403 without a rate limit, 404, 422, too many pages). */
    readonly permanent: boolean,
    /** The error Octokit threw, for the message about it. */
    override readonly cause?: unknown
  ) {
    super(message)
    this.name = 'CheckRunsFailure'
  }
}

interface PageMemo {
  etag: string
  checkRuns: unknown[]
  /** GitHub's `total_count` on this page, when it is a count. */
  totalCount?: number
  nextPage?: number
}

export interface CheckRunsReaderOptions {
  token: string
  apiUrl: string
  owner: string
  repo: string
  sha: string
  checkName: string
  /** Wall clock (ms epoch), for the rate limit's reset time. */
  now?: () => number
}

/**
 * A reader that remembers each page's ETag and list between reads, so that the second and later
 * polls are conditional.
 */
export function checkRunsReader(
  options: CheckRunsReaderOptions
): (budgetMs: number, cancel: AbortSignal) => Promise<CheckRunsAnswer> {
  const pages = new Map<number, PageMemo>()
  const now = options.now ?? Date.now
  return async (budgetMs, cancel) => {
    try {
      return await withGitHub(
        options.token,
        options.apiUrl,
        (octokit, signal) => readAllPages(octokit, options, pages, signal, now),
        budgetMs,
        cancel
      )
    } catch (error) {
      if (error instanceof CheckRunsFailure) throw error
      const status = httpStatusOf(error)
      const waitMs = rateLimitWaitMs(error, now())
      const permanent =
        waitMs === undefined &&
        status !== undefined &&
        status < 500 &&
        status !== 408 &&
        status !== 429
      throw new CheckRunsFailure(
        gitHubFailureMessage(error, checkRunsWords(options), options.apiUrl, options.token, now()),
        status,
        waitMs,
        permanent,
        error
      )
    }
  }
}

/** What a failed read says, by GitHub's answer. */
function checkRunsWords(options: CheckRunsReaderOptions): GitHubFailureWords {
  const commit = `${options.owner}/${options.repo}@${options.sha.slice(0, 12)}`
  return {
    what: `Could not read the check runs '${options.checkName}' of ${commit}`,
    advice: {
      403: 'The token needs the checks: read permission: add `permissions: checks: read` to the job (with the default github-token), or pass a token that can read checks.',
      404: "Check that the repository and the sha input (or the event's commit) exist, and that the token can read the repository (contents: read).",
      422: 'Check the sha input: GitHub does not know that commit in this repository.'
    },
    // Said of a read the step may or may not ask again: whether it does is the poller's to say
    // (its log line), never promised here, since the message also ends a step that stopped.
    rateLimited: 'GitHub refuses reads with this token until the wait is over.',
    serverError: 'GitHub had trouble answering.'
  }
}

async function readAllPages(
  octokit: Octokit,
  options: CheckRunsReaderOptions,
  pages: Map<number, PageMemo>,
  signal: AbortSignal,
  now: () => number
): Promise<CheckRunsAnswer> {
  const answer: CheckRunsAnswer = { checkRuns: [], requests: 0, notModified: 0 }
  let totalCount = 0
  let lastPageFull = false
  for (let page: number | undefined = 1; page !== undefined;) {
    if (page > MAX_PAGES) {
      throw new CheckRunsFailure(
        `GitHub lists more than ${MAX_PAGES * PER_PAGE} check runs named '${options.checkName}' on this commit; the action reads at most ${MAX_PAGES} pages`,
        undefined,
        undefined,
        true
      )
    }
    const memo = pages.get(page)
    answer.requests += 1
    let read: PageMemo
    try {
      const response = await octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
        owner: options.owner,
        repo: options.repo,
        ref: options.sha,
        check_name: options.checkName,
        // GitHub's default, `latest`, lists the check run completed last of each name per check
        // suite, hiding a newer run of the same name still in progress behind it. Every run is
        // listed, and the newest of each app decides (check-selection.ts).
        filter: 'all',
        per_page: PER_PAGE,
        page,
        headers: memo === undefined ? {} : { 'if-none-match': memo.etag },
        request: { signal }
      })
      noteRateLimit(answer, response.headers, now)
      read = {
        etag: typeof response.headers.etag === 'string' ? response.headers.etag : '',
        checkRuns: checkRunsOf(response.data),
        ...totalCountOf(response.data),
        ...nextPageOf(response.headers.link, page)
      }
    } catch (error) {
      if (httpStatusOf(error) !== 304 || memo === undefined) throw error
      answer.notModified += 1
      const response = isRecord(error) ? error['response'] : undefined
      if (isRecord(response) && isRecord(response['headers'])) {
        noteRateLimit(answer, response['headers'], now)
      }
      read = memo
    }
    if (read.etag !== '') pages.set(page, read)
    answer.checkRuns.push(...read.checkRuns)
    totalCount = Math.max(totalCount, read.totalCount ?? 0)
    lastPageFull = read.checkRuns.length >= PER_PAGE
    page = read.nextPage
  }
  // A full last page while GitHub counts more: a page is missing (a proxy that drops the Link
  // header), and it could hold the failure, so the list is never taken as complete. Asked again
  // (a check run posted between two pages' reads also shows as this, once). A count above a page
  // that is not full is not read as a missing page: GitHub's count may include check runs that
  // `filter=latest` leaves out.
  if (lastPageFull && totalCount > answer.checkRuns.length) {
    throw new CheckRunsFailure(
      `GitHub counts ${totalCount} check runs named '${options.checkName}' on this commit, but its pages listed ${answer.checkRuns.length}; the list is read again`,
      200,
      undefined,
      false
    )
  }
  return answer
}

/** GitHub's `total_count`; tolerant: an answer without a count is read by its pages alone. */
function totalCountOf(data: unknown): { totalCount?: number } {
  const count = isRecord(data) ? data['total_count'] : undefined
  return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0
    ? { totalCount: count }
    : {}
}

/** GitHub's `check_runs` list; an answer without one is not this endpoint's. */
function checkRunsOf(data: unknown): unknown[] {
  if (isRecord(data) && Array.isArray(data['check_runs'])) return data['check_runs']
  throw new CheckRunsFailure(
    "GitHub's answer to the check runs request has no check_runs list",
    200,
    undefined,
    false
  )
}

/**
 * The next page's number from `Link: <…page=N…>; rel="next"`, when there is one after `page`. A
 * next link without such a number cannot be followed by number, and reading on without it could
 * miss the page that holds a failure: the read fails.
 */
function nextPageOf(link: unknown, page: number): { nextPage?: number } {
  if (typeof link !== 'string') return {}
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part)
    if (match?.[1] === undefined) continue
    let next = NaN
    try {
      next = Number(new URL(match[1], 'https://api.invalid').searchParams.get('page') ?? NaN)
    } catch {
      // Read as no number, below.
    }
    if (Number.isSafeInteger(next) && next > page) return { nextPage: next }
    throw new CheckRunsFailure(
      `GitHub's Link header names a next page of check runs without a page number after ${page}; the action reads pages by number only, and a list without that page could miss a failure`,
      200,
      undefined,
      true
    )
  }
  return {}
}

function noteRateLimit(
  answer: CheckRunsAnswer,
  headers: Record<string, unknown>,
  now: () => number
): void {
  const remaining = headers['x-ratelimit-remaining']
  const reset = Number(headers['x-ratelimit-reset'])
  if (String(remaining) === '0' && Number.isFinite(reset) && reset * 1000 > now()) {
    answer.rateLimitedForMs = reset * 1000 - now()
    answer.rateLimitResetAtMs = reset * 1000
  }
}

export type CheckRunNamesReaderOptions = Omit<CheckRunsReaderOptions, 'checkName' | 'now'>

/**
 * A reader of the commit's check runs whatever their name: one page of GitHub's largest size,
 * asked for with the ETag of its last answer, so a read that finds nothing new costs no rate
 * limit. For naming the checks that are there when the wanted one is not (check-names.ts); they
 * only inform, so a page is enough and a failure is the caller's to pass over.
 */
export function checkRunNamesReader(
  options: CheckRunNamesReaderOptions
): (budgetMs: number, cancel: AbortSignal) => Promise<unknown[]> {
  let memo: { etag: string; checkRuns: unknown[] } | undefined
  return (budgetMs, cancel) =>
    withGitHub(
      options.token,
      options.apiUrl,
      async (octokit, signal) => {
        try {
          const response = await octokit.request(
            'GET /repos/{owner}/{repo}/commits/{ref}/check-runs',
            {
              owner: options.owner,
              repo: options.repo,
              ref: options.sha,
              per_page: PER_PAGE,
              headers: memo === undefined ? {} : { 'if-none-match': memo.etag },
              request: { signal }
            }
          )
          const checkRuns = checkRunsOf(response.data)
          const etag = response.headers.etag
          memo = typeof etag === 'string' && etag !== '' ? { etag, checkRuns } : undefined
          return checkRuns
        } catch (error) {
          if (httpStatusOf(error) === 304 && memo !== undefined) return memo.checkRuns
          throw error
        }
      },
      budgetMs,
      cancel
    )
}
