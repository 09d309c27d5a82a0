// The notify step's outputs. GitHub allows a job 1 MB of outputs in all, so the outputs of one
// step stay under 256 KiB together whatever the service sends: `results` keeps each entry's
// documented fields, long text is shortened, and a list cut to its budget ends with a marker.
import { fitJsonData, fitJsonList } from '../kernel/markdown.js'
import { truncateText } from '../kernel/text.js'
import { plural } from '../kernel/text.js'
import type { NotifyReport } from './results.js'

const KIB = 1024
const RESULTS_MAX_BYTES = 160 * KIB
const RUN_IDS_MAX_BYTES = 64 * KIB
/** Any single value (an ID, a name, a reason): far more than a real one needs. */
const VALUE_MAX_CHARS = 1024
/** Text inside a `results` entry, such as a failure message. */
const ENTRY_TEXT_MAX_CHARS = 2000
export const NOTIFY_OUTPUTS_MAX_BYTES = RESULTS_MAX_BYTES + RUN_IDS_MAX_BYTES + 8 * KIB

const CUT =
  "cut to stay within GitHub's output limits; the job summary and the QA service have the rest"

/** The fields of a `results` entry that the service documents; others are left out. */
const ENTRY_FIELDS = [
  'trigger_id',
  'environment_id',
  'outcome',
  'created_suite_id',
  'duplicate_suite_id',
  'failure_code',
  'failure_message',
  'failure_reason',
  'skip_reason'
] as const

/** Every notify output with its "nothing happened" value, so that none is ever missing. */
export const EMPTY_NOTIFY_OUTPUTS: Readonly<Record<string, string>> = {
  'run-id': '',
  'run-ids': '[]',
  'run-ids-cut': 'false',
  results: '[]',
  skipped: 'false',
  'skip-reason': '',
  'deployment-id': '',
  environment: '',
  'environment-id': '',
  via: '',
  'github-deployment-id': '',
  'deployment-url': '',
  'reported-at': ''
}

/** The outputs of an answer: what the report read, `results` as the service sent them. */
export function notifyOutputs(report: NotifyReport, results: unknown): Record<string, string> {
  // Greenlight reads run-ids as data: a cut list stays a list of run IDs, and says so in run-ids-cut.
  const runIds = fitJsonData(report.runIds, RUN_IDS_MAX_BYTES)
  return {
    'run-id': value(report.runIds[0]),
    'run-ids': runIds.json,
    'run-ids-cut': String(runIds.omitted > 0),
    results: fitJsonList(
      (Array.isArray(results) ? results : []).map(compactEntry),
      RESULTS_MAX_BYTES,
      omitted => ({
        cutByQaGreenlight: `${plural(omitted, 'more entry', 'more entries')} left out, ${CUT}`
      })
    ),
    'deployment-id': value(report.deploymentId),
    environment: value(report.environment?.name),
    'environment-id': value(report.environment?.id)
  }
}

/** The warning of a step whose `run-ids` was cut, or undefined when it holds every run ID. */
export function runIdsCutWarning(
  report: NotifyReport,
  outputs: Record<string, string>
): string | undefined {
  if (outputs['run-ids-cut'] !== 'true') return undefined
  const kept = report.runIds.length - fitJsonData(report.runIds, RUN_IDS_MAX_BYTES).omitted
  return `The run-ids output holds the first ${kept} of ${plural(report.runIds.length, 'run ID')}, to stay within GitHub's output limits (run-ids-cut is true): a greenlight step given it gates only those ${kept}. The QA service lists every run.`
}

/** A short output value: a skip reason, say. */
export function value(text: string | undefined): string {
  return text === undefined ? '' : truncateText(text, VALUE_MAX_CHARS)
}

function compactEntry(entry: unknown): unknown {
  if (typeof entry === 'string') return truncateText(entry, ENTRY_TEXT_MAX_CHARS)
  if (typeof entry !== 'object' || entry === null) return entry
  if (Array.isArray(entry)) return null
  const fields = entry as Record<string, unknown>
  const kept: Record<string, unknown> = {}
  for (const key of ENTRY_FIELDS) {
    if (!(key in fields)) continue
    const field = fields[key]
    kept[key] =
      typeof field === 'string'
        ? truncateText(field, ENTRY_TEXT_MAX_CHARS)
        : typeof field === 'object' && field !== null
          ? null
          : field
  }
  return kept
}
