// `verdict-from: check`, the I/O side: which commit and repository, then the facts, either from a
// `check_run` event (the event's own check run: no request, no wait, no runner held while QA Wolf
// reviews) or by polling GitHub's check runs of the commit (check-polling.ts). verdict.ts decides
// from the facts; nothing here judges them.
import * as io from '../render/action-io.js'
import { InputError } from '../core/input-error.js'
import { formatDuration } from '../core/durations.js'
import { readGitHubContext } from '../github/event-context.js'
import { deriveFromEvent } from '../github/event-values.js'
import { checkRunsReader } from '../github/check-runs.js'
import { gitHubBudgetMs } from '../github/github-api.js'
import { isRecord } from '../core/is-record.js'
import { nonBlankText } from '../core/text.js'
import { logPrefix, type GreenlightSettings } from '../inputs/settings.js'
import type { CheckRules } from './check-selection.js'
import { pollCheckRuns } from './check-polling.js'
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
        `: set sha to the deployed commit, e.g. sha: \${{ github.event.deployment.sha }}.`
    )
  }
  const rules: CheckRules = {
    name: check.name,
    sha,
    app: check.app,
    ...(check.since === undefined ? {} : { sinceMs: check.since.ms })
  }
  const who = check.app === '' ? 'any app but GitHub Actions' : `app ${check.app}`
  if (ctx.eventName === 'check_run') {
    io.info(
      `${labelPrefix}Reading the verdict from the check_run event's check run (check '${check.name}' by ${who} on ${sha.slice(0, 12)}); no polling.`
    )
    const event = ctx.payload['check_run']
    const action = nonBlankText(ctx.payload['action'])
    return {
      source: 'event',
      ...(action === undefined ? {} : { eventAction: action }),
      rules,
      checkRuns: isRecord(event) ? [event] : [],
      requests: 0,
      notModified: 0,
      ended: { why: 'settled' }
    }
  }
  const [owner, repo, ...extra] = ctx.repository.split('/')
  if (!owner || !repo || extra.length > 0) {
    throw new InputError(
      'verdict-from',
      `GITHUB_REPOSITORY is not owner/name, so the check runs of the commit cannot be read with verdict-from: check. It is set by the GitHub runner.`
    )
  }
  io.info(
    settings.wait
      ? `${labelPrefix}Waiting for check run '${check.name}' by ${who} on ${owner}/${repo}@${sha.slice(0, 12)} (timeout ${formatDuration(settings.timeoutMs)}, polling every ${formatDuration(settings.pollIntervalMs)}).`
      : `${labelPrefix}Reading check run '${check.name}' by ${who} on ${owner}/${repo}@${sha.slice(0, 12)} once (wait: false).`
  )
  const read = checkRunsReader({
    token: settings.githubToken,
    apiUrl: ctx.apiUrl,
    owner,
    repo,
    sha,
    checkName: check.name
  })
  const budgetMs = gitHubBudgetMs(deps.env, 'QA_GREENLIGHT_TEST_CHECK_READ_BUDGET_MS')
  return pollCheckRuns(
    rules,
    { timeoutMs: settings.timeoutMs, pollIntervalMs: settings.pollIntervalMs, wait: settings.wait },
    {
      read: async (budget, signal) => {
        const answer = await read(Math.min(budget, budgetMs), signal)
        io.debug(
          `Check runs of ${sha.slice(0, 12)}: ${answer.checkRuns.length} named '${check.name}', ${answer.requests} request(s), ${answer.notModified} not modified (304).`
        )
        return answer
      },
      clock: deps.clock,
      signal: deps.signal,
      onLog: line => io.info(`${labelPrefix}${line}`)
    }
  )
}
