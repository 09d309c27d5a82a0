// The bugs of a greenlight response as docs/service-api.md documents them, read defensively
// (earlier guesses such as `url` are still accepted). Shared by the verdict and every surface.
import type { GreenlightResponse, ReproducedBug } from '../kernel/answers.js'
import { idText, nonBlankText } from '../kernel/text.js'

export interface BugView {
  name?: string
  number?: string
  /** Lower-cased; null when unset (`unprioritized`, null, empty), undefined when absent. */
  priority?: string | null
  isNew?: boolean
  /** `applicationUrl`. */
  url?: string
  externalIssue?: { url?: string; id?: string; platform?: string }
  blocking: boolean
}

const NON_BLOCKING_PRIORITIES = new Set(['medium', 'low'])

function readPriority(raw: ReproducedBug): string | null | undefined {
  if (!('priority' in raw) || raw.priority === undefined) return undefined
  if (raw.priority === null) return null
  if (typeof raw.priority !== 'string') return 'unreadable'
  const priority = raw.priority.trim().toLowerCase()
  return priority === '' || priority === 'unprioritized' ? null : priority
}

function readExternalIssue(value: unknown): BugView['externalIssue'] {
  if (typeof value !== 'object' || value === null) return undefined
  const issue = value as Record<string, unknown>
  const url = idText(issue['applicationUrl']) ?? idText(issue['url'])
  const id = idText(issue['externalIssueId'])
  const platform = idText(issue['platform'])
  if (url === undefined && id === undefined) return undefined
  return { url, id, platform }
}

function readBug(raw: ReproducedBug): Omit<BugView, 'blocking'> & {
  isBlocking?: boolean | 'unreadable'
  link?: string
} {
  const priority = readPriority(raw)
  const url = idText(raw.applicationUrl) ?? idText(raw.url)
  const externalIssue =
    readExternalIssue(raw.externalIssue) ??
    (typeof raw.externalIssueUrl === 'string' ? { url: raw.externalIssueUrl } : undefined)
  return {
    name: idText(raw.name) ?? idText(raw.title),
    number: idText(raw.number),
    ...(priority === undefined ? {} : { priority }),
    isNew: typeof raw.isNew === 'boolean' ? raw.isNew : undefined,
    url,
    // The bug's link as the service documents it: the only one a URL list can excuse a bug by.
    // An older `url` is shown when there is no link, but never decides (fail closed).
    link: nonBlankText(raw.applicationUrl),
    externalIssue,
    // `isBlocking` decides, so one that is present but not a boolean (`"false"`, 0, null) blocks.
    ...(raw.isBlocking === undefined
      ? {}
      : { isBlocking: typeof raw.isBlocking === 'boolean' ? raw.isBlocking : 'unreadable' })
  }
}

/**
 * Whether a bug blocks, in the service's order of authority: its own `isBlocking`; else the URL
 * lists of the response; else the documented priority rule (`medium` and `low` do not block;
 * `urgent`, `high`, unset and anything unknown do). Fail closed: an `isBlocking` or a priority
 * that cannot be read blocks.
 */
function isBlockingBug(
  bug: ReturnType<typeof readBug>,
  blockingUrls: ReadonlySet<string>,
  nonBlockingUrls: ReadonlySet<string>
): boolean {
  if (bug.isBlocking !== undefined) return bug.isBlocking !== false
  // Naming a bug as blocking by any URL it shows can only block it: the safe direction.
  if (bug.url !== undefined && blockingUrls.has(bug.url)) return true
  if (bug.link !== undefined && blockingUrls.has(bug.link)) return true
  // Only the bug's link (`applicationUrl`) can excuse it: a number, a blank or a missing link
  // excuses nothing, whatever an older `url` field says.
  if (bug.link !== undefined && nonBlockingUrls.has(bug.link)) return false
  return typeof bug.priority !== 'string' || !NON_BLOCKING_PRIORITIES.has(bug.priority)
}

/** Informing fields that excuse a bug without `isBlocking`: dropped as unreadable, it blocks. */
export const FIELDS_THAT_EXCUSE_A_BUG: ReadonlySet<string> = new Set([
  'nonBlockingBugUrls',
  'reproducedBugs[].applicationUrl'
])

export function readBugs(
  raws: readonly ReproducedBug[] | undefined,
  blockingUrls: ReadonlySet<string> = new Set(),
  nonBlockingUrls: ReadonlySet<string> = new Set()
): BugView[] {
  return (raws ?? []).map(raw => {
    const read = readBug(raw)
    const { isBlocking: _, link: __, ...bug } = read
    return { ...bug, blocking: isBlockingBug(read, blockingUrls, nonBlockingUrls) }
  })
}

/**
 * The bugs of one response, each once: the `reproducedBugs` entries in order (the view at index i
 * is entry i), classified, then URLs the lists name without an entry, so no bug the service
 * reports is left out or shown twice.
 */
export function allBugs(response: GreenlightResponse): BugView[] {
  const blockingUrls = new Set(response.blockingBugUrls ?? [])
  const nonBlockingUrls = new Set(response.nonBlockingBugUrls ?? [])
  const bugs = readBugs(response.reproducedBugs, blockingUrls, nonBlockingUrls)
  const seen = new Set(bugs.flatMap(bug => (bug.url === undefined ? [] : [bug.url])))
  // An entry whose URL could not be read may be the bug an unmatched URL names: it is not
  // counted twice (the URL lists still show every URL).
  const withoutUrl = (blocking: boolean): number =>
    bugs.filter(bug => bug.url === undefined && bug.blocking === blocking).length
  const unmatched = { blocking: withoutUrl(true), nonBlocking: withoutUrl(false) }
  for (const url of blockingUrls) {
    if (seen.has(url)) continue
    if (unmatched.blocking > 0) unmatched.blocking--
    else bugs.push({ url, blocking: true })
  }
  for (const url of nonBlockingUrls) {
    if (seen.has(url) || blockingUrls.has(url)) continue
    if (unmatched.nonBlocking > 0) unmatched.nonBlocking--
    else bugs.push({ url, blocking: false })
  }
  return bugs
}

export function classifyBugs(response: GreenlightResponse): {
  blocking: BugView[]
  nonBlocking: BugView[]
} {
  const bugs = allBugs(response)
  return {
    blocking: bugs.filter(bug => bug.blocking),
    nonBlocking: bugs.filter(bug => !bug.blocking)
  }
}

/** How many bugs a whole answer lists of each class, counted before anything is cut for display. */
export interface AnswerFigures {
  blockingBugs: number
  nonBlockingBugs: number
  /** Blocking entries of `otherBlockingBugsInEnvironment`: bugs in workflows that did not run. */
  otherBlockingBugs: number
}

export function answerFigures(response: GreenlightResponse): AnswerFigures {
  const { blocking, nonBlocking } = classifyBugs(response)
  const others = readBugs(response.otherBlockingBugsInEnvironment)
  return {
    blockingBugs: blocking.length,
    nonBlockingBugs: nonBlocking.length,
    otherBlockingBugs: others.filter(bug => bug.blocking).length
  }
}
