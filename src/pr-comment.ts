// Sticky PR comment with the verdict (comment-on-pr). Being implemented; see issue #5.
import * as io from './action-io.js'
import type { GreenlightVerdict } from './outcomes.js'
import type { GreenlightSettings } from './settings.js'

export interface PullRequestCommentInput {
  settings: GreenlightSettings
  verdict: GreenlightVerdict
  env: NodeJS.ProcessEnv
}

export async function upsertPullRequestComment(input: PullRequestCommentInput): Promise<void> {
  io.warning(`comment-on-pr is not available yet; no comment was written for ${input.verdict.status}.`)
}
