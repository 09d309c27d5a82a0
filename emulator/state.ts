// The emulated service's memory: teams, runs, bug priorities and superseding. Every operation that
// answers a request takes `commit`: with `false` it computes the same answer without changing
// anything (a faulted request).
import {
  ConfigError,
  DEFAULT_TIMELINE,
  parseRunConfig,
  type EmulatorConfig,
  type BugConfig,
  type EnvironmentConfig,
  type Priority,
  type RunConfig,
  type RunTemplate,
  type Stage,
  type TeamConfig,
  type TimelineEntry,
  type TriggerConfig
} from './config.js'
import {
  bugUrl,
  greenlightResponse,
  type Outcome,
  type RunView,
  type VisibleBug
} from './service-model.js'
import { isObject } from './http.js'
import type { NotifiedEnvironment, NotifyEntry, NotifyModel } from './spelling.js'
import {
  entryOf,
  isTerminal,
  recordPoll,
  settle,
  startProgress,
  stageOf,
  type Progress
} from './timeline.js'

export interface Notification {
  branch?: string
  sha?: string
  deployment_type?: string
  deployment_url?: string
  hosting_service?: 'GitHub' | 'GitLab'
  commit_url?: string
  variables?: Record<string, string>
  deduplication_key?: string
  ephemeral_environment?: boolean
  workspaceId?: string
  repository?: { owner: string; name: string } | { namespace: string; name: string }
  pull_request_number?: number
  merge_request_number?: number
}

export interface EmulatorRunInfo {
  id: string
  /** The run's own stage now (a superseded run that was still going is `canceled`). */
  stage: Stage
  createdAt: number
  /** When its timeline clock started: creation for notified runs, first query for configured ones. */
  startedAt?: number
  terminalAt?: number
  origin: 'configured' | 'notification'
  triggerId?: string
  sha?: string
  branch?: string
  deduplicationKey?: string
  supersededBy?: string
  pollsAnswered: number
  notification?: Notification
}

/** The deploy_success answer before spelling, or a 400 for a workspace the key does not have. */
export type NotifyAnswer = { status: 200; body: NotifyModel } | { status: 400; error: string }

export type TerminateAnswer =
  | { status: 200; body: { code: 'terminated'; environmentId: string } }
  | { status: 400 | 404 | 409; error: string }

export type AuthResult = 'ok' | 'missing' | 'invalid' | 'disabled'

export type GreenlightAnswer =
  { status: 200; body: Record<string, unknown> } | { status: 404 | 410 }

interface RunRecord {
  id: string
  def: RunConfig
  timeline: readonly TimelineEntry[]
  /** Runs created by the same notification share a batch and never supersede one another. */
  batch: number
  createdAt: number
  origin: 'configured' | 'notification'
  triggerId?: string
  sha?: string
  branch?: string
  dedupKey?: string
  notification?: Notification
  /** Undefined until the timeline clock starts. */
  progress?: Progress
  startedAt?: number
  canceledAt?: number
  pollsAnswered: number
  notFoundAnswered: number
}

export class EmulatorState {
  private readonly teams: TeamConfig[]
  private readonly triggers: TriggerConfig[]
  private readonly order: RunRecord[] = []
  private readonly byId = new Map<string, RunRecord>()
  private readonly knownBugs = new Set<string>()
  private readonly priorityOverrides = new Map<string, Priority>()
  private readonly skippedDeployment: EmulatorConfig['skippedDeployment']
  private readonly environments: EnvironmentConfig[]
  private readonly terminated = new Set<string>()
  private nextDeployment = 1
  private nextBatch = 1
  private nextRunNumber = 1

  constructor(
    config: EmulatorConfig,
    private readonly now: () => number
  ) {
    this.teams = config.teams
    this.triggers = config.triggers ?? []
    this.skippedDeployment = config.skippedDeployment
    this.environments = [...(config.environments ?? [])]
    for (const trigger of this.triggers) this.learnBugs(trigger.run)
    const created = now()
    for (const def of config.runs ?? []) this.insertConfigured(def, created)
  }

  authenticate(authorization: string | undefined): AuthResult {
    if (!/^Bearer\s+\S/i.test(authorization?.trim() ?? '')) return 'missing'
    const team = this.teamOf(authorization)
    if (!team) return 'invalid'
    return team.disabled ? 'disabled' : 'ok'
  }

  notify(body: Notification, commit: boolean, authorization: string | undefined): NotifyAnswer {
    const team = this.teamOf(authorization)
    let warning: string | undefined
    if (team?.workspaces !== undefined && team.workspaces.length > 0) {
      if (body.workspaceId === undefined) {
        warning = `No workspaceId was given; the runs were created in workspace ${team.workspaces[0]}.`
      } else if (!team.workspaces.includes(body.workspaceId)) {
        return { status: 400, error: `unknown workspaceId ${JSON.stringify(body.workspaceId)}` }
      }
    }
    const deploymentNumber = this.nextDeployment
    if (commit) this.nextDeployment += 1
    const environment = this.environmentOf(body, commit)
    const head = {
      deployment_id: `deployment-${deploymentNumber}`,
      environment,
      ...(warning === undefined ? {} : { warning })
    }
    if (this.skippedDeployment !== undefined) {
      return {
        status: 200,
        body: { results: [], ...head, skipped_deployment: { ...this.skippedDeployment } }
      }
    }
    const results = this.runTriggers(body, commit, environment)
    return { status: 200, body: { results, ...head } }
  }

  /**
   * The environment a notification lands in. A preview deployment (`ephemeral_environment: true`)
   * gets an ephemeral environment, which terminate can then name: the live one with the same
   * deployment URL, else a new one whose alias is the first label of the deployment URL's host
   * (`https://pr-12.shop.example.com` → `pr-12`), else the branch.
   * Otherwise the static environment of the first matching trigger that names one (else `default`).
   */
  private environmentOf(body: Notification, commit: boolean): NotifiedEnvironment {
    if (body.ephemeral_environment !== true) {
      const named = this.triggers.find(t => matches(t, body) && t.environment !== undefined)
      const name = named?.environment ?? 'default'
      return { id: `env-${name}`, alias: name, isStatic: true }
    }
    const url = body.deployment_url
    const known = this.environments.find(
      e => url !== undefined && e.deploymentUrl === url && !this.terminated.has(e.id)
    )
    if (known !== undefined)
      return { id: known.id, alias: known.alias ?? previewAlias(url) ?? known.id, isStatic: false }
    let n = this.environments.length + 1
    while (this.environments.some(e => e.id === `env-${n}`)) n += 1
    const id = `env-${n}`
    const alias = previewAlias(body.deployment_url) ?? body.branch ?? `preview-${n}`
    if (commit) {
      this.environments.push({
        id,
        alias,
        ...(body.deployment_url === undefined ? {} : { deploymentUrl: body.deployment_url })
      })
    }
    return { id, alias, isStatic: false }
  }

  terminate(fields: unknown, commit: boolean): TerminateAnswer {
    if (!isObject(fields)) return { status: 400, error: 'the request body must be a JSON object' }
    const names = (['environmentId', 'environmentAlias', 'deploymentUrl'] as const).filter(
      key => fields[key] !== undefined
    )
    if (names.length !== 1 || typeof fields[names[0]!] !== 'string') {
      return {
        status: 400,
        error: 'send exactly one of environmentId, environmentAlias and deploymentUrl, as a string'
      }
    }
    const key = names[0]!
    const value = fields[key] as string
    const environment = this.environments.find(e =>
      key === 'environmentId'
        ? e.id === value
        : key === 'environmentAlias'
          ? e.alias === value
          : e.deploymentUrl === value
    )
    if (environment === undefined) return { status: 404, error: 'environment not found' }
    if (this.terminated.has(environment.id))
      return { status: 409, error: 'environment already terminated' }
    if (commit) this.terminated.add(environment.id)
    return { status: 200, body: { code: 'terminated', environmentId: environment.id } }
  }

  private teamOf(authorization: string | undefined): TeamConfig | undefined {
    const match = /^Bearer\s+(\S.*)$/i.exec(authorization?.trim() ?? '')
    return match ? this.teams.find(t => t.apiKey === match[1]) : undefined
  }

  private runTriggers(
    body: Notification,
    commit: boolean,
    environment: NotifiedEnvironment
  ): NotifyEntry[] {
    const now = this.now()
    const batch = this.nextBatch
    let runNumber = this.nextRunNumber
    const pending = new Set<string>()
    const created: RunRecord[] = []
    const results: NotifyEntry[] = []
    for (const trigger of this.triggers) {
      if (!environment.isStatic && trigger.previews !== true) continue
      if (!matches(trigger, body)) continue
      const base = {
        trigger_id: trigger.id,
        environment_id: environment.isStatic
          ? `env-${trigger.environment ?? trigger.id}`
          : environment.id
      }
      if (trigger.skip_reason !== undefined) {
        results.push({ ...base, outcome: 'skipped', skip_reason: trigger.skip_reason })
        continue
      }
      const { failure_code, failure_message, failure_reason } = trigger
      if (failure_code !== undefined || failure_message !== undefined) {
        // JSON leaves the undefined fields out.
        results.push({
          ...base,
          outcome: 'failed',
          failure_code,
          failure_message,
          failure_reason
        } as NotifyEntry)
        continue
      }
      if (failure_reason !== undefined) {
        // The older shape: a bare failure_reason, no outcome.
        results.push({ trigger_id: trigger.id, failure_reason })
        continue
      }
      const duplicate =
        body.sha === undefined
          ? undefined
          : this.order.find(r => r.triggerId === trigger.id && r.sha === body.sha)
      if (duplicate) {
        results.push({ ...base, outcome: 'created', duplicate_suite_id: duplicate.id })
        continue
      }
      while (this.byId.has(`run-${runNumber}`) || pending.has(`run-${runNumber}`)) runNumber += 1
      const id = `run-${runNumber}`
      pending.add(id)
      runNumber += 1
      results.push({ ...base, outcome: 'created', created_suite_id: id })
      const template: RunTemplate = trigger.run ?? {}
      const record: RunRecord = {
        id,
        def: { ...template, id },
        timeline: template.timeline ?? DEFAULT_TIMELINE,
        batch,
        createdAt: now,
        origin: 'notification',
        triggerId: trigger.id,
        dedupKey:
          body.deduplication_key ?? `${body.branch ?? ''}|${trigger.environment ?? trigger.id}`,
        notification: body,
        progress: startProgress(now),
        startedAt: now,
        pollsAnswered: 0,
        notFoundAnswered: 0
      }
      if (body.sha !== undefined) record.sha = body.sha
      if (body.branch !== undefined) record.branch = body.branch
      created.push(record)
    }
    if (commit) {
      this.nextBatch += 1
      this.nextRunNumber = runNumber
      for (const record of created) this.insert(record, now)
    }
    return results
  }

  greenlight(runId: string, outcome: Outcome, baseUrl: string, commit: boolean): GreenlightAnswer {
    const root = this.byId.get(runId)
    if (!root) return { status: 404 }
    if (root.notFoundAnswered < (root.def.notFoundPolls ?? 0)) {
      if (commit) root.notFoundAnswered += 1
      return { status: 404 }
    }
    if (root.def.legacy) return { status: 410 }
    const relevant = this.relevantOf(root)
    const now = this.now()
    const progress = this.progressAt(relevant, now)
    const view = this.view(relevant, progress, baseUrl)
    const body = greenlightResponse(root.id, view, outcome, baseUrl)
    if (commit) {
      relevant.startedAt ??= now
      relevant.progress =
        relevant.canceledAt === undefined ? recordPoll(relevant.timeline, progress, now) : progress
      relevant.pollsAnswered += 1
    }
    return { status: 200, body }
  }

  /** Like a person changing the priority in the UI: every run reporting this bug reflects it. */
  setBugPriority(bugId: string, priority: Priority): void {
    if (!this.knownBugs.has(bugId))
      throw new Error(`no bug with id ${JSON.stringify(bugId)} in any configured or created run`)
    this.priorityOverrides.set(bugId, priority)
  }

  addRun(def: RunConfig): EmulatorRunInfo {
    const run = parseRunConfig(def, 'addRun(run)')
    if (this.byId.has(run.id))
      throw new ConfigError(`a run with id ${JSON.stringify(run.id)} already exists`)
    if (run.supersededBy !== undefined && !this.byId.has(run.supersededBy)) {
      throw new ConfigError(
        `supersededBy: no run with id ${JSON.stringify(run.supersededBy)}; add the newer run first`
      )
    }
    const record = this.insertConfigured(run, this.now())
    return this.info(record, this.now())
  }

  runs(): EmulatorRunInfo[] {
    const now = this.now()
    return this.order.map(r => this.info(r, now))
  }

  private insertConfigured(def: RunConfig, now: number): RunRecord {
    const record: RunRecord = {
      id: def.id,
      def,
      timeline: def.timeline ?? DEFAULT_TIMELINE,
      batch: this.nextBatch++,
      createdAt: now,
      origin: 'configured',
      pollsAnswered: 0,
      notFoundAnswered: 0
    }
    if (def.deduplicationKey !== undefined) record.dedupKey = def.deduplicationKey
    this.insert(record, now)
    return record
  }

  private insert(record: RunRecord, now: number): void {
    // The spec's default: a new run cancels ongoing runs with the same key.
    if (record.dedupKey !== undefined) {
      for (const older of this.order) {
        if (older.dedupKey !== record.dedupKey || older.batch >= record.batch) continue
        if (older.canceledAt !== undefined) continue
        const progress = this.progressAt(older, now)
        if (older.progress) older.progress = progress
        if (!isTerminal(stageOf(older.timeline, progress))) older.canceledAt = now
      }
    }
    this.order.push(record)
    this.byId.set(record.id, record)
    this.learnBugs(record.def)
  }

  private learnBugs(template: RunTemplate | undefined): void {
    for (const bug of template?.bugs ?? []) this.knownBugs.add(bug.id)
  }

  /** Where the run is at `now`; a run whose clock has not started is shown as if it started now. */
  private progressAt(run: RunRecord, now: number): Progress {
    return settle(run.timeline, run.progress ?? startProgress(now), now)
  }

  private successorOf(run: RunRecord): RunRecord | undefined {
    if (run.def.supersededBy !== undefined) return this.byId.get(run.def.supersededBy)
    if (run.dedupKey === undefined) return undefined
    let newest: RunRecord | undefined
    for (const r of this.order) {
      if (r.dedupKey === run.dedupKey && r.batch > run.batch) newest = r
    }
    return newest
  }

  private relevantOf(root: RunRecord): RunRecord {
    const seen = new Set([root.id])
    let current = root
    for (;;) {
      const next = this.successorOf(current)
      if (!next || seen.has(next.id)) return current
      seen.add(next.id)
      current = next
    }
  }

  private stageAt(run: RunRecord, progress: Progress): Stage {
    return run.canceledAt === undefined ? stageOf(run.timeline, progress) : 'canceled'
  }

  private view(run: RunRecord, progress: Progress, baseUrl: string): RunView {
    const stage = this.stageAt(run, progress)
    const entry = entryOf(run.timeline, progress)
    const reviewed = stage === 'underReview' || stage === 'completed'
    const bugs = (run.def.bugs ?? [])
      .map((bug, index) => ({ bug, index }))
      .filter(({ bug }) => reviewed && (bug.foundInStage !== 'completed' || stage === 'completed'))
      .map(({ bug, index }) => {
        const priority = this.priorityOverrides.has(bug.id)
          ? (this.priorityOverrides.get(bug.id) ?? null)
          : (bug.priority ?? null)
        return {
          id: bug.id,
          number: bug.number ?? index + 1,
          name: bug.name,
          priority,
          isNew: bug.isNew ?? true,
          url: bug.url ?? bugUrl(baseUrl, bug.id),
          ...(bug.isBlocking === undefined ? {} : { isBlocking: bug.isBlocking }),
          ...externalIssueOf(bug)
        }
      })
    const otherBlockingBugs = Array.from(
      { length: run.def.otherWorkflowsBlockingBugs ?? 0 },
      (_, i): VisibleBug => ({
        id: `${run.id}-other-${i + 1}`,
        number: 900 + i + 1,
        name: `Blocking bug ${i + 1} in a workflow outside this run`,
        priority: 'high',
        isNew: false,
        url: bugUrl(baseUrl, `${run.id}-other-${i + 1}`)
      })
    )
    return {
      id: run.id,
      stage,
      workflowsInRun: run.def.workflowsInRun ?? 0,
      workflowsUnderInvestigation:
        entry.workflowsUnderInvestigation ?? run.def.workflowsUnderInvestigation ?? 0,
      workflowsDisabledAfterRun:
        entry.workflowsDisabledAfterRun ?? run.def.workflowsDisabledAfterRun ?? 0,
      workflowsAutoRetrying: entry.workflowsAutoRetrying ?? run.def.workflowsAutoRetrying ?? 0,
      bugs,
      otherBlockingBugs
    }
  }

  private info(run: RunRecord, now: number): EmulatorRunInfo {
    if (run.progress) run.progress = settle(run.timeline, run.progress, now)
    const progress = run.progress ?? startProgress(now)
    const stage = this.stageAt(run, progress)
    const info: EmulatorRunInfo = {
      id: run.id,
      stage,
      createdAt: run.createdAt,
      origin: run.origin,
      pollsAnswered: run.pollsAnswered
    }
    if (run.startedAt !== undefined) info.startedAt = run.startedAt
    if (run.canceledAt !== undefined) info.terminalAt = run.canceledAt
    else if (run.progress && isTerminal(stage)) info.terminalAt = run.progress.enteredAt
    if (run.triggerId !== undefined) info.triggerId = run.triggerId
    if (run.sha !== undefined) info.sha = run.sha
    if (run.branch !== undefined) info.branch = run.branch
    if (run.dedupKey !== undefined) info.deduplicationKey = run.dedupKey
    const relevant = this.relevantOf(run)
    if (relevant !== run) info.supersededBy = relevant.id
    if (run.notification !== undefined) info.notification = run.notification
    return info
  }
}

function matches(trigger: TriggerConfig, body: Notification): boolean {
  return trigger.deployment_type === undefined || trigger.deployment_type === body.deployment_type
}

function previewAlias(deploymentUrl: string | undefined): string | undefined {
  if (deploymentUrl === undefined) return undefined
  try {
    const label = new URL(deploymentUrl).hostname.split('.')[0]
    return label === undefined || label === '' ? undefined : label
  } catch {
    return undefined
  }
}

function externalIssueOf(bug: BugConfig): Pick<VisibleBug, 'externalIssue'> {
  if (bug.externalIssue !== undefined) return { externalIssue: bug.externalIssue }
  if (bug.externalIssueUrl === undefined) return {}
  return { externalIssue: { platform: 'Tracker', id: bug.id, url: bug.externalIssueUrl } }
}
