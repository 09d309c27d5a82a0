// The verdict, decided here and nowhere else, from the facts polling gathered (facts.ts): per
// entry and per step the status, its class, the bug counts and a reason as a code; no words. Pure.
// Fail closed: green needs every piece of evidence at once, and a contradiction is an error.
import { answerFigures, classifyBugs, readBugs, type AnswerFigures, type BugView } from './bugs.js'
import type { Contradiction, IgnoredWhy, Reason } from './reasons.js'
import type {
  GreenlightResponse,
  OutcomeWhenBlockingBugsInOtherWorkflows
} from '../kernel/answers.js'
import { RUN_STAGES } from '../kernel/answers.js'
import { definedOnly, isRecord } from '../kernel/values.js'
import { idText, nonBlankText } from '../kernel/text.js'
import { isCommitSha } from '../kernel/parsers.js'
import { isoTimeMs } from '../kernel/time.js'
import { nearest } from '../kernel/nearest.js'
import {
  RUN_STATUSES_WORST_FIRST,
  type CheckFacts,
  type CheckRules,
  type CheckRunView,
  type PollEnd,
  type RunFacts,
  type RunStatus
} from './facts.js'

export type { Contradiction, Reason, ReasonCode } from './reasons.js'
export { RUN_STATUSES_WORST_FIRST } from './facts.js'
export type { CheckFacts, CheckNames, CheckRules, PollEnd, RunFacts, RunStatus } from './facts.js'

/** `green` passed; `red` the tests said no or did not test; `no-verdict` the step could not learn. */
export type VerdictClass = 'green' | 'red' | 'no-verdict'

const STATUS_CLASS: Readonly<Record<RunStatus, VerdictClass>> = {
  passed: 'green',
  failed: 'red',
  canceled: 'red',
  superseded: 'red',
  'not-tested': 'red',
  'timed-out': 'no-verdict',
  interrupted: 'no-verdict',
  error: 'no-verdict'
}

export function classOf(status: RunStatus): VerdictClass {
  return STATUS_CLASS[status]
}

/** `total` as the source reports it, `listed` the ones held to show, `more` the rest. */
export interface BugCount {
  total: number
  listed: number
  more: number
}
export interface BugList {
  shown: readonly BugView[]
  count: BugCount
}
/** One kind of bug across the step: each bug once, with the entry that reported it. */
export interface StepBugList {
  shown: readonly { bug: BugView; entryId: string }[]
  count: BugCount
}
interface EntryBugs {
  blocking: BugList
  nonBlocking: BugList
  other: BugList
}

export function noBugs(): EntryBugs {
  return { blocking: bugList([], 0), nonBlocking: bugList([], 0), other: bugList([], 0) }
}

/** What only a `check` entry has: the check run as GitHub reported it, shown only. */
export interface CheckDetails {
  name: string
  app: string
  appName?: string
  checkStatus: string
  conclusion?: string
  detailsUrl?: string
  title?: string
  summary?: string
  startedAt?: string
  /** True for the check run the `check_run` event was sent for. */
  fromEvent: boolean
}

export interface VerdictEntry {
  source: 'run' | 'check'
  id: string
  url?: string
  status: RunStatus
  class: VerdictClass
  /** Why the status, for any status but `passed`. */
  reason?: Reason
  bugs: EntryBugs
  run?: {
    relevantRunId?: string
    supersededBy?: string
    /** The last valid answer, as kept (its bug lists may be cut; its counts are the entry's). */
    response?: GreenlightResponse
    queries: number
  }
  check?: CheckDetails
}

export interface Verdict {
  green: boolean
  status: RunStatus
  class: VerdictClass
  entries: VerdictEntry[]
  bugs: { blocking: StepBugList; nonBlocking: StepBugList; other: StepBugList }
  /** The job was cancelled: while waiting, or while the verdict was reported. */
  interrupted?: 'waiting' | 'reporting'
  /** For `timed-out`: the timeout that passed, 0 when the step asked once. */
  timedOutAfterMs?: number
}

export interface RunOutcome extends Omit<RunFacts, 'ended'> {
  status: RunStatus
  reason?: Reason
}

/** Whether an answer's stage ends polling; any other one, unknown ones included, does not. */
export function isTerminalStage(stage: string): boolean {
  return stage === 'completed' || stage === 'canceled'
}

export function isKnownStage(stage: string): boolean {
  return (RUN_STAGES as readonly string[]).includes(stage)
}

/** The run an answer is about: its `relevantRunId`, or the run asked when that is blank. */
export function relevantRunOf(
  response: Pick<GreenlightResponse, 'relevantRunId'>,
  askedRunId: string
): string {
  return response.relevantRunId.trim() === '' ? askedRunId : response.relevantRunId
}

export function supersedingRunId(
  response: Pick<GreenlightResponse, 'relevantRunId'> | undefined,
  rootRunId: string,
  askedRunId: string = rootRunId
): string | undefined {
  if (response === undefined) return undefined
  const relevant = relevantRunOf(response, askedRunId)
  return relevant === rootRunId ? undefined : relevant
}

// ---- a run's verdict -------------------------------------------------------------------------

type Judged = { status: RunStatus; reason?: Reason }

interface JudgedResponse {
  terminal: boolean
  green: boolean
  status?: 'passed' | 'failed' | 'canceled' | 'error'
  reason?: Reason
  contradiction?: Contradiction
}

function contradicted(contradiction: Contradiction): JudgedResponse {
  const reason: Reason = { code: 'contradiction', contradiction }
  return { terminal: true, green: false, status: 'error', reason, contradiction }
}

/**
 * One answer. Green needs `greenlight: true`, stage `completed`, a blocking-bug count of exactly
 * zero (absent is not zero) and no blocking bug listed anywhere in the whole answer; a green that
 * its own evidence contradicts is `error`, neither passed nor failed.
 */
export function judgeResponse(
  r: GreenlightResponse,
  figures: AnswerFigures = answerFigures(r)
): JudgedResponse {
  switch (r.runStage) {
    case 'canceled': {
      if (r.greenlight === true) return contradicted({ kind: 'green-while-canceled' })
      const reason: Reason = {
        code: 'run-canceled',
        ...definedOnly({ message: shownText(r['message']), serviceReason: shownText(r['reason']) })
      }
      return { terminal: true, green: false, status: 'canceled', reason }
    }
    case 'completed': {
      if (r.greenlight !== true) {
        return { terminal: true, green: false, status: 'failed', reason: failedReason(r, figures) }
      }
      const contradiction = completedContradiction(r, figures)
      if (contradiction !== undefined) return contradicted(contradiction)
      return { terminal: true, green: true, status: 'passed' }
    }
    default:
      return r.greenlight === true
        ? {
            terminal: false,
            green: false,
            contradiction: { kind: 'green-while-running', stage: r.runStage }
          }
        : { terminal: false, green: false }
  }
}

function shownText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

function completedContradiction(
  r: GreenlightResponse,
  figures: AnswerFigures
): Contradiction | undefined {
  const count = r.blockingBugsCount
  const urls = r.blockingBugUrls?.length ?? 0
  if (count === undefined) return { kind: 'green-without-count' }
  if (count !== 0) return { kind: 'green-with-blocking-count', count }
  if (urls !== 0) return { kind: 'green-with-blocking-urls', count: urls }
  if (figures.blockingBugs !== 0) {
    return { kind: 'green-with-blocking-bugs', count: figures.blockingBugs }
  }
  return undefined
}

function failedReason(r: GreenlightResponse, figures: AnswerFigures): Reason {
  const total = blockingTotal(r, figures)
  if (total > 0) return { code: 'blocking-bugs', count: total }
  if (r.blockingBugsCount === undefined) return { code: 'no-greenlight' }
  return { code: 'no-greenlight-zero-blocking' }
}

/** The whole answer's blocking bugs: the service's count, raised to the bugs it lists. */
function blockingTotal(r: GreenlightResponse | undefined, figures: AnswerFigures): number {
  return Math.max(r?.blockingBugsCount ?? 0, figures.blockingBugs)
}

export function worseStatus(a: RunStatus, b: RunStatus): RunStatus {
  return RUN_STATUSES_WORST_FIRST.indexOf(a) <= RUN_STATUSES_WORST_FIRST.indexOf(b) ? a : b
}

/** Green only with at least one entry, every one passed; none at all is an error. */
export function aggregateVerdict<T extends { status: RunStatus }>(
  entries: readonly T[]
): { green: boolean; status: RunStatus; runs: T[] } {
  if (entries.length === 0) return { green: false, status: 'error', runs: [] }
  const status = entries.map(r => r.status).reduce(worseStatus)
  return { green: entries.every(r => r.status === 'passed'), status, runs: [...entries] }
}

export interface JudgeRules {
  outcomeWhenBlockingBugsInOtherWorkflows: OutcomeWhenBlockingBugsInOtherWorkflows
  onSuperseded?: 'follow' | 'fail'
  wait: boolean
  timeoutMs: number
}

export function decideRun(
  facts: RunFacts,
  rules: Pick<JudgeRules, 'onSuperseded'> = {}
): RunOutcome {
  const { ended, lastResponse, ...kept } = facts
  const lastFigures = facts.lastFigures ?? (lastResponse && answerFigures(lastResponse))
  const judged = endedStatus(ended, lastResponse, lastFigures)
  const outcome: RunOutcome = { ...kept, ...definedOnly({ lastResponse, lastFigures }), ...judged }
  const newer = supersedingRunId(lastResponse, facts.rootRunId, facts.answeredBy)
  if (
    rules.onSuperseded === 'fail' &&
    newer !== undefined &&
    (ended.why === 'superseded' || ['passed', 'failed', 'canceled'].includes(judged.status))
  ) {
    // Only the root run's own verdict counts: a newer commit's is not this one's.
    outcome.status = 'superseded'
    outcome.reason = { code: 'superseded', rootRunId: facts.rootRunId, newerRunId: newer }
  }
  return outcome
}

function endedStatus(
  ended: PollEnd,
  lastResponse: GreenlightResponse | undefined,
  figures: AnswerFigures | undefined
): Judged {
  switch (ended.why) {
    case 'answered':
    case 'superseded': {
      if (lastResponse === undefined)
        return { status: 'error', reason: { code: 'no-answer-to-judge' } }
      const { terminal, status, reason } = judgeResponse(lastResponse, figures)
      if (terminal && status !== undefined) return { status, ...definedOnly({ reason }) }
      return { status: 'timed-out', reason: { code: 'not-ended', stage: lastResponse.runStage } }
    }
    case 'still-running': {
      const stage = lastResponse?.runStage
      return {
        status: 'timed-out',
        reason: { code: 'still-running', wait: ended.wait, ...definedOnly({ stage }) }
      }
    }
    case 'interrupted':
      return { status: 'interrupted', reason: { code: 'interrupted' } }
    case 'crashed':
      return {
        status: 'error',
        reason: { code: 'crashed', during: ended.during, message: ended.message }
      }
    case 'failed':
      return stoppedOutcome(ended, lastResponse?.runStage)
  }
}

function stoppedOutcome(f: Extract<PollEnd, { why: 'failed' }>, stage?: string): Judged {
  const message = f.reason
  switch (f.stop) {
    case 'aborted':
      return { status: 'interrupted', reason: { code: 'interrupted' } }
    case 'permanent':
    case 'answered':
      return { status: 'error', reason: { code: 'query-refused', message } }
    case 'not-found':
      return {
        status: 'error',
        reason: { code: 'run-not-found', message, sinceFirstQueryMs: f.sinceFirstQueryMs }
      }
    case 'unreachable':
      return {
        status: 'error',
        reason: { code: 'unreachable', message, unreachableForMs: f.unreachableForMs }
      }
    case 'retry-after': {
      const reason: Reason = {
        code: 'retry-after-past-deadline',
        message,
        retryAfterMs: f.error.retryAfterMs ?? 0,
        msLeft: Math.max(0, f.msLeft),
        wait: f.wait
      }
      if (stage === undefined) return { status: 'error', reason }
      return { status: 'timed-out', reason: { ...reason, stage } }
    }
    case 'attempts':
    case 'deadline': {
      const failures = f.failures
      if (stage !== undefined) {
        return {
          status: 'timed-out',
          reason: { code: 'failing-at-deadline', message, failures, stage }
        }
      }
      // The service answered every time that the run does not exist: not silence.
      const notFound = f.error.kind === 'http' && f.error.status === 404
      return {
        status: 'error',
        reason: { code: 'no-answer', message, failures, wait: f.wait, notFound }
      }
    }
  }
}

const NO_FIGURES: AnswerFigures = { blockingBugs: 0, nonBlockingBugs: 0, otherBlockingBugs: 0 }

function entryOfRun(outcome: RunOutcome, rules: JudgeRules): VerdictEntry {
  const response = outcome.lastResponse
  const figures =
    outcome.lastFigures ?? (response === undefined ? NO_FIGURES : answerFigures(response))
  const kept = response === undefined ? undefined : classifyBugs(response)
  const others = readBugs(response?.otherBlockingBugsInEnvironment).filter(bug => bug.blocking)
  const nonBlocking = Math.max(response?.nonBlockingBugsCount ?? 0, figures.nonBlockingBugs)
  const asked = outcome.answeredBy ?? outcome.rootRunId
  const url =
    outcome.rootRunUrl ??
    (response?.rootRunId === outcome.rootRunId ? response.rootRunUrl : undefined)
  const entry: VerdictEntry = {
    source: 'run',
    id: outcome.rootRunId,
    ...definedOnly({ url }),
    status: outcome.status,
    class: classOf(outcome.status),
    bugs: {
      blocking: bugList(kept?.blocking ?? [], blockingTotal(response, figures)),
      nonBlocking: bugList(kept?.nonBlocking ?? [], nonBlocking),
      other: bugList(others, figures.otherBlockingBugs)
    },
    run:
      response === undefined
        ? { queries: outcome.queries }
        : {
            queries: outcome.queries,
            relevantRunId: relevantRunOf(response, asked),
            ...definedOnly({ supersededBy: supersedingRunId(response, outcome.rootRunId, asked) }),
            response
          },
    ...definedOnly({ reason: outcome.reason })
  }
  // outcome-when-blocking-bugs-in-other-workflows: red is applied here too, whatever the service
  // answered (fail closed), from the whole answer's count.
  const other = entry.bugs.other.count.total
  if (
    rules.outcomeWhenBlockingBugsInOtherWorkflows !== 'red' ||
    entry.status !== 'passed' ||
    other === 0
  ) {
    return entry
  }
  return {
    ...entry,
    status: 'failed',
    class: 'red',
    reason: { code: 'blocking-bugs-in-other-workflows', count: other }
  }
}

function bugList(shown: readonly BugView[], total: number): BugList {
  return { shown, count: bugCount(Math.max(total, shown.length), shown.length) }
}

function bugCount(total: number, listed: number): BugCount {
  return { total, listed, more: Math.max(0, total - listed) }
}

export function judgeRun(facts: RunFacts, rules: JudgeRules): VerdictEntry {
  return entryOfRun(decideRun(facts, rules), rules)
}

export function decideVerdict(facts: readonly RunFacts[], rules: JudgeRules): Verdict {
  return judgeVerdict(
    facts.map(run => decideRun(run, rules)),
    rules
  )
}

export function judgeVerdict(outcomes: readonly RunOutcome[], rules: JudgeRules): Verdict {
  const verdict = verdictOf(outcomes.map(outcome => entryOfRun(outcome, rules)))
  return withTimeout(verdict, rules.wait ? rules.timeoutMs : 0)
}

function withTimeout(verdict: Verdict, timedOutAfterMs: number): Verdict {
  if (verdict.entries.some(entry => entry.status === 'timed-out'))
    verdict.timedOutAfterMs = timedOutAfterMs
  return verdict
}

export function verdictOf(entries: readonly VerdictEntry[]): Verdict {
  const { green, status } = aggregateVerdict(entries)
  const pick = (kind: keyof EntryBugs): StepBugList => acrossEntries(entries, kind)
  const verdict: Verdict = {
    green,
    status,
    class: green ? 'green' : status === 'passed' ? 'red' : classOf(status),
    entries: [...entries],
    bugs: { blocking: pick('blocking'), nonBlocking: pick('nonBlocking'), other: pick('other') }
  }
  if (status === 'interrupted') verdict.interrupted = 'waiting'
  return verdict
}

/** Every bug of one kind across all entries; one reported by several entries once. */
function acrossEntries(entries: readonly VerdictEntry[], kind: keyof EntryBugs): StepBugList {
  const shown: { bug: BugView; entryId: string }[] = []
  const seen = new Set<string>()
  let total = 0
  for (const entry of entries) {
    const list = entry.bugs[kind]
    total += list.count.total
    for (const bug of list.shown) {
      const key = bug.url ?? bug.name
      if (key !== undefined && seen.has(key)) continue
      if (key !== undefined) seen.add(key)
      shown.push({ bug, entryId: entry.id })
    }
  }
  return { shown, count: bugCount(Math.max(total, shown.length), shown.length) }
}

/** Cancelled while the verdict was reported: `interrupted`, never green, from then on. */
export function interruptedWhileReporting(verdict: Verdict): Verdict {
  if (verdict.status === 'interrupted') return verdict
  return {
    ...verdict,
    green: false,
    status: 'interrupted',
    class: 'no-verdict',
    interrupted: 'reporting'
  }
}

export type StepGate =
  | { ends: 'green' }
  | { ends: 'failed' }
  | { ends: 'warned'; forgivenBy: 'fail-on-red' | 'fail-on-timeout' }

/**
 * How the step ends, by the verdict's class: a red is forgiven only by `fail-on-red: false`, a
 * timeout only by `fail-on-timeout: false`; superseded, interrupted and error always fail.
 */
export function stepGate(
  verdict: Pick<Verdict, 'status' | 'class'>,
  rules: { failOnRed: boolean; failOnTimeout: boolean }
): StepGate {
  switch (verdict.class) {
    case 'green':
      return { ends: 'green' }
    case 'red':
      if (verdict.status === 'superseded' || rules.failOnRed) return { ends: 'failed' }
      return { ends: 'warned', forgivenBy: 'fail-on-red' }
    case 'no-verdict':
      if (verdict.status !== 'timed-out' || rules.failOnTimeout) return { ends: 'failed' }
      return { ends: 'warned', forgivenBy: 'fail-on-timeout' }
  }
}

// ---- which check runs count ------------------------------------------------------------------

/** The app whose check runs never count unless `check-app` names it: a workflow's placeholder. */
export const GITHUB_ACTIONS_APP = 'github-actions'

export interface CheckSelection {
  counting: CheckRunView[]
  ignored: { run: CheckRunView; why: IgnoredWhy }[]
  /** Check runs of the wanted name whose deciding fields could not be read: never green. */
  unreadable: string[]
  /** Nothing more can change the verdict: polling stops. */
  settled: boolean
}

/**
 * The check runs that count among `raw` (GitHub's objects): named `check-name`, on `sha`, by
 * `check-app` (or any app but GitHub Actions), started at or after `since`, the newest of its app.
 * Settled when one is unreadable, or when some count and all of those are completed. Polling and
 * the verdict both ask this, so they cannot disagree.
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
  // One app's newest check run stands for it, as required checks read it (`filter=latest` is per
  // check suite, so a re-run in a new suite leaves the older one listed).
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

/** By GitHub's IDs, which grow, else by start; two that cannot be told apart both count. */
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
  // Not started yet counts as pending. GitHub's times have whole seconds and `since` may not: a
  // check started in the report's second counts.
  const since = rules.sinceMs
  if (
    since !== undefined &&
    run.startedAtMs !== undefined &&
    run.startedAtMs < Math.floor(since / 1000) * 1000
  ) {
    return 'before-since'
  }
  return undefined
}

function readCheckRun(item: Record<string, unknown>, needsStart: boolean): CheckRunView | string {
  const name = nonBlankText(item['name'])
  const headSha = nonBlankText(item['head_sha'])
  const app = isRecord(item['app']) ? item['app'] : {}
  const slug = nonBlankText(app['slug'])
  const status = nonBlankText(item['status'])
  const conclusion = item['conclusion']
  const startedAt = nonBlankText(item['started_at'])
  const startedAtMs = startedAt === undefined ? undefined : isoTimeMs(startedAt)
  if (name === undefined) return 'no name'
  if (headSha === undefined || !isCommitSha(headSha)) return 'no readable head_sha'
  // Without a slug a GitHub Actions placeholder cannot be told apart: never guessed at.
  if (slug === undefined) return 'no readable app.slug'
  if (status === undefined) return 'no readable status'
  if (conclusion !== null && conclusion !== undefined && nonBlankText(conclusion) === undefined) {
    return 'a conclusion that is not text'
  }
  if (status === 'completed' && nonBlankText(conclusion) === undefined) {
    return 'completed without a conclusion'
  }
  // Without a start (or one without a time zone), `since` cannot tell this deployment's check
  // from an earlier one's.
  if (
    needsStart &&
    startedAtMs === undefined &&
    (status === 'completed' || startedAt !== undefined)
  ) {
    return 'no readable started_at, which since needs'
  }
  const output = isRecord(item['output']) ? item['output'] : {}
  return {
    name,
    headSha: headSha.toLowerCase(),
    app: slug.toLowerCase(),
    status,
    ...definedOnly({
      id: idText(item['id']),
      appName: nonBlankText(app['name']),
      conclusion: nonBlankText(conclusion),
      startedAt,
      startedAtMs,
      htmlUrl: nonBlankText(item['html_url']),
      detailsUrl: nonBlankText(item['details_url']),
      title: nonBlankText(output['title']),
      summary: nonBlankText(output['summary'])
    })
  }
}

/**
 * The commit's check runs as listed, with a `check_run` event's check run added. One the list
 * holds too is there once: as listed (read later), unless the event's copy is provably newer
 * (both completed, the event's later); a listed copy not completed is never overruled.
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
  if (!isRecord(listed) || event['status'] !== 'completed' || listed['status'] !== 'completed')
    return false
  const [eventEnd, listedEnd] = [event['completed_at'], listed['completed_at']].map(value => {
    const text = nonBlankText(value)
    return text === undefined ? undefined : isoTimeMs(text)
  })
  return eventEnd !== undefined && listedEnd !== undefined && eventEnd > listedEnd
}

// ---- a check's verdict -----------------------------------------------------------------------

/** A completed check run's status from its conclusion; one the action does not know is an error. */
export function checkConclusionStatus(conclusion: string | undefined): RunStatus {
  switch (conclusion) {
    case 'success':
      return 'passed'
    case 'failure':
    case 'timed_out':
    case 'action_required':
    case 'startup_failure':
      return 'failed'
    case 'cancelled':
      return 'canceled'
    case 'neutral':
    case 'skipped':
      return 'not-tested'
    default:
      return 'error'
  }
}

/**
 * The verdict of `verdict-from: check`: green only when some check run counts and every one that
 * counts completed with `success`; on a `check_run` event, also only for the branch's tip.
 */
export function decideCheckVerdict(facts: CheckFacts): Verdict {
  const verdict = checkVerdict(facts)
  if (facts.source !== 'event' || verdict.status === 'error' || verdict.status === 'interrupted') {
    return verdict
  }
  // Every other status is replaced, so that no fail-on-red or fail-on-timeout forgives a commit
  // that must not be promoted.
  const standing = commitStanding(facts)
  return standing === undefined ? verdict : nothingFor(facts, standing)
}

function nothingFor(facts: CheckFacts, { status, reason }: Judged): Verdict {
  const entry: VerdictEntry = {
    source: 'check',
    id: facts.rules.name,
    status,
    class: classOf(status),
    bugs: noBugs(),
    ...definedOnly({ reason })
  }
  return withTimeout(verdictOf([entry]), facts.waitedMs ?? 0)
}

/**
 * The commit rule: undefined when the checked commit is the branch's tip (by SHAs GitHub gave);
 * an older commit of the branch is `superseded`; anything else, or a standing not read, `error`.
 */
function commitStanding(facts: CheckFacts): Judged | undefined {
  const read = facts.branchTip
  const sha = facts.rules.sha.toLowerCase()
  const unsure = (message: string, status?: number): Judged => ({
    status: 'error',
    reason: { code: 'branch-read-failed', message, ...definedOnly({ status }) }
  })
  if (read === undefined)
    return unsure(`where commit ${sha.slice(0, 12)} stands on the branch was not read`)
  if (read.failure !== undefined) return unsure(read.failure.message, read.failure.status)
  const branch = read.branch ?? ''
  if (read.branchMissing === true) {
    return {
      status: 'error',
      reason: { code: 'branch-not-found', branch, fromDefault: read.fromDefault }
    }
  }
  const tip = read.tip?.toLowerCase()
  if (tip === sha) return undefined
  const compare = read.compare
  if (tip === undefined || compare === undefined) {
    return unsure(
      `GitHub named no tip of branch '${branch}' to compare commit ${sha.slice(0, 12)} with`
    )
  }
  // `behind`: the commit is an ancestor of the tip (the merge base is the commit itself).
  if ('status' in compare && compare.status === 'behind') {
    if (compare.mergeBase !== sha) {
      return unsure(
        `GitHub said commit ${sha.slice(0, 12)} is behind the tip of '${branch}' but named another merge base`
      )
    }
    return { status: 'superseded', reason: { code: 'commit-superseded', sha, branch, tip } }
  }
  const suite = isRecord(facts.eventCheckRun) ? facts.eventCheckRun['check_suite'] : undefined
  const eventBranch = isRecord(suite) ? nonBlankText(suite['head_branch']) : undefined
  return {
    status: 'error',
    reason: {
      code: 'commit-not-on-branch',
      sha,
      branch,
      tip,
      found: !('notFound' in compare),
      ...definedOnly({ eventBranch })
    }
  }
}

function checkVerdict(facts: CheckFacts): Verdict {
  const { rules, ended } = facts
  const fromEvent = facts.source === 'event'
  const nothing = (status: RunStatus, reason: Reason): Verdict =>
    nothingFor(facts, { status, reason })
  const wait = ended.why === 'still-waiting' ? ended.wait : true
  if (ended.why === 'failed') {
    const { message, status } = ended.failure
    return nothing('error', {
      code: 'check-read-failed',
      message,
      ...definedOnly({ status, stoppedForWaitMs: ended.stoppedForWaitMs })
    })
  }
  const selection = selectCheckRuns(facts.checkRuns ?? [], rules)
  if (selection.unreadable.length > 0) {
    return nothing('error', { code: 'check-unreadable', problems: selection.unreadable })
  }
  // On an event, a read cut short leaves the event's check run unweighed against the rest.
  if (ended.why === 'interrupted' && (fromEvent || selection.counting.length === 0)) {
    return nothing('interrupted', { code: 'interrupted' })
  }
  if (selection.counting.length === 0) {
    if (fromEvent) return nothing('error', otherCheck(facts, selection.ignored[0]?.why))
    if (facts.rateLimitedUntil !== undefined) {
      // The step could not look: no "QA Wolf posted nothing", and no timeout either.
      return nothing('error', { code: 'check-rate-limited', until: facts.rateLimitedUntil, wait })
    }
    return nothing('timed-out', {
      code: 'no-check',
      name: rules.name,
      app: rules.app,
      wait,
      ignored: [...new Set(selection.ignored.map(entry => entry.why))],
      ...definedOnly({ names: facts.names })
    })
  }
  const entries = selection.counting.map(run => checkEntry(run, facts))
  return withTimeout(verdictOf(entries), facts.waitedMs ?? 0)
}

function checkEntry(run: CheckRunView, facts: CheckFacts): VerdictEntry {
  const { status, reason } = checkRunStatus(run, facts)
  const fromEvent = facts.source === 'event' && run.id !== undefined && run.id === eventRunId(facts)
  const { name, app, appName, conclusion, detailsUrl, title, summary, startedAt } = run
  const shown = { appName, conclusion, detailsUrl, title, summary, startedAt }
  return {
    source: 'check',
    id: run.id ?? run.name,
    status,
    class: classOf(status),
    bugs: noBugs(),
    check: { name, app, checkStatus: run.status, fromEvent, ...definedOnly(shown) },
    ...definedOnly({ url: run.htmlUrl, reason })
  }
}

function checkRunStatus(run: CheckRunView, facts: CheckFacts): Judged {
  const checkStatus = run.status
  const { source, ended } = facts
  if (source === 'event' && facts.eventAction !== 'completed') {
    // A `rerequested` event carries the check run as it was: an earlier verdict asked to run again.
    const eventAction = facts.eventAction ?? ''
    return { status: 'error', reason: { code: 'event-not-completed', checkStatus, eventAction } }
  }
  if (checkStatus !== 'completed') {
    if (ended.why === 'interrupted')
      return { status: 'interrupted', reason: { code: 'interrupted' } }
    if (source === 'event' && facts.listed === true) {
      const rerun = run.id !== undefined && run.id === eventRunId(facts)
      return { status: 'timed-out', reason: { code: 'check-newer-running', checkStatus, rerun } }
    }
    if (source === 'event') {
      return { status: 'error', reason: { code: 'event-not-completed', checkStatus } }
    }
    const wait = ended.why === 'still-waiting' ? ended.wait : true
    return {
      status: 'timed-out',
      reason: {
        code: 'check-not-completed',
        checkStatus,
        wait,
        ...definedOnly({ rateLimitedUntil: facts.rateLimitedUntil })
      }
    }
  }
  const conclusion = run.conclusion ?? ''
  const status = checkConclusionStatus(conclusion)
  return status === 'passed'
    ? { status }
    : { status, reason: { code: 'check-conclusion', conclusion } }
}

function eventRunId(facts: CheckFacts): string | undefined {
  return isRecord(facts.eventCheckRun) ? idText(facts.eventCheckRun['id']) : undefined
}

/**
 * The `check_run` event's check run does not count: which check it is, for the `if:` to add; or,
 * when its name is near `check-name`, the name to set instead (an `if:` would copy the typo).
 */
function otherCheck(facts: CheckFacts, why: IgnoredWhy | undefined): Reason {
  const event = facts.eventCheckRun ?? facts.checkRuns?.[0]
  const record = isRecord(event) ? event : {}
  const eventName = nonBlankText(record['name'])
  const eventApp = isRecord(record['app']) ? nonBlankText(record['app']['slug']) : undefined
  const typo =
    eventName !== undefined &&
    eventName !== facts.rules.name &&
    nearest(facts.rules.name, [eventName]) !== undefined
  return {
    code: 'event-other-check',
    name: facts.rules.name,
    app: facts.rules.app,
    ...definedOnly({ eventName, eventApp, why }),
    ...(typo ? { nameTypo: true } : {})
  }
}
