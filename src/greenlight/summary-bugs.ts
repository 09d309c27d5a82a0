// A bug as the job summary and the pull request comment show it, and a list of bugs with a line
// for those it leaves out.
import { bulletList, escapeText, link, type Markdown } from '../render/markdown.js'
import type { BugView } from './bugs.js'

/** A count as a table cell: a dash when the stage does not report it, never a made-up 0. */
export function count(value: number | undefined): Markdown {
  return value === undefined ? '—' : String(value)
}

/** One bug as a list item: linked name, number, priority, new/known, tracker issue. */
export function renderBug(bug: BugView): Markdown {
  const title = link(bug.name ?? bug.url ?? 'Unnamed bug', bug.url)
  const facts = [
    bug.number === undefined ? undefined : `bug ${bug.number}`,
    bug.priority === undefined
      ? undefined
      : bug.priority === null
        ? 'priority not set'
        : `priority ${bug.priority}`,
    bug.isNew === undefined ? undefined : bug.isNew ? 'new' : 'known'
  ].filter(fact => fact !== undefined)
  const described = facts.length === 0 ? title : `${title} — ${escapeText(facts.join(', '))}`
  return `${described}${renderTrackerIssue(bug.externalIssue)}`
}

/** The linked tracker issue, e.g. " — Jira PROJ-12" linking to the ticket. */
function renderTrackerIssue(issue: BugView['externalIssue']): Markdown {
  if (issue === undefined) return ''
  const name = [issue.platform, issue.id].filter(Boolean).join(' ') || 'tracker issue'
  return ` — ${link(name, issue.url)}`
}

/** `bugs`, then the line for the `rest` a surface does not list (messages.ts words it). */
export function renderBugList(
  bugs: readonly BugView[],
  rest: number,
  more: (rest: number) => Markdown
): Markdown {
  const items = bugs.map(renderBug)
  if (rest > 0) items.push(more(rest))
  return bulletList(items)
}
