// The greenlight answer's schema, strict on what decides, tolerant of what is only shown; only
// greenlight's bundle carries it (greenlight mode hands it to the client).
import * as v from 'valibot'
import { isRecord } from './values.js'
import { isSafeRunId } from './parsers.js'

export type OutcomeWhenBlockingBugsInOtherWorkflows = 'green' | 'red'

const count = v.pipe(v.number(), v.integer(), v.minValue(0))
const texts = v.array(v.string())
const bugList = v.array(v.record(v.string(), v.unknown()))

/** Fields that only inform: kept with the type they are shown with, else left out and named
 * (missing too, unless optional: the others are documented as always sent). */
const INFORMING = {
  relevantRunUrl: v.string(),
  relevantRunWithBugsUrl: v.string(),
  rootRunUrl: v.string(),
  workflowsDisabledAfterRunCount: count,
  workflowsInRunCount: count,
  workflowsUnderInvestigationCount: count,
  nonBlockingBugsCount: v.optional(count),
  workflowsAutoRetryingCount: v.optional(count),
  nonBlockingBugUrls: v.optional(texts)
}
/** Decide only once the run is `completed`: before, they are shown like the informing fields (no
 * source shows them null or of another type then; if one day they are, the run is still waited for). */
const DECIDING_WHEN_COMPLETED = {
  blockingBugsCount: v.optional(count),
  blockingBugUrls: v.optional(texts),
  reproducedBugs: v.optional(bugList)
}
const BUG_INFORMING = v.partial(
  v.object({
    name: v.string(),
    // Documented as a number; earlier answers sent text.
    number: v.union([v.number(), v.string()]),
    isNew: v.boolean(),
    applicationUrl: v.string(),
    externalIssue: v.custom<Record<string, unknown>>(isRecord)
  })
).entries

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
  ...DECIDING_WHEN_COMPLETED,
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

/** The schema for one query: `otherBlockingBugsInEnvironment` decides only when it asks `red`. */
export function greenlightSchema(outcome?: OutcomeWhenBlockingBugsInOtherWorkflows) {
  const informing =
    outcome === 'red'
      ? INFORMING
      : { ...INFORMING, otherBlockingBugsInEnvironment: v.optional(bugList) }
  const dropped = new Set<string>()
  /** `record` without the fields of a type `schemas` refuses, each named in `dropped`. */
  const tolerate = (record: object, schemas: Record<string, v.GenericSchema>, prefix = '') => {
    const kept: Record<string, unknown> = { ...record }
    for (const [key, schema] of Object.entries(schemas)) {
      if (v.is(schema, kept[key])) continue
      delete kept[key]
      dropped.add(`${prefix}${key}`)
    }
    return kept
  }
  return v.pipe(
    v.unknown(),
    v.transform(data => {
      dropped.clear()
      if (!isRecord(data)) return data
      const completed = data['runStage'] === 'completed'
      const out = tolerate(
        data,
        completed ? informing : { ...informing, ...DECIDING_WHEN_COMPLETED }
      )
      for (const list of ['reproducedBugs', 'otherBlockingBugsInEnvironment']) {
        const bugs = out[list]
        if (!Array.isArray(bugs)) continue
        out[list] = bugs.map(bug =>
          isRecord(bug) ? tolerate(bug, BUG_INFORMING, `${list}[].`) : bug
        )
      }
      return out
    }),
    GreenlightSchema,
    v.transform((value): GreenlightResponse => {
      if (dropped.size > 0) Object.defineProperty(value, DROPPED_FIELDS, { value: [...dropped] })
      return value
    })
  )
}
