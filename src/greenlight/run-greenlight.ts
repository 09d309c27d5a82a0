// greenlight mode: poll every run (or QA Wolf's check run, with verdict-from: check) to a verdict,
// report it, and gate the step on it.
import * as io from '../kernel/io.js'
import type { Clock } from '../core/clock.js'
import { buildReport, type JudgedTarget } from '../gate/report.js'
import { pollRuns, type AnswerSeen, type GreenlightQueryFn } from './polling.js'
import type { GreenlightQuery, ServiceClient } from '../service/client.js'
import { droppedFields } from '../service/schemas.js'
import { logPrefix, type GreenlightSettings } from '../inputs/settings.js'
import { decideCheckVerdict } from './check-verdict.js'
import {
  decideVerdict,
  interruptedWhileReporting,
  judgeResponse,
  judgeRun,
  stepGate,
  type Verdict
} from './verdict.js'
import { droppedFieldWarning, pollingStartLine, unknownStageWarning } from '../gate/poll-log.js'
import { bugsKeptPerRun, compactResponse } from '../gate/compact-response.js'
import { answerFigures } from '../gate/bugs.js'
import { isKnownStage } from './stages.js'
import { contradictionText } from '../gate/report.js'
import {
  annotations,
  closingLine,
  contradictionLine,
  EMPTY_GREENLIGHT_OUTPUTS,
  finishedLine,
  githubLinks,
  renderSummary,
  verdictOutputs
} from '../gate/render.js'
import { readGitHubContext, type GitHubContext } from '../github/event-context.js'
import { eventCommit } from '../github/pr-lookup.js'
import { deriveFromEvent } from '../github/event-values.js'

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
  if (settings.verdictFrom === 'check') {
    // Loaded only for a check's verdict: it reads GitHub, not the QA service.
    const { gatherCheckFacts } = await import('./check-facts.js')
    const facts = await gatherCheckFacts(settings, deps)
    const ctx = readGitHubContext(deps.env)
    const target = commitTarget(ctx, deps.env, facts.rules.sha)
    await reportVerdict(decideCheckVerdict(facts), settings, { ...deps, ctx }, target)
    return
  }
  const labelPrefix = logPrefix(settings)
  io.info(`${labelPrefix}${pollingStartLine(settings)}`)
  const query = {
    outcomeWhenBlockingBugsInOtherWorkflows: settings.outcomeWhenBlockingBugsInOtherWorkflows
  }
  const maxBugs = bugsKeptPerRun(settings.runIds.length)
  const facts = await pollRuns(
    settings.runIds,
    {
      query: loggedQuery(deps, query, labelPrefix),
      clock: deps.clock,
      random: deps.random,
      signal: deps.signal,
      onLog: line => io.info(`${labelPrefix}${line}`),
      onAnswer: contradictionLogger(line => io.info(`${labelPrefix}${line}`)),
      // Each answer is compacted as it arrives (polling keeps only what the step reports); its
      // bug figures are counted whole first, for the verdict.
      keep: answer => ({
        response: compactResponse(answer, maxBugs),
        figures: answerFigures(answer)
      }),
      // The run's judged status, under every rule of the step; the reason is not repeated here:
      // the step's verdict message carries it.
      onFinished: run => io.info(`${labelPrefix}${finishedLine(judgeRun(run, settings))}`)
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
  const ctx = readGitHubContext(deps.env)
  await reportVerdict(
    decideVerdict(facts, settings),
    settings,
    { ...deps, ctx },
    judgedTarget(ctx, deps.env)
  )
}

/**
 * Reports a step's verdict on every surface and ends the step by stepGate: the outputs, the pull
 * request comment, the summary, the annotations and the closing line. Whatever the verdict's
 * source, this is how it is reported.
 */
async function reportVerdict(
  decided: Verdict,
  settings: GreenlightSettings,
  deps: Pick<GreenlightDeps, 'env' | 'signal'> & { ctx: GitHubContext },
  target: JudgedTarget
): Promise<void> {
  const labelPrefix = logPrefix(settings)
  let verdict = decided
  io.setOutputs(verdictOutputs(verdict))
  let commentProblem: string | undefined
  if (settings.commentOnPr) {
    // Loaded only when asked for: Octokit is most of the start-up cost of a GitHub client.
    const { upsertPullRequestComment } = await import('./pr-comment.js')
    const comment = await upsertPullRequestComment({
      settings,
      verdict,
      ctx: deps.ctx,
      env: deps.env,
      signal: deps.signal
    })
    if (comment.problem !== undefined) commentProblem = comment.problem
  }
  if (deps.signal.aborted && verdict.status !== 'interrupted') {
    // Cancelled after the verdict, while reporting it: a cancelled job ends `interrupted`, and the
    // summary, written after this, says so too.
    verdict = interruptedWhileReporting(verdict)
    io.setOutputs(verdictOutputs(verdict))
  }
  const report = buildReport(verdict, {
    label: settings.label,
    target,
    ...(settings.check?.since === undefined ? {} : { since: settings.check.since.iso }),
    ...(commentProblem === undefined ? {} : { commentProblem })
  })
  if (settings.summary) await io.writeSummary(renderSummary(report))
  if (verdict.interrupted !== 'reporting') {
    for (const { message, title } of annotations(report, labelPrefix)) io.error(message, title)
  }
  const line = closingLine(report, stepGate(verdict, settings), labelPrefix)
  if (line.kind === 'info') io.info(line.message)
  else if (line.kind === 'failed') io.setFailed(line.message)
  else io.warning(line.message)
}

/** What the step judged, when the event says: the commit and the deployment (both optional). */
function judgedTarget(ctx: GitHubContext, env: NodeJS.ProcessEnv): JudgedTarget {
  try {
    const sha = eventCommit(ctx)
    const target: JudgedTarget = sha === undefined ? {} : commitTarget(ctx, env, sha)
    const deploymentUrl = deriveFromEvent(ctx).deploymentUrl
    if (deploymentUrl !== undefined) target.deploymentUrl = deploymentUrl
    return target
  } catch {
    // Only shown: an event that cannot be read names nothing.
    return {}
  }
}

/** A commit the verdict is about, with its page: for a check's verdict, the one whose check runs were read. */
function commitTarget(ctx: GitHubContext, env: NodeJS.ProcessEnv, sha: string): JudgedTarget {
  const target: JudgedTarget = { sha }
  const commitUrl = githubLinks(ctx, env, sha).commitUrl
  if (commitUrl !== undefined) target.commitUrl = commitUrl
  return target
}

/** Logs a contradiction in an answer once per run and contradiction, not per poll. */
function contradictionLogger(log: (line: string) => void): (answer: AnswerSeen) => void {
  const last = new Map<string, string>()
  return ({ rootRunId, response, relevantRunId }) => {
    const contradiction = judgeResponse(response).contradiction
    const text = contradiction === undefined ? '' : contradictionText(contradiction)
    if (contradiction !== undefined && last.get(rootRunId) !== text) {
      log(contradictionLine(relevantRunId, contradiction))
    }
    last.set(rootRunId, text)
  }
}

/** The greenlight mode as action.ts runs it. */
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
 * does not know.
 */
function loggedQuery(
  deps: GreenlightDeps,
  query: GreenlightQuery,
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
        warnOnce(`field ${field}`, droppedFieldWarning(field))
      }
      const stage = response.runStage
      if (!isKnownStage(stage)) warnOnce(`stage ${stage}`, unknownStageWarning(stage))
      return response
    } catch (error) {
      // Without the message: a retry line or the verdict says it, once.
      io.debug(`Greenlight of ${runId} failed after ${Math.round(deps.clock.now() - started)} ms.`)
      throw error
    }
  }
}
