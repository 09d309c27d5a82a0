// The judged verdict: what polling found, read once into what the outputs, the job summary and the
// pull request comment all show. The root-URL fallback, the bug lists and counts, the rule for
// blocking bugs in other workflows and the "green" test are applied here and nowhere else.
import { classifyBugs, readBugs, type BugView } from './bugs.js'
import type { CompactResponse } from './compact-response.js'
import type { RunOutcome, RunStatus } from './run-outcome.js'
import { aggregateVerdict, bugCounts, type BugCounts } from './verdict.js'
import { plural } from '../core/text.js'
import type { OutcomeWhenBlockingBugsInOtherWorkflows } from '../service/schemas.js'

/** The bugs of one list as far as they were kept, and how many the service reported in all. */
export interface ListedBugs {
  shown: readonly BugView[]
  total: number
}

export interface JudgedRun {
  /** The run ID the user passed in. */
  rootRunId: string
  /** The root run's URL: from the first answer, else from a later one about the root itself. */
  rootRunUrl?: string
  status: RunStatus
  /** Why the run is not green, in plain text. */
  reason?: string
  /** The last valid answer, compacted. */
  response?: CompactResponse
  counts: BugCounts
  bugs: { blocking: ListedBugs; nonBlocking: ListedBugs; other: ListedBugs }
}

export interface JudgedVerdict {
  /** Only a consistent verdict of at least one run, every run passed. */
  green: boolean
  status: RunStatus
  runs: JudgedRun[]
  /** The job was cancelled: while waiting, or after the verdict, while it was being reported. */
  interrupted?: 'waiting' | 'reporting'
  /** For `timed-out`: the timeout that passed, or 0 when the step asked once without waiting. */
  timedOutAfterMs?: number
}

export interface JudgeRules {
  outcomeWhenBlockingBugsInOtherWorkflows: OutcomeWhenBlockingBugsInOtherWorkflows
  wait: boolean
  timeoutMs: number
}

/** The verdict of a step from its runs' outcomes, under the step's rules. */
export function judgeVerdict(outcomes: readonly RunOutcome[], rules: JudgeRules): JudgedVerdict {
  const runs = outcomes.map(outcome => judgeRun(outcome, rules))
  const verdict: JudgedVerdict = aggregateVerdict(runs)
  if (verdict.status === 'interrupted') verdict.interrupted = 'waiting'
  if (verdict.status === 'timed-out') verdict.timedOutAfterMs = rules.wait ? rules.timeoutMs : 0
  return verdict
}

/**
 * The job was cancelled after the verdict was known, while it was reported: the step ends
 * `interrupted`, never green, and everything it writes from then on says so.
 */
export function interruptedWhileReporting(verdict: JudgedVerdict): JudgedVerdict {
  if (verdict.status === 'interrupted') return verdict
  return { ...verdict, green: false, status: 'interrupted', interrupted: 'reporting' }
}

function judgeRun(outcome: RunOutcome, rules: JudgeRules): JudgedRun {
  const response = outcome.lastResponse as CompactResponse | undefined
  const counts = bugCounts(response)
  const classified = response === undefined ? undefined : classifyBugs(response)
  const others = readBugs(response?.otherBlockingBugsInEnvironment)
  // What the service listed, before compaction cut the lists (the counts may say more).
  const cut = response?.cutByQaGreenlight
  const blocking = classified?.blocking ?? []
  const nonBlocking = classified?.nonBlocking ?? []
  const run: JudgedRun = {
    rootRunId: outcome.rootRunId,
    status: outcome.status,
    counts,
    bugs: {
      blocking: { shown: blocking, total: cut?.blockingBugs ?? blocking.length },
      nonBlocking: { shown: nonBlocking, total: cut?.nonBlockingBugs ?? nonBlocking.length },
      other: {
        shown: others,
        total: cut?.originalLengths.otherBlockingBugsInEnvironment ?? others.length
      }
    }
  }
  const rootRunUrl =
    outcome.rootRunUrl ??
    (response?.rootRunId === outcome.rootRunId ? response.rootRunUrl : undefined)
  if (rootRunUrl !== undefined) run.rootRunUrl = rootRunUrl
  if (outcome.reason !== undefined) run.reason = outcome.reason
  if (response !== undefined) run.response = response
  return applyOtherWorkflowsRule(run, rules.outcomeWhenBlockingBugsInOtherWorkflows)
}

/**
 * With `outcome-when-blocking-bugs-in-other-workflows: red`, a blocking bug in a workflow that did
 * not run makes the run red, whatever the service answered: the action has the bugs, so it does
 * not leave the rule to the service alone (fail closed).
 */
function applyOtherWorkflowsRule(
  run: JudgedRun,
  outcome: OutcomeWhenBlockingBugsInOtherWorkflows
): JudgedRun {
  if (outcome !== 'red' || run.status !== 'passed') return run
  const blocking = run.bugs.other.shown.filter(bug => bug.blocking).length
  if (blocking === 0) return run
  const count = Math.max(blocking, run.counts.otherBlocking)
  return {
    ...run,
    status: 'failed',
    reason: `${plural(count, 'blocking bug')} in workflows outside this run, with outcome-when-blocking-bugs-in-other-workflows: red`
  }
}

/** Every bug of one kind across all runs, a bug reported by several runs once, with its run. */
export function bugsAcrossRuns(
  verdict: JudgedVerdict,
  pick: (run: JudgedRun) => ListedBugs
): { bugs: { bug: BugView; run: JudgedRun }[]; total: number } {
  const bugs: { bug: BugView; run: JudgedRun }[] = []
  const seen = new Set<string>()
  let total = 0
  for (const run of verdict.runs) {
    const listed = pick(run)
    total += listed.total - listed.shown.length
    for (const bug of listed.shown) {
      const key = bug.url ?? bug.name
      if (key !== undefined) {
        if (seen.has(key)) continue
        seen.add(key)
      }
      bugs.push({ bug, run })
    }
  }
  return { bugs, total: total + bugs.length }
}
