// `via: github-deployment`: the GitHub deployment QA Wolf's docs ask for, and its first `success`
// status, which QA Wolf's GitHub App turns into a deployment on its side (global triggers, and a
// workspace's legacy triggers until it cuts over). Built so that the footguns the docs list cannot
// happen (GitHub's default `production` environment, a ref that moves, a waiting auto-merge or
// required contexts, variables QA Wolf would silently drop). A deployment's payload is readable by
// anyone who can read the repository: no URL credentials, and a warning for secret-looking names.
import { InputError } from '../kernel/settings.js'
import { errorMessage } from '../kernel/values.js'
import { formatDuration } from '../kernel/time.js'
import { isRecord } from '../kernel/values.js'
import { displayUrl, hasCredentials, isHttpUrl } from '../kernel/parsers.js'
import { escapeText } from '../kernel/markdown.js'
import { BudgetExceeded, gitHubBudgetMs, withGitHub, type Octokit } from '../kernel/github.js'
import { gitHubFailureMessage, type GitHubFailureWords } from '../kernel/github-failure.js'
import { emptyGitHubToken } from '../kernel/parsers.js'
import {
  currentPathSummary,
  environmentRequired,
  ignoredInput,
  infoLines,
  notSendable,
  previewWarnings,
  type Route
} from './deployment.js'

/** The deployment and its status as GitHub's API takes them: made once (twice is tested twice). */
interface GitHubDeploymentRequest {
  deployment: {
    owner: string
    repo: string
    ref: string
    environment: string
    description: string
  } & {
    transient_environment: boolean
    auto_merge: false
    required_contexts: []
    payload: Record<string, unknown>
  }
  status: { environment_url: string; log_url?: string; description: string }
}

/** The deployment GitHub created, and when by GitHub's clock (its `created_at`, else `Date`). */
export interface CreatedDeployment {
  id: number
  createdAt?: string
}

/** Which request failed, and how; the deployment's ID once it exists. */
class StepError extends Error {
  constructor(
    readonly step: 'deployment' | 'status',
    readonly failure: unknown,
    readonly created?: CreatedDeployment
  ) {
    super(errorMessage(failure), { cause: failure })
  }
}

/**
 * A success answer without a deployment in it: a 202 (GitHub merged the default branch into the
 * ref instead) or a 201 whose body could not be read (one exists then). Shaped as Octokit's
 * errors, so the message says what GitHub answered, never that it could not be reached.
 */
export class AnswerWithoutDeployment extends Error {
  readonly response: { status: number; data: unknown }
  constructor(status: number, data: unknown) {
    super(
      status === 201
        ? 'the answer said created, but its body could not be read'
        : 'no deployment in the answer'
    )
    this.response = { status, data }
  }
}

export const githubDeployment: Route<GitHubDeploymentRequest, CreatedDeployment> = {
  words: {
    notSent: 'The deployment was not reported',
    failed: 'The deployment was not reported'
  },

  rules(settings) {
    const { environment, deploymentUrl } = settings
    const refusals = [
      environment === undefined &&
        environmentRequired(
          'github-deployment',
          " (GitHub's default, production, is never used implicitly)"
        ),
      settings.hostingService === 'GitLab' &&
        new InputError(
          'hosting-service',
          `Input 'hosting-service' is GitLab, but via: github-deployment creates a GitHub deployment: use via: report-status or deploy-success for GitLab.`
        ),
      settings.githubToken === '' &&
        emptyGitHubToken('via is github-deployment', 'deployments: write'),
      deploymentUrl !== undefined &&
        hasCredentials(deploymentUrl) &&
        new InputError(
          'deployment-url',
          `Input 'deployment-url' holds a user name or password (user:password@host), and with via: github-deployment it becomes the deployment status's environment_url, which anyone who can read the repository can see. Give the URL without credentials (the value is not shown).`
        )
    ]
    const secret = Object.keys(settings.variables ?? {}).flatMap((name, index) =>
      /TOKEN|SECRET|PASSWORD|KEY/i.test(name) ? [String(index + 1)] : []
    )
    const warnings =
      settings.service === undefined
        ? []
        : [ignoredInput('service', 'github-deployment', 'only via: report-status sends it')]
    if (secret.length > 0) {
      warnings.push(
        `Input 'variables': ${secret.length === 1 ? `variable ${secret[0]} has a name that looks` : `variables ${secret.join(', ')} have names that look`} like a secret (TOKEN, SECRET, PASSWORD or KEY). With via: github-deployment, variables go into the GitHub deployment's payload, which anyone who can read the repository can see: pass secrets to QA Wolf another way (its team variables), or use via: report-status.`
      )
    }
    return { errors: refusals.filter(error => error instanceof InputError), warnings }
  },

  request(settings, plan, ctx) {
    const { sha, deploymentUrl, repository } = plan.facts
    const why =
      ctx.eventName === 'deployment_status' || ctx.eventName === 'deployment'
        ? `the workflow runs on a ${ctx.eventName} event: that GitHub deployment already reaches QA Wolf's GitHub App, and another would report the deploy twice (with a personal token, its status would start this workflow again). Leave this step out, or use via: deploy-success.`
        : sha === undefined
          ? "no commit SHA is known, and a GitHub deployment's ref must be the SHA that was deployed (a branch moves on). Set the 'sha' input."
          : deploymentUrl === undefined
            ? "no deployment URL is known, and QA Wolf tests the URL of the deployment's success status. Set the 'deployment-url' input."
            : repository === undefined
              ? "the repository is unknown (GITHUB_REPOSITORY is not owner/name). Set the 'repository' input."
              : undefined
    if (why !== undefined || !sha || !deploymentUrl || !repository) return notSendable(why ?? '')
    const environment = settings.environment ?? ''
    const lines = [...infoLines(plan.notes), ...previewWarnings(settings, plan.facts, environment)]
    const variables = settings.variables
    const logUrl =
      ctx.runId && isHttpUrl(ctx.serverUrl) && ctx.repository
        ? `${ctx.serverUrl}/${ctx.repository}/actions/runs/${ctx.runId}`
        : undefined
    const deployment: GitHubDeploymentRequest['deployment'] = {
      owner: repository.owner,
      repo: repository.name,
      ref: sha,
      environment,
      transient_environment: settings.ephemeralEnvironment === true,
      auto_merge: false,
      required_contexts: [],
      // Strings only (the input's parser refuses anything else): one non-string value and QA
      // Wolf reads no variables at all, without saying so.
      payload: variables === undefined ? {} : { qawolf: { environmentVariables: variables } },
      description: 'Reported by qa-greenlight for QA Wolf'
    }
    return {
      kind: 'send',
      request: {
        deployment,
        status: {
          environment_url: deploymentUrl,
          ...(logUrl === undefined ? {} : { log_url: logUrl }),
          description: 'Deployed; QA Wolf tests this URL'
        }
      },
      describe: `Creating a GitHub deployment of ${sha} in ${repository.owner}/${repository.name} to environment ${environment}, then its success status with ${displayUrl(deploymentUrl)}.`,
      lines
    }
  },

  async send(request, settings, deps) {
    const created: { deployment?: CreatedDeployment } = {}
    const answer = await withGitHub(
      settings.githubToken,
      deps.context.apiUrl,
      (octokit, signal) => createSuccessfulDeployment(octokit, request, signal, created),
      gitHubBudgetMs(deps.env, 'QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS'),
      deps.signal
    ).catch((error: unknown) => {
      // The budget or a cancellation ends the exchange, not the request: say what already exists.
      throw error instanceof StepError ? error : new StepError('status', error, created.deployment)
    })
    return answer.createdAt === undefined ? { answer } : { answer, serverTime: answer.createdAt }
  },

  failure(thrown, settings, deps) {
    const error = thrown instanceof StepError ? thrown.failure : thrown
    const id = thrown instanceof StepError ? thrown.created?.id : undefined
    const outputs = id === undefined ? undefined : { 'github-deployment-id': String(id) }
    const exists =
      id === undefined
        ? 'It may exist without its success status'
        : `GitHub deployment ${id} exists without its success status, so QA Wolf will not test it`
    const reason = deps.signal.aborted
      ? `the job was cancelled while the GitHub deployment was being created. ${exists}: look at the repository\u2019s deployments before running again.`
      : error instanceof BudgetExceeded
        ? `GitHub did not complete the deployment within ${formatDuration(error.budgetMs)}. ${exists}: look at the repository\u2019s deployments before running again.`
        : thrown instanceof StepError
          ? describeGitHubDeploymentFailure(
              thrown.step,
              error,
              deps.context.apiUrl,
              settings.githubToken,
              id,
              Date.now()
            )
          : errorMessage(error)
    return outputs === undefined ? { reason } : { reason, outputs }
  },

  report(deployed, settings) {
    const message = `GitHub deployment ${deployed.id} created with a success status; QA Wolf's GitHub App reads it and evaluates its triggers.`
    const outputs = {
      'github-deployment-id': String(deployed.id),
      environment: settings.environment ?? ''
    }
    return { outputs, lines: [{ kind: 'info', message }] }
  },

  summary(input) {
    return currentPathSummary(input, deployed => ({
      route: 'a GitHub deployment with a success status (QA Wolf\u2019s GitHub App reads it)',
      reported:
        deployed === undefined
          ? ''
          : `GitHub deployment ${escapeText(String(deployed.id))}, state success.`
    }))
  }
}

/** Why the deployment or its status failed, and what to do; the token is never shown. */
export function describeGitHubDeploymentFailure(
  step: 'deployment' | 'status',
  error: unknown,
  apiUrl: string,
  token: string,
  deploymentId?: number,
  now = 0
): string {
  const unreadableCreated =
    error instanceof AnswerWithoutDeployment && error.response.status === 201
  const words: GitHubFailureWords = {
    what:
      step === 'status'
        ? `GitHub created deployment ${deploymentId ?? ''} but not its success status, so QA Wolf will not test it`
        : unreadableCreated
          ? 'GitHub created a deployment but its answer could not be read, so no success status was sent and QA Wolf will not test it'
          : 'GitHub did not create the deployment',
    advice:
      step === 'status'
        ? {
            403: 'The token needs the deployments: write permission: add "permissions: deployments: write" to the job (and pass that token as \'github-token\').',
            404: "The deployment or the repository was not found, or the token cannot see it: check 'repository' and 'github-token'.",
            422: "GitHub refused the status itself (validation failed): check 'deployment-url', which becomes its environment_url, then look at the repository's deployments before running again."
          }
        : {
            201: "A deployment may exist without its status: look at the repository's deployments before running the job again.",
            202: 'GitHub merged the default branch into the ref instead of creating a deployment (its 202 answer); nothing was created. Deploy a commit that is up to date, then run the job again.',
            403: 'The token needs the deployments: write permission: add "permissions: deployments: write" to the job (and pass that token as \'github-token\').',
            404: "The repository was not found, or the token cannot see it: check 'repository' and 'github-token'.",
            422: "Check 'sha' (the commit must be in the repository) and 'environment'."
          },
    rateLimited:
      step === 'deployment' && !unreadableCreated
        ? 'run the job again once the wait has passed.'
        : "look at the repository's deployments before running the job again."
  }
  return gitHubFailureMessage(error, words, apiUrl, token, now)
}

/** The deployment, then its success status; `created` hears of the deployment once it exists. */
async function createSuccessfulDeployment(
  octokit: Octokit,
  { deployment, status }: GitHubDeploymentRequest,
  signal: AbortSignal,
  created: { deployment?: CreatedDeployment }
): Promise<CreatedDeployment> {
  let made: CreatedDeployment
  try {
    const answer = await octokit.rest.repos.createDeployment({ ...deployment, request: { signal } })
    const data: unknown = answer.data
    const fields = isRecord(data) ? data : {}
    if (answer.status !== 201 || typeof fields['id'] !== 'number') {
      throw new AnswerWithoutDeployment(answer.status, data)
    }
    const stamp =
      typeof fields['created_at'] === 'string' ? fields['created_at'] : answer.headers.date
    made = typeof stamp === 'string' ? { id: fields['id'], createdAt: stamp } : { id: fields['id'] }
  } catch (error) {
    throw new StepError('deployment', error)
  }
  created.deployment = made
  try {
    await octokit.rest.repos.createDeploymentStatus({
      owner: deployment.owner,
      repo: deployment.repo,
      deployment_id: made.id,
      state: 'success',
      ...status,
      request: { signal }
    })
  } catch (error) {
    throw new StepError('status', error, made)
  }
  return made
}
