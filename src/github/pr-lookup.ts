// Which pull request a verdict belongs to, and what went wrong talking to GitHub: the pure parts
// of comment-on-pr, tested without a network.
import type { GitHubContext } from '../github/event-context.js'
import { isRecord } from '../core/is-record.js'
import { deriveFromEvent } from '../github/event-values.js'
import { isFullCommitSha } from '../core/commit-sha.js'
import { gitHubFailureMessage, type GitHubFailureWords } from './github-failure.js'

export type PullRequestLookup =
  | { kind: 'number'; number: number }
  | { kind: 'sha'; sha: string }
  | { kind: 'none'; reason: string }

/**
 * Where the pull request comes from: the event itself for pull request events (and comments on
 * a pull request), else the open pull request whose head is `sha` (the commit a check's verdict
 * is about, when the step names one), else the event's commit.
 */
export function pullRequestLookup(ctx: GitHubContext, sha?: string): PullRequestLookup {
  const event = ctx.eventName || 'unknown'
  if (ctx.eventName.startsWith('pull_request')) {
    const pr = ctx.payload['pull_request']
    const number = isRecord(pr) ? positiveInteger(pr['number']) : undefined
    return number === undefined
      ? { kind: 'none', reason: `The ${event} event has no pull_request.number.` }
      : { kind: 'number', number }
  }
  if (ctx.eventName === 'issue_comment') {
    const issue = ctx.payload['issue']
    const number = isRecord(issue) ? positiveInteger(issue['number']) : undefined
    if (number === undefined || !isRecord(issue) || !isRecord(issue['pull_request'])) {
      return { kind: 'none', reason: 'The issue_comment event is on an issue, not a pull request.' }
    }
    return { kind: 'number', number }
  }
  const commit = sha ?? eventCommit(ctx)
  return commit === undefined
    ? { kind: 'none', reason: `The ${event} event names no commit to look a pull request up by.` }
    : { kind: 'sha', sha: commit }
}

/** The commit the verdict belongs to, as notify derives it; undefined when the event has none. */
export function eventCommit(ctx: GitHubContext): string | undefined {
  // An issue comment runs on the default branch, which is not the pull request's commit.
  if (ctx.eventName === 'issue_comment') return undefined
  // A non-success deployment_status makes notify skip, but GITHUB_SHA still names its commit.
  const sha = deriveFromEvent(ctx).sha ?? ctx.sha
  return isFullCommitSha(sha) ? sha.toLowerCase() : undefined
}

/** The first open pull request whose head is `sha`, from GitHub's list for that commit. */
export function openPullRequestWithHead(
  pulls: readonly unknown[],
  sha: string
): number | undefined {
  for (const pr of pulls) {
    if (!isRecord(pr) || pr['state'] !== 'open') continue
    const head = pr['head']
    const headSha = isRecord(head) && typeof head['sha'] === 'string' ? head['sha'] : ''
    const number = positiveInteger(pr['number'])
    if (headSha.toLowerCase() === sha.toLowerCase() && number !== undefined) return number
  }
  return undefined
}

/** The number of the last page, from a Link header's rel="last" (the URL itself is not used). */
export function lastPageOf(link: unknown): number | undefined {
  if (typeof link !== 'string') return undefined
  const last = /<([^>]*)>\s*;\s*rel="last"/.exec(link)?.[1]
  const page = last === undefined ? NaN : Number(/[?&]page=(\d+)/.exec(last)?.[1])
  return Number.isSafeInteger(page) && page > 0 ? page : undefined
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

/** Why the comment was not written, for a warning: the cause and what to do about it. */
export function describeGitHubFailure(
  error: unknown,
  apiUrl: string,
  token: string,
  now = 0
): string {
  return gitHubFailureMessage(error, COMMENT_FAILURE, apiUrl, token, now)
}

export function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined
}
