// What polling says before any verdict (so polling never reaches the verdict or report.ts): the
// first line, what changed in an answer, unreadable fields and stages, the retry lines, each read
// of the check runs, and the check-run words report.ts reuses.
import { formatDuration } from '../kernel/time.js'
import { plainText, plural, quote } from '../kernel/text.js'
import type { GreenlightResponse } from '../kernel/answers.js'
import type { GreenlightSettings } from '../kernel/settings.js'
import { FIELDS_THAT_EXCUSE_A_BUG } from './bugs.js'
import type { IgnoredWhy } from './reasons.js'
import type { CheckRules, CheckNames } from './facts.js'
import type { CheckSelection } from './verdict.js'

/** A streak of the same failure logs a line at most this often after its first. */
const RETRY_LINE_EVERY_MS = 30_000

/** Service text in a log line: one line, no control characters, and not shortened. */
function logText(text: string): string {
  return plainText(text, Number.POSITIVE_INFINITY)
}

/** The line a run path's step starts with: what it waits for, and how long. */
export function pollingStartLine(
  settings: Pick<GreenlightSettings, 'runIds' | 'wait' | 'timeoutMs' | 'pollIntervalMs'>
): string {
  const runList = settings.runIds.join(', ')
  return settings.wait
    ? `Waiting for the QA verdict of ${runList} (timeout ${formatDuration(settings.timeoutMs)}, polling every ${formatDuration(settings.pollIntervalMs)}).`
    : `Querying the QA verdict of ${runList} once (wait: false).`
}

/** The warning, once per step, for an answer's field that is missing or of the wrong type. */
export function droppedFieldWarning(field: string): string {
  return (
    `The QA service's greenlight answer has no readable '${logText(field)}' (missing, null or not of the documented type); it is left out of what this step shows, and ` +
    (FIELDS_THAT_EXCUSE_A_BUG.has(field)
      ? `a bug without 'isBlocking' that it would have named as non-blocking counts as blocking.`
      : `it does not decide the verdict.`)
  )
}

/** The warning, once per step and stage, for a run stage the action does not know. */
export function unknownStageWarning(stage: string): string {
  return `The QA service reports run stage '${logText(stage)}', which this action does not know; it is not a verdict, so polling goes on within the timeout.`
}

/**
 * The log lines an answer is worth: what changed since the previous one. `previousRunId` and
 * `relevantRunId` are the runs the two answers are about (stages.ts, relevantRunOf).
 */
export function changesWorthLogging(
  previous: GreenlightResponse | undefined,
  response: GreenlightResponse,
  previousRunId: string,
  relevantRunId: string
): string[] {
  const lines: string[] = []
  const run = `Run ${logText(relevantRunId)}`
  if (relevantRunId !== previousRunId) {
    lines.push(
      `Run ${logText(previousRunId)} was superseded by run ${logText(relevantRunId)}; following the newer run.`
    )
  }
  if (previous === undefined) lines.push(`${run}: stage ${response.runStage}.`)
  else if (response.runStage !== previous.runStage) {
    lines.push(`${run}: stage ${response.runStage} (was ${previous.runStage}).`)
  }
  const counts = describeCounts(response)
  if (previous === undefined || counts !== describeCounts(previous))
    lines.push(`${run}: ${counts}.`)
  return lines
}

function describeCounts(r: GreenlightResponse): string {
  // A count the answer did not carry in a readable form is left out, not shown as 0.
  const parts: string[] = []
  if (r.workflowsInRunCount !== undefined) parts.push(plural(r.workflowsInRunCount, 'workflow'))
  if (r.workflowsUnderInvestigationCount !== undefined) {
    parts.push(`${r.workflowsUnderInvestigationCount} under investigation`)
  }
  if (r.workflowsAutoRetryingCount !== undefined) {
    parts.push(`${r.workflowsAutoRetryingCount} auto-retrying`)
  }
  if ((r.workflowsDisabledAfterRunCount ?? 0) > 0) {
    parts.push(`${r.workflowsDisabledAfterRunCount} disabled after the run`)
  }
  if (r.blockingBugsCount !== undefined) parts.push(plural(r.blockingBugsCount, 'blocking bug'))
  if (r.nonBlockingBugsCount !== undefined) {
    parts.push(plural(r.nonBlockingBugsCount, 'non-blocking bug'))
  }
  return parts.length === 0 ? 'no counts reported' : parts.join(', ')
}

export interface RetryFacts {
  runId: string
  /** The failure's message, for people. */
  reason: string
  /**
   * What kind of failure it is (`http 404`, `network`): a streak is the same kind, whatever the
   * message says (each answer may carry its own service event ID).
   */
  kind: string
  /** Failed attempts in a row, this one included. */
  failures: number
  delayMs: number
  now: number
  msLeft: number
  /** Set while nothing but "not reached at all" failures come: how long they may still go on. */
  unreachableMsLeft?: number
  /** Set for a 404: the grace period of a new run, from the first query, and what is left of it. */
  notFound?: { graceMs: number; msLeft: number }
}

/**
 * The retry lines of one run: the first failure of a streak, or a different one, says what failed,
 * that it is retried and until when; a repeat of the same failure logs a short line at most every
 * RETRY_LINE_EVERY_MS, so an unreachable service does not print the same line a dozen times.
 */
export class RetryLines {
  private lastKind: string | undefined
  private lastLineAt = -Infinity

  /** The line for this retry, or undefined when it is not due. */
  line(f: RetryFacts): string | undefined {
    const run = `Run ${logText(f.runId)}`
    const next = `retry ${f.failures} in ${formatDuration(Math.min(f.delayMs, f.msLeft))}`
    const repeat = f.failures > 1 && f.kind === this.lastKind
    if (repeat && f.now - this.lastLineAt < RETRY_LINE_EVERY_MS) return undefined
    this.lastLineAt = f.now
    this.lastKind = f.kind
    if (repeat) return `${run}: the same failure again (${plural(f.failures, 'attempt')}); ${next}.`
    if (f.notFound !== undefined) {
      const until =
        f.notFound.msLeft < f.msLeft
          ? `${formatDuration(f.notFound.graceMs)} after the first query (${formatDuration(Math.max(0, f.notFound.msLeft))} left; then the step fails: check the run-id input)`
          : `the timeout (${formatDuration(f.msLeft)} left)`
      return `${logText(f.runId)} not found; the service may not have indexed a new run yet, retrying until ${until}; ${next}. ${logText(f.reason)}`
    }
    const until =
      f.unreachableMsLeft !== undefined && f.unreachableMsLeft < f.msLeft
        ? `for at most ${formatDuration(f.unreachableMsLeft)} more while it cannot be reached (then the step fails; check the base-url input)`
        : `until the timeout (${formatDuration(f.msLeft)} left)`
    return `${run}: query failed (${logText(f.reason)}); retrying ${until}; ${next}.`
  }

  /** An answer ends the streak. */
  reset(): void {
    this.lastKind = undefined
    this.lastLineAt = -Infinity
  }
}

/** Why a check run of the wanted name does not count, as the log and the verdict say it. */
export const IGNORED_WORDS: Readonly<Record<IgnoredWhy, string>> = {
  'other-commit': 'on another commit',
  'other-app': 'by another app than check-app',
  'github-actions': 'by GitHub Actions (a placeholder a workflow created)',
  'before-since': 'started before since',
  superseded: 'older than a check run of the same app'
}

/** The log line of one read of the check runs (logged when it changes). */
export function checkWaitingLine(selection: CheckSelection, rules: CheckRules): string {
  const ignored =
    selection.ignored.length === 0
      ? ''
      : ` (${plural(selection.ignored.length, 'check run')} of that name ignored: ${[
          ...new Set(selection.ignored.map(entry => IGNORED_WORDS[entry.why]))
        ].join(', ')})`
  const commit = rules.sha.slice(0, 12)
  if (selection.counting.length === 0) {
    return `No check run ${quote(rules.name)} counts on ${commit} yet${ignored}.`
  }
  // GitHub's words, shown only: as plain text (no control characters, bounded).
  const states = selection.counting.map(run =>
    plainText(run.conclusion ?? run.status.replace(/_/g, ' '), 40)
  )
  return `Check run ${quote(rules.name)} on ${commit}: ${states.join(', ')}${ignored}.`
}

/**
 * The check runs on the commit whatever their name, as one sentence: "GitHub lists these check
 * runs on this commit: 'A' by app-a, 'B' by app-b (and 2 more); check-name and check-app must
 * match one of them exactly: did you mean check-name: 'A'?". Names are outside text, already
 * made plain (check-names.ts).
 */
export function checkNamesWords(names: CheckNames): string {
  if (names.listed.length === 0) return 'GitHub lists no check run at all on this commit.'
  const nearest =
    names.nearest === undefined
      ? '.'
      : `: did you mean ${names.nearest.input}: ${quote(names.nearest.value)}?`
  const listed = `GitHub lists these check runs on this commit: ${listedNames(names)}`
  if (names.cause === 'nothing-posted' || names.cause === 'name-not-counting') return `${listed}.`
  if (names.cause === 'other-app')
    return `${listed}; check-app must match the app exactly${nearest}`
  return `${listed}; check-name must match one of them exactly${nearest}`
}

function listedNames(names: CheckNames): string {
  const listed = names.listed.map(({ name, app }) => `${quote(name)} by ${app}`).join(', ')
  return `${listed}${names.more > 0 ? ` (and ${names.more} more)` : ''}`
}

/**
 * The log line after the first read that found no check run that counts. QA Wolf's progress
 * check alone is the usual sight while its run goes on, so only a near name is called a mistake.
 */
export function checkNamesLine(names: CheckNames): string {
  if (names.listed.length === 0) return 'GitHub lists no check run on this commit yet.'
  const nearest =
    names.nearest === undefined
      ? ''
      : ` Did you mean ${names.nearest.input}: ${quote(names.nearest.value)}? It must match exactly.`
  return `Check runs on this commit so far: ${listedNames(names)}.${nearest}`
}
