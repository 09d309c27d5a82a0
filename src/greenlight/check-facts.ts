// `verdict-from: check`, the I/O side: which commit and repository, then the facts, either from a
// `check_run` event (no wait, no runner held while QA Wolf reviews) or by polling GitHub's check
// runs of the commit (check-polling.ts). On an event about the wanted check, the commit's check
// runs of that name are read once beside it: the app may have re-run the check while the job
// waited for a runner, or another app posted the same name, and the event's own `success` alone
// would be a wrong green. An event about another check makes no request. check-verdict.ts decides from
// the facts; nothing here judges them (whether the event is about the wanted check is
// check-selection.ts's rule, the one the verdict applies).
import * as io from '../kernel/io.js'
import { InputError } from '../core/input-error.js'
import { formatDuration } from '../core/durations.js'
import { readGitHubContext } from '../github/event-context.js'
import { deriveFromEvent } from '../github/event-values.js'
import { checkRunNamesReader, checkRunsReader } from '../github/check-runs.js'
import { readBranchTip, type BranchTipAnswer } from '../github/branch-tip.js'
import { gitHubBudgetMs } from '../github/github-api.js'
import { isRecord } from '../core/is-record.js'
import { nonBlankText } from '../kernel/text.js'
import { logPrefix, type GreenlightSettings } from '../inputs/settings.js'
import { selectCheckRuns, withEventCheckRun, type CheckRules } from './check-selection.js'
import { checkWaitingLine } from '../gate/poll-log.js'
import { NO_WAIT_WINDOW_MS, oneShotPauseMs, pollCheckRuns } from './check-polling.js'
import type { CheckFacts } from './run-outcome.js'
import type { Clock } from '../core/clock.js'

/** What gathering the facts needs of the step (the mode's deps hold it): no service client. */
export interface CheckFactsDeps {
  clock: Clock
  signal: AbortSignal
  env: NodeJS.ProcessEnv
}

export async function gatherCheckFacts(
  settings: GreenlightSettings,
  deps: CheckFactsDeps
): Promise<CheckFacts> {
  const check = settings.check
  if (check === undefined) throw new Error('gatherCheckFacts needs verdict-from: check')
  const labelPrefix = logPrefix(settings)
  const ctx = readGitHubContext(deps.env)
  const sha = check.sha ?? deriveFromEvent(ctx).sha
  if (sha === undefined) {
    throw new InputError(
      'sha',
      `Input 'sha' is empty and the ${ctx.eventName === '' ? 'event' : `${ctx.eventName} event`} names no commit` +
        (ctx.eventFileProblem === undefined ? '' : ` (${ctx.eventFileProblem})`) +
        // The example must be an expression valid on this event.
        (ctx.eventName === 'check_run'
          ? `: GitHub's check_run event carries check_run.head_sha; set sha to the checked commit, e.g. sha: \${{ github.event.check_run.head_sha }}.`
          : `: set sha to the deployed commit, e.g. sha: \${{ github.event.deployment.sha }}.`)
    )
  }
  const rules: CheckRules = {
    name: check.name,
    sha,
    app: check.app,
    ...(check.since === undefined ? {} : { sinceMs: check.since.ms })
  }
  const who = check.app === '' ? 'any app but GitHub Actions' : `app ${check.app}`
  const onCheckRunEvent = ctx.eventName === 'check_run'
  if (check.branch !== undefined && !onCheckRunEvent) {
    io.warning(
      `Input 'branch' is read only on a check_run event (only that branch's tip may be promoted); on ${ctx.eventName === '' ? 'this event' : ctx.eventName} the step gates the commit it was given.`
    )
  }
  const event = onCheckRunEvent ? ctx.payload['check_run'] : undefined
  const eventFacts: CheckFacts = {
    source: 'event',
    ...withAction(nonBlankText(ctx.payload['action'])),
    eventCheckRun: event,
    rules,
    checkRuns: isRecord(event) ? [event] : [],
    requests: 0,
    notModified: 0,
    ended: { why: 'settled' }
  }
  if (onCheckRunEvent && !isAboutWantedCheck(eventFacts)) {
    // Another check, or not completed: never green, and nothing to ask GitHub.
    io.info(
      `${labelPrefix}Reading the verdict from the check_run event (check '${check.name}' by ${who} on ${sha.slice(0, 12)}); the event is not about that check completing, so no request.`
    )
    return eventFacts
  }
  const [owner, repo, ...extra] = ctx.repository.split('/')
  if (!owner || !repo || extra.length > 0) {
    throw new InputError(
      'verdict-from',
      `GITHUB_REPOSITORY is not owner/name, so the check runs of the commit cannot be read with verdict-from: check. It is set by the GitHub runner.`
    )
  }
  if (onCheckRunEvent) {
    io.info(
      `${labelPrefix}Reading the verdict from the check_run event (check '${check.name}' by ${who} on ${owner}/${repo}@${sha.slice(0, 12)}), with one read of the commit's check runs of that name and of the branch's tip; no polling.`
    )
  } else {
    if (check.since === undefined) {
      // Most often an unset step or job output (`since: ${{ … }}` that evaluated to ''): said,
      // because a check of an earlier deployment of the same commit can then decide at once.
      io.notice(
        `${labelPrefix}Input 'since' is empty, so any earlier check run '${check.name}' of this commit counts, also one from an earlier deployment of it. To have only this deployment's check decide, pass notify's reported-at output (e.g. since: \${{ needs.deploy.outputs.reported-at }}), and check that the output it names is set.`,
        'Any earlier check of the commit counts'
      )
    }
    io.info(
      settings.wait
        ? `${labelPrefix}Waiting for check run '${check.name}' by ${who} on ${owner}/${repo}@${sha.slice(0, 12)} (timeout ${formatDuration(settings.timeoutMs)}, polling every ${formatDuration(settings.pollIntervalMs)}).`
        : `${labelPrefix}Reading check run '${check.name}' by ${who} on ${owner}/${repo}@${sha.slice(0, 12)} once (wait: false).`
    )
  }
  const read = checkRunsReader({
    token: settings.githubToken,
    apiUrl: ctx.apiUrl,
    owner,
    repo,
    sha,
    checkName: check.name
  })
  const budgetMs = gitHubBudgetMs(deps.env, 'QA_GREENLIGHT_TEST_CHECK_READ_BUDGET_MS')
  const pollDeps = {
    read: async (budget: number, signal: AbortSignal) => {
      const answer = await read(Math.min(budget, budgetMs), signal)
      io.debug(
        `Check runs of ${sha.slice(0, 12)}: ${answer.checkRuns.length} named '${check.name}', ${answer.requests} request(s), ${answer.notModified} not modified (304).`
      )
      return answer
    },
    clock: deps.clock,
    signal: deps.signal,
    onLog: (line: string) => io.info(`${labelPrefix}${line}`)
  }
  if (!onCheckRunEvent) {
    // While none counts, the names of the commit's other check runs show a mistyped check-name.
    const readNames = checkRunNamesReader({
      token: settings.githubToken,
      apiUrl: ctx.apiUrl,
      owner,
      repo,
      sha
    })
    return pollCheckRuns(
      rules,
      {
        timeoutMs: settings.timeoutMs,
        pollIntervalMs: settings.pollIntervalMs,
        wait: settings.wait
      },
      {
        ...pollDeps,
        readNames: (budget: number, signal: AbortSignal) =>
          readNames(Math.min(budget, budgetMs), signal)
      }
    )
  }
  // One read, as `wait: false` makes it (a failed read is asked again within its short window).
  // Its lines judge the list without the event: debug only, and the line for both is below.
  const listed = await pollCheckRuns(
    rules,
    { timeoutMs: 0, pollIntervalMs: settings.pollIntervalMs, wait: false },
    { ...pollDeps, onLog: line => io.debug(`${labelPrefix}${line}`) }
  )
  if (listed.checkRuns === undefined || listed.ended.why === 'interrupted') {
    return { ...eventFacts, requests: listed.requests, ended: listed.ended }
  }
  const checkRuns = withEventCheckRun(listed.checkRuns, event)
  io.info(`${labelPrefix}${checkWaitingLine(selectCheckRuns(checkRuns, rules), rules)}`)
  const facts: CheckFacts = {
    ...eventFacts,
    listed: true,
    checkRuns,
    requests: listed.requests,
    notModified: listed.notModified,
    ended: listed.ended,
    ...(listed.waitedMs === undefined ? {} : { waitedMs: listed.waitedMs })
  }
  // Only the branch's tip may be promoted, and the tip when the step runs: the job may have
  // waited for an environment's reviewers since the event fired. Read after the list, by SHAs.
  // Like the list, a read the event path cannot repeat later: a transient failure (5xx, 429, no
  // answer) is asked again on the one-shot pauses, within the same window, never after
  // poll-interval, so one 502 does not lose the promotion.
  const windowEnd = deps.clock.now() + NO_WAIT_WINDOW_MS
  let branchTip: BranchTipAnswer
  let branchRequests = 0
  for (let failures = 1; ; failures++) {
    try {
      branchTip = await readBranchTip(
        {
          token: settings.githubToken,
          apiUrl: ctx.apiUrl,
          owner,
          repo,
          sha,
          ...(check.branch === undefined ? {} : { branch: check.branch })
        },
        // Whole milliseconds: timers take integers, and the clock is fractional.
        Math.ceil(Math.min(budgetMs, Math.max(0, windowEnd - deps.clock.now()))),
        deps.signal
      )
    } catch {
      // Only the job's cancellation rejects.
      return { ...facts, ended: { why: 'interrupted' } }
    }
    branchRequests += branchTip.requests
    const failure = branchTip.failure
    const transient =
      failure !== undefined &&
      (failure.status === undefined || failure.status >= 500 || failure.status === 429)
    const pauseMs = oneShotPauseMs(failures)
    if (!transient || deps.clock.now() + pauseMs >= windowEnd) break
    io.info(
      `${labelPrefix}Reading the branch failed; asking again in ${formatDuration(pauseMs)}: ${failure.message}`
    )
    await deps.clock.sleep(pauseMs, deps.signal)
    if (deps.signal.aborted) return { ...facts, ended: { why: 'interrupted' } }
  }
  const tipWords =
    branchTip.tip === undefined
      ? 'could not be read'
      : `is ${branchTip.tip.slice(0, 12)}${branchTip.tip === sha.toLowerCase() ? ' (this commit)' : ''}`
  io.info(
    `${labelPrefix}The tip of branch '${branchTip.branch ?? '(default branch)'}'${branchTip.fromDefault ? " (the repository's default branch)" : ''} ${tipWords}; only that commit may be promoted.`
  )
  return { ...facts, requests: facts.requests + branchRequests, branchTip }
}

function withAction(action: string | undefined): { eventAction?: string } {
  return action === undefined ? {} : { eventAction: action }
}

/**
 * Whether a `check_run` event is about the wanted check completing: only then can the commit's
 * other check runs change its verdict, and only then is GitHub asked. By the rule the verdict
 * counts by (check-selection.ts), so the two cannot disagree.
 */
function isAboutWantedCheck(facts: CheckFacts): boolean {
  const { counting, unreadable } = selectCheckRuns(facts.checkRuns ?? [], facts.rules)
  return (
    facts.eventAction === 'completed' &&
    unreadable.length === 0 &&
    counting.length === 1 &&
    counting[0]?.status === 'completed'
  )
}
