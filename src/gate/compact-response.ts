// What the action keeps of a greenlight answer: every field, with the bug lists cut to a few
// entries per run and long values shortened. A step that gates 1,000 runs must not hold 1,000
// answers of 600 kB; every answer is compacted as it arrives, before polling keeps it. Only the bug
// lists are cut, so a field the service adds that only informs survives with no list edited.
// Compaction never changes what the answer decides: the bugs kept are classified exactly as in the
// whole answer, and the verdict counts bugs from the whole answer's figures (bugs.ts, counted on
// arrival), never from here; `cutByQaGreenlight` marks the cut for readers of the `result` output.
import { createHash } from 'node:crypto'
import { allBugs, readBugs } from './bugs.js'
import type { GreenlightResponse, ReproducedBug } from '../kernel/answers.js'

/** Longer URLs are never links (kernel/markdown.ts); they are replaced by a stand-in. */
const MAX_URL_CHARS = 8192
/** A bug's name, number, priority, tracker ID: enough for anything a person reads. */
const MAX_TEXT_CHARS = 1000
/** Bugs kept per list and run; fewer when a step gates many runs (see `bugsKeptPerRun`). */
export const MAX_KEPT_BUGS = 100
/** Kept bugs per list across all the runs of a step, so that memory is bounded by the step. */
const MAX_KEPT_BUGS_PER_STEP = 5000
const MIN_KEPT_BUGS = 5

/** Added to a compacted answer whose lists were cut: what the service sent in full. */
export interface ResponseCut {
  note: string
  /** Length of each list the service sent that was cut. */
  originalLengths: Partial<Record<BugListKey | UrlListKey, number>>
  /** The whole answer's bugs, classified: the counts the cut lists no longer show. */
  blockingBugs: number
  nonBlockingBugs: number
  /** Blocking entries of the whole `otherBlockingBugsInEnvironment`, which decide with `red`. */
  otherBlockingBugs: number
}

export type CompactResponse = GreenlightResponse & { cutByQaGreenlight?: ResponseCut }

type BugListKey = 'reproducedBugs' | 'otherBlockingBugsInEnvironment'
type UrlListKey = 'blockingBugUrls' | 'nonBlockingBugUrls'

const CUT_NOTE =
  "Lists shortened by qa-greenlight to keep the step's outputs within GitHub's limits; the QA service has them in full."

/** Any other field whose JSON is longer is replaced by a note that says how long it was. */
const MAX_OTHER_FIELD_CHARS = 2000
/** The lists compaction cuts; every other field is kept, shortened. */
const CUT_FIELDS: ReadonlySet<string> = new Set<BugListKey | UrlListKey>([
  'reproducedBugs',
  'otherBlockingBugsInEnvironment',
  'blockingBugUrls',
  'nonBlockingBugUrls'
])

/** Bugs kept per list and run when a step gates `runCount` runs. */
export function bugsKeptPerRun(runCount: number): number {
  const share = Math.floor(MAX_KEPT_BUGS_PER_STEP / Math.max(1, runCount))
  return Math.min(MAX_KEPT_BUGS, Math.max(MIN_KEPT_BUGS, share))
}

/** The answer with every field, long values shortened, each bug list cut to `maxBugs` entries a class. */
export function compactResponse(
  full: GreenlightResponse,
  maxBugs = MAX_KEPT_BUGS
): CompactResponse {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(full)) {
    // The service cannot pose as the action's own mark of a cut.
    if (CUT_FIELDS.has(key) || value === undefined || key === 'cutByQaGreenlight') continue
    out[key] = shortField(value)
  }
  const compact = out as CompactResponse
  const cut: ResponseCut['originalLengths'] = {}

  const bugs = allBugs(full)
  // The first blocking-list URL stays whatever its bug's class: a green answer that lists one is
  // a contradiction, and the compacted answer must still show it.
  const firstListed = full.blockingBugUrls?.[0]
  const keptIndices = new Set<number>()
  const taken = { blocking: 0, nonBlocking: 0 }
  let blockingBugs = 0
  let firstKept = false
  bugs.forEach((bug, index) => {
    const kind = bug.blocking ? 'blocking' : 'nonBlocking'
    if (bug.blocking) blockingBugs++
    const first = !firstKept && firstListed !== undefined && bug.url === firstListed
    if (taken[kind] < maxBugs || first) {
      taken[kind]++
      firstKept ||= first
      keptIndices.add(index)
    }
  })
  const bugUrls = new Set(bugs.flatMap(bug => (bug.url === undefined ? [] : [bug.url])))
  const keptUrls = new Set(
    [...keptIndices].flatMap(index => {
      const url = bugs[index]?.url
      return url === undefined ? [] : [url]
    })
  )

  if (full.reproducedBugs !== undefined) {
    compact.reproducedBugs = full.reproducedBugs
      .filter((_, index) => keptIndices.has(index))
      .map(compactBug)
    if (compact.reproducedBugs.length < full.reproducedBugs.length) {
      cut.reproducedBugs = full.reproducedBugs.length
    }
  }
  for (const key of ['blockingBugUrls', 'nonBlockingBugUrls'] as const) {
    const list = full[key]
    if (list === undefined) continue
    // A URL no bug carries stands for an entry whose own URL could not be read (bugs.ts pairs
    // them in order): as many stay as such entries of its class were kept.
    const blocking = key === 'blockingBugUrls'
    let pairs = [...keptIndices].filter(index => {
      const bug = bugs[index]
      return bug !== undefined && bug.url === undefined && bug.blocking === blocking
    }).length
    compact[key] = list
      .filter(url => keptUrls.has(url) || (!bugUrls.has(url) && pairs-- > 0))
      .map(url => shortUrl(url))
    if (compact[key].length < list.length) cut[key] = list.length
  }
  const others = full.otherBlockingBugsInEnvironment
  let otherBlockingBugs = 0
  if (others !== undefined) {
    // Blocking entries are kept first, wherever the service listed them: they are what a reader
    // acts on, and with `red` what makes the run red.
    const blocks = readBugs(others).map(bug => bug.blocking)
    otherBlockingBugs = blocks.filter(Boolean).length
    const kept = new Set<number>()
    for (const wanted of [true, false]) {
      blocks.forEach((blocking, index) => {
        if (blocking === wanted && kept.size < maxBugs) kept.add(index)
      })
    }
    compact.otherBlockingBugsInEnvironment = others
      .filter((_, index) => kept.has(index))
      .map(compactBug)
    if (others.length > maxBugs) cut.otherBlockingBugsInEnvironment = others.length
  }
  if (Object.keys(cut).length > 0) {
    compact.cutByQaGreenlight = {
      note: CUT_NOTE,
      originalLengths: cut,
      blockingBugs,
      nonBlockingBugs: bugs.length - blockingBugs,
      otherBlockingBugs
    }
  }
  return compact
}

const BUG_TEXT_FIELDS = ['name', 'title', 'number', 'priority'] as const
const BUG_URL_FIELDS = ['applicationUrl', 'url', 'externalIssueUrl'] as const

const KNOWN_BUG_FIELDS: ReadonlySet<string> = new Set([
  ...BUG_TEXT_FIELDS,
  ...BUG_URL_FIELDS,
  'isBlocking',
  'isNew',
  'externalIssue'
])

/**
 * A bug entry with its values shortened: the documented fields (and the earlier spellings bugs.ts
 * reads) as bugs.ts reads them, any other field kept, shortened like any other field.
 */
function compactBug(raw: ReproducedBug): ReproducedBug {
  const bug: ReproducedBug = {}
  for (const [key, value] of Object.entries(raw)) {
    if (!KNOWN_BUG_FIELDS.has(key) && value !== undefined) bug[key] = shortField(value)
  }
  for (const key of BUG_TEXT_FIELDS) if (key in raw) bug[key] = shortValue(raw[key])
  for (const key of BUG_URL_FIELDS) if (key in raw) bug[key] = shortUrl(raw[key])
  if ('isBlocking' in raw) bug['isBlocking'] = shortValue(raw['isBlocking'])
  if ('isNew' in raw) bug['isNew'] = shortValue(raw['isNew'])
  const issue = raw['externalIssue']
  if (typeof issue === 'object' && issue !== null && !Array.isArray(issue)) {
    const fields = issue as Record<string, unknown>
    const kept: Record<string, unknown> = {}
    for (const key of ['applicationUrl', 'url'] as const) {
      if (key in fields) kept[key] = shortUrl(fields[key])
    }
    for (const key of ['externalIssueId', 'platform'] as const) {
      if (key in fields) kept[key] = shortValue(fields[key])
    }
    bug['externalIssue'] = kept
  } else if (issue !== undefined) bug['externalIssue'] = null
  return bug
}

/**
 * A field other than the bug lists, as kept: a URL or text shortened, a number or a boolean as it
 * is, an object or a list as it is when short, else a note saying how long it was.
 */
function shortField(value: unknown): unknown {
  if (typeof value === 'string') {
    return /^https?:\/\//i.test(value) ? shortUrl(value) : shortText(value, MAX_TEXT_CHARS)
  }
  if (typeof value !== 'object' || value === null) return value
  const json = JSON.stringify(value)
  return json.length <= MAX_OTHER_FIELD_CHARS
    ? value
    : `cut by qa-greenlight: ${json.length} characters of JSON`
}

/** A value kept as it reads: text shortened; objects and lists (never valid here) as null. */
function shortValue(value: unknown): unknown {
  if (typeof value === 'string') return shortText(value, MAX_TEXT_CHARS)
  return typeof value === 'object' && value !== null ? null : value
}

function shortText(value: string, maxChars: number): string {
  return value.length <= maxChars ? value : `${value.slice(0, maxChars)}…`
}

/**
 * A URL too long to be a link becomes a stand-in that is not a URL at all, the same one for the
 * same URL, so that the lists still name the same bugs.
 */
function shortUrl<T>(value: T): T | string {
  if (typeof value !== 'string' || value.length <= MAX_URL_CHARS) return value
  return `url-too-long:${createHash('sha256').update(value).digest('hex').slice(0, 16)}`
}
