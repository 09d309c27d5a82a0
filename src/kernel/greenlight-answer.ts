// The greenlight answer's schema, strict on what decides, tolerant of what is only shown; only
// greenlight's bundle carries it (greenlight mode hands it to the client).
import * as v from 'valibot'
import { isRecord } from './values.js'
import { isSafeRunId } from './parsers.js'

export type OutcomeWhenBlockingBugsInOtherWorkflows = 'green' | 'red'

const count = v.pipe(v.number(), v.integer(), v.minValue(0))
const texts = v.array(v.string())
const bugList = v.array(v.record(v.string(), v.unknown()))

/** Fields that only inform: kept with the type they are shown with, else left out and named. */
const INFORMING = {
  relevantRunUrl: v.string(),
  relevantRunWithBugsUrl: v.string(),
  rootRunUrl: v.string(),
  workflowsDisabledAfterRunCount: count,
  workflowsInRunCount: count,
  workflowsUnderInvestigationCount: count,
  nonBlockingBugsCount: count,
  workflowsAutoRetryingCount: count,
  nonBlockingBugUrls: texts
}
/** Informing fields documented as always sent: missing, they are named too. */
const ALWAYS_SENT = Object.keys(INFORMING).slice(0, 6)
const BUG_INFORMING: Readonly<Record<string, (value: unknown) => boolean>> = {
  name: value => typeof value === 'string',
  // Documented as a number; earlier answers sent text.
  number: value => typeof value === 'number' || typeof value === 'string',
  isNew: value => typeof value === 'boolean',
  applicationUrl: value => typeof value === 'string',
  externalIssue: isRecord
}

const GreenlightSchema = v.looseObject({
  greenlight: v.boolean(),
  /** Blank: no superseding run. Otherwise the next path segment, so `..` or `/` must not pass. */
  relevantRunId: v.pipe(
    v.string(),
    v.check(id => id.trim() === '' || isSafeRunId(id), 'not a valid run ID')
  ),
  rootRunId: v.string(),
  runStage: v.pipe(
    v.string(),
    v.check(stage => stage.trim() !== '', 'a run stage')
  ),
  blockingBugsCount: v.optional(count),
  blockingBugUrls: v.optional(texts),
  reproducedBugs: v.optional(bugList),
  otherBlockingBugsInEnvironment: v.optional(bugList),
  ...v.partial(v.object(INFORMING)).entries
})
export type GreenlightResponse = v.InferOutput<typeof GreenlightSchema>
export type ReproducedBug = NonNullable<GreenlightResponse['reproducedBugs']>[number]

/** Where a checked answer lists the informing fields left out: no field of it can pose as it. */
const DROPPED_FIELDS = Symbol('fields left out of a greenlight answer')

export function droppedFields(response: object): readonly string[] {
  return (response as { [DROPPED_FIELDS]?: readonly string[] })[DROPPED_FIELDS] ?? []
}

/** The answer with each informing field of an unexpected type left out, and their names. */
function withoutDrift(data: unknown, otherBugsDecide: boolean) {
  const dropped: string[] = []
  if (!isRecord(data)) return { data, dropped }
  const out: Record<string, unknown> = { ...data }
  const informing: Record<string, v.GenericSchema> = { ...INFORMING }
  if (!otherBugsDecide) informing['otherBlockingBugsInEnvironment'] = bugList
  for (const [key, schema] of Object.entries(informing)) {
    if (key in out ? v.is(schema, out[key]) : !ALWAYS_SENT.includes(key)) continue
    dropped.push(key)
    delete out[key]
  }
  for (const list of ['reproducedBugs', 'otherBlockingBugsInEnvironment']) {
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

/** The schema for one query: `otherBlockingBugsInEnvironment` decides only when it asks `red`. */
export function greenlightSchema(outcome?: OutcomeWhenBlockingBugsInOtherWorkflows) {
  let dropped: string[] = []
  return v.pipe(
    v.unknown(),
    v.transform(data => {
      const tolerated = withoutDrift(data, outcome === 'red')
      dropped = tolerated.dropped
      return tolerated.data
    }),
    GreenlightSchema,
    v.transform((value): GreenlightResponse => {
      if (dropped.length > 0) Object.defineProperty(value, DROPPED_FIELDS, { value: dropped })
      return value
    })
  )
}
