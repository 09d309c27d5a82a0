// Builders of greenlight responses as the service sends them in each stage (spec 2.3), and of the
// run outcomes the engine makes of them, shared by the unit tests and the chaos simulator.
import type { RunOutcome } from '../../src/gate/verdict.js'
import { judgeVerdict, type JudgeRules, type Verdict } from '../../src/gate/verdict.js'
import { contradictionText, reasonText } from '../../src/gate/report.js'
import type { Contradiction, Reason } from '../../src/gate/reasons.js'
import type { GreenlightResponse, ReproducedBug, RunStage } from '../../src/kernel/service.js'

export const BASE_URL = 'https://qa.example.com'

export function runUrl(runId: string): string {
  return `${BASE_URL}/runs/${encodeURIComponent(runId)}`
}

/** The fields spec 2.3 lists as always present, whatever the stage. */
export const ALWAYS_PRESENT_FIELDS = [
  'greenlight',
  'relevantRunId',
  'relevantRunUrl',
  'relevantRunWithBugsUrl',
  'rootRunId',
  'rootRunUrl',
  'runStage',
  'workflowsDisabledAfterRunCount',
  'workflowsInRunCount',
  'workflowsUnderInvestigationCount'
] as const satisfies readonly (keyof GreenlightResponse)[]

export interface ResponseFields {
  stage: RunStage
  /** The ID the query asked about (the service echoes it as `rootRunId`). */
  queriedRunId: string
  /** Defaults to `queriedRunId`. */
  relevantRunId?: string
  blockingBugUrls?: string[]
  nonBlockingBugUrls?: string[]
  reproducedBugs?: ReproducedBug[]
  workflowsInRun?: number
  disabledAfterRun?: number
  underInvestigation?: number
  autoRetrying?: number
  /** Defaults to the rule: completed and no blocking bugs. */
  greenlight?: boolean
}

/** A well-formed response with exactly the conditional fields the spec lists for `stage`. */
export function stageResponse(f: ResponseFields): GreenlightResponse {
  const relevant = f.relevantRunId ?? f.queriedRunId
  const blocking = f.blockingBugUrls ?? []
  const nonBlocking = f.nonBlockingBugUrls ?? []
  const r: GreenlightResponse = {
    greenlight: f.greenlight ?? (f.stage === 'completed' && blocking.length === 0),
    relevantRunId: relevant,
    relevantRunUrl: runUrl(relevant),
    relevantRunWithBugsUrl: `${runUrl(relevant)}?filter=bugs`,
    rootRunId: f.queriedRunId,
    rootRunUrl: runUrl(f.queriedRunId),
    runStage: f.stage,
    workflowsDisabledAfterRunCount: f.disabledAfterRun ?? 0,
    workflowsInRunCount: f.workflowsInRun ?? 10,
    workflowsUnderInvestigationCount: f.underInvestigation ?? 0
  }
  if (f.stage === 'underReview' || f.stage === 'completed') {
    r.blockingBugUrls = blocking
    r.nonBlockingBugUrls = nonBlocking
    r.reproducedBugs = f.reproducedBugs ?? []
  }
  if (f.stage === 'underReview') r.workflowsAutoRetryingCount = f.autoRetrying ?? 0
  if (f.stage === 'completed') {
    r.blockingBugsCount = blocking.length
    r.nonBlockingBugsCount = nonBlocking.length
  }
  return r
}

/**
 * Run-1 completed green, 12 workflows of which one was disabled after the run, with `overrides`
 * on top (which, unlike `stageResponse`, may contradict each other, as a faulty service's can).
 */
export function completedResponse(overrides: Partial<GreenlightResponse> = {}): GreenlightResponse {
  return {
    ...stageResponse({
      stage: 'completed',
      queriedRunId: 'run-1',
      workflowsInRun: 12,
      disabledAfterRun: 1
    }),
    ...overrides
  }
}

/** Run-1 passed on its first query with `completedResponse()`, with `overrides` on top. */
export function runOutcome(
  overrides: Partial<Omit<RunOutcome, 'reason'>> & { reason?: Reason | string } = {}
): RunOutcome {
  const { reason, ...rest } = overrides
  // A reason given as text: a message the verdict shows as it is.
  const given =
    typeof reason === 'string' ? { code: 'query-refused' as const, message: reason } : reason
  return {
    rootRunId: 'run-1',
    status: 'passed',
    lastResponse: completedResponse(),
    queries: 1,
    ...rest,
    ...(given === undefined ? {} : { reason: given })
  }
}

type Worded<T> = Omit<T, 'reason' | 'contradiction'> & { reason?: string; contradiction?: string }

/** An outcome (or a judged answer) with its reason and contradiction in words, as shown. */
export function worded<T extends { reason?: Reason; contradiction?: unknown }>(judged: T) {
  const { reason, contradiction, ...rest } = judged
  const out: Record<string, unknown> = { ...rest }
  if (reason !== undefined) out['reason'] = reasonText(reason)
  if (contradiction !== undefined) {
    out['contradiction'] = contradictionText(contradiction as Contradiction)
  }
  return out as Worded<T>
}

/**
 * The judged verdict of `runs` as a step with the default rules makes it (blocking bugs in other
 * workflows: green), with `more` on top (a timeout that passed, an interruption).
 */
export function judged(
  runs: readonly RunOutcome[],
  more: Partial<JudgeRules> & { timedOutAfterMs?: number; interrupted?: boolean } = {}
): Verdict {
  const { timedOutAfterMs, interrupted, ...rules } = more
  const verdict = judgeVerdict(runs, {
    outcomeWhenBlockingBugsInOtherWorkflows: 'green',
    wait: true,
    timeoutMs: 0,
    ...rules
  })
  // Without a timeout given, the wording that knows none.
  if (timedOutAfterMs !== undefined) verdict.timedOutAfterMs = timedOutAfterMs
  else if (rules.timeoutMs === undefined) delete verdict.timedOutAfterMs
  if (interrupted === true) verdict.interrupted = 'waiting'
  return verdict
}
