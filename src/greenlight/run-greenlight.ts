// greenlight mode: poll every run to a verdict, report it, and gate the step on it.
import * as io from '../render/action-io.js'
import type { Clock } from '../core/clock.js'
import { formatDuration } from '../core/durations.js'
import { bugAnnotationTitles, renderGreenlightSummary } from './summary.js'
import { pollRuns, type GreenlightQueryFn } from './polling.js'
import type { GreenlightQuery, ServiceClient } from '../service/client.js'
import { logPrefix, type GreenlightSettings } from '../inputs/settings.js'
import { EMPTY_GREENLIGHT_OUTPUTS, verdictOutputs } from './outputs.js'
import {
  bugsAcrossRuns,
  interruptedWhileReporting,
  judgeVerdict,
  type JudgedVerdict
} from './judged-run.js'
import { bugsKeptPerRun, compactResponse } from './compact-response.js'

/**
 * Steps of a matrix start together; a random start of up to a second (never more than one poll
 * interval) keeps their first queries from reaching the service as one burst.
 */
const MAX_START_JITTER_MS = 1000

export interface GreenlightDeps {
  client: ServiceClient
  clock: Clock
  random: () => number
  signal: AbortSignal
  env: NodeJS.ProcessEnv
}

export async function runGreenlight(
  settings: GreenlightSettings,
  deps: GreenlightDeps
): Promise<void> {
  const labelPrefix = logPrefix(settings)
  const runList = settings.runIds.join(', ')
  io.info(
    settings.wait
      ? `${labelPrefix}Waiting for the QA verdict of ${runList} (timeout ${formatDuration(settings.timeoutMs)}, polling every ${formatDuration(settings.pollIntervalMs)}).`
      : `${labelPrefix}Querying the QA verdict of ${runList} once (wait: false).`
  )
  const query = {
    outcomeWhenBlockingBugsInOtherWorkflows: settings.outcomeWhenBlockingBugsInOtherWorkflows
  }
  const outcomes = await pollRuns(
    settings.runIds,
    {
      query: loggedQuery(deps, query, bugsKeptPerRun(settings.runIds.length)),
      clock: deps.clock,
      random: deps.random,
      signal: deps.signal,
      onLog: line => io.info(`${labelPrefix}${line}`)
    },
    {
      timeoutMs: settings.timeoutMs,
      pollIntervalMs: settings.pollIntervalMs,
      wait: settings.wait,
      maxStartJitterMs: MAX_START_JITTER_MS,
      ...unreachableLimit(deps.env)
    }
  )
  // Not redacted as data: a key that equals a word of the answer (`completed`) would rewrite the
  // values the rendering reads. Everything shown is redacted as text where it is written.
  let verdict = judgeVerdict(outcomes, settings)
  io.setOutputs(verdictOutputs(verdict))
  if (settings.commentOnPr) {
    // Loaded only when asked for: Octokit is most of the start-up cost of a GitHub client.
    const { upsertPullRequestComment } = await import('./pr-comment.js')
    await upsertPullRequestComment({ settings, verdict, env: deps.env, signal: deps.signal })
  }
  if (deps.signal.aborted && verdict.status !== 'interrupted') {
    // Cancelled after the verdict, while reporting it: a cancelled job ends `interrupted`, and the
    // summary, written after this, says so too.
    verdict = interruptedWhileReporting(verdict)
    io.setOutputs({ status: verdict.status, greenlight: 'false' })
  }
  if (settings.summary) await io.writeSummary(renderGreenlightSummary(verdict, settings.label))
  if (verdict.interrupted === 'reporting') {
    io.setFailed(`${labelPrefix}The job was cancelled while the verdict was being reported.`)
    return
  }
  // The titles of the bugs kept; the count of all the service reported.
  const blockingTotal = bugsAcrossRuns(verdict, run => run.bugs.blocking).total
  annotateBlockingBugs(bugAnnotationTitles(verdict), blockingTotal, labelPrefix)
  gateStep(settings, verdict, labelPrefix)
}

/** The greenlight mode as main.ts runs it. */
export const greenlightMode = {
  emptyOutputs: EMPTY_GREENLIGHT_OUTPUTS,
  run: runGreenlight
}

/**
 * A hook for the end-to-end tests only, not an input: they cannot wait the two minutes after which
 * an unreachable service ends the step.
 */
function unreachableLimit(env: NodeJS.ProcessEnv): { unreachableLimitMs?: number } {
  const ms = Number(env['QA_GREENLIGHT_TEST_UNREACHABLE_LIMIT_MS'])
  return Number.isFinite(ms) && ms > 0 ? { unreachableLimitMs: ms } : {}
}

/**
 * The client's query, with one debug line per request (seen with RUNNER_DEBUG=1), and each answer
 * compacted as it arrives: polling keeps only what the step reports.
 */
function loggedQuery(
  deps: GreenlightDeps,
  query: GreenlightQuery,
  maxBugs: number
): GreenlightQueryFn {
  return async (runId, signal, timeoutMs) => {
    const started = deps.clock.now()
    try {
      const response = await deps.client.getGreenlight(runId, query, signal, timeoutMs)
      io.debug(
        `Greenlight of ${runId}: ${response.runStage} (${Math.round(deps.clock.now() - started)} ms).`
      )
      return compactResponse(response, maxBugs)
    } catch (error) {
      // Without the message: a retry line or the verdict says it, once.
      io.debug(`Greenlight of ${runId} failed after ${Math.round(deps.clock.now() - started)} ms.`)
      throw error
    }
  }
}

/** GitHub shows about ten error annotations per step: eight bugs, "N more", and the verdict fit. */
const MAX_BUG_ANNOTATIONS = 8

function annotateBlockingBugs(titles: string[], total: number, labelPrefix: string): void {
  for (const title of titles.slice(0, MAX_BUG_ANNOTATIONS)) {
    io.error(`${labelPrefix}Blocking bug: ${title}`, `Blocking bug: ${title}`)
  }
  const rest = Math.max(total, titles.length) - Math.min(titles.length, MAX_BUG_ANNOTATIONS)
  if (rest > 0) {
    io.error(
      `${labelPrefix}… and ${rest} more blocking bugs: see the job summary.`,
      `${rest} more blocking bugs`
    )
  }
}

function gateStep(settings: GreenlightSettings, verdict: JudgedVerdict, labelPrefix: string): void {
  const reasons = verdict.runs
    .filter(run => run.status !== 'passed')
    .map(run => `${run.rootRunId}: ${run.status}${run.reason ? ` (${run.reason})` : ''}`)
    .join('; ')
  const message = `${labelPrefix}QA verdict: ${verdict.status}. ${reasons}`.trim()
  switch (verdict.status) {
    case 'passed':
      io.info(`${labelPrefix}QA verdict: green.`)
      return
    case 'failed':
    case 'canceled':
      if (settings.failOnRed) io.setFailed(message)
      else io.warning(`${message} (fail-on-red is false)`)
      return
    case 'timed-out':
      if (settings.failOnTimeout) io.setFailed(message)
      else io.warning(`${message} (fail-on-timeout is false)`)
      return
    case 'interrupted':
    case 'error':
      io.setFailed(message)
      return
  }
}
