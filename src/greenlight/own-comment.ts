// Which comment is this step's sticky comment: one written by the token's own login (never "any
// bot") that carries the step's marker, and where to look for it. Pure: the questions to GitHub
// are passed in (pr-comment.ts asks them).
import { isRecord } from '../core/is-record.js'
import { hasMarker } from '../gate/render.js'
import { lastPageOf } from '../github/pr-lookup.js'
import { rateLimitWaitMs } from '../github/github-failure.js'

/**
 * Comments are read 100 a page, at most this many pages (3,000 comments): the first page (where a
 * comment made by the first run sits), then from the newest backwards (where one made since
 * sits), so a pull request with more comments gets at most one more sticky comment, found from
 * then on, never one per run.
 */
export const MAX_COMMENT_PAGES = 30

/** The job's GITHUB_TOKEN writes as this bot; the identity assumed when GitHub names none. */
export const GITHUB_ACTIONS_BOT = 'github-actions[bot]'

export interface CommentAuthor {
  login: string
}

export interface IdentityQuestions {
  /** GET /user: the login of a personal token; refused (403) for an app installation token. */
  user(): Promise<string>
  /** GraphQL `{ viewer { login } }`: an app installation token's bot, `<app-slug>[bot]`. */
  viewer(): Promise<unknown>
}

/**
 * Who the token is, or undefined when that could not be learned. A personal token says so at
 * GET /user. An app installation token, such as the job's GITHUB_TOKEN, cannot, but GraphQL's
 * `viewer` names its bot; where GraphQL refuses too (403 or 404: an older GitHub Enterprise
 * Server), the token is taken to be the job's GITHUB_TOKEN, which writes as github-actions[bot].
 * Any other failure of GraphQL (a 5xx, an answer without a login) leaves the identity unknown:
 * the caller then edits nothing, since the comment it would edit may be someone else's.
 */
export async function tokenIdentity(
  ask: IdentityQuestions,
  aborted: () => boolean
): Promise<CommentAuthor | undefined> {
  try {
    return { login: await ask.user() }
  } catch (error) {
    if (!refused(error)) throw error
  }
  try {
    const data = await ask.viewer()
    const viewer = isRecord(data) ? data['viewer'] : undefined
    const login = isRecord(viewer) ? viewer['login'] : undefined
    return typeof login === 'string' && login !== '' ? { login } : undefined
  } catch (error) {
    if (aborted()) throw error
    return refused(error) ? { login: GITHUB_ACTIONS_BOT } : undefined
  }
}

/** GitHub refused to say who the token is: a 403 or 404 that is not a rate limit. */
function refused(error: unknown): boolean {
  if (rateLimitWaitMs(error, 0) !== undefined) return false
  const status = isRecord(error) && isRecord(error['response']) ? error['response']['status'] : 0
  return status === 403 || status === 404
}

export function isOwnComment(comment: unknown, author: CommentAuthor): boolean {
  if (!isRecord(comment) || !isRecord(comment['user'])) return false
  return comment['user']['login'] === author.login
}

/** One page of a pull request's comments, and its Link header (for the last page's number). */
export type CommentPage = (page: number) => Promise<{ comments: readonly unknown[]; link: unknown }>

/** The ID of the marked comment `author` wrote, searching as MAX_COMMENT_PAGES says. */
export async function findOwnComment(
  readPage: CommentPage,
  marker: string,
  author: CommentAuthor
): Promise<number | undefined> {
  const read = async (page: number) => {
    const { comments, link } = await readPage(page)
    const found = comments.find(
      c => isRecord(c) && hasMarker(c['body'], marker) && isOwnComment(c, author)
    )
    const id = isRecord(found) && typeof found['id'] === 'number' ? found['id'] : undefined
    return { id, last: lastPageOf(link) ?? page }
  }
  const first = await read(1)
  if (first.id !== undefined) return first.id
  // Then the newest pages first; the page numbers come from the count, never from a Link URL.
  const lowest = Math.max(2, first.last - MAX_COMMENT_PAGES + 2)
  for (let page = first.last; page >= lowest; page--) {
    const { id } = await read(page)
    if (id !== undefined) return id
  }
  return undefined
}
