// The service's rules in one place, shared by the emulator and the chaos suites: which bug blocks,
// when a run is green, and the greenlight response (docs/service-api.md) as a pure function of
// what the relevant run looks like now, with bugs in the shape the real service sends. The chaos
// suites check the action against these rules, never against the action's own code.
import type { BugConfig, Priority, RunConfig, Stage, TimelineEntry } from './config.js'

export type Outcome = 'green' | 'red'

/**
 * The service's own classification (`isBlocking`) wins; else the documented rule: urgent, high
 * or unset (`unprioritized`, null) blocks.
 */
export function isBlocking(bug: { priority?: Priority; isBlocking?: boolean }): boolean {
  return (
    bug.isBlocking ?? [null, undefined, 'unprioritized', 'urgent', 'high'].includes(bug.priority)
  )
}

/** A bug entry as the service sends it (the official client's declared shape). */
function bugEntry(bug: BugConfig, index: number, baseUrl: string): Record<string, unknown> {
  const issue =
    bug.externalIssue ??
    (bug.externalIssueUrl === undefined
      ? undefined
      : { platform: 'Tracker', id: bug.id, url: bug.externalIssueUrl })
  return {
    name: bug.name,
    number: bug.number ?? index + 1,
    priority: bug.priority ?? 'unprioritized',
    isBlocking: isBlocking(bug),
    isNew: bug.isNew ?? true,
    applicationUrl: bug.url ?? `${baseUrl}/bugs/${encodeURIComponent(bug.id)}`,
    ...(issue && {
      externalIssue: {
        applicationUrl: issue.url,
        externalIssueId: issue.id,
        platform: issue.platform
      }
    })
  }
}

/** What the relevant run looks like now. */
export interface RunView {
  def: RunConfig
  stage: Stage
  /** The timeline entry it is in, whose counts override the run's. */
  entry: TimelineEntry
}

/**
 * When the service says green: the run completed with no blocking bug, and, when the query asks
 * for `outcomeWhenBlockingBugsInOtherWorkflows=red`, no blocking bug in the environment's other
 * workflows either.
 */
export function greenlightResponse(
  rootRunId: string,
  { def, stage, entry }: RunView,
  outcome: Outcome,
  baseUrl: string
): Record<string, unknown> {
  const reviewed = stage === 'underReview' || stage === 'completed'
  const bugs = (reviewed ? (def.bugs ?? []) : []).map((bug, i) => bugEntry(bug, i, baseUrl))
  const blocking = bugs.filter(bug => bug['isBlocking'])
  const nonBlocking = bugs.filter(bug => !bug['isBlocking'])
  const others = Array.from({ length: def.otherWorkflowsBlockingBugs ?? 0 }, (_, i) => {
    const id = `${def.id}-other-${i + 1}`
    const name = `Blocking bug ${i + 1} in a workflow outside this run`
    return bugEntry({ id, name, number: 901 + i, priority: 'high', isNew: false }, i, baseUrl)
  })
  const redForOthers = outcome === 'red' && others.length > 0
  const runUrl = (id: string) => `${baseUrl}/runs/${encodeURIComponent(id)}`
  const count = (field: keyof typeof entry & keyof RunConfig) => entry[field] ?? def[field] ?? 0
  return {
    greenlight: stage === 'completed' && blocking.length === 0 && !redForOthers,
    relevantRunId: def.id,
    relevantRunUrl: runUrl(def.id),
    relevantRunWithBugsUrl: `${runUrl(def.id)}?filter=bugs`,
    rootRunId,
    rootRunUrl: runUrl(rootRunId),
    runStage: stage,
    workflowsDisabledAfterRunCount: count('workflowsDisabledAfterRun'),
    workflowsInRunCount: def.workflowsInRun ?? 0,
    workflowsUnderInvestigationCount: count('workflowsUnderInvestigation'),
    ...(stage === 'completed' && {
      blockingBugsCount: blocking.length,
      nonBlockingBugsCount: nonBlocking.length
    }),
    ...(stage === 'underReview' && { workflowsAutoRetryingCount: count('workflowsAutoRetrying') }),
    ...(reviewed && {
      blockingBugUrls: blocking.map(bug => bug['applicationUrl']),
      nonBlockingBugUrls: nonBlocking.map(bug => bug['applicationUrl']),
      reproducedBugs: bugs,
      otherBlockingBugsInEnvironment: others
    })
  }
}
