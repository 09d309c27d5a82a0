// The emulator's JSON configuration: its valibot schema and the types derived from it. People
// write these files by hand, so every error names the exact place
// (`demo.json.triggers[2].run.timeline[0].stage`) and what is accepted there; the rules that relate
// fields (timelines, unique IDs, a successor that exists) are checked after valibot's.
import * as v from 'valibot'
import { SHAPES } from './spelling.js'

const STAGES = ['initializing', 'underReview', 'completed', 'canceled'] as const
export type Stage = (typeof STAGES)[number]
export const TERMINAL_STAGES: readonly Stage[] = ['completed', 'canceled']
const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'unprioritized'] as const
const CONTENT_ENCODINGS = ['gzip', 'deflate', 'br'] as const
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number]

export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`
  if (typeof value === 'object') return 'an object'
  return `${typeof value} ${String(value)}`
}

const expecting =
  (accepted: string) =>
  (issue: v.BaseIssue<unknown>): string =>
    `expected ${accepted}, got ${describe(issue.input)}`

const listed = (values: readonly string[]): string =>
  `one of ${values.map(value => JSON.stringify(value)).join(', ')}`

/** An object with exactly these fields: an unknown one is named with the list of accepted ones. */
function strict<E extends v.ObjectEntries>(entries: E) {
  const accepted = Object.keys(entries)
  return v.strictObject(entries, issue => {
    if (issue.expected === 'never')
      return `unknown field ${JSON.stringify(issue.input)}; accepted fields: ${accepted.join(', ')}`
    if (issue.input === undefined && issue.path !== undefined) {
      const key = String(issue.path.at(-1)?.key)
      const hint = key === 'teams' ? ', e.g. "teams": [{ "apiKey": "demo-key" }]' : ''
      return `${JSON.stringify(key)} is required${hint}`
    }
    return `expected an object, got ${describe(issue.input)}`
  })
}

const text = v.string(expecting('a string'))
const name = v.pipe(
  v.string(expecting('a non-empty string')),
  v.minLength(1, expecting('a non-empty string'))
)
const flag = v.boolean(expecting('true or false'))

function count(min = 0) {
  const message = expecting(`an integer >= ${min}`)
  return v.pipe(v.number(message), v.integer(message), v.minValue(min, message))
}

function oneOf<const T extends readonly string[]>(values: T) {
  return v.picklist(values, expecting(listed(values)))
}

function list<T extends v.GenericSchema>(item: T, whenEmpty?: string) {
  const array = v.array(item, expecting('an array'))
  return whenEmpty === undefined
    ? array
    : v.pipe(
        array,
        v.minLength(1, () => whenEmpty)
      )
}

function status(min: number, max: number) {
  const message = expecting(`an HTTP status from ${min} to ${max}`)
  return v.pipe(
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message)
  )
}

/** `unprioritized` (or null) is unset, which blocks. */
const PriorityField = v.nullable(
  v.picklist(
    PRIORITIES,
    expecting(
      'one of "urgent", "high", "medium", "low", "unprioritized" or null (unset, which blocks)'
    )
  )
)
export type Priority = v.InferOutput<typeof PriorityField>

const TimelineEntrySchema = strict({
  stage: oneOf(STAGES),
  /** How long this stage lasts: wall-clock time, or answered greenlight queries. */
  durationMs: v.optional(count()),
  polls: v.optional(count()),
  workflowsUnderInvestigation: v.optional(count()),
  workflowsAutoRetrying: v.optional(count()),
  workflowsDisabledAfterRun: v.optional(count())
})
export type TimelineEntry = v.InferOutput<typeof TimelineEntrySchema>

export const DEFAULT_TIMELINE: readonly TimelineEntry[] = [
  { stage: 'initializing', polls: 1 },
  { stage: 'underReview', polls: 1 },
  { stage: 'completed' }
]

const BugSchema = strict({
  id: name,
  name: text,
  number: v.optional(count()),
  priority: v.optional(PriorityField),
  isNew: v.optional(flag),
  /** `applicationUrl`; deliberately not checked: hostile values must reach clients. */
  url: v.optional(text),
  externalIssue: v.optional(strict({ platform: name, id: name, url: text })),
  /** An older spelling of `externalIssue.url`. */
  externalIssueUrl: v.optional(text),
  /** The service's own classification, overriding the priority rule. */
  isBlocking: v.optional(flag),
  foundInStage: v.optional(oneOf(['underReview', 'completed'] as const))
})
export type BugConfig = v.InferOutput<typeof BugSchema>

const templateEntries = {
  timeline: v.optional(
    list(TimelineEntrySchema, 'needs at least one entry (the last one lasts forever)')
  ),
  workflowsInRun: v.optional(count()),
  workflowsUnderInvestigation: v.optional(count()),
  workflowsDisabledAfterRun: v.optional(count()),
  workflowsAutoRetrying: v.optional(count()),
  bugs: v.optional(list(BugSchema)),
  otherWorkflowsBlockingBugs: v.optional(count()),
  legacy: v.optional(flag),
  /** Answer 404 to this many greenlight queries first, as a service that is slow to index a new run. */
  notFoundPolls: v.optional(count())
}

const RunTemplateSchema = strict(templateEntries)
export type RunTemplate = v.InferOutput<typeof RunTemplateSchema>

const RunConfigSchema = strict({
  id: name,
  /** Explicit successor: greenlight on this run reports `supersededBy`'s status. */
  supersededBy: v.optional(name),
  /** Runs with equal keys supersede older ones, like notifications' `deduplication_key`. */
  deduplicationKey: v.optional(text),
  ...templateEntries
})
export type RunConfig = v.InferOutput<typeof RunConfigSchema>

const RetryAfterSchema = v.union(
  [text, strict({ seconds: count() }), strict({ dateInSeconds: count() })],
  expecting(
    'a header value string (e.g. "1" or an HTTP-date), {"seconds": N} or {"dateInSeconds": N}'
  )
)
export type RetryAfterSpec = v.InferOutput<typeof RetryAfterSchema>

/**
 * A fault of `kind` with these fields and `processed`: the request is handled (state changes)
 * before the fault hits it, e.g. a 504 after a run was created.
 */
const fault = <K extends string, E extends v.ObjectEntries = Record<never, never>>(
  kind: K,
  entries: E = {} as E
) => strict({ kind: v.literal(kind), ...entries, processed: v.optional(flag) })
const megabytes = expecting('a number of megabytes above 0 and at most 1024')

const FaultOptions = [
  fault('status', { status: status(400, 599) }),
  fault('rate-limit', { retryAfter: v.optional(RetryAfterSchema) }),
  fault('reset-before-headers'),
  fault('reset-after-headers'),
  // A slow answer is always handled: `processed` means nothing for it.
  strict({ kind: v.literal('slow'), delayMs: count() }),
  fault('html', { status: status(200, 599) }),
  fault('truncated-json'),
  fault('wrong-shape', { body: v.optional(v.unknown()) }),
  fault('oversized', {
    megabytes: v.pipe(v.number(megabytes), v.gtValue(0, megabytes), v.maxValue(1024, megabytes))
  }),
  fault('echo-key'),
  fault('duplicate-key'),
  fault('deep-nesting', { depth: v.optional(count()) }),
  fault('cut-after-status-line'),
  fault('cut-in-headers'),
  fault('trickle-headers', { intervalMs: v.optional(count(1)) }),
  fault('header-overflow', { bytes: v.optional(count(1)) }),
  fault('compressed', { encoding: v.optional(oneOf(CONTENT_ENCODINGS)) }),
  fault('replay', { status: v.optional(status(200, 599)), body: v.unknown() })
] as const

const FAULT_KINDS = FaultOptions.map(option => option.entries.kind.literal)
const FaultSchema = v.pipe(
  v.looseObject(
    { kind: oneOf(FAULT_KINDS) },
    expecting('a fault object such as {"kind": "status", "status": 503}')
  ),
  v.variant('kind', FaultOptions)
)
export type FaultSpec = v.InferOutput<typeof FaultSchema>

const integer = expecting('an integer')
const fraction = expecting('a number from 0 to 1')
const RouteFaultsSchema = strict({
  /** Consumed in order by the route's requests; `null` answers normally. Then `random`, if any. */
  script: v.optional(list(v.nullable(FaultSchema))),
  random: v.optional(
    strict({
      seed: v.pipe(v.number(integer), v.integer(integer)),
      probability: v.pipe(v.number(fraction), v.minValue(0, fraction), v.maxValue(1, fraction)),
      kinds: list(FaultSchema, 'needs at least one fault to choose from')
    })
  )
})
export type RouteFaults = v.InferOutput<typeof RouteFaultsSchema>

const FaultsSchema = strict({
  notify: v.optional(RouteFaultsSchema),
  greenlight: v.optional(RouteFaultsSchema),
  terminate: v.optional(RouteFaultsSchema),
  'report-status': v.optional(RouteFaultsSchema)
})
export type FaultsConfig = v.InferOutput<typeof FaultsSchema>
export type RouteName = keyof FaultsConfig

const TriggerSchema = strict({
  id: name,
  deployment_type: v.optional(name),
  environment: v.optional(name),
  /** Alone, the answer has the older shape (no `outcome`). */
  failure_reason: v.optional(name),
  failure_code: v.optional(text),
  failure_message: v.optional(text),
  skip_reason: v.optional(text),
  /** Runs for preview deployments (`ephemeral_environment: true`) too. */
  previews: v.optional(flag),
  run: v.optional(RunTemplateSchema)
})
export type TriggerConfig = v.InferOutput<typeof TriggerSchema>

const TeamSchema = strict({
  apiKey: name,
  disabled: v.optional(flag),
  name: v.optional(text),
  /** An organization key's workspaces: none named → the first, with a `warning`. */
  workspaces: v.optional(list(name))
})
export type TeamConfig = v.InferOutput<typeof TeamSchema>

const EnvironmentSchema = strict({
  id: name,
  alias: v.optional(name),
  deploymentUrl: v.optional(name)
})
export type EnvironmentConfig = v.InferOutput<typeof EnvironmentSchema>

const CONCLUSIONS = [
  'success',
  'failure',
  'neutral',
  'cancelled',
  'skipped',
  'timed_out',
  'action_required',
  'startup_failure',
  'stale'
] as const

/** How QA Wolf's "QA Wolf Test Results" check run ends for a deployment of an environment. */
const CheckTemplateSchema = strict({
  /** The environment reported (`pr-*` a family); absent: any. */
  environment: v.optional(name),
  conclusion: oneOf(CONCLUSIONS),
  /** Posted after this many reads of the commit's check runs (default 1), or this long after. */
  afterPolls: v.optional(count()),
  afterMs: v.optional(count()),
  title: v.optional(text),
  summary: v.optional(text),
  detailsUrl: v.optional(text)
})
export type CheckTemplate = v.InferOutput<typeof CheckTemplateSchema>

const PresetCheckRunSchema = strict({
  repository: name,
  sha: name,
  name: v.optional(name),
  /** The posting app's slug; default the emulated QA Wolf App's. */
  app: v.optional(name),
  status: v.optional(oneOf(['queued', 'in_progress', 'completed'] as const)),
  conclusion: v.optional(oneOf(CONCLUSIONS)),
  startedAt: v.optional(name),
  /** Default one suite per app. */
  suite: v.optional(count(1)),
  title: v.optional(text),
  summary: v.optional(text),
  detailsUrl: v.optional(text)
})
export type PresetCheckRun = v.InferOutput<typeof PresetCheckRunSchema>

const GitHubSchema = strict({
  app: v.optional(name),
  /** Repositories connected to QA Wolf: only their notified commits get checks. */
  connected: v.optional(list(name)),
  checks: v.optional(list(CheckTemplateSchema)),
  checkRuns: v.optional(list(PresetCheckRunSchema)),
  /** The largest page of a list (default GitHub's 100). */
  perPage: v.optional(count(1)),
  rateLimit: v.optional(count(1)),
  /** Who GET /user says the token is; absent: 403, as for GITHUB_TOKEN. */
  tokenLogin: v.optional(name),
  refuse: v.optional(status(400, 599)),
  pullRequests: v.optional(list(strict({ repository: name, number: count(1), headSha: name }))),
  defaultBranch: v.optional(name),
  branches: v.optional(
    list(strict({ repository: name, name, commits: list(name), from: v.optional(name) }))
  ),
  commits: v.optional(list(strict({ repository: name, sha: name, parents: list(name) })))
})
export type GitHubConfig = v.InferOutput<typeof GitHubSchema>

const ConfigSchema = strict({
  $schema: v.optional(v.unknown()),
  description: v.optional(text),
  /** Base of the URLs in responses; default: the emulator's own URL. */
  publicUrl: v.optional(
    v.pipe(
      name,
      v.regex(/^https?:\/\/[^/]/, expecting('an http(s) URL such as "https://qa.example.com"')),
      v.transform(url => url.replace(/\/+$/, ''))
    )
  ),
  teams: list(TeamSchema),
  triggers: v.optional(list(TriggerSchema)),
  runs: v.optional(list(RunConfigSchema)),
  faults: v.optional(FaultsSchema),
  skippedDeployment: v.optional(strict({ reason: name, message: text })),
  environments: v.optional(list(EnvironmentSchema)),
  shape: v.optional(oneOf(SHAPES)),
  github: v.optional(GitHubSchema)
})
export type EmulatorConfig = v.InferOutput<typeof ConfigSchema>

function placeOf(source: string, issue: v.BaseIssue<unknown>): string {
  const path = [...(issue.path ?? [])]
  // An unknown or missing field is reported at the object that has (or lacks) it.
  const atObject =
    issue.type === 'strict_object' && (issue.expected === 'never' || issue.input === undefined)
  if (atObject) path.pop()
  return (
    source +
    path
      .map(item => (typeof item.key === 'number' ? `[${item.key}]` : `.${String(item.key)}`))
      .join('')
  )
}

function check<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  source: string
): v.InferOutput<S> {
  const result = v.safeParse(schema, value, { abortEarly: true })
  if (result.success) return result.output
  const [issue] = result.issues
  throw new ConfigError(`${placeOf(source, issue)}: ${issue.message}`)
}

function unique(ids: readonly string[], path: string, what: string): void {
  const seen = new Set<string>()
  for (const id of ids) {
    if (seen.has(id)) throw new ConfigError(`${path}: duplicate ${what} ${JSON.stringify(id)}`)
    seen.add(id)
  }
}

function checkTimeline(timeline: readonly TimelineEntry[], path: string): void {
  timeline.forEach((entry, i) => {
    const at = `${path}.timeline[${i}]`
    const lasts = entry.durationMs !== undefined || entry.polls !== undefined
    if (i === timeline.length - 1) {
      if (lasts) {
        throw new ConfigError(
          `${at}: the last timeline entry lasts forever, so it takes neither "durationMs" nor "polls"`
        )
      }
      return
    }
    if (TERMINAL_STAGES.includes(entry.stage)) {
      throw new ConfigError(
        `${at}: "${entry.stage}" is terminal, so it can only be the last timeline entry`
      )
    }
    if ((entry.durationMs === undefined) === (entry.polls === undefined)) {
      throw new ConfigError(
        `${at}: give exactly one of "durationMs" (milliseconds) or "polls" (answered queries) for how long "${entry.stage}" lasts`
      )
    }
  })
}

function checkTemplate(template: RunTemplate, path: string): void {
  if (template.timeline !== undefined) checkTimeline(template.timeline, path)
  unique(
    (template.bugs ?? []).map(bug => bug.id),
    `${path}.bugs`,
    'bug id'
  )
}

export function parsePriority(value: unknown, path: string): Priority {
  return check(PriorityField, value, path)
}

export function parseRunConfig(value: unknown, path: string): RunConfig {
  const run = check(RunConfigSchema, value, path)
  checkTemplate(run, path)
  return run
}

export function parseFaults(value: unknown, path = 'faults'): FaultsConfig {
  return check(FaultsSchema, value, path)
}

export function parseConfig(value: unknown, source = 'config'): EmulatorConfig {
  const { $schema: _ignored, ...config } = check(ConfigSchema, value, source)
  const triggers = config.triggers ?? []
  const runs = config.runs ?? []
  const ids: [string, string[], string][] = [
    ['teams', config.teams.map(team => team.apiKey), 'apiKey'],
    ['triggers', triggers.map(trigger => trigger.id), 'trigger id'],
    ['runs', runs.map(run => run.id), 'run id'],
    ['environments', (config.environments ?? []).map(e => e.id), 'environment id']
  ]
  for (const [field, list, what] of ids) unique(list, `${source}.${field}`, what)
  triggers.forEach((trigger, i) => {
    if (trigger.run !== undefined) checkTemplate(trigger.run, `${source}.triggers[${i}].run`)
  })
  runs.forEach((run, i) => {
    checkTemplate(run, `${source}.runs[${i}]`)
    if (run.supersededBy !== undefined && !runs.some(other => other.id === run.supersededBy)) {
      throw new ConfigError(
        `${source}.runs[${i}].supersededBy: no run with id ${JSON.stringify(run.supersededBy)} in "runs"`
      )
    }
  })
  return config
}

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
