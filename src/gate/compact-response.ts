// What the action keeps of a greenlight answer, compacted as it arrives: every field, long values
// shortened, the bug lists cut to a few entries per run. Never what decides: the verdict counts
// bugs from the whole answer (bugs.ts); `cutByQaGreenlight` marks a cut for the `result` output.
import { createHash } from 'node:crypto'
import { allBugs, answerFigures, readBugs, type AnswerFigures } from './bugs.js'
import { isRecord } from '../kernel/values.js'
import { MAX_URL_CHARS } from '../kernel/markdown.js'
import type { GreenlightResponse, ReproducedBug } from '../kernel/answers.js'

const MAX_TEXT_CHARS = 1000
const MAX_KEPT_BUGS = 100

const CUT_NOTE =
  "Lists shortened by qa-greenlight to keep the step's outputs within GitHub's limits; the QA service has them in full."

/** Any other field whose JSON is longer is replaced by a note that says how long it was. */
const MAX_OTHER_FIELD_CHARS = 2000
const CUT_FIELDS = [
  'reproducedBugs',
  'blockingBugUrls',
  'nonBlockingBugUrls',
  'otherBlockingBugsInEnvironment'
] as const

export type CompactResponse = GreenlightResponse & {
  /** Added when lists were cut: their full lengths, and the whole answer's bugs classified. */
  cutByQaGreenlight?: AnswerFigures & {
    note: string
    originalLengths: Partial<Record<(typeof CUT_FIELDS)[number], number>>
  }
}

/** Bugs kept per list and run when a step gates `runCount` runs: 5,000 a step, 5 to 100 a run. */
export const bugsKeptPerRun = (runCount: number): number =>
  Math.min(MAX_KEPT_BUGS, Math.max(5, Math.floor(5000 / Math.max(1, runCount))))

export function compactResponse(full: GreenlightResponse, maxBugs = MAX_KEPT_BUGS) {
  const fields = Object.entries(full).filter(
    // The service cannot pose as the action's own mark of a cut.
    ([key, value]) =>
      value !== undefined && key !== 'cutByQaGreenlight' && !CUT_FIELDS.some(cut => cut === key)
  )
  const compact: CompactResponse = Object.fromEntries(
    fields.map(([key, value]) => [key, shortField(value)])
  ) as GreenlightResponse
  const bugs = allBugs(full)
  // The first blocking-list URL stays whatever its bug's class: a green answer that lists one is
  // a contradiction, and the compacted answer must still show it.
  const firstListed = full.blockingBugUrls?.[0]
  const first = firstListed === undefined ? -1 : bugs.findIndex(bug => bug.url === firstListed)
  const taken = { blocking: 0, nonBlocking: 0 }
  const keptIndices = new Set(
    bugs.flatMap((bug, index) => {
      const kept = taken[bug.blocking ? 'blocking' : 'nonBlocking']++ < maxBugs
      return kept || index === first ? [index] : []
    })
  )
  const bugUrls = new Set(bugs.map(bug => bug.url))
  const keptUrls = new Set([...keptIndices].map(index => bugs[index]?.url))
  if (full.reproducedBugs !== undefined)
    compact.reproducedBugs = keptBugs(full.reproducedBugs, keptIndices)
  for (const key of ['blockingBugUrls', 'nonBlockingBugUrls'] as const) {
    const list = full[key]
    if (list === undefined) continue
    // A URL no bug carries stands for an entry whose own URL could not be read (bugs.ts pairs
    // them in order): as many stay as such entries of its class were kept.
    const blocking = key === 'blockingBugUrls'
    let pairs = bugs.filter(
      (bug, index) => keptIndices.has(index) && bug.url === undefined && bug.blocking === blocking
    ).length
    compact[key] = list
      .filter(url => keptUrls.has(url) || (!bugUrls.has(url) && pairs-- > 0))
      .map(shortUrl)
  }
  const others = full.otherBlockingBugsInEnvironment
  if (others !== undefined) {
    // Blocking entries are kept first, wherever the service listed them: they are what a reader
    // acts on, and with `red` what makes the run red.
    const blocks = readBugs(others).map(bug => bug.blocking)
    const order = [...blocks.keys()].sort((a, b) => Number(blocks[b]) - Number(blocks[a]))
    const kept = new Set(order.slice(0, maxBugs))
    compact.otherBlockingBugsInEnvironment = keptBugs(others, kept)
  }
  const cut = CUT_FIELDS.filter(key => (compact[key]?.length ?? 0) < (full[key]?.length ?? 0))
  if (cut.length > 0) {
    const originalLengths = Object.fromEntries(cut.map(key => [key, full[key]?.length]))
    compact.cutByQaGreenlight = { note: CUT_NOTE, originalLengths, ...answerFigures(full) }
  }
  return compact
}

const keptBugs = (bugs: ReproducedBug[], kept: Set<number>): ReproducedBug[] =>
  bugs.filter((_, index) => kept.has(index)).map(compactBug)

/** The fields bugs.ts reads, in the order they are kept, each shortened as it is read. */
const BUG_FIELDS = 'name title number priority applicationUrl url externalIssueUrl isBlocking isNew'
const ISSUE_FIELDS = 'applicationUrl url externalIssueId platform'

function compactBug(raw: ReproducedBug): ReproducedBug {
  const bug: ReproducedBug = {}
  for (const [key, value] of Object.entries(raw)) {
    const known = BUG_FIELDS.split(' ').includes(key) || key === 'externalIssue'
    if (!known && value !== undefined) bug[key] = shortField(value)
  }
  Object.assign(bug, pick(raw, BUG_FIELDS))
  const issue = raw['externalIssue']
  if (isRecord(issue)) bug['externalIssue'] = pick(issue, ISSUE_FIELDS)
  else if (issue !== undefined) bug['externalIssue'] = null
  return bug
}

/** A `…url` field shortened as a URL; any other as text, an object as null. */
function pick(from: Record<string, unknown>, fields: string) {
  const present = fields.split(' ').filter(key => key in from)
  return Object.fromEntries(
    present.map(key => {
      const value = from[key]
      if (/url$/i.test(key)) return [key, shortUrl(value)]
      return [key, typeof value === 'object' && value !== null ? null : shortText(value)]
    })
  )
}

/** A field other than the bug lists: text shortened, an object too long to keep as a note. */
function shortField(value: unknown): unknown {
  if (typeof value === 'string')
    return /^https?:\/\//i.test(value) ? shortUrl(value) : shortText(value)
  if (typeof value !== 'object' || value === null) return value
  const json = JSON.stringify(value)
  return json.length <= MAX_OTHER_FIELD_CHARS
    ? value
    : `cut by qa-greenlight: ${json.length} characters of JSON`
}

const shortText = (value: unknown): unknown =>
  typeof value === 'string' && value.length > MAX_TEXT_CHARS
    ? `${value.slice(0, MAX_TEXT_CHARS)}…`
    : value

/** A URL too long to be a link as a stand-in, the same for the same URL, that is no URL. */
const shortUrl = <T>(value: T): T | string =>
  typeof value !== 'string' || value.length <= MAX_URL_CHARS
    ? value
    : `url-too-long:${createHash('sha256').update(value).digest('hex').slice(0, 16)}`
