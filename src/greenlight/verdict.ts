// The fail-closed greenlight rule: what one service response means, its bug counts, and how several
// runs combine. Whether an answer is green and how many bugs block it are decided here only;
// judged-run.ts applies it once for the step, so the outputs, the summary and the PR comment
// cannot disagree.
import { classifyBugs } from './bugs.js'
import { plural } from '../core/text.js'
import { RUN_STATUSES_WORST_FIRST, type RunStatus } from './run-outcome.js'
import type { GreenlightResponse } from '../service/schemas.js'
import type { CompactResponse } from './compact-response.js'

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
 * For a compacted answer, the lists as the service sent them, before they were cut.
 */
export function bugCounts(response: CompactResponse | undefined): BugCounts {
  if (response === undefined) return { blocking: 0, nonBlocking: 0, otherBlocking: 0 }
  const { blocking, nonBlocking } = classifyBugs(response)
  const cut = response.cutByQaGreenlight
  return {
    blocking: Math.max(response.blockingBugsCount ?? 0, cut?.blockingBugs ?? blocking.length),
    nonBlocking: Math.max(
      response.nonBlockingBugsCount ?? 0,
      cut?.nonBlockingBugs ?? nonBlocking.length
    ),
    otherBlocking:
      cut?.originalLengths.otherBlockingBugsInEnvironment ??
      response.otherBlockingBugsInEnvironment?.length ??
      0
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
export function aggregateVerdict<T extends { status: RunStatus }>(
  runs: readonly T[]
): { green: boolean; status: RunStatus; runs: T[] } {
  if (runs.length === 0) return { green: false, status: 'error', runs: [] }
  const status = runs.map(r => r.status).reduce(worseStatus)
  return { green: runs.every(r => r.status === 'passed'), status, runs: [...runs] }
}
