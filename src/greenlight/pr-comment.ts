// comment-on-pr: one sticky comment per pull request and label, created on the first run and
// edited in place afterwards, so a pull request shows the latest verdict instead of a comment per
// push. The comment is a courtesy: GitHub trouble is a warning and never changes the gate.
// This module is the GitHub side (which pull request, Octokit requests, warnings); the body is
// rendered by pr-comment-body.ts. run-greenlight.ts imports this module only when comment-on-pr is on,
// so Octokit is loaded only then.
import { setTimeout as sleep } from 'node:timers/promises'
import * as io from '../render/action-io.js'
import { readGitHubContext, type GitHubContext } from '../github/event-context.js'
import { plainText } from '../core/text.js'
import { formatDuration } from '../core/durations.js'
import type { JudgedVerdict } from './verdict.js'
import {
  describeGitHubFailure,
  eventCommit,
  openPullRequestWithHead,
  pullRequestLookup,
  rateLimitWaitMs
} from '../github/pr-lookup.js'
import { commentMarker, githubLinks, renderPullRequestComment } from './pr-comment-body.js'
import { logPrefix, type GreenlightSettings } from '../inputs/settings.js'
import { findOwnComment, tokenIdentity, type CommentAuthor } from './own-comment.js'
import { USER_AGENT } from '../core/version.js'

export interface PullRequestCommentInput {
  settings: GreenlightSettings
  verdict: JudgedVerdict
  env: NodeJS.ProcessEnv
  /** Job cancellation: the comment is given up at once, so the step can stop within 2 s. */
  signal?: AbortSignal
}

/**
 * For the whole comment (every request, page and byte of it): a hanging or trickling API must not
 * hold the job. The end-to-end tests shorten it through a test-only variable.
 */
export const PR_COMMENT_BUDGET_MS = 30_000

type Octokit = ReturnType<typeof import('@actions/github').getOctokit>

interface RepoRef {
  owner: string
  repo: string
}

/** Creates or updates this step's comment; any failure becomes a warning. */
export async function upsertPullRequestComment(input: PullRequestCommentInput): Promise<void> {
  const { settings, verdict, env } = input
  const labelPrefix = logPrefix(settings)
  if (verdict.status === 'interrupted') {
    // The step must end within seconds of a cancellation; the comment keeps its last verdict.
    io.info(`${labelPrefix}The job was cancelled; the pull request comment was not updated.`)
    return
  }
  const ctx = readGitHubContext(env)
  const budgetMs = commentBudgetMs(env)
  // One signal for every request, and a race for the whole: whichever of the budget and the job's
  // cancellation comes first ends the comment, however GitHub (or Octokit) behaves meanwhile.
  const budget = AbortSignal.timeout(budgetMs)
  const signal = input.signal ? AbortSignal.any([input.signal, budget]) : budget
  const deadline = Date.now() + budgetMs
  try {
    await untilAborted(upsert(settings, verdict, ctx, env, labelPrefix, signal, deadline), signal)
  } catch (error) {
    if (input.signal?.aborted) {
      io.info(`${labelPrefix}The job was cancelled while commenting on the pull request.`)
      return
    }
    const cause = budget.aborted
      ? new Error(`GitHub did not complete the comment within ${formatDuration(budgetMs)}`)
      : error
    io.warning(
      `${labelPrefix}${describeGitHubFailure(cause, ctx.apiUrl, settings.githubToken, Date.now())}`,
      'Pull request comment not written'
    )
  }
}

function commentBudgetMs(env: NodeJS.ProcessEnv): number {
  const ms = Number(env['QA_GREENLIGHT_TEST_PR_COMMENT_BUDGET_MS'])
  return Number.isFinite(ms) && ms > 0 ? ms : PR_COMMENT_BUDGET_MS
}

/** `work`, or a rejection as soon as `signal` aborts, whether or not `work` listens to it. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason)
    if (signal.aborted) onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

async function upsert(
  settings: GreenlightSettings,
  verdict: JudgedVerdict,
  ctx: GitHubContext,
  env: NodeJS.ProcessEnv,
  labelPrefix: string,
  signal: AbortSignal,
  deadline: number
): Promise<void> {
  const [owner, repo, ...extra] = ctx.repository.split('/')
  if (!owner || !repo || extra.length > 0) {
    io.warning(
      `${labelPrefix}GITHUB_REPOSITORY is ${ctx.repository === '' ? 'not set' : `'${plainText(ctx.repository)}'`}, ` +
        `not owner/repo, so no pull request comment was written. It is set by the GitHub runner.`,
      'Pull request comment not written'
    )
    return
  }
  const lookup = pullRequestLookup(ctx)
  if (lookup.kind === 'none') {
    io.info(`${labelPrefix}${lookup.reason} No pull request comment was written.`)
    return
  }
  const { getOctokit } = await import('@actions/github')
  const octokit = getOctokit(settings.githubToken, { baseUrl: ctx.apiUrl, userAgent: USER_AGENT })
  refuseOtherOrigins(octokit, ctx.apiUrl)
  waitOutRateLimits(octokit, deadline, signal)
  const request = { signal }
  const repoRef = { owner, repo }

  let number: number | undefined
  if (lookup.kind === 'number') {
    number = lookup.number
  } else {
    const { data } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
      ...repoRef,
      commit_sha: lookup.sha,
      per_page: 100,
      request
    })
    number = openPullRequestWithHead(data, lookup.sha)
    if (number === undefined) {
      io.info(
        `${labelPrefix}No open pull request has commit ${lookup.sha} as its head; no pull request comment was written.`
      )
      return
    }
  }

  const commitSha = eventCommit(ctx)
  const body = io.redact(
    renderPullRequestComment({
      label: settings.label,
      verdict,
      commitSha,
      links: githubLinks(ctx, env, commitSha)
    })
  )
  const marker = commentMarker(settings.label)
  const author = await commentAuthor(octokit, request)
  const existing = await findOwnMarkedComment(octokit, repoRef, number, marker, author, request)
  if (existing === undefined) {
    const { data } = await octokit.rest.issues.createComment({
      ...repoRef,
      issue_number: number,
      body,
      request
    })
    io.info(`${labelPrefix}Commented the QA verdict on pull request #${number}: ${data.html_url}`)
  } else {
    const { data } = await octokit.rest.issues.updateComment({
      ...repoRef,
      comment_id: existing,
      body,
      request
    })
    io.info(
      `${labelPrefix}Updated the QA verdict comment on pull request #${number}: ${data.html_url}`
    )
  }
}

/**
 * The token goes to GITHUB_API_URL and nowhere else: requests are built from page numbers, never
 * from a Link header, and anything else that would leave that origin is refused before it is sent.
 */
function refuseOtherOrigins(octokit: Octokit, apiUrl: string): void {
  const origin = new URL(apiUrl).origin
  octokit.hook.before('request', options => {
    const target = new URL(String(options.url), `${apiUrl.replace(/\/+$/, '')}/`)
    if (target.origin !== origin) {
      throw new Error(`refused to send the token to ${target.origin}, not GITHUB_API_URL`)
    }
  })
}

/**
 * A secondary (or primary) rate limit is GitHub saying "not now", not a missing permission: the
 * request is sent again after the wait GitHub asks for, when that ends within the comment's
 * bound; otherwise the failure stands and is described as a rate limit.
 */
function waitOutRateLimits(octokit: Octokit, deadline: number, signal: AbortSignal): void {
  octokit.hook.wrap('request', async (send, options) => {
    for (;;) {
      try {
        return await send(options)
      } catch (error) {
        const waitMs = rateLimitWaitMs(error, Date.now())
        if (waitMs === undefined || Date.now() + waitMs >= deadline) throw error
        await sleep(waitMs, undefined, { signal })
      }
    }
  })
}

/** Who the token is: GET /user, else GraphQL's `viewer` (own-comment.ts decides). */
function commentAuthor(octokit: Octokit, request: { signal: AbortSignal }): Promise<CommentAuthor> {
  return tokenIdentity(
    {
      user: async () => (await octokit.rest.users.getAuthenticated({ request })).data.login,
      viewer: () => octokit.graphql('query { viewer { login } }', { request })
    },
    () => request.signal.aborted
  )
}

/** This step's marked comment, read 100 a page (own-comment.ts decides which pages). */
function findOwnMarkedComment(
  octokit: Octokit,
  repoRef: RepoRef,
  number: number,
  marker: string,
  author: CommentAuthor,
  request: { signal: AbortSignal }
): Promise<number | undefined> {
  return findOwnComment(
    async page => {
      const params = { ...repoRef, issue_number: number, per_page: 100, page, request }
      const { data, headers } = await octokit.rest.issues.listComments(params)
      return { comments: data, link: headers.link }
    },
    marker,
    author
  )
}
