// greenlight mode: poll every run to a verdict, report it, and gate the step on it.
import * as io from '../render/action-io.js'
import type { Clock } from '../core/clock.js'
import { formatDuration } from '../core/durations.js'
import { bugAnnotationTitles, renderGreenlightSummary } from './summary.js'
import { pollRuns, type GreenlightQueryFn } from './polling.js'
import type { GreenlightQuery, ServiceClient } from '../service/client.js'
import { droppedFields } from '../service/schemas.js'
import { logPrefix, type GreenlightSettings } from '../inputs/settings.js'
import { EMPTY_GREENLIGHT_OUTPUTS, verdictOutputs } from './outputs.js'
import {
  bugsAcrossRuns,
  decideRun,
  decideVerdict,
  finishedLine,
  interruptedWhileReporting,
  isTerminalStage,
  STAGE_WORDS,
  stepGate,
  type JudgedVerdict
} from './verdict.js'
import { logText } from './poll-log.js'
import { bugsKeptPerRun, compactResponse } from './compact-response.js'
import { FIELDS_THAT_EXCUSE_A_BUG } from './bugs.js'

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
  const facts = await pollRuns(
    settings.runIds,
    {
      query: loggedQuery(deps, query, bugsKeptPerRun(settings.runIds.length), labelPrefix),
      clock: deps.clock,
      random: deps.random,
      signal: deps.signal,
      onLog: line => io.info(`${labelPrefix}${line}`),
      // The reason is not repeated here: the step's verdict message carries it.
      onFinished: run => io.info(`${labelPrefix}${finishedLine(decideRun(run, settings))}`)
    },
    {
      timeoutMs: settings.timeoutMs,
      pollIntervalMs: settings.pollIntervalMs,
      wait: settings.wait,
      maxStartJitterMs: MAX_START_JITTER_MS,
      stopWhenSuperseded: settings.onSuperseded === 'fail',
      ...testLimits(deps.env)
    }
  )
  // Not redacted as data: a key that equals a word of the answer (`completed`) would rewrite the
  // values the rendering reads. Everything shown is redacted as text where it is written.
  let verdict = decideVerdict(facts, settings)
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
    io.setOutputs(verdictOutputs(verdict))
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
 * Hooks for the end-to-end tests only, not inputs: they cannot wait the two minutes after which
 * an unreachable service ends the step, nor the minute of a new run's 404 grace.
 */
function testLimits(env: NodeJS.ProcessEnv): {
  unreachableLimitMs?: number
  notFoundGraceMs?: number
} {
  const limit = Number(env['QA_GREENLIGHT_TEST_UNREACHABLE_LIMIT_MS'])
  const grace = Number(env['QA_GREENLIGHT_TEST_NOT_FOUND_GRACE_MS'])
  return {
    ...(Number.isFinite(limit) && limit > 0 ? { unreachableLimitMs: limit } : {}),
    ...(Number.isFinite(grace) && grace > 0 ? { notFoundGraceMs: grace } : {})
  }
}

/**
 * The client's query, with one debug line per request (seen with RUNNER_DEBUG=1), one warning per
 * step for each field the answer carried with an unexpected type and for each stage the action
 * does not know, and each answer compacted as it arrives: polling keeps only what the step reports.
 */
function loggedQuery(
  deps: GreenlightDeps,
  query: GreenlightQuery,
  maxBugs: number,
  labelPrefix: string
): GreenlightQueryFn {
  const warned = new Set<string>()
  const warnOnce = (key: string, text: string): void => {
    if (warned.has(key)) return
    warned.add(key)
    io.warning(`${labelPrefix}${text}`)
  }
  return async (runId, signal, timeoutMs) => {
    const started = deps.clock.now()
    try {
      const response = await deps.client.getGreenlight(runId, query, signal, timeoutMs)
      io.debug(
        `Greenlight of ${runId}: ${response.runStage} (${Math.round(deps.clock.now() - started)} ms).`
      )
      for (const field of droppedFields(response)) {
        warnOnce(
          `field ${field}`,
          `The QA service's greenlight answer has no readable '${logText(field)}' (missing, null or not of the documented type); it is left out of what this step shows, and ` +
            (FIELDS_THAT_EXCUSE_A_BUG.has(field)
              ? `a bug without 'isBlocking' that it would have named as non-blocking counts as blocking.`
              : `it does not decide the verdict.`)
        )
      }
      const stage = response.runStage
      if (!isTerminalStage(stage) && STAGE_WORDS[stage] === undefined) {
        warnOnce(
          `stage ${stage}`,
          `The QA service reports run stage '${logText(stage)}', which this action does not know; it is not a verdict, so polling goes on within the timeout.`
        )
      }
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
  const gate = stepGate(verdict, settings)
  if (gate.ends === 'green') io.info(`${labelPrefix}QA verdict: green.`)
  else if (gate.ends === 'failed') io.setFailed(message)
  else io.warning(`${message} (${gate.forgivenBy} is false)`)
}
