import { classifyBugs } from '../../src/greenlight/bugs.js'
import { isSafeRunId } from '../../src/core/run-ids.js'
import { describe, it, expect } from '@jest/globals'
import fc from 'fast-check'
import * as v from 'valibot'
import { RUN_STATUSES_WORST_FIRST, type RunOutcome } from '../../src/greenlight/run-outcome.js'
import { pollRun } from '../../src/greenlight/polling.js'
import { RUN_STAGES, type GreenlightResponse } from '../../src/service/schemas.js'
import {
  checkGreenlightResponse,
  GreenlightResponseSchema
} from '../../src/service/greenlight-answer.js'
import { aggregateVerdict, decideRun, judgeResponse } from '../../src/greenlight/verdict.js'
import { GREENLIGHT_OUTPUT_NAMES, verdictOutputs } from '../../src/greenlight/outputs.js'
import { judged } from '../helpers/responses.js'
import { parseServiceJson } from '../../src/service/read-body.js'
import { FakeClock } from '../helpers/fake-clock.js'
import { ALWAYS_PRESENT_FIELDS } from '../helpers/responses.js'

/** The run every one-query property asks about. */
const QUERIED_RUN_ID = 'run-1'

/** The contract's rule, written from the contract independently of src/greenlight/verdict.ts. */
/**
 * Stricter than the contract, never looser: a greenlight that lists a reproduced bug of high or
 * unset priority contradicts itself, a relevantRunId that is not a run ID cannot be asked about
 * next, and an answer whose rootRunId is not the run asked about is not about this run.
 */
function actionGreen(r: GreenlightResponse): boolean {
  const relevant = r.relevantRunId
  return (
    contractGreen(r) &&
    r.rootRunId === QUERIED_RUN_ID &&
    classifyBugs(r).blocking.length === 0 &&
    (relevant.trim() === '' || isSafeRunId(relevant))
  )
}

function contractGreen(r: Record<string, unknown>): boolean {
  const urls = r.blockingBugUrls
  return (
    r.greenlight === true &&
    r.runStage === 'completed' &&
    r.blockingBugsCount === 0 &&
    (urls === undefined || (Array.isArray(urls) && urls.length === 0))
  )
}

// Biased towards zero and empty, so that green and its near-misses are both common.
const count = fc.oneof(fc.constant(0), fc.nat({ max: 5 }))
const urls = fc.oneof(fc.constant<string[]>([]), fc.array(fc.webUrl(), { maxLength: 3 }))

/** Well-typed responses with every combination of stage, flag and optional field. */
const greenlightResponse: fc.Arbitrary<GreenlightResponse> = fc.record(
  {
    greenlight: fc.boolean(),
    relevantRunId: fc.string({ minLength: 1 }),
    relevantRunUrl: fc.webUrl(),
    relevantRunWithBugsUrl: fc.webUrl(),
    rootRunId: fc.oneof(fc.constant(QUERIED_RUN_ID), fc.string({ minLength: 1 })),
    rootRunUrl: fc.webUrl(),
    runStage: fc.constantFrom(...RUN_STAGES),
    workflowsDisabledAfterRunCount: count,
    workflowsInRunCount: count,
    workflowsUnderInvestigationCount: count,
    blockingBugsCount: count,
    nonBlockingBugsCount: count,
    workflowsAutoRetryingCount: count,
    blockingBugUrls: urls,
    nonBlockingBugUrls: urls,
    reproducedBugs: fc.array(fc.dictionary(fc.string(), fc.jsonValue()), { maxLength: 2 })
  },
  { requiredKeys: [...ALWAYS_PRESENT_FIELDS] }
)

/**
 * Near-misses of the wire format: each field is usually right but sometimes of the wrong type,
 * spelling or range (a string "true", "Completed", a count of "0", -1, 0.5, null, a missing
 * field), which is what a proxy, a service bug or an API change would produce.
 */
const almostResponse: fc.Arbitrary<Record<string, unknown>> = greenlightResponse.chain(valid =>
  fc
    .record({
      greenlight: fc.oneof(
        fc.constant(valid.greenlight),
        fc.constantFrom('true', 1, null, undefined, true)
      ),
      runStage: fc.oneof(
        fc.constant(valid.runStage),
        fc.constantFrom('Completed', 'complete', 'done', '', null, undefined, 'completed')
      ),
      blockingBugsCount: fc.oneof(
        fc.constant(valid.blockingBugsCount),
        fc.constantFrom(0, '0', -1, 0.5, null, Number.NaN, undefined)
      ),
      blockingBugUrls: fc.oneof(
        fc.constant(valid.blockingBugUrls),
        fc.constantFrom([], 'https://x', null, [1], undefined)
      ),
      relevantRunId: fc.oneof(
        fc.constant(valid.relevantRunId),
        fc.constantFrom(7, null, undefined)
      ),
      workflowsInRunCount: fc.oneof(
        fc.constant(valid.workflowsInRunCount),
        fc.constantFrom('3', -2, undefined)
      )
    })
    .map(changes => {
      const r: Record<string, unknown> = { ...valid, ...changes }
      for (const [key, value] of Object.entries(changes)) if (value === undefined) delete r[key]
      return r
    })
)

/**
 * The answer as the check reads it (informing fields of an unexpected type left out), as a
 * valibot result of the strict schema.
 */
function checked(raw: unknown): ReturnType<typeof v.safeParse<typeof GreenlightResponseSchema>> {
  const result = checkGreenlightResponse(JSON.parse(JSON.stringify(raw) ?? 'null'))
  return result.ok
    ? v.safeParse(GreenlightResponseSchema, result.value)
    : v.safeParse(GreenlightResponseSchema, undefined)
}

/** What the action concludes from one answer on the wire: the client reads it, the engine judges. */
async function greenAfterOneQuery(answer: unknown): Promise<{ green: boolean; status: string }> {
  const text = JSON.stringify(answer) ?? ''
  const outcome = await pollRun(
    QUERIED_RUN_ID,
    {
      query: async () =>
        parseServiceJson(text, 'application/json', checkGreenlightResponse, t => t),
      clock: new FakeClock(),
      random: () => 0.5
    },
    { timeoutMs: 0, pollIntervalMs: 1000, wait: false }
  )
  const verdict = aggregateVerdict([decideRun(outcome)])
  return { green: verdict.green, status: verdict.status }
}

describe('the fail-closed rule (property-based)', () => {
  it('judgeResponse is green exactly when the contract says so', () => {
    fc.assert(
      fc.property(greenlightResponse, r => {
        const judged = judgeResponse(r)
        // Never green against the contract's rule; within it, only the extra checks say no.
        if (judged.green) expect(contractGreen(r)).toBe(true)
        expect(judged.green).toBe(contractGreen(r) && classifyBugs(r).blocking.length === 0)
        // Green is only ever a terminal `passed`; anything else is not green.
        expect(judged.status === 'passed').toBe(judged.green)
        if (judged.green) expect(judged.contradiction).toBeUndefined()
      }),
      { numRuns: 2000 }
    )
  })

  it('a response that fails the check is never green; one that passes is green by the rule', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(almostResponse, fc.jsonValue(), fc.anything()), async raw => {
        const parsed = checked(raw)
        const { green, status } = await greenAfterOneQuery(raw)
        if (!parsed.success) {
          expect(green).toBe(false)
          expect(status).toBe('error')
        } else {
          expect(green).toBe(actionGreen(parsed.output))
        }
      }),
      { numRuns: 1000 }
    )
  })

  it('only a valid response can be green, and then exactly by the rule on its raw fields', async () => {
    await fc.assert(
      fc.asyncProperty(almostResponse, async raw => {
        const { green } = await greenAfterOneQuery(raw)
        const parsed = checked(raw)
        expect(green).toBe(parsed.success && contractGreen(raw) && actionGreen(parsed.output))
      }),
      { numRuns: 1000 }
    )
  })
})

const runOutcome: fc.Arbitrary<RunOutcome> = fc.record({
  rootRunId: fc.string({ minLength: 1 }),
  status: fc.constantFrom(...RUN_STATUSES_WORST_FIRST),
  queries: fc.nat(),
  lastResponse: fc.option(greenlightResponse, { nil: undefined })
})

describe('aggregation (property-based)', () => {
  it('is green exactly when there is a run and every run passed; the status is the worst', () => {
    fc.assert(
      fc.property(fc.array(runOutcome, { maxLength: 6 }), runs => {
        const verdict = aggregateVerdict(runs)
        expect(verdict.green).toBe(runs.length > 0 && runs.every(r => r.status === 'passed'))
        const present = new Set(runs.map(r => r.status))
        const worst = RUN_STATUSES_WORST_FIRST.find(s => present.has(s)) ?? 'error'
        expect(verdict.status).toBe(worst)
      }),
      { numRuns: 2000 }
    )
  })

  it('outputs always have every key, `greenlight` mirrors the verdict, and one line per run', () => {
    fc.assert(
      fc.property(fc.array(runOutcome, { minLength: 1, maxLength: 4 }), runs => {
        const outputs = verdictOutputs(judged(runs))
        expect(Object.keys(outputs).sort()).toEqual([...GREENLIGHT_OUTPUT_NAMES].sort())
        expect(outputs.greenlight).toBe(runs.every(r => r.status === 'passed') ? 'true' : 'false')
        for (const name of [
          'run-stage',
          'root-run-id',
          'relevant-run-id',
          'relevant-run-url'
        ] as const) {
          expect(outputs[name].split('\n')).toHaveLength(runs.length)
        }
        // The last answer of every run that had one, and never a null entry.
        expect(JSON.parse(outputs.result)).toHaveLength(
          runs.filter(run => run.lastResponse !== undefined).length
        )
        expect(JSON.parse(outputs.result)).not.toContain(null)
      }),
      { numRuns: 500 }
    )
  })
})
