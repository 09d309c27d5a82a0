// greenlight mode: gathers the facts (the service's runs, or QA Wolf's check run on GitHub),
// decides the verdict (verdict.ts) and reports it on every surface, then gates the step on it.
import * as io from '../kernel/io.js'
import type { ModeDeps } from '../kernel/action.js'
import { definedOnly, isRecord } from '../kernel/values.js'
import { nonBlankText } from '../kernel/text.js'
import { RUN_STAGES } from '../kernel/answers.js'
import { droppedFields, greenlightSchema } from '../kernel/greenlight-answer.js'
import { InputError, logPrefix, type GreenlightSettings } from '../kernel/settings.js'
import { deriveFromEvent, eventCommit, type GitHubContext } from '../kernel/event.js'
import { checkRunsReader, readBranchTip, type BranchTipAnswer } from './github-reads.js'
import { testOverride, readGitHubContext } from '../kernel/github.js'
import {
  checkWaitingLine,
  readFailedLine,
  droppedFieldWarning,
  pollingStartLine,
  unknownStageWarning
} from './poll-log.js'
import { bugsKeptPerRun, compactResponse } from './compact-response.js'
import { answerFigures } from './bugs.js'
import { buildReport, contradictionText, type JudgedTarget } from './report.js'
import {
  annotations,
  closingLine,
  contradictionLine,
  EMPTY_GREENLIGHT_OUTPUTS,
  finishedLine,
  githubLinks,
  renderSummary,
  verdictOutputs
} from './render.js'
import { NO_WAIT_WINDOW_MS, pollRuns, type PollDeps } from './run-path.js'
import { oneShotPauseMs, pollCheckRuns } from './check-path.js'
import type { CheckFacts } from './facts.js'
import {
  decideCheckVerdict,
  decideVerdict,
  interruptedWhileReporting,
  judgeResponse,
  judgeRun,
  selectCheckRuns,
  stepGate,
  withEventCheckRun,
  type Verdict
} from './verdict.js'

/** A matrix's steps start together: a random start of up to a second spreads their first queries. */
const MAX_START_JITTER_MS = 1000

async function runGreenlight(settings: GreenlightSettings, deps: ModeDeps): Promise<void> {
  const ctx = readGitHubContext(deps.env)
  const prefix = logPrefix(settings)
  const target = (sha?: string, deploymentUrl?: string): JudgedTarget =>
    definedOnly({ sha, commitUrl: sha && githubLinks(ctx, deps.env, sha).commitUrl, deploymentUrl })
  let verdict: Verdict
  let judged: JudgedTarget = {}
  if (settings.verdictFrom === 'check') {
    const facts = await gatherCheckFacts(settings, deps, ctx, prefix)
    verdict = decideCheckVerdict(facts)
    judged = target(facts.rules.sha)
  } else {
    verdict = decideVerdict(await gatherRunFacts(settings, deps, prefix), settings)
    try {
      judged = target(eventCommit(ctx), deriveFromEvent(ctx).deploymentUrl)
    } catch {
      // An event that cannot be read names no commit for the report.
    }
  }
  io.setOutputs(verdictOutputs(verdict))
  let commentProblem: string | undefined
  if (settings.commentOnPr) {
    // Loaded only when asked for: Octokit is most of a GitHub client's start-up.
    const { upsertPullRequestComment } = await import('./pr-comment.js')
    const input = { settings, verdict, target: judged, ctx, env: deps.env, signal: deps.signal }
    commentProblem = (await upsertPullRequestComment(input)).problem
  }
  if (deps.signal.aborted && verdict.status !== 'interrupted') {
    verdict = interruptedWhileReporting(verdict)
    io.setOutputs(verdictOutputs(verdict))
  }
  const report = buildReport(verdict, {
    label: settings.label,
    target: judged,
    ...definedOnly({ since: settings.check?.since?.iso, commentProblem })
  })
  if (settings.summary) await io.writeSummary(renderSummary(report))
  if (verdict.interrupted !== 'reporting') {
    for (const { message, title } of annotations(report, prefix)) io.error(message, title)
  }
  const line = closingLine(report, stepGate(verdict, settings), prefix)
  const say = { info: io.info, failed: io.setFailed, warning: io.warning }
  say[line.kind](line.message)
}

export const greenlightMode = { emptyOutputs: EMPTY_GREENLIGHT_OUTPUTS, run: runGreenlight }

/** Each run polled; what changes, a contradiction and each run's end logged as they come. */
function gatherRunFacts(settings: GreenlightSettings, deps: ModeDeps, prefix: string) {
  const { client, clock } = deps
  const { timeoutMs, pollIntervalMs, wait } = settings
  const info = (line: string): void => io.info(`${prefix}${line}`)
  info(pollingStartLine(settings))
  const warned = new Set<string>()
  const warnOnce = (key: string, text: string): void => {
    if (!warned.has(key)) io.warning(`${prefix}${text}`)
    warned.add(key)
  }
  const query: PollDeps['query'] = async (runId, signal, limitMs) => {
    const started = clock.now()
    const took = (): number => Math.round(clock.now() - started)
    try {
      const answer = await client.getGreenlight(runId, greenlightSchema, settings, signal, limitMs)
      io.debug(`Greenlight of ${runId}: ${answer.runStage} (${took()} ms).`)
      for (const field of droppedFields(answer))
        warnOnce(`field ${field}`, droppedFieldWarning(field))
      if (!(RUN_STAGES as readonly string[]).includes(answer.runStage)) {
        warnOnce(`stage ${answer.runStage}`, unknownStageWarning(answer.runStage))
      }
      return answer
    } catch (error) {
      // Without the message: a retry line or the verdict says it, once.
      io.debug(`Greenlight of ${runId} failed after ${took()} ms.`)
      throw error
    }
  }
  const maxBugs = bugsKeptPerRun(settings.runIds.length)
  const lastContradiction = new Map<string, string>()
  // For the tests of whole steps only: the unreachable limit and a new run's 404 grace, shortened.
  const testMs = (name: string): number | undefined => {
    const value = Number(deps.env[`QA_GREENLIGHT_TEST_${name}_MS`])
    return Number.isFinite(value) && value > 0 ? value : undefined
  }
  return pollRuns(
    settings.runIds,
    {
      ...{ query, clock, random: deps.random, signal: deps.signal, onLog: info },
      onAnswer: (rootRunId, response, relevantRunId) => {
        const contradiction = judgeResponse(response).contradiction
        const text = contradiction === undefined ? '' : contradictionText(contradiction)
        if (contradiction !== undefined && lastContradiction.get(rootRunId) !== text) {
          info(contradictionLine(relevantRunId, contradiction))
        }
        lastContradiction.set(rootRunId, text)
      },
      // Compacted on arrival; the bug figures are counted whole first, for the verdict.
      keep: answer => ({
        response: compactResponse(answer, maxBugs),
        figures: answerFigures(answer)
      }),
      onFinished: run => info(finishedLine(judgeRun(run, settings)))
    },
    {
      ...{ timeoutMs, pollIntervalMs, wait, maxStartJitterMs: MAX_START_JITTER_MS },
      stopWhenSuperseded: settings.onSuperseded === 'fail',
      unreachableLimitMs: testMs('UNREACHABLE_LIMIT'),
      notFoundGraceMs: testMs('NOT_FOUND_GRACE')
    }
  )
}

/**
 * From a `check_run` event (no runner held while QA Wolf reviews): one read of the commit's check
 * runs of that name, as the app may have re-run it, then the branch's tip; else polling.
 */
async function gatherCheckFacts(
  settings: GreenlightSettings,
  deps: ModeDeps,
  ctx: GitHubContext,
  prefix: string
): Promise<CheckFacts> {
  const check = settings.check!
  const info = (line: string): void => io.info(`${prefix}${line}`)
  const sha = check.sha ?? deriveFromEvent(ctx).sha
  const onEvent = ctx.eventName === 'check_run'
  if (sha === undefined) {
    const event = ctx.eventName === '' ? 'event' : `${ctx.eventName} event`
    const why = ctx.eventFileProblem === undefined ? '' : ` (${ctx.eventFileProblem})`
    const fix = onEvent
      ? `GitHub's check_run event carries check_run.head_sha; set sha to the checked commit, e.g. sha: \${{ github.event.check_run.head_sha }}.`
      : `set sha to the deployed commit, e.g. sha: \${{ github.event.deployment.sha }}.`
    throw new InputError(
      'sha',
      `Input 'sha' is empty and the ${event} names no commit${why}: ${fix}`
    )
  }
  const { name, app, since } = check
  const rules = { name, sha, app, ...definedOnly({ sinceMs: since?.ms }) }
  const who = app === '' ? 'any app but GitHub Actions' : `app ${app}`
  if (check.branch !== undefined && !onEvent) {
    io.warning(
      `Input 'branch' is read only on a check_run event (only that branch's tip may be promoted); on ${ctx.eventName === '' ? 'this event' : ctx.eventName} the step gates the commit it was given.`
    )
  }
  const event = onEvent ? ctx.payload['check_run'] : undefined
  const eventFacts = {
    source: 'event' as const,
    ...definedOnly({ eventAction: nonBlankText(ctx.payload['action']) }),
    eventCheckRun: event,
    rules,
    checkRuns: isRecord(event) ? [event] : []
  }
  const [about] = selectCheckRuns(eventFacts.checkRuns, rules).counting
  if (onEvent && !(eventFacts.eventAction === 'completed' && about?.status === 'completed')) {
    info(
      `Reading the verdict from the check_run event (check '${name}' by ${who} on ${sha.slice(0, 12)}); the event is not about that check completing, so no request.`
    )
    return { ...eventFacts, ended: { why: 'settled' } }
  }
  const [owner, repo, ...extra] = ctx.repository.split('/')
  if (!owner || !repo || extra.length > 0) {
    throw new InputError(
      'verdict-from',
      `GITHUB_REPOSITORY is not owner/name, so the check runs of the commit cannot be read with verdict-from: check. It is set by the GitHub runner.`
    )
  }
  const where = `${owner}/${repo}@${sha.slice(0, 12)}`
  if (onEvent) {
    info(
      `Reading the verdict from the check_run event (check '${name}' by ${who} on ${where}), with one read of the commit's check runs of that name and of the branch's tip; no polling.`
    )
  } else {
    if (since === undefined) {
      // `since: any`: said, because a check of an earlier deployment of the commit can decide at once.
      io.notice(
        `${prefix}With since: any, any earlier check run '${name}' of this commit counts, also one from an earlier deployment of it. To have only this deployment's check decide, pass notify's reported-at output (e.g. since: \${{ needs.deploy.outputs.reported-at }}).`,
        'Any earlier check of the commit counts'
      )
    }
    info(pollingStartLine(settings, `check run '${name}' by ${who} on ${where}`))
  }
  const budgetMs = testOverride(deps.env, 'QA_GREENLIGHT_TEST_CHECK_READ_BUDGET_MS')
  const repoRef = { token: settings.githubToken, apiUrl: ctx.apiUrl, owner, repo, sha, budgetMs }
  const { clock, signal } = deps
  const read = checkRunsReader({ ...repoRef, checkName: name })
  if (!onEvent) {
    return pollCheckRuns(rules, settings, {
      ...{ read, clock, signal, onLog: info },
      onWarn: line => io.warning(`${prefix}${line}`, 'Check not found by that name'),
      readNames: checkRunsReader(repoRef)
    })
  }
  // One read, as `wait: false` makes it; its lines judge the list without the event: debug only.
  const listed = await pollCheckRuns(
    rules,
    { timeoutMs: 0, pollIntervalMs: settings.pollIntervalMs, wait: false },
    { read, clock, signal, onLog: line => io.debug(`${prefix}${line}`) }
  )
  if (listed.checkRuns === undefined || listed.ended.why === 'interrupted') {
    return { ...listed, ...eventFacts }
  }
  const checkRuns = withEventCheckRun(listed.checkRuns, event)
  info(checkWaitingLine(selectCheckRuns(checkRuns, rules), rules))
  const facts: CheckFacts = { ...listed, ...eventFacts, listed: true, checkRuns }
  // Only the branch's tip when the step runs may be promoted (the job may have waited for
  // reviewers). A transient failure is asked again on the one-shot pauses within the same window:
  // no second event comes, so one 502 must not lose the promotion.
  const windowEnd = clock.now() + NO_WAIT_WINDOW_MS
  const interrupted: CheckFacts = { ...facts, ended: { why: 'interrupted' } }
  let branchTip: BranchTipAnswer | undefined
  for (let failures = 1; ; failures++) {
    const left = Math.ceil(Math.min(budgetMs, Math.max(0, windowEnd - clock.now())))
    branchTip = await readBranchTip({ ...repoRef, branch: check.branch }, left, signal)
    if (branchTip === undefined) return interrupted
    const { failure } = branchTip
    // A wait GitHub asked for was kept within the read's bound, or is past it: not asked again.
    const { status = 500, retryAfterMs } = failure ?? {}
    const transient = failure && retryAfterMs === undefined && (status >= 500 || status === 429)
    const pauseMs = oneShotPauseMs(failures)
    if (!transient || clock.now() + pauseMs >= windowEnd) break
    info(readFailedLine('the branch', pauseMs, failure.message))
    await clock.sleep(pauseMs, signal)
    if (signal.aborted) return interrupted
  }
  const tip = branchTip.tip
  const tipWords =
    tip === undefined
      ? 'could not be read'
      : `is ${tip.slice(0, 12)}${tip === sha.toLowerCase() ? ' (this commit)' : ''}`
  info(
    `The tip of branch '${branchTip.branch ?? '(default branch)'}'${branchTip.fromDefault ? " (the repository's default branch)" : ''} ${tipWords}; only that commit may be promoted.`
  )
  return { ...facts, branchTip }
}
