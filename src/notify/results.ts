// Reading a notification response: a 200 is not success by itself, every entry is inspected.
// Strict on what decides, tolerant of what informs: the run IDs, `outcome`, the failure fields and
// `skipped_deployment` decide; everything else (`environment` as a name or an object, the IDs of
// triggers and deployments, `warning`) is only shown, so a value of an unexpected type there is
// left out and named once, never a reason to fail the step or to lose a run.
import type { NotificationResponse } from '../service/schemas.js'
import { isRecord } from '../core/is-record.js'
import { MAX_NOTE_CHARS, nonBlankText, truncateText } from '../kernel/text.js'

export type TriggerOutcomeKind = 'created' | 'duplicate' | 'skipped' | 'failed'

export interface TriggerOutcome {
  /** Absent when the entry names no trigger (the live service may leave `trigger_id` out). */
  triggerId?: string
  kind: TriggerOutcomeKind
  /** The created or duplicate suite ID. */
  runId?: string
  /** For people: `failure_message` (or the deprecated `failure_reason`), or `skip_reason`. */
  message?: string
  /** `failure_code`, e.g. `billing-prevented`. */
  code?: string
}

/** The environment the service deployed to, as far as the answer says. */
export interface EnvironmentView {
  /** The name (`environment` as a string) or the alias (`environment.alias`). */
  name?: string
  /** `environment.id`, else the first entry's `environment_id`. */
  id?: string
  /** From `environment.isStatic`: a preview environment is not static. */
  kind?: 'static' | 'preview'
}

export interface NotifyReport {
  outcomes: TriggerOutcome[]
  /** Created or duplicate run IDs in `results` order, without repeats. */
  runIds: string[]
  /** False when `results` is empty, every entry failed or was skipped, or the deployment was skipped. */
  producedRun: boolean
  /**
   * `results` is empty for a preview environment: the environment is ready and no trigger had
   * anything to run, which the service's own client treats as success.
   */
  previewWithoutRun?: boolean
  /** `skipped_deployment`: the service skipped the whole deployment. */
  skippedDeployment?: { reason: string; message?: string }
  /** Never changes the outcome: e.g. which workspace was used when none was named. */
  warning?: string
  deploymentId?: string
  environment?: EnvironmentView
  /** Shown fields left out because their type was unexpected, e.g. `environment (a number)`. */
  unreadable?: string[]
}

const NO_OUTCOME = 'the service reported no outcome for this trigger'
const NO_RUN_ID = 'the service reported a created run but named no run ID'

/** How many unreadable fields are named; the rest are counted. */
const MAX_NAMED_UNREADABLE = 5

function typeName(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  if (value === null) return 'null'
  const type = typeof value
  return type === 'object' ? 'an object' : `a ${type}`
}

/** Reads the shown fields of one answer, collecting the names of those of an unexpected type. */
class ShownFields {
  readonly unreadable: string[] = []

  /** A string, or nothing (absent, null and blank say nothing; any other type is noted). */
  text(value: unknown, path: string): string | undefined {
    if (value === undefined || value === null) return undefined
    if (typeof value === 'string') return nonBlankText(value)
    this.unreadable.push(`${path} (${typeName(value)})`)
    return undefined
  }

  boolean(value: unknown, path: string): boolean | undefined {
    if (value === undefined || value === null) return undefined
    if (typeof value === 'boolean') return value
    this.unreadable.push(`${path} (${typeName(value)})`)
    return undefined
  }
}

/** A run ID, which decides: a string, or a whole number as the service might spell one. */
function runIdOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value)
  return nonBlankText(value)?.trim()
}

function classifyResult(entry: unknown, index: number, shown: ShownFields): TriggerOutcome {
  if (!isRecord(entry)) {
    return { kind: 'failed', message: `the service sent ${typeName(entry)} instead of a result` }
  }
  const triggerId = shown.text(entry['trigger_id'], `results[${index}].trigger_id`)
  const named = triggerId === undefined ? {} : { triggerId }
  // A run ID counts whatever the outcome says: it is a run the service has.
  const created = runIdOf(entry['created_suite_id'])
  if (created !== undefined) return { ...named, kind: 'created', runId: created }
  const duplicate = runIdOf(entry['duplicate_suite_id'])
  if (duplicate !== undefined) return { ...named, kind: 'duplicate', runId: duplicate }
  const outcome = nonBlankText(entry['outcome'])?.trim().toLowerCase()
  if (outcome === 'skipped') {
    const message = nonBlankText(entry['skip_reason'])
    return { ...named, kind: 'skipped', ...(message === undefined ? {} : { message }) }
  }
  // `failed`, an outcome this version does not know, or no outcome and no run: failed.
  const code = nonBlankText(entry['failure_code'])
  const message =
    nonBlankText(entry['failure_message']) ??
    nonBlankText(entry['failure_reason']) ??
    (outcome === undefined || outcome === 'failed'
      ? NO_OUTCOME
      : outcome === 'created'
        ? NO_RUN_ID
        : `unknown outcome '${outcome}'`)
  return { ...named, kind: 'failed', message, ...(code === undefined ? {} : { code }) }
}

function readEnvironment(
  response: NotificationResponse,
  shown: ShownFields
): EnvironmentView | undefined {
  const raw = response['environment']
  const view: EnvironmentView = {}
  if (isRecord(raw)) {
    const alias = shown.text(raw['alias'], 'environment.alias')
    const id = shown.text(raw['id'], 'environment.id')
    const isStatic = shown.boolean(raw['isStatic'], 'environment.isStatic')
    if (alias !== undefined) view.name = alias
    if (id !== undefined) view.id = id
    if (isStatic !== undefined) view.kind = isStatic ? 'static' : 'preview'
  } else {
    const name = shown.text(raw, 'environment')
    if (name !== undefined) view.name = name
  }
  if (view.id === undefined) {
    const firstEntry = response.results?.[0]
    const entryId = isRecord(firstEntry)
      ? shown.text(firstEntry['environment_id'], 'results[0].environment_id')
      : undefined
    if (entryId !== undefined) view.id = entryId
  }
  return Object.keys(view).length === 0 ? undefined : view
}

function readSkippedDeployment(value: unknown): NotifyReport['skippedDeployment'] {
  if (value === undefined || value === null || value === false) return undefined
  // Any other value says the deployment was skipped; only its words are optional.
  const fields = isRecord(value) ? value : {}
  const message = nonBlankText(fields['message'])
  return {
    reason: nonBlankText(fields['reason']) ?? nonBlankText(value) ?? 'skipped',
    ...(message === undefined ? {} : { message })
  }
}

export function reportNotification(response: NotificationResponse): NotifyReport {
  const shown = new ShownFields()
  const results = response.results ?? []
  const outcomes = results.map((entry, index) => classifyResult(entry, index, shown))
  const runIds = [...new Set(outcomes.flatMap(o => (o.runId === undefined ? [] : [o.runId])))]
  const skippedDeployment = readSkippedDeployment(response.skipped_deployment)
  const said = shown.text(response['warning'], 'warning')
  // Only shown: a warning of any length leaves the log and the summary readable.
  const warning = said === undefined ? undefined : truncateText(said, MAX_NOTE_CHARS)
  const deploymentId = shown.text(response['deployment_id'], 'deployment_id')
  const environment = readEnvironment(response, shown)
  const previewWithoutRun =
    results.length === 0 && skippedDeployment === undefined && environment?.kind === 'preview'
  const unreadable =
    shown.unreadable.length <= MAX_NAMED_UNREADABLE
      ? shown.unreadable
      : [
          ...shown.unreadable.slice(0, MAX_NAMED_UNREADABLE),
          `${shown.unreadable.length - MAX_NAMED_UNREADABLE} more`
        ]
  return {
    outcomes,
    runIds,
    producedRun: runIds.length > 0 && skippedDeployment === undefined,
    ...(previewWithoutRun ? { previewWithoutRun } : {}),
    ...(skippedDeployment === undefined ? {} : { skippedDeployment }),
    ...(warning === undefined ? {} : { warning }),
    ...(deploymentId === undefined ? {} : { deploymentId }),
    ...(environment === undefined ? {} : { environment }),
    ...(unreadable.length === 0 ? {} : { unreadable })
  }
}

/** How the log names the environment: `Static environment staging (id cm-env-1)`. */
export function describeEnvironment(environment: EnvironmentView): string | undefined {
  if (environment.name === undefined && environment.id === undefined) return undefined
  const kind =
    environment.kind === 'static'
      ? 'Static environment'
      : environment.kind === 'preview'
        ? 'Preview environment'
        : 'Environment'
  const name = environment.name === undefined ? '' : ` ${environment.name}`
  const id = environment.id === undefined ? '' : ` (id ${environment.id})`
  return `${kind}${name}${id}`
}
