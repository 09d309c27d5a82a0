// Builders of greenlight responses as the service sends them in each stage (spec 2.3), shared by
// the unit tests and the chaos simulator.
import type { GreenlightResponse, RunStage } from '../../src/service-schemas.js'

export const BASE_URL = 'https://qa.example.com'

export function runUrl(runId: string): string {
  return `${BASE_URL}/runs/${encodeURIComponent(runId)}`
}

export interface ResponseFields {
  stage: RunStage
  /** The ID the query asked about (the service echoes it as `rootRunId`). */
  queriedRunId: string
  /** Defaults to `queriedRunId`. */
  relevantRunId?: string
  blockingBugUrls?: string[]
  nonBlockingBugUrls?: string[]
  workflowsInRun?: number
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
    workflowsDisabledAfterRunCount: 0,
    workflowsInRunCount: f.workflowsInRun ?? 10,
    workflowsUnderInvestigationCount: f.underInvestigation ?? 0
  }
  if (f.stage === 'underReview' || f.stage === 'completed') {
    r.blockingBugUrls = blocking
    r.nonBlockingBugUrls = nonBlocking
    r.reproducedBugs = []
  }
  if (f.stage === 'underReview') r.workflowsAutoRetryingCount = f.autoRetrying ?? 0
  if (f.stage === 'completed') {
    r.blockingBugsCount = blocking.length
    r.nonBlockingBugsCount = nonBlocking.length
  }
  return r
}
