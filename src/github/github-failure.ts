// What went wrong talking to GitHub, for a message: the status GitHub answered (a network failure
// has none), how long a rate limit asked to wait, and the one shape every GitHub failure message
// takes (what did not happen, what GitHub said, what to do), with the token never shown. The PR
// comment and notify's GitHub deployment each give only their own words.
import { isRecord } from '../core/is-record.js'
import { plainText } from '../kernel/text.js'
import { errorMessage } from '../core/error-message.js'

/** The HTTP status of an Octokit error; undefined when no answer came. */
export function httpStatusOf(error: unknown): number | undefined {
  // Octokit reports network failures as status 500 without a response: only a response has a status.
  if (!isRecord(error) || !isRecord(error['response'])) return undefined
  const status = error['response']['status']
  return typeof status === 'number' ? status : undefined
}

/** GitHub's advice when a secondary rate limit names no time: wait at least a minute. */
const SECONDARY_WAIT_MS = 60_000

/**
 * How long GitHub asked to wait when `error` is a rate limit, else undefined: a 403 or 429 with
 * `Retry-After`, or with `x-ratelimit-remaining: 0` and its reset time, or whose message says it
 * is a rate limit although no header says so (GitHub's secondary limit sometimes comes bare: its
 * docs then ask for at least a minute). A 403 without any of them is a missing permission.
 * The wait may be 0 (a reset time already past on the runner's clock); the retry loop sets its
 * own floor.
 */
export function rateLimitWaitMs(error: unknown, now: number): number | undefined {
  return rateLimitWait(error, now)?.ms
}

function rateLimitWait(error: unknown, now: number): { ms: number; named: boolean } | undefined {
  const status = httpStatusOf(error)
  if (status !== 403 && status !== 429) return undefined
  const response = isRecord(error) ? error['response'] : undefined
  const headers = isRecord(response) && isRecord(response['headers']) ? response['headers'] : {}
  const retryAfter = headers['retry-after']
  if (typeof retryAfter === 'string' || typeof retryAfter === 'number') {
    const seconds = Number(retryAfter)
    if (Number.isFinite(seconds) && seconds >= 0) return { ms: seconds * 1000, named: true }
  }
  const reset = Number(headers['x-ratelimit-reset'])
  if (String(headers['x-ratelimit-remaining']) === '0' && Number.isFinite(reset)) {
    return { ms: Math.max(0, reset * 1000 - now), named: true }
  }
  if (/\brate limit/i.test(gitHubMessage(error))) return { ms: SECONDARY_WAIT_MS, named: false }
  return undefined
}

/** Rate-limited requests whose retries ran out (the loop's cap), with how many tries were made. */
const spentRetries = new WeakMap<object, number>()

/** Marks a rate-limit failure that was still there after `tries` tries (github-api.ts). */
export function noteRetriesSpent(error: unknown, tries: number): void {
  if (isRecord(error)) spentRetries.set(error, tries)
}

/** One use's words for a GitHub failure; the rest of the message is the same for every use. */
export interface GitHubFailureWords {
  /** What did not happen: the message's head. */
  what: string
  /** What to do, by the status GitHub answered. */
  advice: Partial<Record<number, string>>
  /** What follows a rate limit's wait, which is never a missing permission. */
  rateLimited: string
  /** What to do after a 5xx answer, if anything. */
  serverError?: string
  /** Said last, whatever the cause. */
  tail?: string
}

/** Why a request to GitHub failed and what to do, for a warning or an error; never the token. */
export function gitHubFailureMessage(
  error: unknown,
  words: GitHubFailureWords,
  apiUrl: string,
  token: string,
  now = 0
): string {
  let detail = plainText(gitHubMessage(error), 300)
  // Never echo the token, even if a server or proxy put it into its answer.
  if (token.length >= 4) detail = detail.split(token).join('***')
  const status = httpStatusOf(error)
  const answered = `GitHub answered ${status} (${detail || 'no message'})`
  const tail = words.tail === undefined ? '' : ` ${words.tail}`
  const wait = rateLimitWait(error, now)
  if (wait !== undefined) {
    const tries = isRecord(error) ? spentRetries.get(error) : undefined
    // Never "asked to wait 0s": a wait that short was waited (with a floor), and still limited.
    const why =
      tries !== undefined
        ? `it was still in force after ${tries} tries`
        : wait.named
          ? `it asked to wait ${Math.max(1, Math.ceil(wait.ms / 1000))}s, past the 30 s bound on the exchange`
          : 'it named no time to wait (GitHub then asks for at least a minute), past the 30 s bound on the exchange'
    return `${words.what}: ${answered}: GitHub's rate limit for this token was reached and ${why}. This is not a missing permission; ${words.rateLimited}${tail}`
  }
  if (status === undefined) {
    return `${words.what}: GitHub could not be reached at ${apiUrl} (${detail || 'no details'}). Check GITHUB_API_URL and the proxy settings.${tail}`
  }
  const advice =
    status === 401
      ? "Check that 'github-token' is a valid, unexpired token."
      : (words.advice[status] ?? (status >= 500 ? (words.serverError ?? '') : ''))
  return `${words.what}: ${answered}.${advice === '' ? '' : ` ${advice}`}${tail}`
}

/** GitHub's own message (the answer's `message`), else the error's. */
function gitHubMessage(error: unknown): string {
  if (isRecord(error) && isRecord(error['response']) && isRecord(error['response']['data'])) {
    const message = error['response']['data']['message']
    if (typeof message === 'string') return message
  }
  return errorMessage(error)
}
