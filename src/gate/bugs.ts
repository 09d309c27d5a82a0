// The bugs of a greenlight response as docs/service-api.md documents them, read defensively
// (earlier guesses such as `url` are still accepted). Shared by the verdict and every surface.
import type { GreenlightResponse, ReproducedBug } from '../kernel/answers.js'
import { idText, nonBlankText } from '../kernel/text.js'
import { isRecord } from '../kernel/values.js'

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

function readPriority(priority: unknown): string | null | undefined {
  if (priority === undefined || priority === null) return priority
  if (typeof priority !== 'string') return 'unreadable'
  const lower = priority.trim().toLowerCase()
  return lower === '' || lower === 'unprioritized' ? null : lower
}

function readExternalIssue(raw: ReproducedBug): BugView['externalIssue'] {
  const issue: Record<string, unknown> = isRecord(raw.externalIssue) ? raw.externalIssue : {}
  const url = idText(issue['applicationUrl']) ?? idText(issue['url'])
  const id = idText(issue['externalIssueId'])
  if (url !== undefined || id !== undefined) return { url, id, platform: idText(issue['platform']) }
  return typeof raw.externalIssueUrl === 'string' ? { url: raw.externalIssueUrl } : undefined
}

// Whether a bug blocks, by authority: its `isBlocking`; else the URL lists; else its priority
// (`medium` and `low` do not block). Fail closed: an unreadable `isBlocking` or priority blocks.
export function readBugs(
  raws: readonly ReproducedBug[] | undefined,
  blockingUrls: ReadonlySet<string> = new Set(),
  nonBlockingUrls: ReadonlySet<string> = new Set()
): BugView[] {
  return (raws ?? []).map(raw => {
    const priority = readPriority(raw.priority)
    const url = idText(raw.applicationUrl) ?? idText(raw.url)
    // The bug's link as the service documents it: the only one a URL list can excuse a bug by.
    // An older `url` is shown when there is no link, but never decides (fail closed).
    const link = nonBlankText(raw.applicationUrl)
    const blocking =
      raw.isBlocking !== undefined
        ? raw.isBlocking !== false
        : // Naming a bug as blocking by any URL it shows can only block it: the safe direction.
          [url, link].some(shown => shown !== undefined && blockingUrls.has(shown)) ||
          !(
            (link !== undefined && nonBlockingUrls.has(link)) ||
            priority === 'medium' ||
            priority === 'low'
          )
    return {
      name: idText(raw.name) ?? idText(raw.title),
      number: idText(raw.number),
      ...(priority === undefined ? {} : { priority }),
      isNew: typeof raw.isNew === 'boolean' ? raw.isNew : undefined,
      url,
      externalIssue: readExternalIssue(raw),
      blocking
    }
  })
}

/** Informing fields that excuse a bug without `isBlocking`: dropped as unreadable, it blocks. */
export const FIELDS_THAT_EXCUSE_A_BUG: ReadonlySet<string> = new Set([
  'nonBlockingBugUrls',
  'reproducedBugs[].applicationUrl'
])

// Each bug once: the `reproducedBugs` entries in order (view i is entry i), then URLs the lists
// name without an entry, so none is left out or shown twice.
export function allBugs(response: GreenlightResponse): BugView[] {
  const blockingUrls = new Set(response.blockingBugUrls ?? [])
  const nonBlockingUrls = new Set(response.nonBlockingBugUrls ?? [])
  const bugs = readBugs(response.reproducedBugs, blockingUrls, nonBlockingUrls)
  const entryUrls = new Set(bugs.map(bug => bug.url))
  // An entry whose URL could not be read may be the bug an unmatched URL names: it is not
  // counted twice (the URL lists still show every URL).
  const lists = [
    [blockingUrls, true],
    [nonBlockingUrls, false]
  ] as const
  for (const [urls, blocking] of lists) {
    let unmatched = bugs.filter(bug => bug.url === undefined && bug.blocking === blocking).length
    for (const url of urls) {
      if (entryUrls.has(url) || (!blocking && blockingUrls.has(url))) continue
      if (unmatched > 0) unmatched--
      else bugs.push({ url, blocking })
    }
  }
  return bugs
}

/** `other`: the blocking bugs in workflows that did not run. */
export function classifyBugs(response: GreenlightResponse | undefined) {
  const bugs = response === undefined ? [] : allBugs(response)
  return {
    blocking: bugs.filter(bug => bug.blocking),
    nonBlocking: bugs.filter(bug => !bug.blocking),
    other: readBugs(response?.otherBlockingBugsInEnvironment).filter(bug => bug.blocking)
  }
}

/** How many bugs a whole answer lists of each class, counted before anything is cut for display. */
export function answerFigures(response: GreenlightResponse | undefined) {
  const { blocking, nonBlocking, other } = classifyBugs(response)
  return {
    blockingBugs: blocking.length,
    nonBlockingBugs: nonBlocking.length,
    otherBlockingBugs: other.length
  }
}

export type AnswerFigures = ReturnType<typeof answerFigures>
