// The emulator's JSON configuration (its fields: emulator/README.md): its valibot schema and the
// types derived from it. People write these files by hand, so every error names the exact place
// (`demo.json.triggers[2].run.timeline[0].stage`).
import * as v from 'valibot'

const STAGES = ['initializing', 'underReview', 'completed', 'canceled'] as const
export type Stage = (typeof STAGES)[number]
export const TERMINAL_STAGES: readonly Stage[] = ['completed', 'canceled']

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** An object with exactly these fields: an unknown one is named with the list of accepted ones. */
function strict<E extends v.ObjectEntries>(entries: E) {
  const accepted = Object.keys(entries).join(', ')
  return v.strictObject(entries, issue =>
    issue.expected === 'never'
      ? `unknown field ${String(issue.received)}; accepted fields: ${accepted}`
      : issue.message
  )
}

const text = v.string()
const name = v.pipe(v.string(), v.minLength(1))
const flag = v.boolean()
const count = (min = 0) => v.pipe(v.number(), v.integer(), v.minValue(min))
const status = (min: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(599))

/** A list whose items' `key` values are unique. */
function uniqueList<T extends v.GenericSchema>(item: T, key = 'id') {
  return v.pipe(
    v.array(item),
    v.check(items => {
      const values = (items as Record<string, unknown>[]).map(entry => entry[key])
      return new Set(values).size === values.length
    }, `every ${key} must be unique`)
  )
}

/** Every entry but the last lasts `durationMs` or `polls` and is not terminal; the last lasts forever. */
function timelineProblem(timeline: TimelineEntry[]): string | undefined {
  for (const [i, entry] of timeline.entries()) {
    const lasts = entry.durationMs !== undefined || entry.polls !== undefined
    const problem =
      i === timeline.length - 1
        ? lasts && 'the last entry lasts forever, so it takes neither "durationMs" nor "polls"'
        : TERMINAL_STAGES.includes(entry.stage)
          ? `"${entry.stage}" is terminal, so it can only be the last entry`
          : (entry.durationMs === undefined) === (entry.polls === undefined) &&
            `give exactly one of "durationMs" or "polls" for how long "${entry.stage}" lasts`
    if (problem) return `entry ${i}: ${problem}`
  }
  return undefined
}

/** `unprioritized` (or null) is unset, which blocks. */
const PriorityField = v.nullable(v.picklist(['urgent', 'high', 'medium', 'low', 'unprioritized']))
export type Priority = v.InferOutput<typeof PriorityField>

const counts = {
  workflowsUnderInvestigation: v.optional(count()),
  workflowsAutoRetrying: v.optional(count()),
  workflowsDisabledAfterRun: v.optional(count())
}

const TimelineEntrySchema = strict({
  stage: v.picklist(STAGES),
  durationMs: v.optional(count()),
  polls: v.optional(count()),
  ...counts
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
  externalIssueUrl: v.optional(text),
  isBlocking: v.optional(flag)
})
export type BugConfig = v.InferOutput<typeof BugSchema>

const templateEntries = {
  timeline: v.optional(
    v.pipe(
      v.array(TimelineEntrySchema),
      v.minLength(1),
      v.check(
        timeline => timelineProblem(timeline) === undefined,
        issue => timelineProblem(issue.input as TimelineEntry[]) ?? ''
      )
    )
  ),
  workflowsInRun: v.optional(count()),
  ...counts,
  bugs: v.optional(uniqueList(BugSchema)),
  otherWorkflowsBlockingBugs: v.optional(count()),
  legacy: v.optional(flag),
  notFoundPolls: v.optional(count())
}
const RunTemplateSchema = strict(templateEntries)
export type RunTemplate = v.InferOutput<typeof RunTemplateSchema>
const RunConfigSchema = strict({ id: name, ...templateEntries })
export type RunConfig = v.InferOutput<typeof RunConfigSchema>

const RetryAfterSchema = v.union([
  text,
  strict({ seconds: count() }),
  strict({ dateInSeconds: count() })
])

/**
 * A fault of `kind` with these fields and `processed`: the request is handled (state changes)
 * before the fault hits it, e.g. a 504 after a run was created.
 */
const fault = <K extends string, E extends v.ObjectEntries = Record<never, never>>(
  kind: K,
  entries: E = {} as E
) => strict({ kind: v.literal(kind), ...entries, processed: v.optional(flag) })

const FaultOptions = [
  fault('status', { status: status(400) }),
  fault('rate-limit', { retryAfter: v.optional(RetryAfterSchema) }),
  fault('reset-before-headers'),
  fault('reset-after-headers'),
  // A slow answer is always handled: `processed` means nothing for it.
  strict({ kind: v.literal('slow'), delayMs: count() }),
  fault('html', { status: status(200) }),
  fault('truncated-json'),
  fault('wrong-shape', { body: v.optional(v.unknown()) }),
  fault('echo-key'),
  fault('duplicate-key'),
  fault('deep-nesting'),
  fault('cut-after-status-line'),
  fault('cut-in-headers'),
  fault('header-overflow'),
  fault('compressed', { encoding: v.optional(v.picklist(['gzip', 'deflate', 'br'])) }),
  fault('replay', { status: v.optional(status(200)), body: v.unknown() })
] as const
const FaultSchema = v.variant('kind', FaultOptions)
export type FaultSpec = v.InferOutput<typeof FaultSchema>

const RouteFaultsSchema = strict({
  script: v.optional(v.array(v.nullable(FaultSchema))),
  random: v.optional(
    strict({
      seed: v.pipe(v.number(), v.integer()),
      probability: v.pipe(v.number(), v.minValue(0), v.maxValue(1)),
      kinds: v.pipe(v.array(FaultSchema), v.minLength(1))
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
  previews: v.optional(flag),
  run: v.optional(RunTemplateSchema)
})
export type TriggerConfig = v.InferOutput<typeof TriggerSchema>

const TeamSchema = strict({
  apiKey: name,
  disabled: v.optional(flag),
  name: v.optional(text),
  workspaces: v.optional(v.array(name))
})
export type TeamConfig = v.InferOutput<typeof TeamSchema>

const EnvironmentSchema = strict({
  id: name,
  alias: v.optional(name),
  deploymentUrl: v.optional(name)
})
export type EnvironmentConfig = v.InferOutput<typeof EnvironmentSchema>

const CONCLUSIONS =
  'success failure neutral cancelled skipped timed_out action_required startup_failure stale'.split(
    ' '
  )

/** How QA Wolf's "QA Wolf Test Results" check run ends for a deployment of an environment. */
/** What a check run shows. */
const output = { title: v.optional(text), summary: v.optional(text), detailsUrl: v.optional(text) }

const CheckTemplateSchema = strict({
  environment: v.optional(name),
  conclusion: v.picklist(CONCLUSIONS),
  afterPolls: v.optional(count()),
  ...output
})
export type CheckTemplate = v.InferOutput<typeof CheckTemplateSchema>

const PresetCheckRunSchema = strict({
  repository: name,
  sha: name,
  name: v.optional(name),
  app: v.optional(name),
  status: v.optional(v.picklist(['queued', 'in_progress', 'completed'])),
  conclusion: v.optional(v.picklist(CONCLUSIONS)),
  startedAt: v.optional(name),
  ...output
})
export type PresetCheckRun = v.InferOutput<typeof PresetCheckRunSchema>

const GitHubSchema = strict({
  connected: v.optional(v.array(name)),
  checks: v.optional(v.array(CheckTemplateSchema)),
  checkRuns: v.optional(v.array(PresetCheckRunSchema)),
  perPage: v.optional(count(1)),
  tokenLogin: v.optional(name),
  refuse: v.optional(status(400)),
  pullRequests: v.optional(v.array(strict({ repository: name, number: count(1), headSha: name }))),
  branches: v.optional(
    v.array(strict({ repository: name, name, commits: v.array(name), from: v.optional(name) }))
  ),
  commits: v.optional(v.array(strict({ repository: name, sha: name, parents: v.array(name) })))
})
export type GitHubConfig = v.InferOutput<typeof GitHubSchema>

const ConfigSchema = strict({
  description: v.optional(text),
  publicUrl: v.optional(
    v.pipe(
      text,
      v.regex(/^https?:\/\/[^/]/),
      v.transform(url => url.replace(/\/+$/, ''))
    )
  ),
  teams: uniqueList(TeamSchema, 'apiKey'),
  triggers: v.optional(uniqueList(TriggerSchema)),
  runs: v.optional(uniqueList(RunConfigSchema)),
  faults: v.optional(FaultsSchema),
  environments: v.optional(uniqueList(EnvironmentSchema)),
  shape: v.optional(v.picklist(['live', 'docs'])),
  github: v.optional(GitHubSchema)
})
export type EmulatorConfig = v.InferOutput<typeof ConfigSchema>

function check<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  source: string
): v.InferOutput<S> {
  const result = v.safeParse(schema, value, { abortEarly: true })
  if (result.success) return result.output
  const [issue] = result.issues
  const path = (issue.path ?? []).map(item =>
    typeof item.key === 'number' ? `[${item.key}]` : `.${String(item.key)}`
  )
  // An unknown field is reported at the object that has it.
  if (issue.expected === 'never') path.pop()
  throw new ConfigError(`${source}${path.join('')}: ${issue.message}`)
}

export function parsePriority(value: unknown, path: string): Priority {
  return check(PriorityField, value, path)
}

export function parseRunConfig(value: unknown, path: string): RunConfig {
  return check(RunConfigSchema, value, path)
}

export function parseConfig(value: unknown, source = 'config'): EmulatorConfig {
  return check(ConfigSchema, value, source)
}

export function parseConfigText(text: string, source: string): EmulatorConfig {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new ConfigError(`${source}: not valid JSON (${(error as Error).message})`)
  }
  return parseConfig(value, source)
}
