// What polling says before any verdict: the first line, what changed in an answer, unreadable
// fields and stages, each read of the check runs (words report.ts reuses too).
import { formatDuration } from '../kernel/time.js'
import { plainText, plural, quote } from '../kernel/text.js'
import type { GreenlightResponse } from '../kernel/answers.js'
import type { GreenlightSettings } from '../kernel/settings.js'
import { FIELDS_THAT_EXCUSE_A_BUG } from './bugs.js'
import type { IgnoredWhy } from './reasons.js'
import type { CheckRules, CheckNames } from './facts.js'
import type { CheckSelection } from './verdict.js'

/** Service text in a log line: one line, no control characters, and not shortened. */
export const logText = (text: string): string => plainText(text, Number.POSITIVE_INFINITY)

/** `checkRun`: what `verdict-from: check` reads, instead of the runs. */
export function pollingStartLine(
  settings: Pick<GreenlightSettings, 'runIds' | 'wait' | 'timeoutMs' | 'pollIntervalMs'>,
  checkRun?: string
): string {
  const what = checkRun ?? `the QA verdict of ${settings.runIds.join(', ')}`
  return settings.wait
    ? `Waiting for ${what} (timeout ${formatDuration(settings.timeoutMs)}, polling every ${formatDuration(settings.pollIntervalMs)}).`
    : `${checkRun === undefined ? 'Querying' : 'Reading'} ${what} once (wait: false).`
}

export function droppedFieldWarning(field: string): string {
  return (
    `The QA service's greenlight answer has no readable '${logText(field)}' (missing, null or not of the documented type); it is left out of what this step shows, and ` +
    (FIELDS_THAT_EXCUSE_A_BUG.has(field)
      ? `a bug without 'isBlocking' that it would have named as non-blocking counts as blocking.`
      : `it does not decide the verdict.`)
  )
}

export const unknownStageWarning = (stage: string): string =>
  `The QA service reports run stage '${logText(stage)}', which this action does not know; it is not a verdict, so polling goes on within the timeout.`

export function changesWorthLogging(
  previous: GreenlightResponse | undefined,
  response: GreenlightResponse,
  previousRunId: string,
  relevantRunId: string
): string[] {
  const run = `Run ${logText(relevantRunId)}`
  const counts = describeCounts(response)
  const was = previous === undefined ? '' : ` (was ${previous.runStage})`
  return [
    relevantRunId !== previousRunId &&
      `Run ${logText(previousRunId)} was superseded by run ${logText(relevantRunId)}; following the newer run.`,
    response.runStage !== previous?.runStage && `${run}: stage ${response.runStage}${was}.`,
    (previous === undefined || counts !== describeCounts(previous)) && `${run}: ${counts}.`
  ].filter(line => line !== false)
}

function describeCounts(r: GreenlightResponse): string {
  // A count the answer did not carry in a readable form is left out, not shown as 0.
  const said = (count: number | undefined, words: (count: number) => string): string =>
    count === undefined ? '' : words(count)
  const parts = [
    said(r.workflowsInRunCount, n => plural(n, 'workflow')),
    said(r.workflowsUnderInvestigationCount, n => `${n} under investigation`),
    said(r.workflowsAutoRetryingCount, n => `${n} auto-retrying`),
    said(r.workflowsDisabledAfterRunCount || undefined, n => `${n} disabled after the run`),
    said(r.blockingBugsCount, n => plural(n, 'blocking bug')),
    said(r.nonBlockingBugsCount, n => plural(n, 'non-blocking bug'))
  ].filter(Boolean)
  return parts.length === 0 ? 'no counts reported' : parts.join(', ')
}

export const readFailedLine = (what: string, pauseMs: number, message: string): string =>
  `Reading ${what} failed; asking again in ${formatDuration(pauseMs)}: ${message}`

/** Why a check run of the wanted name does not count, as the log and the verdict say it. */
export const IGNORED_WORDS: Readonly<Record<IgnoredWhy, string>> = {
  'other-commit': 'on another commit',
  'other-app': 'by another app than check-app',
  'github-actions': 'by GitHub Actions (a placeholder a workflow created)',
  'before-since': 'started before since',
  superseded: 'older than a check run of the same app'
}

export function checkWaitingLine(selection: CheckSelection, rules: CheckRules): string {
  const why = [...new Set(selection.ignored.map(entry => IGNORED_WORDS[entry.why]))].join(', ')
  const ignored =
    why && ` (${plural(selection.ignored.length, 'check run')} of that name ignored: ${why})`
  const commit = rules.sha.slice(0, 12)
  if (selection.counting.length === 0)
    return `No check run ${quote(rules.name)} counts on ${commit} yet${ignored}.`
  const states = selection.counting.map(run =>
    plainText(run.conclusion ?? run.status.replace(/_/g, ' '), 40)
  )
  return `Check run ${quote(rules.name)} on ${commit}: ${states.join(', ')}${ignored}.`
}

/** The check runs on the commit whatever their name, and what to match, as one sentence. */
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

/** After the first read that found none that counts: only a near name is called a mistake. */
export function checkNamesLine(names: CheckNames): string {
  if (names.listed.length === 0) return 'GitHub lists no check run on this commit yet.'
  const nearest =
    names.nearest === undefined
      ? ''
      : ` Did you mean ${names.nearest.input}: ${quote(names.nearest.value)}? It must match exactly.`
  return `Check runs on this commit so far: ${listedNames(names)}.${nearest}`
}
