// The service's rules in one place, shared by the emulator and the chaos suites: which bug blocks,
// when a run is green, and the greenlight response (docs/service-api.md) as a pure function of
// what the relevant run looks like now, with bugs in the shape the real service sends. The chaos
// suites check the action against these rules, never against the action's own code.
import type { Priority, Stage } from './config.js'

export interface VisibleBug {
  id: string
  number: number
  name: string
  priority: Priority
  isNew: boolean
  url: string
  externalIssue?: { platform: string; id: string; url: string }
  /** The configured classification, when it overrides the priority rule. */
  isBlocking?: boolean
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
  /** Blocking bugs in workflows of the environment that did not run in this run. */
  otherBlockingBugs: VisibleBug[]
}

export type Outcome = 'green' | 'red'

/** The documented rule: urgent, high or unset (`unprioritized`, null) blocks. */
export function blocksByPriority(priority: Priority): boolean {
  return [null, 'unprioritized', 'urgent', 'high'].includes(priority)
}

/** The service's own classification (`isBlocking`) wins; else the priority rule. */
export function isBlocking(bug: Pick<VisibleBug, 'priority' | 'isBlocking'>): boolean {
  return bug.isBlocking ?? blocksByPriority(bug.priority)
}

/**
 * When the service says green: the run completed with no blocking bug, and, when the query asks
 * for `outcomeWhenBlockingBugsInOtherWorkflows=red`, no blocking bug in the environment's other
 * workflows either.
 */
export function isGreen(verdict: {
  stage: Stage
  blockingBugs: number
  outcome: Outcome
  otherBlockingBugs: number
}): boolean {
  const redForOtherWorkflows = verdict.outcome === 'red' && verdict.otherBlockingBugs > 0
  return verdict.stage === 'completed' && verdict.blockingBugs === 0 && !redForOtherWorkflows
}

/** A bug entry as the service sends it (the official client's declared shape). */
function bugEntry(bug: VisibleBug): Record<string, unknown> {
  return {
    name: bug.name,
    number: bug.number,
    priority: bug.priority ?? 'unprioritized',
    isBlocking: isBlocking(bug),
    isNew: bug.isNew,
    applicationUrl: bug.url,
    ...(bug.externalIssue === undefined
      ? {}
      : {
          externalIssue: {
            applicationUrl: bug.externalIssue.url,
            externalIssueId: bug.externalIssue.id,
            platform: bug.externalIssue.platform
          }
        })
  }
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
  const blocking = relevant.bugs.filter(isBlocking)
  const nonBlocking = relevant.bugs.filter(b => !isBlocking(b))
  const body: Record<string, unknown> = {
    greenlight: isGreen({
      stage: relevant.stage,
      blockingBugs: blocking.length,
      outcome,
      otherBlockingBugs: relevant.otherBlockingBugs.length
    }),
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
    body.reproducedBugs = relevant.bugs.map(bugEntry)
    body.otherBlockingBugsInEnvironment = relevant.otherBlockingBugs.map(bugEntry)
  }
  return body
}
