// The greenlight response (docs/service-api.md) as a pure function of what the relevant run looks
// like now, with bugs in the shape the real service sends.
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
function blocksByPriority(priority: Priority): boolean {
  return (
    priority === null ||
    priority === 'unprioritized' ||
    priority === 'urgent' ||
    priority === 'high'
  )
}

function isBlocking(bug: VisibleBug): boolean {
  return bug.isBlocking ?? blocksByPriority(bug.priority)
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
  const redForOtherWorkflows = outcome === 'red' && relevant.otherBlockingBugs.length > 0
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
    body.reproducedBugs = relevant.bugs.map(bugEntry)
    body.otherBlockingBugsInEnvironment = relevant.otherBlockingBugs.map(bugEntry)
  }
  return body
}
