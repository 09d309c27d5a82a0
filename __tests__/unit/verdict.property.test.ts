import { describe, it, expect } from '@jest/globals'
import fc from 'fast-check'
import * as v from 'valibot'
import { classifyBugs } from '../../src/gate/bugs.js'
import { decideVerdict, judgeResponse, type RunOutcome } from '../../src/gate/verdict.js'
import { RUN_STATUSES_WORST_FIRST } from '../../src/gate/facts.js'
import { pollRun } from '../../src/gate/run-path.js'
import { RUN_STAGES, type GreenlightResponse } from '../../src/kernel/service.js'
import { droppedFields, greenlightSchema } from '../../src/kernel/greenlight-answer.js'
import { compactResponse } from '../../src/gate/compact-response.js'
import { verdictOutputs } from '../../src/gate/render.js'
import { readJson } from '../../src/kernel/http.js'
import { ALWAYS_PRESENT_FIELDS, judged } from '../helpers/responses.js'

/** The run every one-query property asks about. */
const QUERIED_RUN_ID = 'run-1'

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
    rootRunId: fc.string({ minLength: 1 }),
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

it('judgeResponse is green exactly when the contract says so (property-based)', () => {
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
    { numRuns: 200 }
  )
})

const runOutcome: fc.Arbitrary<RunOutcome> = fc.record({
  rootRunId: fc.string({ minLength: 1 }),
  status: fc.constantFrom(...RUN_STATUSES_WORST_FIRST),
  queries: fc.nat()
})

it('aggregation is green exactly when there is a run and every run passed; the status is the worst', () => {
  fc.assert(
    fc.property(fc.array(runOutcome, { maxLength: 6 }), runs => {
      const verdict = judged(runs)
      expect(verdict.green).toBe(runs.length > 0 && runs.every(r => r.status === 'passed'))
      const present = new Set(runs.map(r => r.status))
      const worst = RUN_STATUSES_WORST_FIRST.find(s => present.has(s)) ?? 'error'
      expect(verdict.status).toBe(worst)
    }),
    { numRuns: 300 }
  )
})

// Strict on what decides, tolerant of what informs: every field of a green and of a red answer,
// missing, null or of another type, through the check, compaction, polling and the verdict.
const BUG = 'https://qa.example.com/bugs'
const RUN = 'https://qa.example.com/runs/run-1'
const issue = {
  applicationUrl: 'https://jira.example.com/PROJ-1',
  externalIssueId: 'PROJ-1',
  platform: 'Jira'
}

const newWithIssue = { isNew: true, externalIssue: issue }

/** A bug entry as the service sends it, with `more` of its optional fields. */
const bug = (number: number, name: string, priority: string, more: Record<string, unknown>) => ({
  name,
  number,
  priority,
  applicationUrl: `${BUG}/${number}`,
  ...more
})

function answerOf(green: boolean): Record<string, unknown> {
  const blocking = green
    ? []
    : [1, 2].map(n => bug(n, `Checkout broken ${n}`, 'high', { isBlocking: true, ...newWithIssue }))
  return {
    greenlight: green,
    relevantRunId: QUERIED_RUN_ID,
    relevantRunUrl: RUN,
    relevantRunWithBugsUrl: `${RUN}?filter=bugs`,
    rootRunId: QUERIED_RUN_ID,
    rootRunUrl: RUN,
    runStage: 'completed',
    workflowsDisabledAfterRunCount: 1,
    workflowsInRunCount: 12,
    workflowsUnderInvestigationCount: 0,
    blockingBugsCount: blocking.length,
    nonBlockingBugsCount: 2,
    blockingBugUrls: blocking.map(bug => bug.applicationUrl),
    // Bug 6 is left to the priority rule: no list names it.
    nonBlockingBugUrls: [`${BUG}/5`],
    reproducedBugs: [
      ...blocking,
      // The service's own classification, and one left to the priority rule.
      bug(5, 'Typo', 'low', { isBlocking: false, isNew: false, externalIssue: issue }),
      bug(6, 'Slow page', 'medium', { isNew: true })
    ],
    otherBlockingBugsInEnvironment: [bug(9, 'Old typo', 'low', { isBlocking: false })],
    dashboard: { widgets: 3 }
  }
}

type Path = readonly (string | number)[]

/** Every field of an answer: its top-level keys and each key of each bug entry. */
function fieldPaths(answer: Record<string, unknown>): Path[] {
  const paths: Path[] = []
  for (const [key, value] of Object.entries(answer)) {
    paths.push([key])
    if (key === 'reproducedBugs' || key === 'otherBlockingBugsInEnvironment') {
      ;(value as Record<string, unknown>[]).forEach((bug, index) => {
        for (const field of Object.keys(bug)) paths.push([key, index, field])
      })
    }
  }
  return paths
}

const MISSING = Symbol('missing')
type Drift = typeof MISSING | null | string | number | boolean | object

function drifted(
  answer: Record<string, unknown>,
  path: Path,
  drift: Drift
): Record<string, unknown> {
  const copy = structuredClone(answer)
  const parent = valueAt(copy, path.slice(0, -1)) as Record<string | number, unknown>
  const last = path.at(-1)!
  if (drift === MISSING) delete parent[last]
  else parent[last] = drift
  return copy
}

const valueAt = (answer: unknown, path: Path): unknown =>
  path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)[key], answer)

function kind(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
}

const DECIDING_TOP = new Set([
  'greenlight',
  'runStage',
  'blockingBugsCount',
  'blockingBugUrls',
  'reproducedBugs',
  'rootRunId',
  'relevantRunId'
])

function decides(path: Path, outcome: 'green' | 'red'): boolean {
  const [top, , field] = path
  if (top === 'otherBlockingBugsInEnvironment' && outcome !== 'red') return false
  if (path.length === 1)
    return DECIDING_TOP.has(String(top)) || top === 'otherBlockingBugsInEnvironment'
  return field === 'isBlocking' || field === 'priority'
}

// A drift of a deciding field the documented rules read as a value: an absent list lists nothing;
// isBlocking wins over priority; without it, the priority rule classifies.
function documentedAbsence(answer: Record<string, unknown>, path: Path, drift: Drift): boolean {
  const [top, index, field] = path
  if (path.length === 1) {
    return (
      drift === MISSING &&
      ['blockingBugUrls', 'reproducedBugs', 'otherBlockingBugsInEnvironment'].includes(String(top))
    )
  }
  const bug = valueAt(answer, [top as string, index as number]) as Record<string, unknown>
  if (field === 'priority') return typeof bug['isBlocking'] === 'boolean'
  return (
    drift === MISSING &&
    field === 'isBlocking' &&
    ['medium', 'low'].includes(String(bug['priority']))
  )
}

/** What a step with one run concludes from `answer`, as far as the verdict and the red bugs go. */
async function stepOf(answer: unknown, outcome: 'green' | 'red') {
  const text = JSON.stringify(answer) ?? ''
  const check = greenlightSchema(outcome)
  const facts = await pollRun(
    QUERIED_RUN_ID,
    {
      query: async () => compactResponse(readJson(text, 'application/json', check, t => t)),
      // Time stands still: with wait: false a failure is asked again at most twice.
      clock: { now: () => 0, sleep: async () => {} },
      random: () => 0.5
    },
    { timeoutMs: 0, pollIntervalMs: 1000, wait: false }
  )
  const verdict = decideVerdict([facts], {
    outcomeWhenBlockingBugsInOtherWorkflows: outcome,
    wait: false,
    timeoutMs: 0
  })
  const outputs = verdictOutputs(verdict)
  const checked = v.safeParse(check, JSON.parse(text || 'null'))
  return {
    verdict: {
      status: verdict.status,
      greenlight: outputs.greenlight,
      'blocking-bug-urls': outputs['blocking-bug-urls'],
      'blocking-bugs-count': outputs['blocking-bugs-count'],
      blocking: verdict.bugs.blocking.shown.length
    },
    dropped: checked.success ? droppedFields(checked.output) : []
  }
}

const ALWAYS_SENT_INFORMING: readonly string[] = ALWAYS_PRESENT_FIELDS.filter(
  field => !DECIDING_TOP.has(field)
)

const DRIFTS: readonly Drift[] = [MISSING, null, 'text', 42, -1, 0.5, true, {}, [], [7], { a: 1 }]

/** Missing, null, or of another kind than the field's (a bug's number may also be text). */
function isDrift(answer: Record<string, unknown>, path: Path, drift: Drift): boolean {
  if (path[2] === 'number' && typeof drift === 'string') return false
  return drift === MISSING || kind(drift) !== kind(valueAt(answer, path))
}

describe('strict on what decides, tolerant of what informs (property-based)', () => {
  it('the two answers are green and red as they stand', async () => {
    expect((await stepOf(answerOf(true), 'red')).verdict).toMatchObject({ status: 'passed' })
    expect((await stepOf(answerOf(false), 'red')).verdict).toMatchObject({
      status: 'failed',
      'blocking-bugs-count': '2',
      blocking: 2
    })
  })

  it('never gives green when a deciding field drifts, and changes nothing that decides when an informing one does: every field of both answers, each drift, both outcomes', async () => {
    let cases = 0
    for (const green of [true, false]) {
      for (const outcome of ['green', 'red'] as const) {
        const answer = answerOf(green)
        const base = await stepOf(answer, outcome)
        for (const path of fieldPaths(answer)) {
          for (const drift of DRIFTS.filter(drift => isDrift(answer, path, drift))) {
            cases++
            const step = await stepOf(drifted(answer, path, drift), outcome)
            const about = `${JSON.stringify(path)} ${String(drift === MISSING ? 'missing' : JSON.stringify(drift))} (${outcome})`
            if (!decides(path, outcome)) {
              // The verdict and the red bug list stay as they were; the field is named once, if shown.
              expect([about, step.verdict]).toEqual([about, base.verdict])
              expect([about, step.dropped.filter(field => field === nameOf(path)).length]).toEqual([
                about,
                namedWhenDropped(path, drift) ? 1 : 0
              ])
            } else if (!documentedAbsence(answer, path, drift) || !green) {
              expect([about, step.verdict.greenlight]).toEqual([about, 'false'])
            }
          }
        }
      }
    }
    expect(cases).toBeGreaterThan(1000)
  })
})

describe('a bug without isBlocking that only nonBlockingBugUrls excuses', () => {
  // The live service always sends isBlocking; an answer without it is classified by the URL
  // lists, so for such a bug the list and the bug's applicationUrl decide, read fail-closed.
  const url = 'https://app.qawolf.com/bugs/7'
  const answer = (): Record<string, unknown> => ({
    ...answerOf(true),
    nonBlockingBugsCount: 1,
    nonBlockingBugUrls: [url],
    reproducedBugs: [{ name: 'Cart total', number: 7, priority: 'high', applicationUrl: url }]
  })

  it('is green as it stands, and never green when either field drifts', async () => {
    expect((await stepOf(answer(), 'green')).verdict).toMatchObject({ status: 'passed' })
    let drifts = 0
    for (const path of [
      ['nonBlockingBugUrls'],
      ['reproducedBugs', 0, 'applicationUrl']
    ] as Path[]) {
      for (const drift of DRIFTS) {
        if (!isDrift(answer(), path, drift)) continue
        drifts++
        const step = await stepOf(drifted(answer(), path, drift), 'green')
        expect([path, drift, step.verdict.greenlight]).toEqual([path, drift, 'false'])
      }
    }
    expect(drifts).toBeGreaterThan(15)
  })
})

const nameOf = (path: Path): string =>
  path.length === 1 ? String(path[0]) : `${String(path[0])}[].${String(path[2])}`

// Unknown fields pass as they are; a bug's isBlocking and priority are read fail-closed wherever
// they are (bugs.ts), so they are never left out; an absent field is named only when the service
// documents it as always sent.
function namedWhenDropped(path: Path, drift: Drift): boolean {
  const name = nameOf(path)
  return (
    name !== 'dashboard' &&
    !['isBlocking', 'priority'].includes(String(path[2])) &&
    (drift !== MISSING || (path.length === 1 && ALWAYS_SENT_INFORMING.includes(name)))
  )
}
