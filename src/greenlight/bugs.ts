// The bugs of a greenlight response, in the shape the service documents (docs/service-api.md):
// `{ name, number, priority, isBlocking, isNew, applicationUrl, externalIssue }`, read defensively
// (earlier guesses such as `url` are still accepted). Shared by the verdict (a green answer must
// not list a blocking bug), the job summary and the PR comment.
import type { GreenlightResponse, ReproducedBug } from '../service/schemas.js'

/** A bug as far as it can be read. */
export interface BugView {
  name?: string
  number?: string
  /** Lower-cased; null when unset (`unprioritized`, null, empty), undefined when absent. */
  priority?: string | null
  isNew?: boolean
  /** The bug's page in the QA service (`applicationUrl`). */
  url?: string
  /** The linked tracker issue (`externalIssue`), e.g. a Jira ticket. */
  externalIssue?: { url?: string; id?: string; platform?: string }
  blocking: boolean
}

/** Priorities that block: `urgent` is above `high`; unset blocks too (newly found bugs). */
const BLOCKING_PRIORITIES = new Set(['urgent', 'high'])

function readText(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}

function readPriority(raw: ReproducedBug): string | null | undefined {
  if (!('priority' in raw)) return undefined
  if (raw.priority === null) return null
  if (typeof raw.priority !== 'string') return undefined
  const priority = raw.priority.trim().toLowerCase()
  return priority === '' || priority === 'unprioritized' ? null : priority
}

function readExternalIssue(value: unknown): BugView['externalIssue'] {
  if (typeof value !== 'object' || value === null) return undefined
  const issue = value as Record<string, unknown>
  const url = readText(issue['applicationUrl']) ?? readText(issue['url'])
  const id = readText(issue['externalIssueId'])
  const platform = readText(issue['platform'])
  if (url === undefined && id === undefined) return undefined
  return { url, id, platform }
}

function readBug(raw: ReproducedBug): Omit<BugView, 'blocking'> & { isBlocking?: boolean } {
  const priority = readPriority(raw)
  const url = readText(raw.applicationUrl) ?? readText(raw.url)
  const externalIssue =
    readExternalIssue(raw.externalIssue) ??
    (typeof raw.externalIssueUrl === 'string' ? { url: raw.externalIssueUrl } : undefined)
  return {
    name: readText(raw.name) ?? readText(raw.title),
    number: readText(raw.number),
    ...(priority === undefined ? {} : { priority }),
    isNew: typeof raw.isNew === 'boolean' ? raw.isNew : undefined,
    url,
    externalIssue,
    ...(typeof raw.isBlocking === 'boolean' ? { isBlocking: raw.isBlocking } : {})
  }
}

/**
 * Whether a bug blocks, in the service's order of authority: its own `isBlocking`; else the URL
 * lists of the response; else the documented priority rule (`urgent`, `high` or unset block,
 * `medium` and `low` do not). A bug with no readable priority in neither list is unset, so it
 * blocks: unset is what a newly found bug has, and the fail-closed reading is the safe one.
 */
function isBlockingBug(
  bug: ReturnType<typeof readBug>,
  blockingUrls: ReadonlySet<string>,
  nonBlockingUrls: ReadonlySet<string>
): boolean {
  if (bug.isBlocking !== undefined) return bug.isBlocking
  if (bug.url !== undefined && blockingUrls.has(bug.url)) return true
  if (bug.url !== undefined && nonBlockingUrls.has(bug.url)) return false
  return (
    bug.priority === undefined || bug.priority === null || BLOCKING_PRIORITIES.has(bug.priority)
  )
}

/** Bug entries as views, each classified; for `otherBlockingBugsInEnvironment` too. */
export function readBugs(
  raws: readonly ReproducedBug[] | undefined,
  blockingUrls: ReadonlySet<string> = new Set(),
  nonBlockingUrls: ReadonlySet<string> = new Set()
): BugView[] {
  return (raws ?? []).map(raw => {
    const read = readBug(raw)
    const { isBlocking: _, ...bug } = read
    return { ...bug, blocking: isBlockingBug(read, blockingUrls, nonBlockingUrls) }
  })
}

/**
 * The bugs of one response, each once: the `reproducedBugs` entries, classified, then URLs the
 * lists name without an entry, so no bug the service reports is left out or shown twice.
 */
export function classifyBugs(response: GreenlightResponse): {
  blocking: BugView[]
  nonBlocking: BugView[]
} {
  const blockingUrls = new Set(response.blockingBugUrls ?? [])
  const nonBlockingUrls = new Set(response.nonBlockingBugUrls ?? [])
  const bugs = readBugs(response.reproducedBugs, blockingUrls, nonBlockingUrls)
  const seen = new Set(bugs.flatMap(bug => (bug.url === undefined ? [] : [bug.url])))
  for (const url of blockingUrls) if (!seen.has(url)) bugs.push({ url, blocking: true })
  for (const url of nonBlockingUrls) {
    if (!seen.has(url) && !blockingUrls.has(url)) bugs.push({ url, blocking: false })
  }
  return {
    blocking: bugs.filter(bug => bug.blocking),
    nonBlocking: bugs.filter(bug => !bug.blocking)
  }
}
