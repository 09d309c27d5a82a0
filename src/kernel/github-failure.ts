// What went wrong talking to GitHub, for a message: the status GitHub answered (a network failure
// has none), the wait it asked for, and the one shape every GitHub failure message takes (what did
// not happen, what GitHub said, what to do), never with the token. Each use gives its own words.
import { errorMessage, isRecord } from './values.js'
import { plainText } from './text.js'
import { formatDuration } from './time.js'

const response = (error: unknown): Record<string, unknown> =>
  isRecord(error) && isRecord(error['response']) ? error['response'] : {}

export function httpStatusOf(error: unknown): number | undefined {
  // Octokit reports network failures as status 500 without a response: only a response has a status.
  const status = response(error)['status']
  return typeof status === 'number' ? status : undefined
}

/** What GitHub asked to wait: a rate limit (403 or 429 with Retry-After, or with
 * `x-ratelimit-remaining: 0` and its reset, or a message saying so: then GitHub's advice, at least
 * a minute), or a 503 with Retry-After. A 403 without any of them is a missing permission. */
export function waitAskedFor(error: unknown, now: number) {
  const status = httpStatusOf(error)
  if (status !== 403 && status !== 429 && status !== 503) return undefined
  const headers = response(error)['headers']
  const header = (name: string): unknown => (isRecord(headers) ? headers[name] : undefined)
  const rateLimit = status !== 503
  const seconds = Number(header('retry-after') ?? NaN)
  if (Number.isFinite(seconds) && seconds >= 0) return { ms: seconds * 1000, rateLimit }
  if (!rateLimit) return undefined
  const resetAtMs = Number(header('x-ratelimit-reset')) * 1000
  if (String(header('x-ratelimit-remaining')) === '0' && Number.isFinite(resetAtMs)) {
    return { ms: Math.max(0, resetAtMs - now), resetAtMs, rateLimit }
  }
  if (/\brate limit/i.test(gitHubMessage(error))) return { ms: 60_000, unnamed: true, rateLimit }
  return undefined
}

export function rateLimitWaitMs(error: unknown, now = Date.now()): number | undefined {
  return waitAskedFor(error, now)?.ms
}

/** One use's words: what did not happen, what to do by status, after a rate limit's wait (never
 * a missing permission) and after a 5xx; `tail` is said last, whatever the cause. */
export interface GitHubFailureWords {
  what: string
  advice: Partial<Record<number, string>>
  rateLimited: string
  serverError?: string
  tail?: string
}

/** Why a request to GitHub failed and what to do, for a warning or an error; never the token. */
export function gitHubFailureMessage(
  error: unknown,
  words: GitHubFailureWords,
  apiUrl: string,
  token: string,
  now = Date.now()
): string {
  let detail = plainText(gitHubMessage(error), 300)
  if (token.length >= 4) detail = detail.split(token).join('***')
  const status = httpStatusOf(error)
  const tail = words.tail === undefined ? '' : ` ${words.tail}`
  if (status === undefined) {
    return `${words.what}: GitHub could not be reached at ${apiUrl} (${detail || 'no details'}). Check GITHUB_API_URL and the proxy settings.${tail}`
  }
  const answered = `${words.what}: GitHub answered ${status} (${detail || 'no message'})`
  const wait = waitAskedFor(error, now)
  const tries = isRecord(error) ? error['triesSpent'] : undefined
  const bound = 'past the 30 s bound on the exchange'
  const why =
    tries !== undefined
      ? `it was still in force after ${tries} tries`
      : wait?.resetAtMs !== undefined
        ? `it resets at ${new Date(wait.resetAtMs).toISOString().slice(11, 19)} UTC (in ${formatDuration(wait.ms)}), ${bound}`
        : wait?.unnamed
          ? `it named no time to wait (GitHub then asks for at least a minute), ${bound}`
          : `it asked to wait ${Math.max(1, Math.ceil((wait?.ms ?? 0) / 1000))}s, ${bound}`
  if (wait?.rateLimit) {
    return `${answered}: GitHub's rate limit for this token was reached and ${why}. This is not a missing permission; ${words.rateLimited}${tail}`
  }
  const advice =
    status === 401
      ? "Check that 'github-token' is a valid, unexpired token."
      : (words.advice[status] ?? (status >= 500 ? words.serverError : undefined))
  return `${answered}${wait ? `; ${why}` : ''}.${advice ? ` ${advice}` : ''}${tail}`
}

function gitHubMessage(error: unknown): string {
  const data = response(error)['data']
  const message = isRecord(data) ? data['message'] : undefined
  return typeof message === 'string' ? message : errorMessage(error)
}

/** The number of the page a Link header names with `rel` (its URL itself is never used). */
export function linkedPage(link: unknown, rel: 'next' | 'last'): number | undefined {
  if (typeof link !== 'string') return undefined
  const target = new RegExp(`<([^>]*)>\\s*;\\s*rel="?${rel}"?`).exec(link)?.[1]
  if (target === undefined) return undefined
  const page = Number(/[?&]page=(\d+)/.exec(target)?.[1] ?? NaN)
  return Number.isSafeInteger(page) && page > 0 ? page : NaN
}

export function lastPageOf(link: unknown): number | undefined {
  const page = linkedPage(link, 'last')
  return Number.isNaN(page) ? undefined : page
}
