// The body of the sticky pull request comment (comment-on-pr), built from the verdict alone: no
// network and no Octokit, so it is tested without mocks and costs nothing to load.
import type { GitHubContext } from '../github/event-context.js'
import { blockingBugsAcrossRuns, count, renderBug, renderVerdict } from './summary.js'
import { readBugs } from './bugs.js'
import { bugCounts } from './verdict.js'
import {
  bulletList,
  escapeText,
  link,
  safeHttpUrl,
  table,
  type Markdown
} from '../render/markdown.js'
import { limitSummary, utf8Length } from '../render/byte-budget.js'
import type { GreenlightVerdict } from './run-outcome.js'

/** GitHub rejects a comment body over 65,536 characters; this leaves a margin. */
export const COMMENT_MAX_CHARS = 65_000

/** Blocking bugs listed in the comment; the job summary lists more. */
export const MAX_COMMENT_BUGS = 25

export const COMMENT_TRUNCATION_NOTE =
  "⚠️ **This comment was truncated** to stay within GitHub's comment size limit. " +
  'The job summary of the workflow run has the details.'

/**
 * The hidden first line that identifies this step's comment. The label is percent-encoded, so
 * that no label can end the HTML comment early (`-->`) and different labels never share a marker.
 */
export function commentMarker(label: string): string {
  if (label === '') return '<!-- qa-greenlight -->'
  let encoded = ''
  for (const char of label) {
    encoded += /^[A-Za-z0-9._~-]$/.test(char)
      ? char
      : [...Buffer.from(char, 'utf8')]
          .map(byte => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
          .join('')
  }
  return `<!-- qa-greenlight:${encoded} -->`
}

/** True when the comment body starts with `marker` on a line of its own. */
export function hasMarker(body: unknown, marker: string): boolean {
  return typeof body === 'string' && (body.split('\n', 1)[0] ?? '').trim() === marker
}

export interface GitHubLinks {
  commitUrl?: string
  workflowRunUrl?: string
}

/** Links on the GitHub server of the run (GITHUB_SERVER_URL, so GHES works). */
export function githubLinks(ctx: GitHubContext, env: NodeJS.ProcessEnv, sha?: string): GitHubLinks {
  const server = safeHttpUrl(ctx.serverUrl) === undefined ? undefined : ctx.serverUrl
  if (server === undefined || !/^[^/\s]+\/[^/\s]+$/.test(ctx.repository)) return {}
  const base = `${server}/${ctx.repository}`
  const runId = env['GITHUB_RUN_ID'] ?? ''
  const attempt = Number(env['GITHUB_RUN_ATTEMPT'] ?? '1')
  const links: GitHubLinks = {}
  if (sha !== undefined) links.commitUrl = `${base}/commit/${sha}`
  if (/^\d+$/.test(runId)) {
    links.workflowRunUrl =
      Number.isInteger(attempt) && attempt > 1
        ? `${base}/actions/runs/${runId}/attempts/${attempt}`
        : `${base}/actions/runs/${runId}`
  }
  return links
}

export interface CommentContent {
  label: string
  verdict: GreenlightVerdict
  /** The timeout that passed, for the `timed-out` wording. */
  timedOutAfterMs?: number
  commitSha?: string
  links?: GitHubLinks
}

/** The whole comment body: marker, verdict, a row per run, blocking bugs, links; capped in size. */
export function renderPullRequestComment(content: CommentContent): Markdown {
  const marker = commentMarker(content.label)
  const footer = renderFooter(content)
  const main = [
    ...renderVerdict({
      label: content.label,
      verdict: content.verdict,
      timedOutAfterMs: content.timedOutAfterMs
    }),
    '',
    ...renderBlockingBugs(content.verdict),
    '',
    ...renderOtherBlockingBugs(content.verdict),
    '',
    renderRunTable(content.verdict)
  ]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  // Bytes bound characters from above, so a byte budget keeps the character limit too.
  const budget = COMMENT_MAX_CHARS - utf8Length(`${marker}\n\n\n${footer}\n`)
  const limited = limitSummary(main, budget, COMMENT_TRUNCATION_NOTE).trimEnd()
  return `${marker}\n${limited}\n\n${footer}\n`
}

function renderRunTable(verdict: GreenlightVerdict): Markdown {
  const rows = verdict.runs.map(run => {
    const response = run.lastResponse
    const rootUrl =
      run.rootRunUrl ?? (response?.rootRunId === run.rootRunId ? response.rootRunUrl : undefined)
    const runCell =
      response !== undefined && response.relevantRunId !== run.rootRunId
        ? `${link(run.rootRunId, rootUrl)} → ${link(response.relevantRunId, response.relevantRunUrl)}`
        : link(run.rootRunId, rootUrl ?? response?.relevantRunUrl)
    return [
      runCell,
      escapeText(run.status),
      response === undefined ? '—' : String(bugCounts(response).blocking),
      response === undefined ? '—' : String(bugCounts(response).nonBlocking),
      count(response?.workflowsInRunCount),
      count(response?.workflowsUnderInvestigationCount),
      response === undefined ? '—' : link('bugs', response.relevantRunWithBugsUrl)
    ]
  })
  return table(
    [
      'Run',
      'Status',
      'Blocking bugs',
      'Non-blocking bugs',
      'Workflows',
      'Under investigation',
      'Link'
    ],
    rows
  )
}

function renderBlockingBugs(verdict: GreenlightVerdict): string[] {
  const bugs = blockingBugsAcrossRuns(verdict).map(({ bug }) => bug)
  if (bugs.length === 0) return []
  const items = bugs.slice(0, MAX_COMMENT_BUGS).map(renderBug)
  const rest = bugs.length - MAX_COMMENT_BUGS
  if (rest > 0) items.push(`… and ${rest} more: see the job summary or the QA service.`)
  return [`**Blocking bugs (${bugs.length}):**`, '', bulletList(items)]
}

/** Blocking bugs in workflows of the environment that did not run, once each across runs. */
function renderOtherBlockingBugs(verdict: GreenlightVerdict): string[] {
  const seen = new Set<string>()
  const bugs = verdict.runs
    .flatMap(run => readBugs(run.lastResponse?.otherBlockingBugsInEnvironment))
    .filter(bug => {
      const key = bug.url ?? bug.name
      if (key === undefined) return true
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
  if (bugs.length === 0) return []
  const items = bugs.slice(0, MAX_COMMENT_BUGS).map(renderBug)
  const rest = bugs.length - MAX_COMMENT_BUGS
  if (rest > 0) items.push(`… and ${rest} more: see the job summary or the QA service.`)
  return [
    `**Blocking bugs in workflows outside this run (${bugs.length}):**`,
    '',
    bulletList(items)
  ]
}

function renderFooter(content: CommentContent): Markdown {
  const parts: Markdown[] = []
  if (content.commitSha !== undefined) {
    parts.push(`Commit ${link(content.commitSha.slice(0, 7), content.links?.commitUrl)}`)
  }
  if (content.links?.workflowRunUrl !== undefined) {
    parts.push(link('workflow run and job summary', content.links.workflowRunUrl))
  }
  parts.push('updated by qa-greenlight on every run of this step')
  return `<sub>${parts.join(' · ')}</sub>`
}
