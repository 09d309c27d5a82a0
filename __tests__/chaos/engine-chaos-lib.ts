// Chaos runs of the polling engine against the simulated service, with a virtual clock. Shared by
// the jest suite (engine-chaos.test.ts) and the `npm run chaos` CLI; no jest imports here.
//
// For every scenario it checks:
// - never a false green: green only if the fault-free final state is green;
// - when the timeout leaves room for every fault the scenario drew, the verdict equals the
//   fault-free verdict; otherwise it is that verdict, `timed-out` or `error`;
// - every query after the first asks about the last relevantRunId, none follows a terminal
//   answer, none starts after the deadline, and `queries` counts them all;
// - the deadline holds within one request, and an abort ends polling at that very moment;
// - pollRuns never rejects and nothing is left as an unhandled rejection.
import { isDeepStrictEqual } from 'node:util'
import type { RunOutcome, RunStatus } from '../../src/greenlight/run-outcome.js'
import { RUN_STATUSES_WORST_FIRST } from '../../src/greenlight/run-outcome.js'
import { pollRuns, type PollDeps, type PollOptions } from '../../src/greenlight/polling.js'
import { DEFAULT_BACKOFF } from '../../src/service/retry.js'
import { aggregateVerdict, decideRun } from '../../src/greenlight/verdict.js'
import { reasonText } from '../../src/gate/report.js'
import { FakeClock } from '../helpers/fake-clock.js'
import {
  CLIENT_TIMEOUT_MS,
  FAULT_KINDS,
  faultFreeStatus,
  generateScenario,
  scenarioSeed,
  seededRandom,
  SimulatedRun,
  type FaultKind,
  type Scenario
} from './service-model.js'

export { generateScenario, scenarioSeed, type Scenario } from './service-model.js'

/** Polling, and the verdict module's status of each run: what the step does. */
async function decidedRuns(
  runIds: readonly string[],
  deps: PollDeps,
  options: PollOptions
): Promise<RunOutcome[]> {
  return (await pollRuns(runIds, deps, options)).map(facts => decideRun(facts))
}

export interface ScenarioReport {
  seed: number
  scenario: Scenario
  outcomes: RunOutcome[]
  expected: RunStatus[]
  green: boolean
  expectedGreen: boolean
  falseGreen: boolean
  wrongVerdict: boolean
  /** Each broken rule, as a sentence that starts with the seed to replay. */
  problems: string[]
  queries: number
  faults: Partial<Record<FaultKind, number>>
  /** Virtual time from the start of polling to the verdict. */
  verdictMs: number
}

export interface ChaosFigures {
  scenarios: number
  runs: number
  queries: number
  faults: Record<FaultKind, number>
  falseGreens: number
  wrongVerdicts: number
  unhandledRejections: number
  /** Virtual milliseconds of the slowest verdict, and its seed. */
  slowestVerdictMs: number
  slowestSeed: number
  statuses: Record<RunStatus, number>
  /** One line per broken rule, each naming the seed to replay with runEngineScenario. */
  problems: string[]
}

export async function runEngineScenario(seed: number): Promise<ScenarioReport> {
  const scenario = generateScenario(seed)
  const clock = new FakeClock(1_700_000_000_000)
  const start = clock.now()
  const deadline = start + scenario.timeoutMs
  const backoff = DEFAULT_BACKOFF
  const models = scenario.runs.map(
    plan => new SimulatedRun(plan, clock, scenario.latencyMaxMs, backoff.capMs)
  )
  const byId = new Map(models.map(m => [m.plan.rootRunId, m]))
  const controller = new AbortController()
  let abortedAt: number | undefined
  const abort = (): void => {
    abortedAt ??= clock.now()
    controller.abort()
  }
  if (scenario.abortAtMs !== undefined) clock.at(start + scenario.abortAtMs, abort)
  let queriesSoFar = 0

  const problems: string[] = []
  const problem = (text: string): void => {
    problems.push(`seed ${seed}: ${text}`)
  }
  const finishedAt = new Map<string, number>()
  const jitter = seededRandom(seed ^ 0x5bd1e995)

  let outcomes: RunOutcome[] = []
  try {
    outcomes = await decidedRuns(
      scenario.runs.map(r => r.rootRunId),
      {
        // Each run's queries go to its own model, whatever ID the engine asks about.
        query: runId => {
          const model = [...byId.values()].find(m => ownsRunId(m, runId))
          if (model === undefined) return Promise.reject(new Error(`unknown run ${runId}`))
          // Every simulated request takes at least MIN_LATENCY_MS, so this lands mid-request.
          if (queriesSoFar++ === scenario.abortDuringQuery) clock.at(clock.now() + 10, abort)
          // The model ignores the signal, like a client stuck in a request.
          return model.query(runId)
        },
        clock,
        random: jitter,
        signal: controller.signal,
        onFinished: finished => {
          finishedAt.set(finished.rootRunId, clock.now())
        }
      },
      {
        timeoutMs: scenario.timeoutMs,
        pollIntervalMs: scenario.pollIntervalMs,
        wait: scenario.wait,
        backoff
      }
    )
  } catch (error) {
    problem(`pollRuns rejected: ${error instanceof Error ? error.message : String(error)}`)
  }
  const endedAt = clock.now()

  const expected = scenario.runs.map(plan => faultFreeStatus(plan, scenario.wait))
  const verdict = aggregateVerdict(outcomes)
  const expectedGreen = expected.length > 0 && expected.every(s => s === 'passed')
  const falseGreen = verdict.green && !expectedGreen
  if (falseGreen) problem(`FALSE GREEN; expected ${expected.join(', ')}`)
  let wrongVerdict = outcomes.length !== scenario.runs.length

  models.forEach((model, i) => {
    const outcome = outcomes[i]
    const want = expected[i] as RunStatus
    const id = model.plan.rootRunId
    for (const v of model.violations) problem(`${id}: ${v}`)
    if (outcome === undefined) return problem(`${id}: no outcome`)
    if (outcome.rootRunId !== id) problem(`${id}: outcome ${i} is for ${outcome.rootRunId}`)
    if (outcome.queries !== model.records.length) {
      problem(
        `${id}: outcome counts ${outcome.queries} queries, the service saw ${model.records.length}`
      )
    }
    const done = finishedAt.get(id) ?? endedAt
    const late = model.records.find(r => r.startedAt > deadline)
    if (late !== undefined)
      problem(`${id}: a query started ${late.startedAt - deadline} ms after the deadline`)
    if (done > deadline + CLIENT_TIMEOUT_MS) {
      problem(`${id}: verdict ${done - deadline} ms after the deadline (more than one request)`)
    }
    if (!isDeepStrictEqual(outcome.lastResponse, model.lastAnswer)) {
      problem(`${id}: the outcome does not keep the last answer`)
    }

    const abortAt = abortedAt
    if (outcome.status === 'interrupted') {
      if (abortAt === undefined) return problem(`${id}: interrupted without an abort`)
      if (done !== abortAt) problem(`${id}: interrupted at +${done - abortAt} ms, not at the abort`)
      return
    }
    if (abortAt !== undefined && done > abortAt) problem(`${id}: still polling after the abort`)

    const ok = acceptable(want, outcome.status, scenario, model, start, deadline)
    if (!ok) {
      wrongVerdict = true
      problem(
        `${id}: verdict ${outcome.status} (${outcome.reason ? reasonText(outcome.reason) : 'no reason'}), fault-free verdict ${want}, ` +
          `${model.faultCount} faults, ${model.answered}/${model.plan.snapshots.length} answers, timeout ${scenario.timeoutMs} ms`
      )
    }
  })

  const faults: Partial<Record<FaultKind, number>> = {}
  for (const model of models) {
    for (const [kind, n] of Object.entries(model.faults) as [FaultKind, number][]) {
      faults[kind] = (faults[kind] ?? 0) + n
    }
  }
  return {
    seed,
    scenario,
    outcomes,
    expected,
    green: verdict.green,
    expectedGreen,
    falseGreen,
    wrongVerdict,
    problems,
    queries: models.reduce((n, m) => n + m.records.length, 0),
    faults,
    verdictMs: endedAt - start
  }
}

/** A query for a superseding run belongs to the run whose answers named it. */
function ownsRunId(model: SimulatedRun, runId: string): boolean {
  return model.plan.snapshots.some(s => s.relevantRunId === runId) || model.plan.rootRunId === runId
}

/**
 * Whether a (non-interrupted) verdict is right given the faults the scenario actually drew. With
 * room for every fault, only the fault-free verdict is right; without, running out of time is.
 */
function acceptable(
  want: RunStatus,
  got: RunStatus,
  scenario: Scenario,
  model: SimulatedRun,
  start: number,
  deadline: number
): boolean {
  if (got === want) return true
  if (!scenario.wait) {
    // One answer is wanted; a few failed attempts in a row may leave none.
    return got === 'error' && model.faultCount > 0
  }
  // The latest time a correct engine can need for the terminal answer: every poll interval,
  // the longest wait each fault allows, and every request's duration.
  const needed =
    (model.plan.snapshots.length - 1) * scenario.pollIntervalMs +
    model.records.reduce((sum, r) => sum + (r.maxRetryDelayMs ?? 0) + r.durationMs, 0)
  if (start + needed < deadline) return false
  return got === 'timed-out' || (got === 'error' && model.answered === 0)
}

export async function runEngineChaos(count: number, seed: number): Promise<ChaosFigures> {
  const figures: ChaosFigures = {
    scenarios: 0,
    runs: 0,
    queries: 0,
    faults: Object.fromEntries(FAULT_KINDS.map(k => [k, 0])) as Record<FaultKind, number>,
    falseGreens: 0,
    wrongVerdicts: 0,
    unhandledRejections: 0,
    slowestVerdictMs: 0,
    slowestSeed: seed,
    statuses: Object.fromEntries(RUN_STATUSES_WORST_FIRST.map(s => [s, 0])) as Record<
      RunStatus,
      number
    >,
    problems: []
  }
  const onUnhandled = (reason: unknown): void => {
    figures.unhandledRejections++
    figures.problems.push(
      `unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`
    )
  }
  process.on('unhandledRejection', onUnhandled)
  try {
    for (let i = 0; i < count; i++) {
      const report = await runEngineScenario(scenarioSeed(seed, i))
      figures.scenarios++
      figures.runs += report.scenario.runs.length
      figures.queries += report.queries
      for (const [kind, n] of Object.entries(report.faults) as [FaultKind, number][]) {
        figures.faults[kind] += n
      }
      if (report.falseGreen) figures.falseGreens++
      if (report.wrongVerdict) figures.wrongVerdicts++
      for (const o of report.outcomes) figures.statuses[o.status]++
      if (report.verdictMs > figures.slowestVerdictMs) {
        figures.slowestVerdictMs = report.verdictMs
        figures.slowestSeed = report.seed
      }
      figures.problems.push(...report.problems)
    }
    // Give a late rejection the chance to surface before the listener goes.
    await new Promise(resolve => setImmediate(resolve))
  } finally {
    process.off('unhandledRejection', onUnhandled)
  }
  return figures
}
