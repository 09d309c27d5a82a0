// The verdict, decided here and nowhere else. Polling (polling.ts) gathers facts about each run:
// its last answer, the whole answer's bug figures, why polling stopped. This module turns them
// into one `Verdict`: per entry and per step, the status, its class, one set of bug counts and a
// reason as a code. It holds no words: messages.ts words a verdict, and the outputs, the job
// summary, the pull request comment, the annotations, the log lines and the exit code only render
// what this module returns; none of them decides anything again.
// Fail closed: green needs every piece of evidence at once, and a contradiction is an error.
import { answerFigures, classifyBugs, readBugs, type AnswerFigures, type BugView } from '../gate/bugs.js'
import {
  RUN_STATUSES_WORST_FIRST,
  type PollEnd,
  type RunFacts,
  type RunOutcome,
  type RunStatus
} from './run-outcome.js'
import type { Contradiction, Reason } from '../gate/reasons.js'
import { relevantRunOf, supersedingRunId } from './stages.js'
import type {
  GreenlightResponse,
  OutcomeWhenBlockingBugsInOtherWorkflows
} from '../service/schemas.js'

export type { Contradiction, Reason, ReasonCode } from '../gate/reasons.js'
export type { RunStatus } from './run-outcome.js'

export type TerminalStatus = 'passed' | 'failed' | 'canceled' | 'error'
export type OnSuperseded = 'follow' | 'fail'

/**
 * What a status means for the step, read by the exit decision (stepGate) and by every heading and
 * emoji: `green` passed; `red` is a verdict that is not green (failed, canceled, superseded,
 * not-tested: the tests said no, or did not test); `no-verdict` is a step that could not learn
 * the verdict (timed-out, interrupted, error).
 */
export type VerdictClass = 'green' | 'red' | 'no-verdict'

const STATUS_CLASS: Readonly<Record<RunStatus, VerdictClass>> = {
  passed: 'green',
  failed: 'red',
  canceled: 'red',
  superseded: 'red',
  // A check that did not test (neutral, skipped) is not green: "not tested" never passes a gate.
  'not-tested': 'red',
  'timed-out': 'no-verdict',
  interrupted: 'no-verdict',
  error: 'no-verdict'
}

/** The class of one status. */
export function classOf(status: RunStatus): VerdictClass {
  return STATUS_CLASS[status]
}

/**
 * How many bugs of one kind: `total` as the source reports them (for a run, the service's
 * `blockingBugsCount` of the whole answer, raised to the bugs it lists), `listed` the ones the
 * verdict holds to show, `more` the rest (`total − listed`), shown as "… and N more" everywhere.
 */
export interface BugCount {
  total: number
  listed: number
  more: number
}

/** The bugs of one kind of one entry: those held to show, and the count. */
export interface BugList {
  shown: readonly BugView[]
  count: BugCount
}

/** The bugs of one kind across the step: each bug once, with the entry that reported it. */
export interface StepBugList {
  shown: readonly { bug: BugView; entryId: string }[]
  /** `total` is the sum over entries (the outputs' count), `listed` the bugs in `shown`. */
  count: BugCount
}

export interface EntryBugs {
  blocking: BugList
  nonBlocking: BugList
  /** Blocking bugs in workflows that did not run (`otherBlockingBugsInEnvironment`). */
  other: BugList
}

/** The bugs of an entry whose source reports none (a check run). */
export function noBugs(): EntryBugs {
  return { blocking: bugList([], 0), nonBlocking: bugList([], 0), other: bugList([], 0) }
}

/** Where an entry's verdict came from: a QA run's greenlight (`run`), a GitHub check run (`check`). */
export type EntrySource = 'run' | 'check'

/** What only a `run` entry has: the service's answer and the run that superseded the root. */
export interface RunDetails {
  /** The run the last answer describes. */
  relevantRunId?: string
  /** The newer run that superseded the root, when one did. */
  supersededBy?: string
  /** The last valid answer, as kept (its bug lists may be cut; its counts are the entry's). */
  response?: GreenlightResponse
  queries: number
}

/** One thing the step gates on: a root run, or a check run. */
export interface VerdictEntry {
  source: EntrySource
  /** What identifies it to the user: the run ID passed in, the check run's ID. */
  id: string
  /** Its page: the root run in QA Wolf, the check run on GitHub. */
  url?: string
  status: RunStatus
  class: VerdictClass
  /** Why the status, for any status but `passed` (and contradictions). */
  reason?: Reason
  bugs: EntryBugs
  run?: RunDetails
  check?: CheckDetails
}

/** What only a `check` entry has: the check run as GitHub reported it, shown and never re-decided. */
export interface CheckDetails {
  /** The check run's name (`check-name`). */
  name: string
  /** The slug of the app that posted it, and its name when GitHub gave one. */
  app: string
  appName?: string
  /** GitHub's `status` (`completed`, `in_progress`, …) and, once completed, its `conclusion`. */
  checkStatus: string
  conclusion?: string
  /** QA Wolf's link (`details_url`); only shown, and only as a link when it is http(s). */
  detailsUrl?: string
  title?: string
  summary?: string
  startedAt?: string
  /** True for the check run the `check_run` event was sent for. */
  fromEvent: boolean
}

/** The verdict of a step: what every surface renders. */
export interface Verdict {
  /** Only a consistent verdict of at least one entry, every entry passed. */
  green: boolean
  /** The worst entry's status (error without entries). */
  status: RunStatus
  class: VerdictClass
  entries: VerdictEntry[]
  bugs: { blocking: StepBugList; nonBlocking: StepBugList; other: StepBugList }
  /** The job was cancelled: while waiting, or after the verdict, while it was being reported. */
  interrupted?: 'waiting' | 'reporting'
  /** For `timed-out`: the timeout that passed, or 0 when the step asked once without waiting. */
  timedOutAfterMs?: number
}

export interface JudgedResponse {
  /** True for `completed` and `canceled`: polling stops. */
  terminal: boolean
  green: boolean
  /** Set for terminal responses only. */
  status?: TerminalStatus
  /** Why the response is not green (terminal responses only). */
  reason?: Reason
  /** Set when the response contradicts itself; such a response is never green. */
  contradiction?: Contradiction
}

function contradicted(contradiction: Contradiction): JudgedResponse {
  return {
    terminal: true,
    green: false,
    status: 'error',
    reason: { code: 'contradiction', contradiction },
    contradiction
  }
}

/**
 * Judges one validated response. Green needs every piece of evidence at once: `greenlight: true`,
 * stage `completed`, a reported blocking-bug count of exactly zero (an absent count is not zero)
 * and no blocking-bug URLs or blocking bugs in the whole answer (`figures`, counted on arrival;
 * counted from `r` when not given). A terminal response that claims a greenlight against its own
 * evidence cannot be trusted either way, so it becomes `error` rather than `passed` or `failed`.
 */
export function judgeResponse(
  r: GreenlightResponse,
  figures: AnswerFigures = answerFigures(r)
): JudgedResponse {
  switch (r.runStage) {
    case 'canceled': {
      if (r.greenlight === true) return contradicted({ kind: 'green-while-canceled' })
      const reason: Reason = { code: 'run-canceled' }
      const message = shownText(r['message'])
      const serviceReason = shownText(r['reason'])
      if (message !== undefined) reason.message = message
      if (serviceReason !== undefined) reason.serviceReason = serviceReason
      return { terminal: true, green: false, status: 'canceled', reason }
    }
    case 'completed': {
      if (r.greenlight === true) {
        const contradiction = completedContradiction(r, figures)
        if (contradiction !== undefined) return contradicted(contradiction)
        return { terminal: true, green: true, status: 'passed' }
      }
      return { terminal: true, green: false, status: 'failed', reason: failedReason(r, figures) }
    }
    default: {
      if (r.greenlight === true) {
        return {
          terminal: false,
          green: false,
          contradiction: { kind: 'green-while-running', stage: r.runStage }
        }
      }
      return { terminal: false, green: false }
    }
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
  if (count === undefined) return { kind: 'green-without-count' }
  if (count !== 0) return { kind: 'green-with-blocking-count', count }
  const urls = r.blockingBugUrls?.length ?? 0
  if (urls !== 0) return { kind: 'green-with-blocking-urls', count: urls }
  // The summary would list these as blocking under a green verdict.
  if (figures.blockingBugs !== 0)
    return { kind: 'green-with-blocking-bugs', count: figures.blockingBugs }
  return undefined
}

function failedReason(r: GreenlightResponse, figures: AnswerFigures): Reason {
  const total = blockingTotal(r, figures)
  if (total > 0) return { code: 'blocking-bugs', count: total }
  if (r.blockingBugsCount === undefined) return { code: 'no-greenlight' }
  // Zero blocking bugs here yet no greenlight: the "red" option for bugs in other workflows.
  return { code: 'no-greenlight-zero-blocking' }
}

/** The whole answer's blocking bugs: the service's count, raised to the bugs it lists. */
function blockingTotal(r: GreenlightResponse | undefined, figures: AnswerFigures): number {
  return Math.max(r?.blockingBugsCount ?? 0, figures.blockingBugs)
}

/** The worse of two statuses in the contract's order error > interrupted > … > passed. */
export function worseStatus(a: RunStatus, b: RunStatus): RunStatus {
  return RUN_STATUSES_WORST_FIRST.indexOf(a) <= RUN_STATUSES_WORST_FIRST.indexOf(b) ? a : b
}

/**
 * Combines the entries of one step. Green only when there is at least one entry and every entry
 * passed; no entries at all means no verdict was obtained, which is an error, never a green.
 */
export function aggregateVerdict<T extends { status: RunStatus }>(
  entries: readonly T[]
): { green: boolean; status: RunStatus; runs: T[] } {
  if (entries.length === 0) return { green: false, status: 'error', runs: [] }
  const status = entries.map(r => r.status).reduce(worseStatus)
  return { green: entries.every(r => r.status === 'passed'), status, runs: [...entries] }
}

/** The rules of a step that the verdict depends on. */
export interface JudgeRules {
  outcomeWhenBlockingBugsInOtherWorkflows: OutcomeWhenBlockingBugsInOtherWorkflows
  /** `follow` when not given. */
  onSuperseded?: OnSuperseded
  wait: boolean
  timeoutMs: number
}

/** One run's status and reason, from what polling found out about it. */
export function decideRun(
  facts: RunFacts,
  rules: Pick<JudgeRules, 'onSuperseded'> = {}
): RunOutcome {
  const { ended, lastResponse } = facts
  const figures = facts.lastFigures ?? (lastResponse && answerFigures(lastResponse))
  const { status, reason } = endedStatus(ended, lastResponse, figures)
  const outcome: RunOutcome = { rootRunId: facts.rootRunId, status, queries: facts.queries }
  if (lastResponse !== undefined) outcome.lastResponse = lastResponse
  if (figures !== undefined) outcome.lastFigures = figures
  if (facts.answeredBy !== undefined) outcome.answeredBy = facts.answeredBy
  if (facts.rootRunUrl !== undefined) outcome.rootRunUrl = facts.rootRunUrl
  const newer = supersedingRunId(lastResponse, facts.rootRunId, facts.answeredBy)
  if (
    rules.onSuperseded === 'fail' &&
    newer !== undefined &&
    (ended.why === 'superseded' || ['passed', 'failed', 'canceled'].includes(status))
  ) {
    // Only the root run's own verdict counts: a newer commit's verdict is not this one's.
    outcome.status = 'superseded'
    outcome.reason = { code: 'superseded', rootRunId: facts.rootRunId, newerRunId: newer }
    return outcome
  }
  if (reason !== undefined) outcome.reason = reason
  return outcome
}

function endedStatus(
  ended: PollEnd,
  lastResponse: GreenlightResponse | undefined,
  figures: AnswerFigures | undefined
): { status: RunStatus; reason?: Reason } {
  switch (ended.why) {
    case 'answered':
    case 'superseded': {
      if (lastResponse === undefined) {
        return { status: 'error', reason: { code: 'no-answer-to-judge' } }
      }
      const judged = judgeResponse(lastResponse, figures)
      if (judged.terminal && judged.status !== undefined) {
        return judged.reason === undefined
          ? { status: judged.status }
          : { status: judged.status, reason: judged.reason }
      }
      // Superseded before the root run ended: with `fail` that is the verdict (decideRun).
      return { status: 'timed-out', reason: { code: 'not-ended', stage: lastResponse.runStage } }
    }
    case 'still-running': {
      const reason: Reason = { code: 'still-running', wait: ended.wait }
      if (lastResponse !== undefined) reason.stage = lastResponse.runStage
      return { status: 'timed-out', reason }
    }
    case 'interrupted':
      return { status: 'interrupted', reason: { code: 'interrupted' } }
    case 'crashed':
      return {
        status: 'error',
        reason: { code: 'crashed', during: ended.during, message: ended.message }
      }
    case 'failed':
      return stoppedOutcome(ended, lastResponse)
  }
}

/** How a run ends when the retry policy stops at a failure. */
function stoppedOutcome(
  f: Extract<PollEnd, { why: 'failed' }>,
  lastResponse: GreenlightResponse | undefined
): { status: RunStatus; reason: Reason } {
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
      if (lastResponse === undefined) return { status: 'error', reason }
      return { status: 'timed-out', reason: { ...reason, stage: lastResponse.runStage } }
    }
    case 'attempts':
    case 'deadline': {
      const failures = f.failures
      if (lastResponse !== undefined) {
        return {
          status: 'timed-out',
          reason: { code: 'failing-at-deadline', message, failures, stage: lastResponse.runStage }
        }
      }
      // The service answered every time: the run does not exist (yet), which is not silence.
      const notFound = f.error.kind === 'http' && f.error.status === 404
      return {
        status: 'error',
        reason: { code: 'no-answer', message, failures, wait: f.wait, notFound }
      }
    }
  }
}

/** The facts a run's entry is judged from: polled facts, or an outcome built by a test. */
function entryOfRun(outcome: RunOutcome, rules: JudgeRules): VerdictEntry {
  const response = outcome.lastResponse
  const figures =
    outcome.lastFigures ?? (response === undefined ? NO_FIGURES : answerFigures(response))
  const kept = response === undefined ? undefined : classifyBugs(response)
  const others = readBugs(response?.otherBlockingBugsInEnvironment).filter(bug => bug.blocking)
  const entry: VerdictEntry = {
    source: 'run',
    id: outcome.rootRunId,
    status: outcome.status,
    class: classOf(outcome.status),
    bugs: {
      blocking: bugList(kept?.blocking ?? [], blockingTotal(response, figures)),
      nonBlocking: bugList(
        kept?.nonBlocking ?? [],
        Math.max(response?.nonBlockingBugsCount ?? 0, figures.nonBlockingBugs)
      ),
      other: bugList(others, figures.otherBlockingBugs)
    },
    run: { queries: outcome.queries }
  }
  const rootRunUrl =
    outcome.rootRunUrl ??
    (response?.rootRunId === outcome.rootRunId ? response.rootRunUrl : undefined)
  if (rootRunUrl !== undefined) entry.url = rootRunUrl
  if (response !== undefined && entry.run !== undefined) {
    const asked = outcome.answeredBy ?? outcome.rootRunId
    entry.run.relevantRunId = relevantRunOf(response, asked)
    const newer = supersedingRunId(response, outcome.rootRunId, asked)
    if (newer !== undefined) entry.run.supersededBy = newer
    entry.run.response = response
  }
  if (outcome.reason !== undefined) entry.reason = outcome.reason
  return applyOtherWorkflowsRule(entry, rules.outcomeWhenBlockingBugsInOtherWorkflows)
}

const NO_FIGURES: AnswerFigures = { blockingBugs: 0, nonBlockingBugs: 0, otherBlockingBugs: 0 }

function bugList(shown: readonly BugView[], total: number): BugList {
  return { shown, count: bugCount(Math.max(total, shown.length), shown.length) }
}

function bugCount(total: number, listed: number): BugCount {
  return { total, listed, more: Math.max(0, total - listed) }
}

/**
 * With `outcome-when-blocking-bugs-in-other-workflows: red`, a blocking bug in a workflow that did
 * not run makes the run red, whatever the service answered: the action has the bugs, so it does
 * not leave the rule to the service alone (fail closed). Decided from the whole answer's count.
 */
function applyOtherWorkflowsRule(
  entry: VerdictEntry,
  outcome: OutcomeWhenBlockingBugsInOtherWorkflows
): VerdictEntry {
  if (outcome !== 'red' || entry.status !== 'passed') return entry
  const count = entry.bugs.other.count.total
  if (count === 0) return entry
  return {
    ...entry,
    status: 'failed',
    class: classOf('failed'),
    reason: { code: 'blocking-bugs-in-other-workflows', count }
  }
}

/**
 * One run's entry as the step judges it, with every rule of the step: what a per-run log line
 * renders, so that it never says "passed" of a run the verdict fails.
 */
export function judgeRun(facts: RunFacts, rules: JudgeRules): VerdictEntry {
  return entryOfRun(decideRun(facts, rules), rules)
}

/** The verdict of a step from what polling found out about its runs. */
export function decideVerdict(facts: readonly RunFacts[], rules: JudgeRules): Verdict {
  return judgeVerdict(
    facts.map(run => decideRun(run, rules)),
    rules
  )
}

/** The verdict of a step from its runs' outcomes, under the step's rules. */
export function judgeVerdict(outcomes: readonly RunOutcome[], rules: JudgeRules): Verdict {
  const verdict = verdictOf(outcomes.map(outcome => entryOfRun(outcome, rules)))
  // Also beside a known red, which outranks it: that entry's own line still says how long it waited.
  if (verdict.entries.some(entry => entry.status === 'timed-out'))
    verdict.timedOutAfterMs = rules.wait ? rules.timeoutMs : 0
  return verdict
}

/**
 * The verdict of a step from its entries, whatever their source: what a second source
 * (verdict-from: check) calls with the entries it built, to get the same verdict, surfaces and
 * exit as a run's.
 */
export function verdictOf(entries: readonly VerdictEntry[]): Verdict {
  const { green, status } = aggregateVerdict(entries)
  const verdict: Verdict = {
    green,
    status,
    class: green ? 'green' : status === 'passed' ? 'red' : classOf(status),
    entries: [...entries],
    bugs: {
      blocking: acrossEntries(entries, entry => entry.bugs.blocking),
      nonBlocking: acrossEntries(entries, entry => entry.bugs.nonBlocking),
      other: acrossEntries(entries, entry => entry.bugs.other)
    }
  }
  if (status === 'interrupted') verdict.interrupted = 'waiting'
  return verdict
}

/** Every bug of one kind across all entries, a bug reported by several entries once. */
function acrossEntries(
  entries: readonly VerdictEntry[],
  pick: (entry: VerdictEntry) => BugList
): StepBugList {
  const shown: { bug: BugView; entryId: string }[] = []
  const seen = new Set<string>()
  let total = 0
  for (const entry of entries) {
    const list = pick(entry)
    total += list.count.total
    for (const bug of list.shown) {
      const key = bug.url ?? bug.name
      if (key !== undefined) {
        if (seen.has(key)) continue
        seen.add(key)
      }
      shown.push({ bug, entryId: entry.id })
    }
  }
  return { shown, count: bugCount(Math.max(total, shown.length), shown.length) }
}

/**
 * The job was cancelled after the verdict was known, while it was reported: the step ends
 * `interrupted`, never green, and everything it writes from then on says so. The exit is
 * stepGate's, as for every verdict.
 */
export function interruptedWhileReporting(verdict: Verdict): Verdict {
  if (verdict.status === 'interrupted') return verdict
  return {
    ...verdict,
    green: false,
    status: 'interrupted',
    class: classOf('interrupted'),
    interrupted: 'reporting'
  }
}

export type StepGate =
  | { ends: 'green' }
  | { ends: 'failed' }
  | { ends: 'warned'; forgivenBy: 'fail-on-red' | 'fail-on-timeout' }

/**
 * How the step ends on its verdict, by its class: green passes; red (failed, canceled, not-tested)
 * passes with a warning when `fail-on-red` is false; a timeout likewise with `fail-on-timeout`;
 * superseded (asked for with on-superseded: fail), interrupted and error always fail. A known red
 * beside a pending entry reaches here as red (the status order ranks it above `timed-out`), so
 * `fail-on-red` decides it and `fail-on-timeout` never forgives it.
 */
export function stepGate(
  verdict: Pick<Verdict, 'status' | 'class'>,
  rules: { failOnRed: boolean; failOnTimeout: boolean }
): StepGate {
  switch (verdict.class) {
    case 'green':
      return { ends: 'green' }
    case 'red':
      if (verdict.status === 'superseded') return { ends: 'failed' }
      return rules.failOnRed ? { ends: 'failed' } : { ends: 'warned', forgivenBy: 'fail-on-red' }
    case 'no-verdict':
      if (verdict.status !== 'timed-out') return { ends: 'failed' }
      return rules.failOnTimeout
        ? { ends: 'failed' }
        : { ends: 'warned', forgivenBy: 'fail-on-timeout' }
  }
}
