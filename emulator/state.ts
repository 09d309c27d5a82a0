// The emulated service's memory: teams, runs, bug priorities, environments and superseding. Its
// changing part is the plain data in `memory`, so server.ts can answer a faulted request that was
// not processed on a copy, leaving nothing changed.
import * as v from 'valibot'
import {
  ConfigError,
  DEFAULT_TIMELINE,
  parseRunConfig,
  TERMINAL_STAGES,
  type EmulatorConfig,
  type EnvironmentConfig,
  type Priority,
  type RunConfig,
  type Stage,
  type TeamConfig,
  type TimelineEntry,
  type TriggerConfig
} from './config.js'
import { greenlightResponse, type Outcome } from './service-model.js'
import type { NotifiedEnvironment, NotifyEntry, NotifyModel } from './spelling.js'

const text = v.optional(v.string('a string'))
const positive = 'a positive integer'
const number = v.optional(v.pipe(v.number(positive), v.integer(positive), v.minValue(1, positive)))
/** The notification's fields: unknown ones are ignored, as the service ignores them. */
export const NotificationSchema = v.object({
  branch: text,
  sha: text,
  deployment_type: text,
  deployment_url: text,
  commit_url: text,
  deduplication_key: text,
  workspaceId: text,
  hosting_service: v.optional(v.picklist(['GitHub', 'GitLab'], '"GitHub" or "GitLab"')),
  variables: v.optional(v.record(v.string(), v.string('a string'), 'an object of string values')),
  ephemeral_environment: v.optional(v.boolean('true or false')),
  repository: v.optional(v.unknown()),
  pull_request_number: number,
  merge_request_number: number
})
export type Notification = v.InferOutput<typeof NotificationSchema>

export interface EmulatorRunInfo {
  id: string
  /** The run's own stage now (a superseded run that was still going is `canceled`). */
  stage: Stage
  origin: 'configured' | 'notification'
  sha?: string
}

export type Answered<T, E extends number> = { status: 200; body: T } | { status: E; error: string }
export type AuthResult = 'ok' | 'missing' | 'invalid' | 'disabled'

/** Where a run is on its timeline: the entry, since when, and the queries answered in it. */
interface Progress {
  index: number
  enteredAt: number
  polls: number
}

interface RunRecord {
  def: RunConfig
  /** Runs created by the same notification share a batch and never supersede one another. */
  batch: number
  origin: 'configured' | 'notification'
  triggerId?: string
  sha?: string | undefined
  dedupKey?: string
  /** Undefined until the timeline clock starts: creation for notified runs, first query else. */
  progress?: Progress
  canceled: boolean
  notFoundAnswered: number
}

const timelineOf = (run: RunRecord): readonly TimelineEntry[] =>
  run.def.timeline ?? DEFAULT_TIMELINE

/**
 * Moves past every entry that has run out by `now`: `durationMs` on the clock (exactly, so a run
 * observed late is where it would be if watched constantly), `polls` by answered queries. The
 * last entry never runs out.
 */
function settle(timeline: readonly TimelineEntry[], progress: Progress, now: number): Progress {
  let { index, enteredAt, polls } = progress
  for (; index < timeline.length - 1; index += 1, polls = 0) {
    const { durationMs, polls: lasts } = timeline[index]!
    if (durationMs !== undefined && now >= enteredAt + durationMs) enteredAt += durationMs
    else if (lasts !== undefined && polls >= lasts) enteredAt = now
    else break
  }
  return { index, enteredAt, polls }
}

export class EmulatorState {
  private readonly teams: TeamConfig[]
  private readonly triggers: TriggerConfig[]
  memory = {
    runs: [] as RunRecord[],
    environments: [] as (EnvironmentConfig & { terminated?: boolean })[],
    deployments: 0,
    batches: 0
  }

  constructor(
    config: EmulatorConfig,
    private readonly now: () => number
  ) {
    this.teams = config.teams
    this.triggers = config.triggers ?? []
    this.memory.environments = [...(config.environments ?? [])]
    for (const def of config.runs ?? []) this.insert({ def, origin: 'configured' })
  }

  authenticate(authorization: string | undefined): AuthResult {
    if (!/^Bearer\s+\S/i.test(authorization?.trim() ?? '')) return 'missing'
    const team = this.teamOf(authorization)
    return team === undefined ? 'invalid' : team.disabled ? 'disabled' : 'ok'
  }

  private teamOf(authorization: string | undefined): TeamConfig | undefined {
    const key = /^Bearer\s+(\S.*)$/i.exec(authorization?.trim() ?? '')?.[1]
    return this.teams.find(t => t.apiKey === key)
  }

  notify(body: Notification, authorization: string | undefined): Answered<NotifyModel, 400> {
    const workspaces = this.teamOf(authorization)?.workspaces ?? []
    if (body.workspaceId !== undefined && workspaces.length > 0) {
      if (!workspaces.includes(body.workspaceId))
        return { status: 400, error: `unknown workspaceId ${JSON.stringify(body.workspaceId)}` }
    }
    const environment = this.environmentOf(body)
    const batch = ++this.memory.batches
    const results = this.triggers
      .filter(t => matches(t, body) && (environment.isStatic || t.previews === true))
      .map(trigger => this.runTrigger(trigger, body, environment, batch))
    const model: NotifyModel = {
      results,
      deployment_id: `deployment-${++this.memory.deployments}`,
      environment
    }
    if (body.workspaceId === undefined && workspaces.length > 0)
      model.warning = `No workspaceId was given; the runs were created in workspace ${workspaces[0]}.`
    return { status: 200, body: model }
  }

  /** The environment a notification lands in, static or ephemeral (emulator/README.md). */
  private environmentOf(body: Notification): NotifiedEnvironment {
    if (body.ephemeral_environment !== true) {
      const named = this.triggers.find(t => matches(t, body) && t.environment !== undefined)
      const name = named?.environment ?? 'default'
      return { id: `env-${name}`, alias: name, isStatic: true }
    }
    const { environments } = this.memory
    const url = body.deployment_url
    const known = environments.find(
      e => url !== undefined && e.deploymentUrl === url && !e.terminated
    )
    if (known !== undefined)
      return { id: known.id, alias: known.alias ?? previewAlias(url) ?? known.id, isStatic: false }
    let n = environments.length + 1
    while (environments.some(e => e.id === `env-${n}`)) n += 1
    const id = `env-${n}`
    const alias = previewAlias(url) ?? body.branch ?? `preview-${n}`
    environments.push({ id, alias, deploymentUrl: url })
    return { id, alias, isStatic: false }
  }

  private runTrigger(
    trigger: TriggerConfig,
    body: Notification,
    environment: NotifiedEnvironment,
    batch: number
  ): NotifyEntry {
    const { id, skip_reason, failure_code, failure_message, failure_reason } = trigger
    const base = {
      trigger_id: id,
      environment_id: environment.isStatic ? `env-${trigger.environment ?? id}` : environment.id
    }
    if (skip_reason !== undefined) return { ...base, outcome: 'skipped', skip_reason }
    if (failure_code !== undefined || failure_message !== undefined) {
      // JSON leaves the undefined fields out.
      const failed = { failure_code, failure_message, failure_reason }
      return { ...base, outcome: 'failed', ...failed } as NotifyEntry
    }
    // The older shape: a bare failure_reason, no outcome.
    if (failure_reason !== undefined) return { trigger_id: id, failure_reason }
    const { runs } = this.memory
    const duplicate = runs.find(r => r.triggerId === id && r.sha === body.sha)
    if (body.sha !== undefined && duplicate)
      return { ...base, outcome: 'created', duplicate_suite_id: duplicate.def.id }
    let n = runs.filter(r => r.origin === 'notification').length + 1
    while (this.byId(`run-${n}`)) n += 1
    this.insert({
      def: { ...trigger.run, id: `run-${n}` },
      origin: 'notification',
      batch,
      triggerId: id,
      dedupKey: body.deduplication_key ?? `${body.branch ?? ''}|${trigger.environment ?? id}`,
      progress: { index: 0, enteredAt: this.now(), polls: 0 },
      sha: body.sha
    })
    return { ...base, outcome: 'created', created_suite_id: `run-${n}` }
  }

  terminate(fields: Record<string, unknown>): Answered<object, 400 | 404 | 409> {
    const named = (Object.keys(TERMINATE_BY) as (keyof typeof TERMINATE_BY)[]).filter(
      key => fields[key] !== undefined
    )
    const [key = 'environmentId'] = named
    const value = fields[key]
    const one = 'send exactly one of environmentId, environmentAlias and deploymentUrl, as a string'
    if (named.length !== 1 || typeof value !== 'string') return { status: 400, error: one }
    const environment = this.memory.environments.find(e => e[TERMINATE_BY[key]] === value)
    if (environment === undefined) return { status: 404, error: 'environment not found' }
    if (environment.terminated) return { status: 409, error: 'environment already terminated' }
    environment.terminated = true
    return { status: 200, body: { code: 'terminated', environmentId: environment.id } }
  }

  greenlight(runId: string, outcome: Outcome, baseUrl: string): Answered<object, 404 | 410> {
    const root = this.byId(runId)
    const notFound = { status: 404, error: `run ${JSON.stringify(runId)} not found` } as const
    if (!root) return notFound
    if (root.notFoundAnswered < (root.def.notFoundPolls ?? 0)) {
      root.notFoundAnswered += 1
      return notFound
    }
    if (root.def.legacy)
      return {
        status: 410,
        error: `run ${JSON.stringify(runId)} is a legacy run; use a newer run ID`
      }
    const relevant = this.relevantOf(root)
    const now = this.now()
    const progress = this.progressAt(relevant, now)
    const stage = this.stageAt(relevant, progress)
    const entry = timelineOf(relevant)[progress.index]!
    const body = greenlightResponse(
      root.def.id,
      { def: relevant.def, stage, entry },
      outcome,
      baseUrl
    )
    // A query counts as a poll of the run whose status it reported.
    relevant.progress = relevant.canceled
      ? progress
      : settle(timelineOf(relevant), { ...progress, polls: progress.polls + 1 }, now)
    return { status: 200, body }
  }

  /** Like a person changing the priority in the UI: every run reporting this bug reflects it. */
  setBugPriority(bugId: string, priority: Priority): void {
    const templates = [...this.memory.runs.map(r => r.def), ...this.triggers.map(t => t.run)]
    const bugs = templates.flatMap(t => t?.bugs ?? []).filter(bug => bug.id === bugId)
    if (bugs.length === 0)
      throw new Error(`no bug with id ${JSON.stringify(bugId)} in any configured or created run`)
    for (const bug of bugs) bug.priority = priority
  }

  addRun(def: RunConfig): EmulatorRunInfo {
    const run = parseRunConfig(def, 'addRun(run)')
    if (this.byId(run.id))
      throw new ConfigError(`a run with id ${JSON.stringify(run.id)} already exists`)
    return this.info(this.insert({ def: run, origin: 'configured' }), this.now())
  }

  runs(): EmulatorRunInfo[] {
    const now = this.now()
    return this.memory.runs.map(r => this.info(r, now))
  }

  private byId(id: string): RunRecord | undefined {
    return this.memory.runs.find(r => r.def.id === id)
  }

  private insert(
    fields: Omit<RunRecord, 'batch' | 'canceled' | 'notFoundAnswered'> & { batch?: number }
  ): RunRecord {
    const record = { batch: ++this.memory.batches, canceled: false, notFoundAnswered: 0, ...fields }
    // The spec's default: a new run cancels ongoing runs with the same key.
    for (const older of this.memory.runs) {
      if (record.dedupKey === undefined || older.dedupKey !== record.dedupKey) continue
      if (older.batch >= record.batch || older.canceled) continue
      const progress = this.progressAt(older, this.now())
      if (older.progress) older.progress = progress
      older.canceled = !TERMINAL_STAGES.includes(timelineOf(older)[progress.index]!.stage)
    }
    this.memory.runs.push(record)
    return record
  }

  /** Where the run is at `now`; a run whose clock has not started is shown as if it started now. */
  private progressAt(run: RunRecord, now: number): Progress {
    return settle(timelineOf(run), run.progress ?? { index: 0, enteredAt: now, polls: 0 }, now)
  }

  /** The newest run that superseded `run` (same key, a later notification), or `run` itself. */
  private relevantOf(run: RunRecord): RunRecord {
    const newer = this.memory.runs.filter(r => r.dedupKey === run.dedupKey && r.batch > run.batch)
    return run.dedupKey === undefined ? run : (newer.at(-1) ?? run)
  }

  private stageAt(run: RunRecord, progress: Progress): Stage {
    return run.canceled ? 'canceled' : timelineOf(run)[progress.index]!.stage
  }

  private info(run: RunRecord, now: number): EmulatorRunInfo {
    const stage = this.stageAt(run, this.progressAt(run, now))
    return {
      id: run.def.id,
      stage,
      origin: run.origin,
      ...(run.sha === undefined ? {} : { sha: run.sha })
    }
  }
}

/** The fields a termination may name an environment by. */
const TERMINATE_BY = {
  environmentId: 'id',
  environmentAlias: 'alias',
  deploymentUrl: 'deploymentUrl'
} as const

function matches(trigger: TriggerConfig, body: Notification): boolean {
  return trigger.deployment_type === undefined || trigger.deployment_type === body.deployment_type
}

function previewAlias(deploymentUrl: string | undefined): string | undefined {
  try {
    return new URL(deploymentUrl ?? '').hostname.split('.')[0] || undefined
  } catch {
    return undefined
  }
}
