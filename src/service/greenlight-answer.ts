// The greenlight answer decides a verdict, so every field that decides is checked by a valibot
// schema (docs/adr/0003), and the type is inferred from it (schemas.ts). Its own module, loaded
// with `import()` by the greenlight endpoint only: notify and terminate never load valibot.
import * as v from 'valibot'
import { isSafeRunId } from '../core/run-ids.js'
import type { AnswerCheck } from './read-body.js'
import { RUN_STAGES, type GreenlightResponse } from './schemas.js'

const count = v.pipe(v.number(), v.integer(), v.minValue(0))

/**
 * A bug entry (`reproducedBugs`, `otherBlockingBugsInEnvironment`): `{ name, number, priority,
 * isBlocking, isNew, applicationUrl, externalIssue }` as documented, read field by field in
 * greenlight/bugs.ts so that one odd field cannot make a whole answer unreadable.
 */
export const ReproducedBugSchema = v.record(v.string(), v.unknown())

export const GreenlightResponseSchema = v.looseObject({
  greenlight: v.boolean(),
  /** Blank: no superseding run. Otherwise the next path segment, so `..` or `/` must not pass. */
  relevantRunId: v.pipe(
    v.string(),
    v.check(id => id.trim() === '' || isSafeRunId(id), 'not a valid run ID')
  ),
  relevantRunUrl: v.string(),
  relevantRunWithBugsUrl: v.string(),
  rootRunId: v.string(),
  rootRunUrl: v.string(),
  runStage: v.picklist(RUN_STAGES),
  workflowsDisabledAfterRunCount: count,
  workflowsInRunCount: count,
  workflowsUnderInvestigationCount: count,
  blockingBugsCount: v.optional(count),
  nonBlockingBugsCount: v.optional(count),
  workflowsAutoRetryingCount: v.optional(count),
  blockingBugUrls: v.optional(v.array(v.string())),
  nonBlockingBugUrls: v.optional(v.array(v.string())),
  reproducedBugs: v.optional(v.array(ReproducedBugSchema)),
  /** Blocking bugs in workflows of the environment that did not run in this run. */
  otherBlockingBugsInEnvironment: v.optional(v.array(ReproducedBugSchema))
})

/** The schema as the reader's check: each valibot issue as "field 'x': what is wrong". */
export const checkGreenlightResponse: AnswerCheck<GreenlightResponse> = data => {
  const result = v.safeParse(GreenlightResponseSchema, data)
  if (result.success) return { ok: true, value: result.output }
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
