// The bugs of a greenlight response, read defensively: the fields of `reproducedBugs` entries are
// not in the spec. Shared by the verdict (a green answer must not list a blocking bug), the job
// summary and the PR comment.
import type { GreenlightResponse, ReproducedBug } from '../service/schemas.js'

/** A bug as far as it can be read: the fields of `reproducedBugs` entries are not specified. */
export interface BugView {
  name?: string
  number?: string
  /**
   * Lower-cased; null when the bug says its priority is unset, undefined when the bug carries no
   * readable priority at all (then only the service's URL lists can classify it).
   */
  priority?: string | null
  isNew?: boolean
  url?: string
  externalIssueUrl?: string
  blocking: boolean
}

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
  return priority === '' ? null : priority
}

function readBug(raw: ReproducedBug): Omit<BugView, 'blocking'> {
  const priority = readPriority(raw)
  return {
    name: readText(raw.name) ?? readText(raw.title),
    number: readText(raw.number),
    ...(priority === undefined ? {} : { priority }),
    isNew: typeof raw.isNew === 'boolean' ? raw.isNew : undefined,
    url: typeof raw.url === 'string' ? raw.url : undefined,
    externalIssueUrl: typeof raw.externalIssueUrl === 'string' ? raw.externalIssueUrl : undefined
  }
}

/**
 * The bugs of one response. The service's own URL lists decide first; otherwise the spec's rule:
 * blocking when the priority is `high` or unset (null or empty). A bug that reports no readable
 * priority and is in neither list cannot be classified and is listed as not blocking: its
 * fields are not in the spec, and the verdict rests on the service's counts. URLs the lists
 * name without a `reproducedBugs` entry are added, so no bug the service reports is left out.
 */
export function classifyBugs(response: GreenlightResponse): {
  blocking: BugView[]
  nonBlocking: BugView[]
} {
  const blockingUrls = new Set(response.blockingBugUrls ?? [])
  const nonBlockingUrls = new Set(response.nonBlockingBugUrls ?? [])
  const bugs: BugView[] = (response.reproducedBugs ?? []).map(raw => {
    const bug = readBug(raw)
    const byPriority = bug.priority === null || bug.priority === 'high'
    const blocking =
      bug.url !== undefined && blockingUrls.has(bug.url)
        ? true
        : bug.url !== undefined && nonBlockingUrls.has(bug.url)
          ? false
          : byPriority
    return { ...bug, blocking }
  })
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
