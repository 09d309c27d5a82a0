// Which check runs of a commit count for `verdict-from: check`, and whether they are all done: one
// function that polling asks when to stop and the verdict module asks what to decide from, so the
// two can never disagree on what counts; and how a `check_run` event's check run joins the
// commit's list (withEventCheckRun). Pure.
//
// Read tolerantly from GitHub's JSON (the REST answer's `check_runs[]` and the `check_run` event's
// `check_run` have the same shape): every field that decides (name, head_sha, app.slug, started_at
// when `since` is set, status, conclusion) is read strictly, and a check run of the wanted name
// whose deciding fields cannot be read makes the selection unreadable (never green); a field that
// is only shown (title, summary, links, the app's name) is left out when it has another type.
import { isRecord } from '../core/is-record.js'
import { idText, nonBlankText } from '../kernel/text.js'
import { isCommitSha } from '../core/commit-sha.js'
import { isoTimeMs } from '../core/iso-time.js'
import type { IgnoredWhy } from '../gate/reasons.js'

/** The app whose check runs never count unless `check-app` names it: a workflow's placeholder. */
const GITHUB_ACTIONS_APP = 'github-actions'

/** One check run as the action reads it. */
export interface CheckRunView {
  id?: string
  name: string
  headSha: string
  /** `app.slug`, lower-case. */
  app: string
  /** `app.name`, shown only. */
  appName?: string
  /** `queued`, `in_progress`, `completed`, … as GitHub spells it. */
  status: string
  /** Set once completed; GitHub sends null before. */
  conclusion?: string
  /** `started_at` as GitHub sent it, and in ms; absent when GitHub sent none. */
  startedAt?: string
  startedAtMs?: number
  htmlUrl?: string
  detailsUrl?: string
  title?: string
  summary?: string
}

/** What decides which check runs count. */
export interface CheckRules {
  name: string
  sha: string
  /** '' for any app but GitHub Actions. */
  app: string
  sinceMs?: number
}

export type { IgnoredWhy } from '../gate/reasons.js'

export interface CheckSelection {
  /** The check runs that decide, in GitHub's order. */
  counting: CheckRunView[]
  /** Check runs of the wanted name that do not count, and why. */
  ignored: { run: CheckRunView; why: IgnoredWhy }[]
  /** Check runs of the wanted name whose deciding fields could not be read: never green. */
  unreadable: string[]
  /** True when nothing more can change the verdict: polling stops. */
  settled: boolean
}

/**
 * The check runs that count among `raw` (GitHub's objects): name `check-name`, on `sha`, by
 * `check-app` (or any app but GitHub Actions), started at or after `since`, the newest of its
 * app. Settled when one is
 * unreadable (an error, whatever follows), or when at least one counts and all that count are
 * completed.
 */
export function selectCheckRuns(raw: readonly unknown[], rules: CheckRules): CheckSelection {
  const counting: CheckRunView[] = []
  const ignored: CheckSelection['ignored'] = []
  const unreadable: string[] = []
  raw.forEach((item, index) => {
    if (!isRecord(item) || item['name'] !== rules.name) return
    const read = readCheckRun(item, rules.sinceMs !== undefined)
    if (typeof read === 'string') {
      unreadable.push(`check run ${index + 1} named ${rules.name}: ${read}`)
      return
    }
    const why = whyIgnored(read, rules)
    if (why === undefined) counting.push(read)
    else ignored.push({ run: read, why })
  })
  // One app's newest check run stands for it, as GitHub's required checks read it: `filter=latest`
  // is per check suite, so a check run in a new suite leaves the older one listed beside it.
  for (const run of [...counting]) {
    if (counting.some(other => other.app === run.app && isNewer(other, run))) {
      counting.splice(counting.indexOf(run), 1)
      ignored.push({ run, why: 'superseded' })
    }
  }
  const settled =
    unreadable.length > 0 ||
    (counting.length > 0 && counting.every(run => run.status === 'completed'))
  return { counting, ignored, unreadable, settled }
}

/**
 * Whether `a` was created after `b`: by GitHub's IDs, which grow, else by start. Two that cannot
 * be told apart both count (each must then be green).
 */
function isNewer(a: CheckRunView, b: CheckRunView): boolean {
  const [idA, idB] = [Number(a.id), Number(b.id)]
  if (Number.isSafeInteger(idA) && Number.isSafeInteger(idB) && idA !== idB) return idA > idB
  return a.startedAtMs !== undefined && b.startedAtMs !== undefined && a.startedAtMs > b.startedAtMs
}

function whyIgnored(run: CheckRunView, rules: CheckRules): IgnoredWhy | undefined {
  if (run.headSha !== rules.sha.toLowerCase()) return 'other-commit'
  if (rules.app === '' ? run.app === GITHUB_ACTIONS_APP : run.app !== rules.app) {
    return run.app === GITHUB_ACTIONS_APP && rules.app === '' ? 'github-actions' : 'other-app'
  }
  // A check run not started yet (no started_at, only before it completes) counts as pending: it
  // never makes a verdict green, and its start is read again once it completes. GitHub's times
  // have whole seconds and `since` (notify's reported-at, perhaps the runner's clock) may not: a
  // check that QA Wolf starts in the report's second counts.
  if (
    rules.sinceMs !== undefined &&
    run.startedAtMs !== undefined &&
    run.startedAtMs < Math.floor(rules.sinceMs / 1000) * 1000
  ) {
    return 'before-since'
  }
  return undefined
}

/** The check run, or what of it that decides could not be read. */
function readCheckRun(item: Record<string, unknown>, needsStart: boolean): CheckRunView | string {
  const name = nonBlankText(item['name'])
  const headSha = nonBlankText(item['head_sha'])
  const app = isRecord(item['app']) ? nonBlankText(item['app']['slug']) : undefined
  const status = nonBlankText(item['status'])
  const conclusion = item['conclusion']
  const startedAt = nonBlankText(item['started_at'])
  const startedAtMs = startedAt === undefined ? undefined : isoTimeMs(startedAt)
  if (name === undefined) return 'no name'
  if (headSha === undefined || !isCommitSha(headSha)) return 'no readable head_sha'
  // GitHub's schema marks `slug` optional and an older example payload has none: without it a
  // GitHub Actions placeholder cannot be told apart, so such a check run is never guessed at.
  if (app === undefined) return 'no readable app.slug'
  if (status === undefined) return 'no readable status'
  if (conclusion !== null && conclusion !== undefined && nonBlankText(conclusion) === undefined) {
    return 'a conclusion that is not text'
  }
  if (status === 'completed' && nonBlankText(conclusion) === undefined) {
    return 'completed without a conclusion'
  }
  if (
    needsStart &&
    startedAtMs === undefined &&
    (status === 'completed' || startedAt !== undefined)
  ) {
    // Without a start, `since` cannot tell this deployment's check from an earlier one; a start
    // without a time zone is no start (GitHub sends UTC with `Z`; read in the runner's zone, an
    // earlier deployment's check could pass for this one's). A check run with no started_at
    // before it completes is not started yet: it waits, as pending (whyIgnored).
    return 'no readable started_at, which since needs'
  }
  const output = isRecord(item['output']) ? item['output'] : {}
  const view: CheckRunView = {
    name,
    headSha: headSha.toLowerCase(),
    app: app.toLowerCase(),
    status
  }
  const shown = {
    id: idText(item['id']),
    appName: isRecord(item['app']) ? nonBlankText(item['app']['name']) : undefined,
    conclusion: nonBlankText(conclusion),
    startedAt,
    startedAtMs,
    htmlUrl: nonBlankText(item['html_url']),
    detailsUrl: nonBlankText(item['details_url']),
    title: nonBlankText(output['title']),
    summary: nonBlankText(output['summary'])
  }
  for (const [key, value] of Object.entries(shown)) {
    if (value !== undefined) Object.assign(view, { [key]: value })
  }
  return view
}

/**
 * The commit's check runs as listed, with a `check_run` event's check run added, so that the
 * verdict weighs it against the rest (a newer re-run, another app's check). A check run the list
 * holds too is there once: as listed, unless the event's copy is provably newer (both completed,
 * the event's later). The list was read after the event was sent, so in doubt it is the later word;
 * and a listed copy that is not completed is never overruled, since an app may reset a completed
 * check run when it is asked to run again.
 */
export function withEventCheckRun(listed: readonly unknown[], event: unknown): unknown[] {
  if (!isRecord(event)) return [...listed]
  const id = idText(event['id'])
  const index =
    id === undefined ? -1 : listed.findIndex(item => isRecord(item) && idText(item['id']) === id)
  if (index < 0) return [...listed, event]
  return listed.map((item, i) => (i === index && eventCopyIsNewer(event, item) ? event : item))
}

function eventCopyIsNewer(event: Record<string, unknown>, listed: unknown): boolean {
  if (!isRecord(listed) || event['status'] !== 'completed' || listed['status'] !== 'completed') {
    return false
  }
  const [eventEnd, listedEnd] = [event['completed_at'], listed['completed_at']].map(value => {
    const text = nonBlankText(value)
    return text === undefined ? undefined : isoTimeMs(text)
  })
  return eventEnd !== undefined && listedEnd !== undefined && eventEnd > listedEnd
}
