// comment-on-pr: one sticky comment per pull request and label, created on the first run and
// edited in place afterwards, so a pull request shows the latest verdict instead of a comment per
// push. The comment is a courtesy: GitHub trouble is a warning and never changes the gate.
// This module is the GitHub side (which pull request, Octokit requests, warnings); the body is
// rendered by pr-comment-body.ts. run-greenlight.ts imports this module only when comment-on-pr is on,
// so Octokit is loaded only then.
import * as io from '../kernel/io.js'
import type { GitHubContext } from '../github/event-context.js'
import { plainText } from '../kernel/text.js'
import { formatDuration } from '../core/durations.js'
import type { Verdict } from './verdict.js'
import {
  describeGitHubFailure,
  eventCommit,
  openPullRequestWithHead,
  pullRequestLookup,
  type PullRequestLookup
} from '../github/pr-lookup.js'
import { BudgetExceeded, gitHubBudgetMs, withGitHub, type Octokit } from '../github/github-api.js'
import { commentMarker, githubLinks, renderPullRequestComment } from '../gate/render.js'
import { logPrefix, type GreenlightSettings } from '../inputs/settings.js'
import { findOwnComment, tokenIdentity, type CommentAuthor } from './own-comment.js'

export interface PullRequestCommentInput {
  settings: GreenlightSettings
  verdict: Verdict
  /** The event, read once by the step. */
  ctx: GitHubContext
  env: NodeJS.ProcessEnv
  /** Job cancellation: the comment is given up at once, so the step can stop within 2 s. */
  signal?: AbortSignal
}

interface RepoRef {
  owner: string
  repo: string
}

/** What became of the comment: `problem` says why it could not be written, for the summary. */
export interface CommentResult {
  problem?: string
}

/** Creates or updates this step's comment; any failure becomes a warning, and is returned. */
export async function upsertPullRequestComment(
  input: PullRequestCommentInput
): Promise<CommentResult> {
  const { settings, verdict, ctx, env } = input
  const labelPrefix = logPrefix(settings)
  if (verdict.status === 'interrupted') {
    // The step must end within seconds of a cancellation; the comment keeps its last verdict.
    io.info(`${labelPrefix}The job was cancelled; the pull request comment was not updated.`)
    return {}
  }
  const [owner, repo, ...extra] = ctx.repository.split('/')
  if (!owner || !repo || extra.length > 0) {
    const problem =
      `GITHUB_REPOSITORY is ${ctx.repository === '' ? 'not set' : `'${plainText(ctx.repository)}'`}, ` +
      `not owner/repo, so no pull request comment was written. It is set by the GitHub runner.`
    io.warning(`${labelPrefix}${problem}`, 'Pull request comment not written')
    return { problem }
  }
  // A check's verdict is about its commit (the sha input), which may not be the workflow's.
  const lookup = pullRequestLookup(ctx, settings.check?.sha)
  if (lookup.kind === 'none') {
    io.info(`${labelPrefix}${lookup.reason} No pull request comment was written.`)
    return {}
  }
  const budgetMs = gitHubBudgetMs(env, 'QA_GREENLIGHT_TEST_PR_COMMENT_BUDGET_MS')
  try {
    await withGitHub(
      settings.githubToken,
      ctx.apiUrl,
      (octokit, signal) =>
        upsert(
          octokit,
          { settings, verdict, ctx, env, labelPrefix, lookup },
          { owner, repo },
          {
            signal
          }
        ),
      budgetMs,
      input.signal
    )
    return {}
  } catch (error) {
    if (input.signal?.aborted) {
      io.info(`${labelPrefix}The job was cancelled while commenting on the pull request.`)
      return {}
    }
    const cause =
      error instanceof BudgetExceeded
        ? new Error(`GitHub did not complete the comment within ${formatDuration(budgetMs)}`)
        : error
    const problem = describeGitHubFailure(cause, ctx.apiUrl, settings.githubToken, Date.now())
    io.warning(`${labelPrefix}${problem}`, 'Pull request comment not written')
    return { problem }
  }
}

interface CommentContext {
  settings: GreenlightSettings
  verdict: Verdict
  ctx: GitHubContext
  env: NodeJS.ProcessEnv
  labelPrefix: string
  lookup: Exclude<PullRequestLookup, { kind: 'none' }>
}

async function upsert(
  octokit: Octokit,
  { settings, verdict, ctx, env, labelPrefix, lookup }: CommentContext,
  repoRef: RepoRef,
  request: { signal: AbortSignal }
): Promise<void> {
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
  if (author === undefined) {
    io.info(
      `${labelPrefix}GitHub could not say which identity the token writes as, so no earlier comment is edited (it may be someone else's); a new one is written.`
    )
  }
  const existing =
    author === undefined
      ? undefined
      : await findOwnMarkedComment(octokit, repoRef, number, marker, author, request)
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

/** Who the token is: GET /user, else GraphQL's `viewer` (own-comment.ts decides). */
function commentAuthor(
  octokit: Octokit,
  request: { signal: AbortSignal }
): Promise<CommentAuthor | undefined> {
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
