// What polling says: the log lines worth an answer (what changed), the retry lines (once per
// streak of failures, then at most every RETRY_LINE_EVERY_MS) and the reason a run ends on a
// failure the retry policy stops at.
import { formatDuration } from '../core/durations.js'
import { plainText, plural } from '../core/text.js'
import type { ServiceError } from '../service/errors.js'
import type { StopReason } from '../service/retry-policy.js'
import type { GreenlightResponse } from '../service/schemas.js'
import type { RunStatus } from './run-outcome.js'
import { judgeResponse } from './verdict.js'

/** A streak of the same failure logs a line at most this often after its first. */
export const RETRY_LINE_EVERY_MS = 30_000

/** Service text in a log line: one line, no control characters, and not shortened. */
export function logText(text: string): string {
  return plainText(text, Number.POSITIVE_INFINITY)
}

/** The log lines an answer is worth: what changed since the previous one. */
export function changesWorthLogging(
  previous: GreenlightResponse | undefined,
  response: GreenlightResponse,
  rootRunId: string
): string[] {
  const lines: string[] = []
  const previousRunId = previous?.relevantRunId ?? rootRunId
  const run = `Run ${logText(response.relevantRunId)}`
  if (response.relevantRunId !== previousRunId) {
    lines.push(
      `Run ${logText(previousRunId)} was superseded by run ${logText(response.relevantRunId)}; following the newer run.`
    )
  }
  if (previous === undefined) lines.push(`${run}: stage ${response.runStage}.`)
  else if (response.runStage !== previous.runStage) {
    lines.push(`${run}: stage ${response.runStage} (was ${previous.runStage}).`)
  }
  const counts = describeCounts(response)
  if (previous === undefined || counts !== describeCounts(previous))
    lines.push(`${run}: ${counts}.`)
  const contradiction = judgeResponse(response).contradiction
  if (
    contradiction !== undefined &&
    contradiction !== (previous && judgeResponse(previous).contradiction)
  ) {
    lines.push(
      `${run}: the service's answer contradicts itself (${contradiction}); it is not treated as green.`
    )
  }
  return lines
}

function describeCounts(r: GreenlightResponse): string {
  const parts = [
    plural(r.workflowsInRunCount, 'workflow'),
    `${r.workflowsUnderInvestigationCount} under investigation`
  ]
  if (r.workflowsAutoRetryingCount !== undefined) {
    parts.push(`${r.workflowsAutoRetryingCount} auto-retrying`)
  }
  if (r.workflowsDisabledAfterRunCount > 0) {
    parts.push(`${r.workflowsDisabledAfterRunCount} disabled after the run`)
  }
  if (r.blockingBugsCount !== undefined) parts.push(plural(r.blockingBugsCount, 'blocking bug'))
  if (r.nonBlockingBugsCount !== undefined) {
    parts.push(plural(r.nonBlockingBugsCount, 'non-blocking bug'))
  }
  return parts.join(', ')
}

export interface RetryFacts {
  runId: string
  /** The failure's message, for people. */
  reason: string
  /** Failed attempts in a row, this one included. */
  failures: number
  delayMs: number
  now: number
  msLeft: number
  /** Set while nothing but "not reached at all" failures come: how long they may still go on. */
  unreachableMsLeft?: number
}

/**
 * The retry lines of one run: the first failure of a streak, or a different one, says what failed,
 * that it is retried and until when; a repeat of the same failure logs a short line at most every
 * RETRY_LINE_EVERY_MS, so an unreachable service does not print the same line a dozen times.
 */
export class RetryLines {
  private lastReason: string | undefined
  private lastLineAt = -Infinity

  /** The line for this retry, or undefined when it is not due. */
  line(f: RetryFacts): string | undefined {
    const run = `Run ${logText(f.runId)}`
    const next = `retry ${f.failures} in ${formatDuration(Math.min(f.delayMs, f.msLeft))}`
    const repeat = f.failures > 1 && f.reason === this.lastReason
    if (repeat && f.now - this.lastLineAt < RETRY_LINE_EVERY_MS) return undefined
    this.lastLineAt = f.now
    this.lastReason = f.reason
    if (repeat) return `${run}: the same failure again (${plural(f.failures, 'attempt')}); ${next}.`
    const until =
      f.unreachableMsLeft !== undefined && f.unreachableMsLeft < f.msLeft
        ? `for at most ${formatDuration(f.unreachableMsLeft)} more while it cannot be reached (then the step fails; check the base-url input)`
        : `until the timeout (${formatDuration(f.msLeft)} left)`
    return `${run}: query failed (${logText(f.reason)}); retrying ${until}; ${next}.`
  }

  /** An answer ends the streak. */
  reset(): void {
    this.lastReason = undefined
    this.lastLineAt = -Infinity
  }
}

export interface StopFacts {
  stop: StopReason
  error: ServiceError
  reason: string
  failures: number
  wait: boolean
  lastResponse: GreenlightResponse | undefined
  sinceFirstQueryMs: number
  unreachableForMs: number
  msLeft: number
}

/** How a run ends when the retry policy stops at a failure. */
export function stoppedOutcome(f: StopFacts): { status: RunStatus; reason: string } {
  const { reason } = f
  const attempts = plural(f.failures, 'failed attempt')
  const notFound = f.error.kind === 'http' && f.error.status === 404
  switch (f.stop) {
    case 'aborted':
      return {
        status: 'interrupted',
        reason: 'the job was cancelled while waiting for the verdict'
      }
    case 'permanent':
    case 'answered':
      return { status: 'error', reason }
    case 'not-found':
      return {
        status: 'error',
        reason: `${reason} (still not found ${formatDuration(f.sinceFirstQueryMs)} after the first query; check the run-id input)`
      }
    case 'unreachable':
      return {
        status: 'error',
        reason: `${reason} The service has not been reachable for ${formatDuration(f.unreachableForMs)}; check the base-url input.`
      }
    case 'retry-after': {
      const wait = `the service asked to wait ${formatDuration(f.error.retryAfterMs ?? 0)} before the next query (Retry-After), which is past the ${f.wait ? 'timeout' : 'window of wait: false'} (${formatDuration(Math.max(0, f.msLeft))} left)`
      return f.lastResponse === undefined
        ? { status: 'error', reason: `${wait}; no answer before that: ${reason}` }
        : {
            status: 'timed-out',
            reason: `the run was still ${f.lastResponse.runStage} and ${wait}: ${reason}`
          }
    }
    case 'attempts':
    case 'deadline':
      if (f.lastResponse !== undefined) {
        return {
          status: 'timed-out',
          reason: `the timeout passed while the run was still ${f.lastResponse.runStage}; the last query failed after ${attempts}: ${reason}`
        }
      }
      // The service answered every time: the run does not exist (yet), which is not silence.
      if (notFound)
        return { status: 'error', reason: `${reason} (still not found after ${attempts})` }
      return {
        status: 'error',
        reason: `no answer from the service ${f.wait ? 'within the timeout' : 'with wait set to false'} (${attempts}); last failure: ${reason}`
      }
  }
}
