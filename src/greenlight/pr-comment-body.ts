// The body of the sticky pull request comment (comment-on-pr), built from the verdict alone: no
// network and no Octokit, so it is tested without mocks and costs nothing to load. It is the job
// summary's lead and bug list (summary.ts) with a table of the entries, the marker that finds the
// step's own comment, and links to the commit and the workflow run; its words are messages.ts's.
import type { GitHubContext } from '../kernel/event.js'
import { count, renderBugList, renderVerdictLead } from './summary.js'
import { moreWords, restOf } from './messages.js'
import type { StepBugList, Verdict } from '../gate/verdict.js'
import { escapeText, link, safeHttpUrl, table, type Markdown } from '../render/markdown.js'
import { limitSummary, utf8Length } from '../render/byte-budget.js'

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
  verdict: Verdict
  commitSha?: string
  links?: GitHubLinks
}

/** The whole comment body: marker, verdict, a row per run, blocking bugs, links; capped in size. */
export function renderPullRequestComment(content: CommentContent): Markdown {
  const marker = commentMarker(content.label)
  const footer = renderFooter(content)
  const main = [
    ...renderVerdictLead(content.verdict, content.label),
    '',
    ...renderStepBugs(content.verdict.bugs.blocking, 'Blocking bugs'),
    '',
    ...renderStepBugs(content.verdict.bugs.other, 'Blocking bugs in workflows outside this run'),
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

function renderRunTable(verdict: Verdict): Markdown {
  if (verdict.entries.some(entry => entry.source === 'check')) return renderCheckTable(verdict)
  const rows = verdict.entries.map(entry => {
    const response = entry.run?.response
    const supersededBy = entry.run?.supersededBy
    const runCell =
      supersededBy !== undefined
        ? `${link(entry.id, entry.url)} → ${link(supersededBy, response?.relevantRunUrl)}`
        : link(entry.id, entry.url ?? response?.relevantRunUrl)
    return [
      runCell,
      escapeText(entry.status),
      response === undefined ? '—' : String(entry.bugs.blocking.count.total),
      response === undefined ? '—' : String(entry.bugs.nonBlocking.count.total),
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

/** A row per check run: the check, the app that posted it, its conclusion and QA Wolf's link. */
function renderCheckTable(verdict: Verdict): Markdown {
  const rows = verdict.entries.map(entry => [
    link(entry.check === undefined ? entry.id : `${entry.check.name} (${entry.id})`, entry.url),
    escapeText(entry.check?.appName ?? entry.check?.app ?? '—'),
    escapeText(entry.status),
    escapeText(entry.check?.conclusion ?? entry.check?.checkStatus ?? '—'),
    entry.check?.detailsUrl === undefined ? '—' : link('details', entry.check.detailsUrl)
  ])
  return table(['Check run', 'App', 'Status', 'Conclusion', 'Link'], rows)
}

/** One kind of bug across all entries, each bug once; the job summary lists more. */
function renderStepBugs(list: StepBugList, title: string): string[] {
  if (list.count.total === 0) return []
  const shown = list.shown.slice(0, MAX_COMMENT_BUGS).map(({ bug }) => bug)
  const body = renderBugList(
    shown,
    restOf(list.count, shown.length),
    rest => `${moreWords(rest, 'blocking bug')}: see the job summary or the QA service.`
  )
  return [`**${title} (${list.count.total}):**`, '', body]
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
