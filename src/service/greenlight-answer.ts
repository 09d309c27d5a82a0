// The greenlight answer decides a verdict, so every field that decides is checked by a valibot
// schema (docs/adr/0003), and the type is inferred from it (schemas.ts). Strict only on what
// decides: `greenlight`, `runStage`, `blockingBugsCount`, `blockingBugUrls`, the bug lists (each
// bug's `isBlocking` and `priority` are read fail-closed in greenlight/bugs.ts),
// `otherBlockingBugsInEnvironment` when it decides (`red`), `rootRunId` and `relevantRunId`. A field
// that only informs (run URLs, workflow counts, non-blocking counts and URLs, a bug's name, number,
// isNew, applicationUrl and externalIssue) is kept when it has the expected type and otherwise left
// out and named (`DROPPED_FIELDS`), so that the step warns once and the verdict is the one the
// deciding fields give. Its own module, loaded with `import()` by the greenlight endpoint only:
// notify and terminate never load valibot.
import * as v from 'valibot'
import { isSafeRunId } from '../core/run-ids.js'
import { isRecord } from '../core/is-record.js'
import type { AnswerCheck } from './read-body.js'
import {
  DROPPED_FIELDS,
  type GreenlightResponse,
  type OutcomeWhenBlockingBugsInOtherWorkflows
} from './schemas.js'

const count = v.pipe(v.number(), v.integer(), v.minValue(0))
const text = v.string()
const texts = v.array(v.string())

/**
 * A bug entry (`reproducedBugs`, `otherBlockingBugsInEnvironment`): `{ name, number, priority,
 * isBlocking, isNew, applicationUrl, externalIssue }` as documented, read field by field in
 * greenlight/bugs.ts so that one odd field cannot make a whole answer unreadable.
 */
export const ReproducedBugSchema = v.record(v.string(), v.unknown())
const bugList = v.array(ReproducedBugSchema)

/**
 * The fields that only inform, each with the type it is shown with: the one list, read by the
 * schema (each optional) and by `withoutDrift` (left out, and named, when its type is unexpected).
 */
const INFORMING = {
  relevantRunUrl: text,
  relevantRunWithBugsUrl: text,
  rootRunUrl: text,
  workflowsDisabledAfterRunCount: count,
  workflowsInRunCount: count,
  workflowsUnderInvestigationCount: count,
  nonBlockingBugsCount: count,
  workflowsAutoRetryingCount: count,
  nonBlockingBugUrls: texts
} as const

type OptionalFields<T extends Record<string, v.GenericSchema>> = {
  [K in keyof T]: v.OptionalSchema<T[K], undefined>
}

function optionalFields<T extends Record<string, v.GenericSchema>>(fields: T): OptionalFields<T> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, schema]) => [key, v.optional(schema)])
  ) as OptionalFields<T>
}

export const GreenlightResponseSchema = v.looseObject({
  greenlight: v.boolean(),
  /** Blank: no superseding run. Otherwise the next path segment, so `..` or `/` must not pass. */
  relevantRunId: v.pipe(
    v.string(),
    v.check(id => id.trim() === '' || isSafeRunId(id), 'not a valid run ID')
  ),
  rootRunId: v.string(),
  /** Any non-blank stage: one the action does not know is not terminal (never green). */
  runStage: v.pipe(
    v.string(),
    v.check(stage => stage.trim() !== '', 'a run stage')
  ),
  blockingBugsCount: v.optional(count),
  blockingBugUrls: v.optional(texts),
  reproducedBugs: v.optional(bugList),
  /** Blocking bugs in workflows of the environment that did not run in this run. */
  otherBlockingBugsInEnvironment: v.optional(bugList),
  ...optionalFields(INFORMING)
})

/** Informing fields the service documents as always present: missing, they are named too. */
const ALWAYS_SENT = new Set<keyof typeof INFORMING>([
  'relevantRunUrl',
  'relevantRunWithBugsUrl',
  'rootRunUrl',
  'workflowsDisabledAfterRunCount',
  'workflowsInRunCount',
  'workflowsUnderInvestigationCount'
])

const BUG_INFORMING: Readonly<Record<string, (value: unknown) => boolean>> = {
  name: value => typeof value === 'string',
  // Documented as a number; earlier answers sent text.
  number: value => typeof value === 'number' || typeof value === 'string',
  isNew: value => typeof value === 'boolean',
  applicationUrl: value => typeof value === 'string',
  externalIssue: isRecord
}

/**
 * The answer with every informing field of an unexpected type left out, and the names of those
 * fields. Deciding fields are left as they are, for the schema to judge.
 */
function withoutDrift(
  data: unknown,
  otherBugsDecide: boolean
): { data: unknown; dropped: string[] } {
  if (!isRecord(data)) return { data, dropped: [] }
  const out: Record<string, unknown> = { ...data }
  const dropped: string[] = []
  for (const [key, schema] of Object.entries(INFORMING)) {
    const value = out[key]
    if (value === undefined && !(key in out)) {
      if (ALWAYS_SENT.has(key as keyof typeof INFORMING)) dropped.push(key)
      continue
    }
    if (!v.is(schema, value)) {
      delete out[key]
      dropped.push(key)
    }
  }
  const others = out['otherBlockingBugsInEnvironment']
  if (!otherBugsDecide && others !== undefined && !v.is(bugList, others)) {
    delete out['otherBlockingBugsInEnvironment']
    dropped.push('otherBlockingBugsInEnvironment')
  }
  for (const list of ['reproducedBugs', 'otherBlockingBugsInEnvironment'] as const) {
    const bugs = out[list]
    if (!Array.isArray(bugs)) continue
    const seen = new Set<string>()
    out[list] = bugs.map(bug => {
      if (!isRecord(bug)) return bug
      const kept: Record<string, unknown> = { ...bug }
      for (const [field, expected] of Object.entries(BUG_INFORMING)) {
        if (!(field in kept) || expected(kept[field])) continue
        delete kept[field]
        if (!seen.has(field)) dropped.push(`${list}[].${field}`)
        seen.add(field)
      }
      return kept
    })
  }
  return { data: out, dropped }
}

/**
 * The reader's check for one greenlight query: each valibot issue as "field 'x': what is wrong".
 * `otherBlockingBugsInEnvironment` decides only when the query asks for `red`.
 */
export function greenlightAnswerCheck(
  outcome: OutcomeWhenBlockingBugsInOtherWorkflows | undefined
): AnswerCheck<GreenlightResponse> {
  return data => {
    const tolerated = withoutDrift(data, outcome === 'red')
    const result = v.safeParse(GreenlightResponseSchema, tolerated.data)
    if (result.success) {
      const value: GreenlightResponse = result.output
      if (tolerated.dropped.length > 0) {
        Object.defineProperty(value, DROPPED_FIELDS, { value: tolerated.dropped })
      }
      return { ok: true, value }
    }
    const problems = result.issues.map(issue => {
      const path = v.getDotPath(issue)
      const problem =
        issue.received === 'undefined'
          ? 'missing'
          : issue.type === 'check'
            ? issue.message
            : `expected ${issue.expected ?? 'a valid value'}`
      return `${path ? `field '${path}'` : 'the body'}: ${problem}`
    })
    return { ok: false, problems }
  }
}

/** The check of a query that does not ask for `red`. */
export const checkGreenlightResponse: AnswerCheck<GreenlightResponse> =
  greenlightAnswerCheck(undefined)
