// terminate on QA Wolf's current path: the preview's environment named by `environment`, as notify
// reported it. `via: github-deployment` marks every active GitHub deployment of it `inactive`
// (GitHub shows a transient one as destroyed); `via: report-status` reports `inactive` for it to
// QA Wolf's deployment.reportStatus. Both are safe to repeat: nothing active is left alone, and
// the report is idempotent by its providerDeploymentId.
import * as io from '../kernel/io.js'
import { errorMessage } from '../core/error-message.js'
import { formatDuration } from '../core/durations.js'
import { plural } from '../kernel/text.js'
import type { GitHubContext } from '../github/event-context.js'
import { providerDeploymentId } from '../github/event-values.js'
import { BudgetExceeded, gitHubBudgetMs, withGitHub } from '../github/github-api.js'
import { gitHubFailureMessage } from '../github/github-failure.js'
import { InactiveStatusError, markDeploymentsInactive } from '../github/deployments.js'
import { logPrefix, type CurrentPathTerminateSettings } from '../inputs/settings.js'
import { postWithRetries } from '../service/post-retries.js'
import type { ServiceClient } from '../service/client.js'
import type { Clock } from '../core/clock.js'
import type { TerminateOutcome } from './termination.js'

export interface CurrentPathDeps {
  client: ServiceClient
  clock: Clock
  random: () => number
  signal: AbortSignal
  env: NodeJS.ProcessEnv
  context: GitHubContext
}

/** What the route did: an outcome and its words, or the step's failure. */
export type CurrentPathResult =
  | { outcome: TerminateOutcome; message: string; warning?: boolean }
  | { outcome: 'failed'; message: string }

/** QA Wolf documents no effect of `inactive`: the step says so rather than promise one. */
export const INACTIVE_NOT_PUBLIC =
  "What QA Wolf does when an environment's deployment turns inactive is not public: whether it stops runs that target it is not documented."

/** `via: github-deployment`: an `inactive` status on every active deployment of the environment. */
export async function markGitHubDeploymentsInactive(
  settings: CurrentPathTerminateSettings,
  deps: CurrentPathDeps
): Promise<CurrentPathResult> {
  const [owner, repo] = deps.context.repository.split('/')
  if (!owner || !repo) {
    return {
      outcome: 'failed',
      message:
        'the repository is unknown (GITHUB_REPOSITORY is not owner/name), so its deployments cannot be read.'
    }
  }
  const environment = settings.environmentName
  io.info(
    `${logPrefix(settings)}Marking every active GitHub deployment of environment ${environment} in ${owner}/${repo} inactive.`
  )
  const apiUrl = deps.context.apiUrl
  try {
    const { marked, notActive } = await withGitHub(
      settings.githubToken,
      apiUrl,
      (octokit, signal) =>
        markDeploymentsInactive(
          octokit,
          { owner, repo, environment, description: 'Environment closed; marked by qa-greenlight' },
          signal
        ),
      gitHubBudgetMs(deps.env, 'QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS'),
      deps.signal
    )
    if (marked.length > 0) {
      return {
        outcome: 'terminated',
        message: `GitHub ${plural(marked.length, 'deployment')} of environment ${environment} marked inactive (${marked.join(', ')}); QA Wolf's GitHub App reads the statuses, and GitHub shows a transient deployment as destroyed.`
      }
    }
    return notActive > 0
      ? {
          outcome: 'already-terminated',
          warning: true,
          message: `No GitHub deployment of environment ${environment} is active (${plural(notActive, 'deployment')}, none live); nothing to do.`
        }
      : {
          outcome: 'not-found',
          warning: true,
          message: `GitHub has no deployment of environment ${environment} in ${owner}/${repo}; nothing to do. Check 'environment': it must be the name notify reported.`
        }
  } catch (error) {
    return { outcome: 'failed', message: describeInactiveFailure(error, settings, apiUrl, deps) }
  }
}

function describeInactiveFailure(
  error: unknown,
  settings: CurrentPathTerminateSettings,
  apiUrl: string,
  deps: CurrentPathDeps
): string {
  const marked = error instanceof InactiveStatusError ? error.marked : []
  const done =
    marked.length === 0
      ? ''
      : ` ${plural(marked.length, 'deployment')} (${marked.join(', ')}) already marked inactive; running the step again finishes the rest.`
  if (deps.signal.aborted)
    return `the job was cancelled while deployments were being marked.${done}`
  const failure = error instanceof InactiveStatusError ? error.failure : error
  if (failure instanceof BudgetExceeded) {
    return `GitHub did not answer within ${formatDuration(failure.budgetMs)}.${done}`
  }
  const listing = error instanceof InactiveStatusError && error.deploymentId === undefined
  const message = gitHubFailureMessage(
    failure,
    {
      what: listing
        ? `GitHub did not list the deployments of environment ${settings.environmentName}`
        : `GitHub did not mark deployment ${error instanceof InactiveStatusError ? (error.deploymentId ?? '') : ''} inactive`,
      advice: {
        403: listing
          ? 'The token needs the deployments: read permission (deployments: write to mark them): add "permissions: deployments: write" to the job.'
          : 'The token needs the deployments: write permission: add "permissions: deployments: write" to the job (and pass that token as \'github-token\').',
        404: "The repository was not found, or the token cannot see it: check 'github-token'."
      },
      rateLimited: 'run the job again once the wait has passed.'
    },
    apiUrl,
    settings.githubToken,
    Date.now()
  )
  return `${message}${done}`
}

/** `via: report-status`: `inactive` for the environment, as QA Wolf's deployment.reportStatus takes it. */
export async function reportEnvironmentInactive(
  settings: CurrentPathTerminateSettings,
  deps: CurrentPathDeps
): Promise<CurrentPathResult> {
  const prefix = logPrefix(settings)
  const id = providerDeploymentId(deps.context, settings.label)
  if (id === undefined) {
    return {
      outcome: 'failed',
      message:
        "GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT or GITHUB_JOB is not set, and the report is named by them (as QA Wolf's own client names it). They are set by the GitHub runner."
    }
  }
  const environment = settings.environmentName
  io.info(
    `${prefix}Reporting environment ${environment} inactive to ${settings.baseUrl} (deployment.reportStatus, deployment ${id}).`
  )
  io.info(`${prefix}${INACTIVE_NOT_PUBLIC}`)
  try {
    await postWithRetries(
      signal =>
        deps.client.reportDeploymentStatus(
          {
            workspaceId: settings.workspaceId ?? '',
            providerDeploymentId: id,
            status: 'inactive',
            environment: { name: environment, ephemeral: true }
          },
          signal
        ),
      { ...deps, onRetry: line => io.info(`${prefix}${line}`) }
    )
  } catch (error) {
    return {
      outcome: 'failed',
      message: deps.signal.aborted
        ? 'the job was cancelled while the report was being sent. It may have reached the service; reporting again is safe.'
        : errorMessage(error)
    }
  }
  return {
    outcome: 'terminated',
    message: `QA Wolf took the report: environment ${environment} is inactive. ${INACTIVE_NOT_PUBLIC}`
  }
}
