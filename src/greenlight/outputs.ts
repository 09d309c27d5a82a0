// The greenlight step's outputs, read from the judged verdict. GitHub allows a job 1 MB of outputs
// in all, so the outputs of one step stay under 256 KiB together whatever the service sends: each
// list has its own byte budget, and a list cut to it ends with a marker that says so.
import { fitJsonList, fitLines } from '../render/byte-budget.js'
import { oneLine, plural } from '../core/text.js'
import type { Verdict, VerdictEntry } from '../gate/verdict.js'
import { verdictOf } from '../gate/verdict.js'
import type { CompactResponse, ResponseCut } from './compact-response.js'

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
  'result',
  'superseded-by',
  'check-run-id',
  'check-run-url',
  'details-url',
  'check-conclusion',
  'check-app'
] as const
export type GreenlightOutputName = (typeof GREENLIGHT_OUTPUT_NAMES)[number]

const KIB = 1024
/**
 * Each output of one line per run (seven of them) or per check run (five): a step has one source,
 * so at most seven of them are filled.
 */
const PER_RUN_LINES_MAX_BYTES = 14 * KIB
/** Each list of bug URLs (two). */
const URL_LIST_MAX_BYTES = 24 * KIB
/**
 * The `result` output. Together with the others (7 × 14 + 2 × 24 + 96 = 242 KiB, and a few bytes
 * of counts): under 256 KiB.
 */
const RESULT_MAX_BYTES = 96 * KIB

const CUT =
  "cut to stay within GitHub's output limits; the job summary and the QA service have the rest"

/**
 * Every greenlight output, always all keys, so a workflow never reads a missing output as an
 * empty string by accident. Per-run values are one line per run in input order; counts are sums.
 */
export function verdictOutputs(verdict: Verdict): Record<GreenlightOutputName, string> {
  const { entries } = verdict
  // A run's outputs have a line per run, a check's a line per counting check run: a step of one
  // source leaves the other's empty.
  const lines = (values: (string | undefined)[], noun: string): string =>
    fitLines(
      values.map(value => oneLine(value ?? '')),
      PER_RUN_LINES_MAX_BYTES,
      omitted => `… ${plural(omitted, noun)} (${CUT})`
    )
  const perRun = (pick: (entry: VerdictEntry) => string | undefined): string =>
    lines(entries.filter(entry => entry.source === 'run').map(pick), 'more run')
  // Only the check runs that counted; a check that none stands for has no line.
  const perCheck = (
    pick: (check: NonNullable<VerdictEntry['check']>, entry: VerdictEntry) => string | undefined
  ): string =>
    lines(
      entries.flatMap(entry => (entry.check === undefined ? [] : [pick(entry.check, entry)])),
      'more check run'
    )
  // A check run carries no counts: empty, never a 0 that a reader takes for "no bugs".
  const fromCheck = entries.length > 0 && entries.every(entry => entry.source === 'check')
  const counted = (value: () => number): string => (fromCheck ? '' : String(value()))
  const sum = (pick: (entry: VerdictEntry) => number | undefined): string =>
    counted(() => entries.reduce((total, entry) => total + (pick(entry) ?? 0), 0))
  const response = (entry: VerdictEntry) => entry.run?.response
  const urls = (key: 'blockingBugUrls' | 'nonBlockingBugUrls'): string => {
    // URLs the compaction of each answer already left out count as cut too.
    const cutEarlier = entries.reduce((total, entry) => {
      const original = cutLengths(response(entry))?.[key]
      return total + (original === undefined ? 0 : original - (response(entry)?.[key]?.length ?? 0))
    }, 0)
    return fitJsonList(
      new Set(entries.flatMap(entry => response(entry)?.[key] ?? [])),
      URL_LIST_MAX_BYTES,
      omitted => `… ${plural(omitted, 'more URL')} (${CUT})`,
      cutEarlier
    )
  }
  return {
    greenlight: verdict.green ? 'true' : 'false',
    status: verdict.status,
    'run-stage': perRun(entry => response(entry)?.runStage),
    // The ID the user passed in: later responses describe the superseding run under its own ID.
    'root-run-id': perRun(entry => entry.id),
    'relevant-run-id': perRun(entry => entry.run?.relevantRunId),
    'relevant-run-url': perRun(entry => response(entry)?.relevantRunUrl),
    'relevant-run-with-bugs-url': perRun(entry => response(entry)?.relevantRunWithBugsUrl),
    'root-run-url': perRun(entry => entry.url),
    'blocking-bugs-count': counted(() => verdict.bugs.blocking.count.total),
    'non-blocking-bugs-count': counted(() => verdict.bugs.nonBlocking.count.total),
    'other-blocking-bugs-count': counted(() => verdict.bugs.other.count.total),
    'workflows-in-run-count': sum(entry => response(entry)?.workflowsInRunCount),
    'workflows-under-investigation-count': sum(
      entry => response(entry)?.workflowsUnderInvestigationCount
    ),
    'blocking-bug-urls': urls('blockingBugUrls'),
    'non-blocking-bug-urls': urls('nonBlockingBugUrls'),
    // The last answer of each run that had one: never a null entry for a run without.
    result: fitJsonList(
      entries.flatMap(entry => {
        const kept = response(entry)
        return kept === undefined ? [] : [kept]
      }),
      RESULT_MAX_BYTES,
      omitted => ({ cutByQaGreenlight: `${plural(omitted, 'more answer')} left out, ${CUT}` })
    ),
    'superseded-by': perRun(entry => entry.run?.supersededBy),
    'check-run-id': perCheck((_, entry) => entry.id),
    'check-run-url': perCheck((_, entry) => entry.url),
    'details-url': perCheck(check => check.detailsUrl),
    'check-conclusion': perCheck(check => check.conclusion),
    'check-app': perCheck(check => check.app)
  }
}

/** The lengths of the lists compaction cut, as it marks them in the kept answer. */
function cutLengths(kept: CompactResponse | undefined): ResponseCut['originalLengths'] | undefined {
  return kept?.cutByQaGreenlight?.originalLengths
}

/** The outputs of a step that obtained no verdict at all (an input error, a crash). */
export const EMPTY_GREENLIGHT_OUTPUTS: Readonly<Record<GreenlightOutputName, string>> =
  verdictOutputs(verdictOf([]))
