// The verdict, decided here and nowhere else, from the facts polling gathered (facts.ts): per
// entry and per step the status, its class, the bug counts and a reason as a code; no words. Pure.
// Fail closed: green needs every piece of evidence at once, and a contradiction is an error.
import { answerFigures, classifyBugs, type AnswerFigures, type BugView } from './bugs.js'
import type { Contradiction, IgnoredWhy, Reason } from './reasons.js'
import type {
  GreenlightResponse,
  OutcomeWhenBlockingBugsInOtherWorkflows
} from '../kernel/answers.js'
import { definedOnly, isRecord } from '../kernel/values.js'
import { idText, nonBlankText } from '../kernel/text.js'
import { isCommitSha } from '../kernel/parsers.js'
import { isoTimeMs } from '../kernel/time.js'
import { nearest } from '../kernel/nearest.js'
import {
  RUN_STATUSES_WORST_FIRST,
  type CheckFacts,
  type CheckRules,
  type RunFacts,
  type RunStatus
} from './facts.js'

/** `green` passed; `red` the tests said no or did not test; `no-verdict` the step could not learn. */
export type VerdictClass = 'green' | 'red' | 'no-verdict'
const RED: readonly RunStatus[] = ['failed', 'canceled', 'superseded', 'not-tested']

export function classOf(status: RunStatus): VerdictClass {
  return status === 'passed' ? 'green' : RED.includes(status) ? 'red' : 'no-verdict'
}

/** `total` as the source reports it, `listed` the ones held to show, `more` the rest. */
export type BugCount = { total: number; listed: number; more: number }
export type BugList<T = BugView> = { shown: readonly T[]; count: BugCount }
/** One kind of bug across the step: each bug once, with the entry that reported it. */
export type StepBugList = BugList<{ bug: BugView; entryId: string }>
type BugKind = 'blocking' | 'nonBlocking' | 'other'

export function noBugs(): Record<BugKind, BugList> {
  return { blocking: bugList([], 0), nonBlocking: bugList([], 0), other: bugList([], 0) }
}

/** A check entry's check run as GitHub reported it, shown only; `fromEvent`: the event's own. */
export type CheckDetails = Pick<
  CheckRunView,
  'name' | 'app' | 'appName' | 'conclusion' | 'detailsUrl' | 'title' | 'summary' | 'startedAt'
> & { checkStatus: string; fromEvent: boolean }

type Judged = { status: RunStatus; reason?: Reason }
export type RunOutcome = Omit<RunFacts, 'ended'> & Judged

export interface VerdictEntry extends Judged {
  source: 'run' | 'check'
  id: string
  url?: string
  class: VerdictClass
  bugs: Record<BugKind, BugList>
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
  bugs: Record<BugKind, StepBugList>
  interrupted?: 'waiting' | 'reporting'
  /** For `timed-out`: the timeout that passed, 0 when the step asked once. */
  timedOutAfterMs?: number
}

function entryOf(
  source: VerdictEntry['source'],
  id: string,
  { status, reason }: Judged,
  more?: Partial<VerdictEntry>
): VerdictEntry {
  const judged = { status, class: classOf(status), ...definedOnly({ reason }) }
  return { source, id, ...judged, bugs: noBugs(), ...more }
}

export function relevantRunOf(response: { relevantRunId: string }, askedRunId: string): string {
  return response.relevantRunId.trim() === '' ? askedRunId : response.relevantRunId
}

export function supersedingRunId(
  response: { relevantRunId: string } | undefined,
  rootRunId: string,
  askedRunId: string = rootRunId
): string | undefined {
  const relevant = response && relevantRunOf(response, askedRunId)
  return relevant === rootRunId ? undefined : relevant
}

interface JudgedResponse extends Partial<Judged> {
  terminal: boolean
  green: boolean
  contradiction?: Contradiction
}

function contradicted(contradiction: Contradiction): JudgedResponse {
  const reason: Reason = { code: 'contradiction', contradiction }
  return { terminal: true, green: false, status: 'error', reason, contradiction }
}

// Green needs `greenlight: true`, stage `completed`, a blocking-bug count of exactly zero (absent
// is not zero) and no blocking bug listed anywhere; a green its evidence contradicts is `error`.
export function judgeResponse(r: GreenlightResponse, figures = answerFigures(r)): JudgedResponse {
  const count = r.blockingBugsCount
  const urls = r.blockingBugUrls?.length ?? 0
  switch (r.runStage) {
    case 'canceled': {
      if (r.greenlight === true) return contradicted({ kind: 'green-while-canceled' })
      const [message, serviceReason] = [r['message'], r['reason']].map(s => nonBlankText(s)?.trim())
      const reason: Reason = { code: 'run-canceled', ...definedOnly({ message, serviceReason }) }
      return { terminal: true, green: false, status: 'canceled', reason }
    }
    case 'completed': {
      if (r.greenlight !== true) {
        const total = blockingTotal(r, figures)
        const reason: Reason =
          total > 0
            ? { code: 'blocking-bugs', count: total }
            : { code: count === undefined ? 'no-greenlight' : 'no-greenlight-zero-blocking' }
        return { terminal: true, green: false, status: 'failed', reason }
      }
      if (count === undefined) return contradicted({ kind: 'green-without-count' })
      if (count !== 0) return contradicted({ kind: 'green-with-blocking-count', count })
      if (urls !== 0) return contradicted({ kind: 'green-with-blocking-urls', count: urls })
      if (figures.blockingBugs !== 0) {
        return contradicted({ kind: 'green-with-blocking-bugs', count: figures.blockingBugs })
      }
      return { terminal: true, green: true, status: 'passed' }
    }
    default: {
      const running = { terminal: false, green: false }
      if (r.greenlight !== true) return running
      return { ...running, contradiction: { kind: 'green-while-running', stage: r.runStage } }
    }
  }
}

function blockingTotal(r: GreenlightResponse | undefined, figures: AnswerFigures): number {
  return Math.max(r?.blockingBugsCount ?? 0, figures.blockingBugs)
}

export interface JudgeRules {
  outcomeWhenBlockingBugsInOtherWorkflows: OutcomeWhenBlockingBugsInOtherWorkflows
  onSuperseded?: 'follow' | 'fail'
  wait: boolean
  timeoutMs: number
}

export function decideRun(facts: RunFacts, rules: Pick<JudgeRules, 'onSuperseded'> = {}) {
  const { ended, ...kept } = facts
  const judged = endedStatus(facts)
  const outcome: RunOutcome = { ...kept, ...judged }
  const newer = supersedingRunId(facts.lastResponse, facts.rootRunId, facts.answeredBy)
  const decided =
    ended.why === 'superseded' || ['passed', 'failed', 'canceled'].includes(judged.status)
  if (rules.onSuperseded === 'fail' && newer !== undefined && decided) {
    // Only the root run's own verdict counts: a newer commit's is not this one's.
    outcome.status = 'superseded'
    outcome.reason = { code: 'superseded', rootRunId: facts.rootRunId, newerRunId: newer }
  }
  return outcome
}

const INTERRUPTED: Judged = { status: 'interrupted', reason: { code: 'interrupted' } }
const error = (reason: Reason): Judged => ({ status: 'error', reason })
const timedOut = (reason: Reason): Judged => ({ status: 'timed-out', reason })

function endedStatus({ ended, lastResponse, lastFigures }: RunFacts): Judged {
  const stage = lastResponse?.runStage
  switch (ended.why) {
    case 'answered':
    case 'superseded': {
      if (lastResponse === undefined) return error({ code: 'no-answer-to-judge' })
      const { terminal, status, reason } = judgeResponse(lastResponse, lastFigures)
      if (terminal && status !== undefined) return { status, ...definedOnly({ reason }) }
      return timedOut({ code: 'not-ended', stage: lastResponse.runStage })
    }
    case 'still-running':
      return timedOut({ code: 'still-running', wait: ended.wait, ...definedOnly({ stage }) })
    case 'interrupted':
      return INTERRUPTED
    case 'crashed':
      return error({ code: 'crashed', during: ended.during, message: ended.message })
  }
  const { reason: message, failures, wait } = ended
  switch (ended.stop) {
    case 'aborted':
      return INTERRUPTED
    case 'permanent':
    case 'answered':
      return error({ code: 'query-refused', message })
    case 'not-found':
      return error({ code: 'run-not-found', message, sinceFirstQueryMs: ended.sinceFirstQueryMs })
    case 'unreachable':
      return error({ code: 'unreachable', message, unreachableForMs: ended.unreachableForMs })
    case 'retry-after': {
      const retryAfterMs = ended.error.retryAfterMs ?? 0
      const facts = { message, retryAfterMs, msLeft: Math.max(0, ended.msLeft), wait }
      const reason = { code: 'retry-after-past-deadline', ...facts } as const
      return stage === undefined ? error(reason) : timedOut({ ...reason, stage })
    }
    case 'attempts':
    case 'deadline': {
      if (stage !== undefined) {
        return timedOut({ code: 'failing-at-deadline', message, failures, stage })
      }
      // The service answered every time that the run does not exist: not silence.
      const notFound = ended.error.kind === 'http' && ended.error.status === 404
      return error({ code: 'no-answer', message, failures, wait, notFound })
    }
  }
}

function entryOfRun(outcome: RunOutcome, rules: JudgeRules): VerdictEntry {
  const response = outcome.lastResponse
  const figures = outcome.lastFigures ?? answerFigures(response)
  const kept = classifyBugs(response)
  const nonBlocking = Math.max(response?.nonBlockingBugsCount ?? 0, figures.nonBlockingBugs)
  const asked = outcome.answeredBy ?? outcome.rootRunId
  const url =
    outcome.rootRunUrl ??
    (response?.rootRunId === outcome.rootRunId ? response.rootRunUrl : undefined)
  // outcome-when-blocking-bugs-in-other-workflows: red is applied here too, whatever the service
  // answered (fail closed), from the whole answer's count.
  const other = Math.max(kept.other.length, figures.otherBlockingBugs)
  const red =
    rules.outcomeWhenBlockingBugsInOtherWorkflows === 'red' &&
    outcome.status === 'passed' &&
    other > 0
  const judged: Judged = red
    ? { status: 'failed', reason: { code: 'blocking-bugs-in-other-workflows', count: other } }
    : outcome
  return entryOf('run', outcome.rootRunId, judged, {
    ...definedOnly({ url }),
    bugs: {
      blocking: bugList(kept.blocking, blockingTotal(response, figures)),
      nonBlocking: bugList(kept.nonBlocking, nonBlocking),
      other: bugList(kept.other, figures.otherBlockingBugs)
    },
    run: {
      queries: outcome.queries,
      ...(response && {
        relevantRunId: relevantRunOf(response, asked),
        ...definedOnly({ supersededBy: supersedingRunId(response, outcome.rootRunId, asked) }),
        response
      })
    }
  })
}

function bugList<T>(shown: readonly T[], total: number): BugList<T> {
  const listed = shown.length
  const count = { total: Math.max(total, listed), listed, more: Math.max(0, total - listed) }
  return { shown, count }
}

export function judgeRun(facts: RunFacts, rules: JudgeRules): VerdictEntry {
  return entryOfRun(decideRun(facts, rules), rules)
}

export function decideVerdict(facts: readonly RunFacts[], rules: JudgeRules): Verdict {
  const outcomes = facts.map(run => decideRun(run, rules))
  return judgeVerdict(outcomes, rules)
}

export function judgeVerdict(outcomes: readonly RunOutcome[], rules: JudgeRules): Verdict {
  const entries = outcomes.map(outcome => entryOfRun(outcome, rules))
  return verdictOf(entries, rules.wait ? rules.timeoutMs : 0)
}

/** Green only with at least one entry, every one passed; none at all is an error. */
export function verdictOf(entries: readonly VerdictEntry[], timedOutAfterMs?: number): Verdict {
  const status = RUN_STATUSES_WORST_FIRST.find(s => entries.some(e => e.status === s)) ?? 'error'
  const verdict: Verdict = {
    green: status === 'passed',
    status,
    class: classOf(status),
    entries: [...entries],
    bugs: {
      blocking: acrossEntries(entries, 'blocking'),
      nonBlocking: acrossEntries(entries, 'nonBlocking'),
      other: acrossEntries(entries, 'other')
    }
  }
  if (status === 'interrupted') verdict.interrupted = 'waiting'
  if (timedOutAfterMs !== undefined && entries.some(entry => entry.status === 'timed-out'))
    verdict.timedOutAfterMs = timedOutAfterMs
  return verdict
}

/** Every bug of one kind across all entries; one reported by several entries once. */
function acrossEntries(entries: readonly VerdictEntry[], kind: BugKind): StepBugList {
  const shown: { bug: BugView; entryId: string }[] = []
  const seen = new Set<string>()
  let total = 0
  for (const entry of entries) {
    const list = entry.bugs[kind]
    total += list.count.total
    for (const bug of list.shown) {
      const key = bug.url ?? bug.name
      if (key === undefined || !seen.has(key)) shown.push({ bug, entryId: entry.id })
      if (key !== undefined) seen.add(key)
    }
  }
  return bugList(shown, total)
}

/** Cancelled while the verdict was reported: `interrupted`, never green, from then on. */
export function interruptedWhileReporting(verdict: Verdict): Verdict {
  if (verdict.status === 'interrupted') return verdict
  const interrupted = { green: false, status: 'interrupted', class: 'no-verdict' } as const
  return { ...verdict, ...interrupted, interrupted: 'reporting' }
}

export type StepGate = ReturnType<typeof stepGate>

// A red is forgiven only by `fail-on-red: false`, a timeout only by `fail-on-timeout: false`;
// superseded, interrupted and error always fail.
export function stepGate(
  verdict: Pick<Verdict, 'status' | 'class'>,
  rules: { failOnRed: boolean; failOnTimeout: boolean }
) {
  if (verdict.class === 'green') return { ends: 'green' } as const
  if (verdict.class === 'red' && verdict.status !== 'superseded' && !rules.failOnRed) {
    return { ends: 'warned', forgivenBy: 'fail-on-red' } as const
  }
  if (verdict.status === 'timed-out' && !rules.failOnTimeout) {
    return { ends: 'warned', forgivenBy: 'fail-on-timeout' } as const
  }
  return { ends: 'failed' } as const
}

/** The app whose check runs never count unless `check-app` names it: a workflow's placeholder. */
export const GITHUB_ACTIONS_APP = 'github-actions'

/** One check run as the action reads it (deciding fields strictly, shown ones tolerantly). */
type CheckRunView = Exclude<ReturnType<typeof readCheckRun>, string>

export type CheckSelection = ReturnType<typeof selectCheckRuns>

// The check runs that count: named `check-name`, on `sha`, by `check-app` (or any app but GitHub
// Actions), started at or after `since`, the newest of its app. `settled`: nothing can change the
// verdict any more. Polling and the verdict both ask this, so they cannot disagree.
export function selectCheckRuns(raw: readonly unknown[], rules: CheckRules) {
  const counting: CheckRunView[] = []
  const ignored: { run: CheckRunView; why: IgnoredWhy }[] = []
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
  if (rules.app === '' && run.app === GITHUB_ACTIONS_APP) return 'github-actions'
  if (rules.app !== '' && run.app !== rules.app) return 'other-app'
  // Not started yet counts as pending. GitHub's times have whole seconds and `since` may not: a
  // check started in the report's second counts.
  const since = rules.sinceMs
  if (since !== undefined && (run.startedAtMs ?? Infinity) < Math.floor(since / 1000) * 1000) {
    return 'before-since'
  }
  return undefined
}

function readCheckRun(item: Record<string, unknown>, needsStart: boolean) {
  const app = isRecord(item['app']) ? item['app'] : {}
  const output = isRecord(item['output']) ? item['output'] : {}
  const keys = ['name', 'head_sha', 'status', 'started_at', 'conclusion'] as const
  const [name, headSha, status, startedAt, conclusion] = keys.map(key => nonBlankText(item[key]))
  const slug = nonBlankText(app['slug'])
  const startedAtMs = startedAt === undefined ? undefined : isoTimeMs(startedAt)
  if (name === undefined) return 'no name'
  if (headSha === undefined || !isCommitSha(headSha)) return 'no readable head_sha'
  // Without a slug a GitHub Actions placeholder cannot be told apart: never guessed at.
  if (slug === undefined) return 'no readable app.slug'
  if (status === undefined) return 'no readable status'
  if ((item['conclusion'] ?? undefined) !== undefined && conclusion === undefined) {
    return 'a conclusion that is not text'
  }
  if (status === 'completed' && conclusion === undefined) return 'completed without a conclusion'
  // Without a start (or one without a time zone), `since` cannot tell this deployment's check
  // from an earlier one's.
  const startUnread =
    startedAtMs === undefined && (status === 'completed' || startedAt !== undefined)
  if (needsStart && startUnread) return 'no readable started_at, which since needs'
  return {
    name,
    headSha: headSha.toLowerCase(),
    app: slug.toLowerCase(),
    status,
    ...definedOnly({
      id: idText(item['id']),
      appName: nonBlankText(app['name']),
      conclusion,
      startedAt,
      startedAtMs,
      htmlUrl: nonBlankText(item['html_url']),
      detailsUrl: nonBlankText(item['details_url']),
      title: nonBlankText(output['title']),
      summary: nonBlankText(output['summary'])
    })
  }
}

// A check run both listed and the event's is kept as listed (read later), unless the event's copy
// is provably newer (both completed, the event's later).
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
  const [eventEnd, listedEnd] = [event, listed].map(run =>
    typeof run['completed_at'] === 'string' ? isoTimeMs(run['completed_at']) : undefined
  )
  return eventEnd !== undefined && listedEnd !== undefined && eventEnd > listedEnd
}

/** A completed check run's status by its conclusion; one the action does not know is an error. */
const CONCLUSIONS: [RunStatus, string[]][] = [
  ['passed', ['success']],
  ['failed', ['failure', 'timed_out', 'action_required', 'startup_failure']],
  ['canceled', ['cancelled']],
  ['not-tested', ['neutral', 'skipped']]
]

/** Green only when some check run counts and all that count succeeded; on an event, at the tip. */
export function decideCheckVerdict(facts: CheckFacts): Verdict {
  const judged = checkJudgement(facts)
  const waited = facts.waitedMs ?? 0
  const alone = (judged: Judged) => verdictOf([entryOf('check', facts.rules.name, judged)], waited)
  let verdict = Array.isArray(judged) ? verdictOf(judged, waited) : alone(judged)
  if (facts.source === 'event' && verdict.status !== 'error' && verdict.status !== 'interrupted') {
    // Every other status is replaced, so that no fail-on-red or fail-on-timeout forgives a commit
    // that must not be promoted.
    const standing = commitStanding(facts)
    if (standing !== undefined) verdict = alone(standing)
  }
  return verdict
}

// Undefined for the branch's tip (by SHAs GitHub gave); an older commit of the branch is
// `superseded`; anything else, or a standing not read, `error`.
function commitStanding(facts: CheckFacts): Judged | undefined {
  const read = facts.branchTip
  const sha = facts.rules.sha.toLowerCase()
  const commit = `commit ${sha.slice(0, 12)}`
  const unsure = (message: string, status?: number): Judged =>
    error({ code: 'branch-read-failed', message, ...definedOnly({ status }) })
  if (read === undefined) return unsure(`where ${commit} stands on the branch was not read`)
  if (read.failure !== undefined) return unsure(read.failure.message, read.failure.status)
  const branch = read.branch ?? ''
  if (read.branchMissing === true) {
    return error({ code: 'branch-not-found', branch, fromDefault: read.fromDefault })
  }
  const tip = read.tip?.toLowerCase()
  if (tip === sha) return undefined
  const compare = read.compare
  if (tip === undefined || compare === undefined) {
    return unsure(`GitHub named no tip of branch '${branch}' to compare ${commit} with`)
  }
  // `behind`: the commit is an ancestor of the tip (the merge base is the commit itself).
  if ('status' in compare && compare.status === 'behind') {
    return compare.mergeBase === sha
      ? { status: 'superseded', reason: { code: 'commit-superseded', sha, branch, tip } }
      : unsure(
          `GitHub said ${commit} is behind the tip of '${branch}' but named another merge base`
        )
  }
  const suite = isRecord(facts.eventCheckRun) ? facts.eventCheckRun['check_suite'] : undefined
  const named = isRecord(suite)
    ? definedOnly({ eventBranch: nonBlankText(suite['head_branch']) })
    : {}
  const found = !('notFound' in compare)
  return error({ code: 'commit-not-on-branch', sha, branch, tip, found, ...named })
}

/** The counting check runs' entries, or the judgement of a step that has none to weigh. */
function checkJudgement(facts: CheckFacts): Judged | VerdictEntry[] {
  const { rules, ended } = facts
  const fromEvent = facts.source === 'event'
  const wait = ended.why === 'still-waiting' ? ended.wait : true
  if (ended.why === 'failed') {
    const { message, status } = ended.failure
    const more = definedOnly({ status, stoppedForWaitMs: ended.stoppedForWaitMs })
    return error({ code: 'check-read-failed', message, ...more })
  }
  const selection = selectCheckRuns(facts.checkRuns ?? [], rules)
  if (selection.unreadable.length > 0) {
    return error({ code: 'check-unreadable', problems: selection.unreadable })
  }
  // On an event, a read cut short leaves the event's check run unweighed against the rest.
  if (ended.why === 'interrupted' && (fromEvent || selection.counting.length === 0)) {
    return INTERRUPTED
  }
  if (selection.counting.length === 0) {
    if (fromEvent) return error(otherCheck(facts, selection.ignored[0]?.why))
    if (facts.rateLimitedUntil !== undefined) {
      // The step could not look: no "QA Wolf posted nothing", and no timeout either.
      return error({ code: 'check-rate-limited', until: facts.rateLimitedUntil, wait })
    }
    const ignored = [...new Set(selection.ignored.map(entry => entry.why))]
    const names = definedOnly({ names: facts.names })
    return timedOut({ code: 'no-check', name: rules.name, app: rules.app, wait, ignored, ...names })
  }
  const judge = (checkStatus: string, conclusion: string, ofEvent: boolean): Judged => {
    if (fromEvent && facts.eventAction !== 'completed') {
      // A `rerequested` event carries the check run as it was: an earlier verdict asked to run again.
      const eventAction = facts.eventAction ?? ''
      return error({ code: 'event-not-completed', checkStatus, eventAction })
    }
    if (checkStatus === 'completed') {
      const status = CONCLUSIONS.find(([, names]) => names.includes(conclusion))?.[0] ?? 'error'
      return status === 'passed'
        ? { status }
        : { status, reason: { code: 'check-conclusion', conclusion } }
    }
    if (ended.why === 'interrupted') return INTERRUPTED
    if (fromEvent && facts.listed === true) {
      return timedOut({ code: 'check-newer-running', checkStatus, rerun: ofEvent })
    }
    if (fromEvent) return error({ code: 'event-not-completed', checkStatus })
    const limited = definedOnly({ rateLimitedUntil: facts.rateLimitedUntil })
    return timedOut({ code: 'check-not-completed', checkStatus, wait, ...limited })
  }
  const eventRunId = isRecord(facts.eventCheckRun) ? idText(facts.eventCheckRun['id']) : undefined
  return selection.counting.map(run => {
    const { headSha: _sha, startedAtMs: _ms, id, status: checkStatus, htmlUrl, ...shown } = run
    const ofEvent = id !== undefined && id === eventRunId
    return entryOf('check', id ?? run.name, judge(checkStatus, run.conclusion ?? '', ofEvent), {
      check: { ...shown, checkStatus, fromEvent: fromEvent && ofEvent },
      ...definedOnly({ url: htmlUrl })
    })
  })
}

// Which check the event is about, for the `if:` to add; or, when its name is near `check-name`,
// the name to set instead (an `if:` would copy the typo).
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
