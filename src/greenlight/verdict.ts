// The fail-closed greenlight rule: what one service response means, how several runs combine, and
// the step outputs that report it. Whether a run is green and how many bugs block it are decided
// here only, so that the outputs, the summary and the PR comment cannot disagree.
import { classifyBugs } from './bugs.js'
import { plural } from '../render/markdown.js'
import {
  RUN_STATUSES_WORST_FIRST,
  type GreenlightVerdict,
  type RunOutcome,
  type RunStatus
} from './run-outcome.js'
import type { GreenlightResponse } from '../service/schemas.js'

export type TerminalStatus = 'passed' | 'failed' | 'canceled' | 'error'

export interface JudgedResponse {
  /** True for `completed` and `canceled`: polling stops. */
  terminal: boolean
  green: boolean
  /** Set for terminal responses only. */
  status?: TerminalStatus
  /** Why the response is not green (terminal responses only). */
  reason?: string
  /** Set when the response contradicts itself; such a response is never green. */
  contradiction?: string
}

/**
 * Judges one validated response. Green needs every piece of evidence at once: `greenlight: true`,
 * stage `completed`, a reported blocking-bug count of exactly zero (an absent count is not zero)
 * and no blocking-bug URLs. A terminal response that claims a greenlight against its own evidence
 * cannot be trusted either way, so it becomes `error` rather than `passed` or `failed`.
 */
export function judgeResponse(r: GreenlightResponse): JudgedResponse {
  const blockingUrls = r.blockingBugUrls?.length ?? 0
  switch (r.runStage) {
    case 'canceled': {
      if (r.greenlight === true) {
        const contradiction = 'the service reported a greenlight for a canceled run'
        return {
          terminal: true,
          green: false,
          status: 'error',
          reason: contradiction,
          contradiction
        }
      }
      return { terminal: true, green: false, status: 'canceled', reason: 'the run was canceled' }
    }
    case 'completed': {
      if (r.greenlight === true) {
        const contradiction = completedContradiction(
          r.blockingBugsCount,
          blockingUrls,
          classifyBugs(r).blocking.length
        )
        if (contradiction !== undefined) {
          return {
            terminal: true,
            green: false,
            status: 'error',
            reason: contradiction,
            contradiction
          }
        }
        return { terminal: true, green: true, status: 'passed' }
      }
      return { terminal: true, green: false, status: 'failed', reason: failedReason(r) }
    }
    default: {
      if (r.greenlight === true) {
        return {
          terminal: false,
          green: false,
          contradiction: `the service reported a greenlight while the run is still ${r.runStage}`
        }
      }
      return { terminal: false, green: false }
    }
  }
}

function completedContradiction(
  blockingBugsCount: number | undefined,
  blockingUrls: number,
  blockingReproducedBugs: number
): string | undefined {
  if (blockingBugsCount === undefined) {
    return 'the service reported a greenlight for a completed run but no blocking-bug count'
  }
  if (blockingBugsCount !== 0) {
    return `the service reported a greenlight together with ${plural(blockingBugsCount, 'blocking bug')}`
  }
  if (blockingUrls !== 0) {
    return `the service reported a greenlight and zero blocking bugs, but listed ${plural(blockingUrls, 'blocking bug URL')}`
  }
  if (blockingReproducedBugs !== 0) {
    // The summary would list these as blocking under a green verdict.
    return `the service reported a greenlight and zero blocking bugs, but ${plural(blockingReproducedBugs, 'reproduced bug')} that blocks (urgent, high or unset priority, or isBlocking)`
  }
  return undefined
}

function failedReason(r: GreenlightResponse): string {
  const count = r.blockingBugsCount
  if (count !== undefined && count > 0) {
    return `the run completed with ${plural(count, 'blocking bug')}`
  }
  if (count === undefined) return 'the run completed without a greenlight'
  // Zero blocking bugs here yet no greenlight: the "red" option for bugs in other workflows.
  return 'the run completed without a greenlight (no blocking bugs in this run; possibly blocking bugs in other workflows)'
}

export interface BugCounts {
  blocking: number
  nonBlocking: number
  /** `otherBlockingBugsInEnvironment`: blocking bugs in workflows that did not run. */
  otherBlocking: number
}

/**
 * The bug counts of one answer: the service's counts, raised to the bugs it lists (fail closed: a
 * listed blocking bug counts even when the service's count says fewer); zero without an answer.
 */
export function bugCounts(response: GreenlightResponse | undefined): BugCounts {
  if (response === undefined) return { blocking: 0, nonBlocking: 0, otherBlocking: 0 }
  const { blocking, nonBlocking } = classifyBugs(response)
  return {
    blocking: Math.max(response.blockingBugsCount ?? 0, blocking.length),
    nonBlocking: Math.max(response.nonBlockingBugsCount ?? 0, nonBlocking.length),
    otherBlocking: response.otherBlockingBugsInEnvironment?.length ?? 0
  }
}

/** The worse of two statuses in the contract's order error > interrupted > … > passed. */
export function worseStatus(a: RunStatus, b: RunStatus): RunStatus {
  return RUN_STATUSES_WORST_FIRST.indexOf(a) <= RUN_STATUSES_WORST_FIRST.indexOf(b) ? a : b
}

/**
 * Combines the runs of one step. Green only when there is at least one run and every run passed;
 * no runs at all means no verdict was obtained, which is an error, never a green.
 */
export function aggregateVerdict<T extends RunOutcome>(
  runs: readonly T[]
): GreenlightVerdict & { runs: T[] } {
  if (runs.length === 0) return { green: false, status: 'error', runs: [] }
  const status = runs.map(r => r.status).reduce(worseStatus)
  return { green: runs.every(r => r.status === 'passed'), status, runs: [...runs] }
}

/**
 * Whether a verdict may be shown or reported as green: only a consistent one. Everything that
 * says "green" (outputs, summary, PR comment) asks this.
 */
export function isGreenVerdict(
  verdict: Pick<GreenlightVerdict, 'green' | 'status'> & { runs: readonly RunOutcome[] }
): boolean {
  return (
    verdict.green &&
    verdict.status === 'passed' &&
    verdict.runs.length > 0 &&
    verdict.runs.every(run => run.status === 'passed')
  )
}

export const GREENLIGHT_OUTPUT_NAMES = [
  'greenlight',
  'status',
  'run-stage',
  'root-run-id',
  'relevant-run-id',
  'relevant-run-url',
  'relevant-run-with-bugs-url',
  'root-run-url',
  'blocking-bugs-count',
  'non-blocking-bugs-count',
  'workflows-in-run-count',
  'workflows-under-investigation-count',
  'blocking-bug-urls',
  'non-blocking-bug-urls',
  'other-blocking-bugs-count',
  'result'
] as const
export type GreenlightOutputName = (typeof GREENLIGHT_OUTPUT_NAMES)[number]

/**
 * Every greenlight output, always all keys, so a workflow never reads a missing output as an
 * empty string by accident. Per-run values are one line per run in input order; counts are sums.
 */
export function verdictOutputs(
  verdict: Omit<GreenlightVerdict, 'runs'> & { runs: readonly RunOutcome[] }
): Record<GreenlightOutputName, string> {
  const { runs } = verdict
  const perRun = (pick: (run: RunOutcome) => string | undefined): string =>
    runs.map(run => oneLine(pick(run) ?? '')).join('\n')
  const sum = (pick: (r: GreenlightResponse) => number | undefined): string =>
    String(
      runs.reduce((total, run) => total + (run.lastResponse ? (pick(run.lastResponse) ?? 0) : 0), 0)
    )
  const joined = (pick: (r: GreenlightResponse) => readonly string[] | undefined): string =>
    JSON.stringify([
      ...new Set(runs.flatMap(run => (run.lastResponse ? (pick(run.lastResponse) ?? []) : [])))
    ])

  return {
    greenlight: isGreenVerdict(verdict) ? 'true' : 'false',
    status: verdict.status,
    'run-stage': perRun(run => run.lastResponse?.runStage),
    // The ID the user passed in: later responses describe the superseding run under its own ID.
    'root-run-id': perRun(run => run.rootRunId),
    'relevant-run-id': perRun(run => run.lastResponse?.relevantRunId),
    'relevant-run-url': perRun(run => run.lastResponse?.relevantRunUrl),
    'relevant-run-with-bugs-url': perRun(run => run.lastResponse?.relevantRunWithBugsUrl),
    'root-run-url': perRun(rootRunUrl),
    'blocking-bugs-count': sum(r => bugCounts(r).blocking),
    'non-blocking-bugs-count': sum(r => bugCounts(r).nonBlocking),
    'other-blocking-bugs-count': sum(r => bugCounts(r).otherBlocking),
    'workflows-in-run-count': sum(r => r.workflowsInRunCount),
    'workflows-under-investigation-count': sum(r => r.workflowsUnderInvestigationCount),
    'blocking-bug-urls': joined(r => r.blockingBugUrls),
    'non-blocking-bug-urls': joined(r => r.nonBlockingBugUrls),
    result: JSON.stringify(runs.map(run => run.lastResponse ?? null))
  }
}

function rootRunUrl(run: RunOutcome): string | undefined {
  if (run.rootRunUrl !== undefined) return run.rootRunUrl
  // Only a response about the root run itself describes the root run's URL.
  return run.lastResponse?.rootRunId === run.rootRunId ? run.lastResponse.rootRunUrl : undefined
}

/** A line break inside a service value would shift every later run's line. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, ' ')
}
