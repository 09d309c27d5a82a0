// The greenlight response (spec 2.3) as a pure function of what the relevant run looks like now.
import type { Priority, Stage } from './config.js'

export interface VisibleBug {
  id: string
  number: number
  name: string
  priority: Priority
  isNew: boolean
  url: string
  externalIssueUrl?: string
}

export interface RunView {
  id: string
  stage: Stage
  workflowsInRun: number
  workflowsUnderInvestigation: number
  workflowsDisabledAfterRun: number
  workflowsAutoRetrying: number
  /** Bugs found so far (already filtered by stage), with their current priority. */
  bugs: VisibleBug[]
  otherWorkflowsBlockingBugs: number
}

export type Outcome = 'green' | 'red'

/** Spec 2.3: a bug blocks when its priority is `high` or unset. */
export function isBlocking(priority: Priority): boolean {
  return priority === null || priority === 'high'
}

export function runUrl(baseUrl: string, runId: string): string {
  return `${baseUrl}/runs/${encodeURIComponent(runId)}`
}

export function bugUrl(baseUrl: string, bugId: string): string {
  return `${baseUrl}/bugs/${encodeURIComponent(bugId)}`
}

export function greenlightResponse(
  rootRunId: string,
  relevant: RunView,
  outcome: Outcome,
  baseUrl: string
): Record<string, unknown> {
  const blocking = relevant.bugs.filter(b => isBlocking(b.priority))
  const nonBlocking = relevant.bugs.filter(b => !isBlocking(b.priority))
  const redForOtherWorkflows = outcome === 'red' && relevant.otherWorkflowsBlockingBugs > 0
  const body: Record<string, unknown> = {
    greenlight: relevant.stage === 'completed' && blocking.length === 0 && !redForOtherWorkflows,
    relevantRunId: relevant.id,
    relevantRunUrl: runUrl(baseUrl, relevant.id),
    relevantRunWithBugsUrl: `${runUrl(baseUrl, relevant.id)}?filter=bugs`,
    rootRunId,
    rootRunUrl: runUrl(baseUrl, rootRunId),
    runStage: relevant.stage,
    workflowsDisabledAfterRunCount: relevant.workflowsDisabledAfterRun,
    workflowsInRunCount: relevant.workflowsInRun,
    workflowsUnderInvestigationCount: relevant.workflowsUnderInvestigation
  }
  if (relevant.stage === 'completed') {
    body.blockingBugsCount = blocking.length
    body.nonBlockingBugsCount = nonBlocking.length
  }
  if (relevant.stage === 'underReview') {
    body.workflowsAutoRetryingCount = relevant.workflowsAutoRetrying
  }
  if (relevant.stage === 'underReview' || relevant.stage === 'completed') {
    body.blockingBugUrls = blocking.map(b => b.url)
    body.nonBlockingBugUrls = nonBlocking.map(b => b.url)
    body.reproducedBugs = relevant.bugs.map(b => ({ ...b }))
  }
  return body
}
