// comment-on-pr: one sticky comment per pull request and label, created once and edited in place.
// A courtesy: GitHub trouble is a warning and never changes the gate. Loaded only when asked for.
import * as io from '../kernel/io.js'
import { isRecord } from '../kernel/values.js'
import { plainText } from '../kernel/text.js'
import { formatDuration } from '../kernel/time.js'
import type { Verdict } from './verdict.js'
import { pullRequestLookup, type GitHubContext } from '../kernel/event.js'
import type { JudgedTarget } from './report.js'
import { describeGitHubFailure, openPullRequestWithHead } from './github-reads.js'
import { lastPageOf, rateLimitWaitMs } from '../kernel/github-failure.js'
import { BudgetExceeded, testOverride, withGitHub, type Octokit } from '../kernel/github.js'
import { commentMarker, githubLinks, hasMarker, renderPullRequestComment } from './render.js'
import { logPrefix, type GreenlightSettings } from '../kernel/settings.js'

// Pages of 100 comments read: the first (where the first run's comment sits), then from the newest
// backwards, so a longer thread gets at most one more sticky comment.
const MAX_COMMENT_PAGES = 30

export async function upsertPullRequestComment(input: {
  settings: GreenlightSettings
  verdict: Verdict
  /** The commit judged (a check's `sha`, maybe not the workflow's): the comment's PR and label. */
  target: JudgedTarget
  ctx: GitHubContext
  env: NodeJS.ProcessEnv
  signal?: AbortSignal
}): Promise<{ problem?: string }> {
  const { settings, verdict, target, ctx, env } = input
  const prefix = logPrefix(settings)
  const warn = (problem: string): { problem: string } => {
    io.warning(`${prefix}${problem}`, 'Pull request comment not written')
    return { problem }
  }
  const note = (text: string): { problem?: string } => {
    io.info(`${prefix}${text}`)
    return {}
  }
  if (verdict.status === 'interrupted')
    return note('The job was cancelled; the pull request comment was not updated.')
  const [owner, repo, ...extra] = ctx.repository.split('/')
  if (!owner || !repo || extra.length > 0) {
    return warn(
      `GITHUB_REPOSITORY is ${ctx.repository === '' ? 'not set' : `'${plainText(ctx.repository)}'`}, not owner/repo, so no pull request comment was written. It is set by the GitHub runner.`
    )
  }
  const lookup = pullRequestLookup(ctx, target.sha)
  if (lookup.kind === 'none') return note(`${lookup.reason} No pull request comment was written.`)
  const budgetMs = testOverride(env, 'QA_GREENLIGHT_TEST_PR_COMMENT_BUDGET_MS')
  try {
    await withGitHub(
      settings.githubToken,
      ctx.apiUrl,
      async (octokit, signal) => {
        const request = { signal }
        const repoRef = { owner, repo }
        let number: number | undefined
        if (lookup.kind === 'number') number = lookup.number
        else {
          const { data } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
            ...repoRef,
            commit_sha: lookup.sha,
            per_page: 100,
            request
          })
          number = openPullRequestWithHead(data, lookup.sha)
          if (number === undefined)
            return note(
              `No open pull request has commit ${lookup.sha} as its head; no pull request comment was written.`
            )
        }
        const issue = { ...repoRef, issue_number: number, request }
        const links = { ...githubLinks(ctx, env), commitUrl: target.commitUrl }
        const body = io.redact(
          renderPullRequestComment({ label: settings.label, verdict, commitSha: target.sha, links })
        )
        const author = await tokenLogin(octokit, signal)
        if (author === undefined)
          note(
            "GitHub could not say which identity the token writes as, so no earlier comment is edited (it may be someone else's); a new one is written."
          )
        const marker = commentMarker(settings.label)
        const existing =
          author === undefined ? undefined : await findOwnComment(octokit, issue, marker, author)
        const { data } =
          existing === undefined
            ? await octokit.rest.issues.createComment({ ...issue, body })
            : await octokit.rest.issues.updateComment({
                ...repoRef,
                comment_id: existing,
                body,
                request
              })
        const did =
          existing === undefined ? 'Commented the QA verdict' : 'Updated the QA verdict comment'
        note(`${did} on pull request #${number}: ${data.html_url}`)
      },
      budgetMs,
      input.signal
    )
    return {}
  } catch (error) {
    if (input.signal?.aborted)
      return note('The job was cancelled while commenting on the pull request.')
    const cause =
      error instanceof BudgetExceeded
        ? new Error(`GitHub did not complete the comment within ${formatDuration(budgetMs)}`)
        : error
    return warn(describeGitHubFailure(cause, ctx.apiUrl, settings.githubToken, Date.now()))
  }
}

// GET /user names a personal token's login (and refuses an installation token), GraphQL `viewer`
// an installation token's bot; where GraphQL refuses too (an older GHES), it is the GITHUB_TOKEN.
async function tokenLogin(octokit: Octokit, signal: AbortSignal): Promise<string | undefined> {
  const request = { signal }
  try {
    return (await octokit.rest.users.getAuthenticated({ request })).data.login
  } catch (error) {
    if (!refused(error)) throw error
  }
  try {
    type Viewer = { viewer?: { login?: unknown } } | null
    const data = await octokit.graphql<Viewer>('query { viewer { login } }', { request })
    const login = data?.viewer?.login
    return typeof login === 'string' && login !== '' ? login : undefined
  } catch (error) {
    if (signal.aborted) throw error
    return refused(error) ? 'github-actions[bot]' : undefined
  }
}

function refused(error: unknown): boolean {
  if (rateLimitWaitMs(error, 0) !== undefined) return false
  const status = isRecord(error) && isRecord(error['response']) ? error['response']['status'] : 0
  return status === 403 || status === 404
}

/** The ID of the marked comment `author` wrote (never "any bot"), searched as MAX_COMMENT_PAGES says. */
async function findOwnComment(
  octokit: Octokit,
  issue: { owner: string; repo: string; issue_number: number; request: object },
  marker: string,
  author: string
): Promise<number | undefined> {
  const read = async (page: number) => {
    const { data, headers } = await octokit.rest.issues.listComments({
      ...issue,
      per_page: 100,
      page
    })
    const found = data.find(c => hasMarker(c?.body, marker) && c?.user?.login === author)
    return { id: found?.id, last: lastPageOf(headers.link) ?? page }
  }
  const first = await read(1)
  if (first.id !== undefined) return first.id
  // The page numbers come from the count, never from a Link URL.
  const lowest = Math.max(2, first.last - MAX_COMMENT_PAGES + 2)
  for (let page = first.last; page >= lowest; page--) {
    const { id } = await read(page)
    if (id !== undefined) return id
  }
  return undefined
}
