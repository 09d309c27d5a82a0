// The emulator's JSON configuration: types, defaults and a validator whose errors name the exact
// place in the file and the accepted forms, because people write these files by hand.
import { SHAPES, type Shape } from './spelling.js'

export const STAGES = ['initializing', 'underReview', 'completed', 'canceled'] as const
export type Stage = (typeof STAGES)[number]
export const TERMINAL_STAGES: readonly Stage[] = ['completed', 'canceled']

/** As the service names them; `unprioritized` (or null) is unset, which blocks. */
export const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'unprioritized'] as const
export type Priority = (typeof PRIORITIES)[number] | null

export interface TeamConfig {
  apiKey: string
  disabled?: boolean
  name?: string
  /**
   * An organization (or user) key's workspaces: a notification naming none goes to the first and
   * the answer carries a `warning`; one naming another gets a 400.
   */
  workspaces?: string[]
}

/** An ephemeral environment that terminate mode can name (notify also creates them). */
export interface EnvironmentConfig {
  id: string
  alias?: string
  deploymentUrl?: string
}

export interface TimelineEntry {
  stage: Stage
  /** Wall-clock time spent in this stage. */
  durationMs?: number
  /** Number of answered greenlight queries spent in this stage. */
  polls?: number
  /** Per-stage overrides of the run's counts. */
  workflowsUnderInvestigation?: number
  workflowsAutoRetrying?: number
  workflowsDisabledAfterRun?: number
}

export interface BugConfig {
  id: string
  name: string
  number?: number
  priority?: Priority
  isNew?: boolean
  /** The bug's page (`applicationUrl`); default: a URL on the emulator. */
  url?: string
  /** The linked tracker issue, sent as `externalIssue`. */
  externalIssue?: { platform: string; id: string; url: string }
  /** An older spelling of `externalIssue.url`. */
  externalIssueUrl?: string
  /** The service's own classification, overriding the priority rule. */
  isBlocking?: boolean
  /** First stage in which the bug is reported: `underReview` (default) or `completed`. */
  foundInStage?: 'underReview' | 'completed'
}

/** A run as created from a trigger: everything but the identity. */
export interface RunTemplate {
  timeline?: TimelineEntry[]
  workflowsInRun?: number
  workflowsUnderInvestigation?: number
  workflowsDisabledAfterRun?: number
  workflowsAutoRetrying?: number
  bugs?: BugConfig[]
  /** Blocking bugs in workflows not executed in this run (for outcomeWhenBlockingBugsInOtherWorkflows=red). */
  otherWorkflowsBlockingBugs?: number
  legacy?: boolean
  /** Answer 404 to this many greenlight queries first, as a service that is slow to index a new run. */
  notFoundPolls?: number
}

export interface RunConfig extends RunTemplate {
  id: string
  /** Explicit successor: greenlight on this run reports `supersededBy`'s status. */
  supersededBy?: string
  /** Runs with equal keys supersede older ones, like notifications' `deduplication_key`. */
  deduplicationKey?: string
}

export interface TriggerConfig {
  id: string
  deployment_type?: string
  environment?: string
  /** The deprecated diagnostic; alone, the answer has the older shape (no `outcome`). */
  failure_reason?: string
  /** With `failure_message`: the documented failed outcome, e.g. `environment-not-ready`. */
  failure_code?: string
  failure_message?: string
  /** The trigger matched but the service skipped it: outcome `skipped` with this reason. */
  skip_reason?: string
  /** Runs for preview deployments (`ephemeral_environment: true`) too; default: static only. */
  previews?: boolean
  run?: RunTemplate
}

/** The encodings Node's zlib writes, as an HTTP proxy might apply them. */
export const CONTENT_ENCODINGS = ['gzip', 'deflate', 'br'] as const
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number]

export type RetryAfterSpec = string | { seconds: number } | { dateInSeconds: number }

export type FaultSpec = (
  | { kind: 'status'; status: number }
  | { kind: 'rate-limit'; retryAfter?: RetryAfterSpec }
  | { kind: 'reset-before-headers' }
  | { kind: 'reset-after-headers' }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'html'; status: number }
  | { kind: 'truncated-json' }
  | { kind: 'wrong-shape'; body?: unknown }
  | { kind: 'oversized'; megabytes: number }
  | { kind: 'echo-key' }
  | { kind: 'duplicate-key' }
  | { kind: 'deep-nesting'; depth?: number }
  | { kind: 'cut-after-status-line' }
  | { kind: 'header-overflow'; bytes?: number }
  | { kind: 'compressed'; encoding?: ContentEncoding }
  | { kind: 'replay'; status?: number; body: unknown }
) & {
  /** The request is handled (state changes) before the fault hits it, e.g. a 504 after a run was created. */
  processed?: boolean
}
export type FaultKind = FaultSpec['kind']

export const FAULT_KINDS: readonly FaultKind[] = [
  'status',
  'rate-limit',
  'reset-before-headers',
  'reset-after-headers',
  'slow',
  'html',
  'truncated-json',
  'wrong-shape',
  'oversized',
  'echo-key',
  'duplicate-key',
  'deep-nesting',
  'cut-after-status-line',
  'header-overflow',
  'compressed',
  'replay'
]

export interface RandomFaults {
  seed: number
  probability: number
  kinds: FaultSpec[]
}

export interface RouteFaults {
  /** Consumed in order by the route's requests; `null` answers normally. Then `random`, if any. */
  script?: (FaultSpec | null)[]
  random?: RandomFaults
}

export const ROUTES = ['notify', 'greenlight', 'terminate'] as const
export type RouteName = (typeof ROUTES)[number]
export type FaultsConfig = Partial<Record<RouteName, RouteFaults>>

export interface EmulatorConfig {
  teams: TeamConfig[]
  triggers?: TriggerConfig[]
  runs?: RunConfig[]
  faults?: FaultsConfig
  /** Every notification is answered with `skipped_deployment` and no runs. */
  skippedDeployment?: { reason: string; message: string }
  environments?: EnvironmentConfig[]
  /** Base of the URLs in responses; default: the emulator's own URL. */
  publicUrl?: string
  /** How answers are spelled: `live` (default, as the service sends them) or `docs`. */
  shape?: Shape
  description?: string
}

/** The timeline of a run whose template gives none: green after two polls. */
export const DEFAULT_TIMELINE: readonly TimelineEntry[] = [
  { stage: 'initializing', polls: 1 },
  { stage: 'underReview', polls: 1 },
  { stage: 'completed' }
]

export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

type Json = Record<string, unknown>

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`
  if (typeof value === 'object') return 'an object'
  return `${typeof value} ${String(value)}`
}

function fail(path: string, expected: string, got: unknown): never {
  throw new ConfigError(`${path}: expected ${expected}, got ${describe(got)}`)
}

function object(value: unknown, path: string, allowed: readonly string[]): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(path, 'an object', value)
  }
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      throw new ConfigError(
        `${path}: unknown field "${key}"; accepted fields: ${allowed.join(', ')}`
      )
    }
  }
  return value as Json
}

function array(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'an array', value)
  return value
}

function string(value: unknown, path: string, nonEmpty = true): string {
  if (typeof value !== 'string' || (nonEmpty && value === '')) {
    fail(path, nonEmpty ? 'a non-empty string' : 'a string', value)
  }
  return value
}

function optString(obj: Json, key: string, path: string, nonEmpty = true): string | undefined {
  return obj[key] === undefined ? undefined : string(obj[key], `${path}.${key}`, nonEmpty)
}

function optBoolean(obj: Json, key: string, path: string): boolean | undefined {
  const value = obj[key]
  if (value === undefined) return undefined
  if (typeof value !== 'boolean') fail(`${path}.${key}`, 'true or false', value)
  return value
}

function count(value: unknown, path: string, min = 0): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    fail(path, `an integer >= ${min}`, value)
  }
  return value
}

function optCount(obj: Json, key: string, path: string, min = 0): number | undefined {
  return obj[key] === undefined ? undefined : count(obj[key], `${path}.${key}`, min)
}

function oneOf<T extends string>(value: unknown, path: string, accepted: readonly T[]): T {
  if (typeof value !== 'string' || !accepted.includes(value as T)) {
    fail(path, `one of ${accepted.map(a => JSON.stringify(a)).join(', ')}`, value)
  }
  return value as T
}

function unique(ids: string[], path: string, what: string): void {
  const seen = new Set<string>()
  for (const id of ids) {
    if (seen.has(id)) throw new ConfigError(`${path}: duplicate ${what} ${JSON.stringify(id)}`)
    seen.add(id)
  }
}

export function parsePriority(value: unknown, path: string): Priority {
  if (value === null) return null
  if (typeof value === 'string' && (PRIORITIES as readonly string[]).includes(value)) {
    return value as Priority
  }
  return fail(
    path,
    'one of "urgent", "high", "medium", "low", "unprioritized" or null (unset, which blocks)',
    value
  )
}

function timelineEntry(value: unknown, path: string, isLast: boolean): TimelineEntry {
  const obj = object(value, path, [
    'stage',
    'durationMs',
    'polls',
    'workflowsUnderInvestigation',
    'workflowsAutoRetrying',
    'workflowsDisabledAfterRun'
  ])
  const stage = oneOf(obj.stage, `${path}.stage`, STAGES)
  const durationMs = optCount(obj, 'durationMs', path)
  const polls = optCount(obj, 'polls', path)
  if (isLast) {
    if (durationMs !== undefined || polls !== undefined) {
      throw new ConfigError(
        `${path}: the last timeline entry lasts forever, so it takes neither "durationMs" nor "polls"`
      )
    }
  } else {
    if (TERMINAL_STAGES.includes(stage)) {
      throw new ConfigError(
        `${path}: "${stage}" is terminal, so it can only be the last timeline entry`
      )
    }
    if ((durationMs === undefined) === (polls === undefined)) {
      throw new ConfigError(
        `${path}: give exactly one of "durationMs" (milliseconds) or "polls" (answered queries) for how long "${stage}" lasts`
      )
    }
  }
  const entry: TimelineEntry = { stage }
  if (durationMs !== undefined) entry.durationMs = durationMs
  if (polls !== undefined) entry.polls = polls
  for (const key of [
    'workflowsUnderInvestigation',
    'workflowsAutoRetrying',
    'workflowsDisabledAfterRun'
  ] as const) {
    const n = optCount(obj, key, path)
    if (n !== undefined) entry[key] = n
  }
  return entry
}

function bug(value: unknown, path: string): BugConfig {
  const obj = object(value, path, [
    'id',
    'name',
    'number',
    'priority',
    'isNew',
    'url',
    'externalIssue',
    'externalIssueUrl',
    'isBlocking',
    'foundInStage'
  ])
  const result: BugConfig = {
    id: string(obj.id, `${path}.id`),
    name: string(obj.name, `${path}.name`, false)
  }
  const number = optCount(obj, 'number', path)
  if (number !== undefined) result.number = number
  if (obj.priority !== undefined) result.priority = parsePriority(obj.priority, `${path}.priority`)
  const isNew = optBoolean(obj, 'isNew', path)
  if (isNew !== undefined) result.isNew = isNew
  // URLs are deliberately not validated: hostile values (javascript:, markup) must reach clients.
  const url = optString(obj, 'url', path, false)
  if (url !== undefined) result.url = url
  const externalIssueUrl = optString(obj, 'externalIssueUrl', path, false)
  if (externalIssueUrl !== undefined) result.externalIssueUrl = externalIssueUrl
  if (obj.externalIssue !== undefined) {
    const issuePath = `${path}.externalIssue`
    const issue = object(obj.externalIssue, issuePath, ['platform', 'id', 'url'])
    result.externalIssue = {
      platform: string(issue.platform, `${issuePath}.platform`),
      id: string(issue.id, `${issuePath}.id`),
      url: string(issue.url, `${issuePath}.url`, false)
    }
  }
  const isBlocking = optBoolean(obj, 'isBlocking', path)
  if (isBlocking !== undefined) result.isBlocking = isBlocking
  if (obj.foundInStage !== undefined) {
    result.foundInStage = oneOf(obj.foundInStage, `${path}.foundInStage`, [
      'underReview',
      'completed'
    ] as const)
  }
  return result
}

const TEMPLATE_FIELDS = [
  'timeline',
  'workflowsInRun',
  'workflowsUnderInvestigation',
  'workflowsDisabledAfterRun',
  'workflowsAutoRetrying',
  'bugs',
  'otherWorkflowsBlockingBugs',
  'legacy',
  'notFoundPolls'
] as const

function templateFields(obj: Json, path: string): RunTemplate {
  const result: RunTemplate = {}
  if (obj.timeline !== undefined) {
    const entries = array(obj.timeline, `${path}.timeline`)
    if (entries.length === 0) {
      throw new ConfigError(
        `${path}.timeline: needs at least one entry (the last one lasts forever)`
      )
    }
    result.timeline = entries.map((e, i) =>
      timelineEntry(e, `${path}.timeline[${i}]`, i === entries.length - 1)
    )
  }
  for (const key of [
    'workflowsInRun',
    'workflowsUnderInvestigation',
    'workflowsDisabledAfterRun',
    'workflowsAutoRetrying',
    'otherWorkflowsBlockingBugs',
    'notFoundPolls'
  ] as const) {
    const n = optCount(obj, key, path)
    if (n !== undefined) result[key] = n
  }
  if (obj.bugs !== undefined) {
    result.bugs = array(obj.bugs, `${path}.bugs`).map((b, i) => bug(b, `${path}.bugs[${i}]`))
    unique(
      result.bugs.map(b => b.id),
      `${path}.bugs`,
      'bug id'
    )
  }
  const legacy = optBoolean(obj, 'legacy', path)
  if (legacy !== undefined) result.legacy = legacy
  return result
}

function parseRunTemplate(value: unknown, path: string): RunTemplate {
  return templateFields(object(value, path, TEMPLATE_FIELDS), path)
}

export function parseRunConfig(value: unknown, path: string): RunConfig {
  const obj = object(value, path, ['id', 'supersededBy', 'deduplicationKey', ...TEMPLATE_FIELDS])
  const run: RunConfig = { id: string(obj.id, `${path}.id`), ...templateFields(obj, path) }
  const supersededBy = optString(obj, 'supersededBy', path)
  if (supersededBy !== undefined) run.supersededBy = supersededBy
  const deduplicationKey = optString(obj, 'deduplicationKey', path, false)
  if (deduplicationKey !== undefined) run.deduplicationKey = deduplicationKey
  return run
}

function retryAfter(value: unknown, path: string): RetryAfterSpec {
  if (typeof value === 'string') return value
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    if ('seconds' in value) {
      const obj = object(value, path, ['seconds'])
      return { seconds: count(obj.seconds, `${path}.seconds`) }
    }
    if ('dateInSeconds' in value) {
      const obj = object(value, path, ['dateInSeconds'])
      return { dateInSeconds: count(obj.dateInSeconds, `${path}.dateInSeconds`) }
    }
  }
  return fail(
    path,
    'a header value string (e.g. "1" or an HTTP-date), {"seconds": N} or {"dateInSeconds": N}',
    value
  )
}

function statusIn(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    fail(path, `an HTTP status from ${min} to ${max}`, value)
  }
  return value
}

function parseFaultSpec(value: unknown, path: string): FaultSpec {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(path, 'a fault object such as {"kind": "status", "status": 503}', value)
  }
  const kind = oneOf((value as Json).kind, `${path}.kind`, FAULT_KINDS)
  const fields: Record<FaultKind, string[]> = {
    status: ['status'],
    'rate-limit': ['retryAfter'],
    'reset-before-headers': [],
    'reset-after-headers': [],
    slow: ['delayMs'],
    html: ['status'],
    'truncated-json': [],
    'wrong-shape': ['body'],
    oversized: ['megabytes'],
    'echo-key': [],
    'duplicate-key': [],
    'deep-nesting': ['depth'],
    'cut-after-status-line': [],
    'header-overflow': ['bytes'],
    compressed: ['encoding'],
    replay: ['status', 'body']
  }
  const common = kind === 'slow' ? ['kind'] : ['kind', 'processed']
  const obj = object(value, path, [...common, ...fields[kind]])
  const processed = optBoolean(obj, 'processed', path)
  const extra = processed === undefined ? {} : { processed }
  switch (kind) {
    case 'status':
      return { kind, status: statusIn(obj.status, `${path}.status`, 400, 599), ...extra }
    case 'rate-limit':
      return obj.retryAfter === undefined
        ? { kind, ...extra }
        : { kind, retryAfter: retryAfter(obj.retryAfter, `${path}.retryAfter`), ...extra }
    case 'slow':
      return { kind, delayMs: count(obj.delayMs, `${path}.delayMs`) }
    case 'html':
      return { kind, status: statusIn(obj.status, `${path}.status`, 200, 599), ...extra }
    case 'wrong-shape':
      return obj.body === undefined ? { kind, ...extra } : { kind, body: obj.body, ...extra }
    case 'deep-nesting':
      return obj.depth === undefined
        ? { kind, ...extra }
        : { kind, depth: count(obj.depth, `${path}.depth`), ...extra }
    case 'replay':
      if (!('body' in obj)) fail(`${path}.body`, 'the JSON answer to send', undefined)
      return {
        kind,
        status: obj.status === undefined ? 200 : statusIn(obj.status, `${path}.status`, 200, 599),
        body: obj.body,
        ...extra
      }
    case 'header-overflow':
      return obj.bytes === undefined
        ? { kind, ...extra }
        : { kind, bytes: count(obj.bytes, `${path}.bytes`, 1), ...extra }
    case 'compressed':
      return obj.encoding === undefined
        ? { kind, ...extra }
        : { kind, encoding: oneOf(obj.encoding, `${path}.encoding`, CONTENT_ENCODINGS), ...extra }
    case 'oversized': {
      const mb = obj.megabytes
      if (typeof mb !== 'number' || !(mb > 0) || mb > 1024) {
        fail(`${path}.megabytes`, 'a number of megabytes above 0 and at most 1024', mb)
      }
      return { kind, megabytes: mb, ...extra }
    }
    default:
      return { kind, ...extra }
  }
}

function routeFaults(value: unknown, path: string): RouteFaults {
  const obj = object(value, path, ['script', 'random'])
  const result: RouteFaults = {}
  if (obj.script !== undefined) {
    result.script = array(obj.script, `${path}.script`).map((f, i) =>
      f === null ? null : parseFaultSpec(f, `${path}.script[${i}]`)
    )
  }
  if (obj.random !== undefined) {
    const r = object(obj.random, `${path}.random`, ['seed', 'probability', 'kinds'])
    if (typeof r.seed !== 'number' || !Number.isInteger(r.seed)) {
      fail(`${path}.random.seed`, 'an integer', r.seed)
    }
    if (typeof r.probability !== 'number' || !(r.probability >= 0 && r.probability <= 1)) {
      fail(`${path}.random.probability`, 'a number from 0 to 1', r.probability)
    }
    const kinds = array(r.kinds, `${path}.random.kinds`).map((f, i) =>
      parseFaultSpec(f, `${path}.random.kinds[${i}]`)
    )
    if (kinds.length === 0) {
      throw new ConfigError(`${path}.random.kinds: needs at least one fault to choose from`)
    }
    result.random = { seed: r.seed, probability: r.probability, kinds }
  }
  return result
}

export function parseFaults(value: unknown, path = 'faults'): FaultsConfig {
  const obj = object(value, path, ROUTES)
  const result: FaultsConfig = {}
  for (const route of ROUTES) {
    if (obj[route] !== undefined) result[route] = routeFaults(obj[route], `${path}.${route}`)
  }
  return result
}

function trigger(value: unknown, path: string): TriggerConfig {
  const obj = object(value, path, [
    'id',
    'deployment_type',
    'environment',
    'failure_reason',
    'failure_code',
    'failure_message',
    'skip_reason',
    'previews',
    'run'
  ])
  const result: TriggerConfig = { id: string(obj.id, `${path}.id`) }
  for (const field of ['failure_code', 'failure_message', 'skip_reason'] as const) {
    const text = optString(obj, field, path, false)
    if (text !== undefined) result[field] = text
  }
  const deploymentType = optString(obj, 'deployment_type', path)
  if (deploymentType !== undefined) result.deployment_type = deploymentType
  const environment = optString(obj, 'environment', path)
  if (environment !== undefined) result.environment = environment
  const failureReason = optString(obj, 'failure_reason', path)
  if (failureReason !== undefined) result.failure_reason = failureReason
  const previews = optBoolean(obj, 'previews', path)
  if (previews !== undefined) result.previews = previews
  if (obj.run !== undefined) result.run = parseRunTemplate(obj.run, `${path}.run`)
  return result
}

/** Checks an untrusted value (a parsed JSON file) and returns a normalised config. */
export function parseConfig(value: unknown, source = 'config'): EmulatorConfig {
  const obj = object(value, source, [
    '$schema',
    'description',
    'publicUrl',
    'teams',
    'triggers',
    'runs',
    'faults',
    'skippedDeployment',
    'environments',
    'shape'
  ])
  if (obj.teams === undefined) {
    throw new ConfigError(
      `${source}: "teams" is required, e.g. "teams": [{ "apiKey": "demo-key" }]`
    )
  }
  const teams = array(obj.teams, `${source}.teams`).map((t, i) => {
    const path = `${source}.teams[${i}]`
    const team = object(t, path, ['apiKey', 'disabled', 'name', 'workspaces'])
    const result: TeamConfig = { apiKey: string(team.apiKey, `${path}.apiKey`) }
    if (team.workspaces !== undefined) {
      result.workspaces = array(team.workspaces, `${path}.workspaces`).map((w, j) =>
        string(w, `${path}.workspaces[${j}]`)
      )
    }
    const disabled = optBoolean(team, 'disabled', path)
    if (disabled !== undefined) result.disabled = disabled
    const name = optString(team, 'name', path, false)
    if (name !== undefined) result.name = name
    return result
  })
  unique(
    teams.map(t => t.apiKey),
    `${source}.teams`,
    'apiKey'
  )
  const config: EmulatorConfig = { teams }
  if (obj.triggers !== undefined) {
    config.triggers = array(obj.triggers, `${source}.triggers`).map((t, i) =>
      trigger(t, `${source}.triggers[${i}]`)
    )
    unique(
      config.triggers.map(t => t.id),
      `${source}.triggers`,
      'trigger id'
    )
  }
  if (obj.runs !== undefined) {
    const runs = array(obj.runs, `${source}.runs`).map((r, i) =>
      parseRunConfig(r, `${source}.runs[${i}]`)
    )
    unique(
      runs.map(r => r.id),
      `${source}.runs`,
      'run id'
    )
    runs.forEach((run, i) => {
      if (run.supersededBy !== undefined && !runs.some(r => r.id === run.supersededBy)) {
        throw new ConfigError(
          `${source}.runs[${i}].supersededBy: no run with id ${JSON.stringify(run.supersededBy)} in "runs"`
        )
      }
    })
    config.runs = runs
  }
  if (obj.faults !== undefined) config.faults = parseFaults(obj.faults, `${source}.faults`)
  if (obj.skippedDeployment !== undefined) {
    const path = `${source}.skippedDeployment`
    const skipped = object(obj.skippedDeployment, path, ['reason', 'message'])
    config.skippedDeployment = {
      reason: string(skipped.reason, `${path}.reason`),
      message: string(skipped.message, `${path}.message`, false)
    }
  }
  if (obj.environments !== undefined) {
    config.environments = array(obj.environments, `${source}.environments`).map((e, i) => {
      const path = `${source}.environments[${i}]`
      const env = object(e, path, ['id', 'alias', 'deploymentUrl'])
      const result: EnvironmentConfig = { id: string(env.id, `${path}.id`) }
      const alias = optString(env, 'alias', path)
      if (alias !== undefined) result.alias = alias
      const url = optString(env, 'deploymentUrl', path)
      if (url !== undefined) result.deploymentUrl = url
      return result
    })
    unique(
      config.environments.map(e => e.id),
      `${source}.environments`,
      'environment id'
    )
  }
  const publicUrl = optString(obj, 'publicUrl', source)
  if (publicUrl !== undefined) {
    if (!/^https?:\/\/[^/]/.test(publicUrl)) {
      fail(`${source}.publicUrl`, 'an http(s) URL such as "https://qa.example.com"', publicUrl)
    }
    config.publicUrl = publicUrl.replace(/\/+$/, '')
  }
  if (obj.shape !== undefined) config.shape = oneOf(obj.shape, `${source}.shape`, SHAPES)
  const description = optString(obj, 'description', source, false)
  if (description !== undefined) config.description = description
  return config
}

/** Parses the text of a config file; `source` (the file name) prefixes every error. */
export function parseConfigText(text: string, source: string): EmulatorConfig {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new ConfigError(
      `${source}: not valid JSON (${(error as Error).message}); the emulator config is a JSON object with "teams", "triggers", "runs" and "faults"`
    )
  }
  return parseConfig(value, source)
}
