// `via: github-deployment`: the GitHub deployment QA Wolf's docs ask for, and its first `success`
// status, which QA Wolf's GitHub App turns into a deployment on its side (global triggers, and a
// workspace's legacy triggers until it cuts over). Built so that the footguns the docs list cannot
// happen (GitHub's default `production` environment, a ref that moves, a waiting auto-merge or
// required contexts, variables QA Wolf would silently drop). A deployment's payload is readable by
// anyone who can read the repository: no URL credentials, and a warning for secret-looking names.
import { InputError } from '../core/input-error.js'
import { errorMessage } from '../core/error-message.js'
import { formatDuration } from '../core/durations.js'
import { displayUrl, hasCredentials, isHttpUrl } from '../core/urls.js'
import { escapeText } from '../kernel/markdown.js'
import { BudgetExceeded, gitHubBudgetMs, withGitHub } from '../github/github-api.js'
import {
  AnswerWithoutDeployment,
  createSuccessfulDeployment,
  DeploymentStepError,
  type CreatedDeployment,
  type DeploymentRequest,
  type DeploymentStatusRequest
} from '../github/deployments.js'
import { gitHubFailureMessage, type GitHubFailureWords } from '../github/github-failure.js'
import { emptyGitHubToken } from '../inputs/parse-mode-inputs.js'
import { previewWarnings } from './preview.js'
import { renderRouteSummary } from './route-summary.js'
import {
  environmentRequired,
  ignoredInput,
  infoLines,
  notSendable,
  type Route,
  type RuleFindings
} from './route.js'

interface GitHubDeploymentRequest {
  deployment: DeploymentRequest
  status: DeploymentStatusRequest
}

/** A variable name that looks like it holds a secret. */
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|KEY/i

/** A failure of the exchange, with the deployment when it exists (its status failed, or the budget ended). */
class ExchangeFailure extends Error {
  constructor(
    readonly failure: unknown,
    readonly created: CreatedDeployment | undefined
  ) {
    super(errorMessage(failure), { cause: failure })
    this.name = 'ExchangeFailure'
  }
}

export const githubDeployment: Route<GitHubDeploymentRequest, CreatedDeployment> = {
  via: 'github-deployment',
  words: {
    notSent: 'The deployment was not reported',
    failed: 'The deployment was not reported'
  },

  rules(settings) {
    const findings: RuleFindings = { errors: [], warnings: [] }
    if (settings.environment === undefined) {
      findings.errors.push(
        environmentRequired(
          'github-deployment',
          " (GitHub's default, production, is never used implicitly)"
        )
      )
    }
    if (settings.hostingService === 'GitLab') {
      findings.errors.push(
        new InputError(
          'hosting-service',
          `Input 'hosting-service' is GitLab, but via: github-deployment creates a GitHub deployment: use via: report-status or deploy-success for GitLab.`
        )
      )
    }
    if (settings.githubToken === '') {
      findings.errors.push(emptyGitHubToken('via is github-deployment', 'deployments: write'))
    }
    if (settings.deploymentUrl !== undefined && hasCredentials(settings.deploymentUrl)) {
      findings.errors.push(
        new InputError(
          'deployment-url',
          `Input 'deployment-url' holds a user name or password (user:password@host), and with via: github-deployment it becomes the deployment status's environment_url, which anyone who can read the repository can see. Give the URL without credentials (the value is not shown).`
        )
      )
    }
    if (settings.service !== undefined) {
      findings.warnings.push(
        ignoredInput('service', 'github-deployment', 'only via: report-status sends it')
      )
    }
    const secretLooking = Object.keys(settings.variables ?? {})
      .map((name, index) => ({ name, place: index + 1 }))
      .filter(({ name }) => SECRET_NAME.test(name))
      .map(({ place }) => String(place))
    if (secretLooking.length > 0) {
      findings.warnings.push(
        `Input 'variables': ${secretLooking.length === 1 ? `variable ${secretLooking[0]} has a name that looks` : `variables ${secretLooking.join(', ')} have names that look`} like a secret (TOKEN, SECRET, PASSWORD or KEY). With via: github-deployment, variables go into the GitHub deployment's payload, which anyone who can read the repository can see: pass secrets to QA Wolf another way (its team variables), or use via: report-status.`
      )
    }
    return findings
  },

  request(settings, plan, ctx) {
    const { sha, deploymentUrl, repository } = plan.facts
    if (ctx.eventName === 'deployment_status' || ctx.eventName === 'deployment') {
      return notSendable(
        `the workflow runs on a ${ctx.eventName} event: that GitHub deployment already reaches QA Wolf's GitHub App, and another would report the deploy twice (with a personal token, its status would start this workflow again). Leave this step out, or use via: deploy-success.`
      )
    }
    if (sha === undefined) {
      return notSendable(
        "no commit SHA is known, and a GitHub deployment's ref must be the SHA that was deployed (a branch moves on). Set the 'sha' input."
      )
    }
    if (deploymentUrl === undefined) {
      return notSendable(
        "no deployment URL is known, and QA Wolf tests the URL of the deployment's success status. Set the 'deployment-url' input."
      )
    }
    if (repository === undefined) {
      return notSendable(
        "the repository is unknown (GITHUB_REPOSITORY is not owner/name). Set the 'repository' input."
      )
    }
    const ephemeral = settings.ephemeralEnvironment === true
    const environment = settings.environment ?? ''
    const lines = [...infoLines(plan.notes), ...previewWarnings(settings, plan.facts, environment)]
    const variables = settings.variables
    const logUrl =
      ctx.runId && isHttpUrl(ctx.serverUrl) && ctx.repository
        ? `${ctx.serverUrl}/${ctx.repository}/actions/runs/${ctx.runId}`
        : undefined
    const deployment: DeploymentRequest = {
      owner: repository.owner,
      repo: repository.name,
      ref: sha,
      environment,
      transient_environment: ephemeral,
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

  async send({ deployment, status }, settings, deps) {
    let created: CreatedDeployment | undefined
    const budgetMs = gitHubBudgetMs(deps.env, 'QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS')
    let answer: CreatedDeployment
    try {
      answer = await withGitHub(
        settings.githubToken,
        deps.context.apiUrl,
        (octokit, signal) =>
          createSuccessfulDeployment(octokit, deployment, status, signal, deployed => {
            created = deployed
          }),
        budgetMs,
        deps.signal
      )
    } catch (error) {
      throw new ExchangeFailure(error, created)
    }
    return answer.createdAt === undefined ? { answer } : { answer, serverTime: answer.createdAt }
  },

  failure(thrown, settings, deps) {
    const error = thrown instanceof ExchangeFailure ? thrown.failure : thrown
    const id = thrown instanceof ExchangeFailure ? thrown.created?.id : undefined
    const outputs = id === undefined ? undefined : { 'github-deployment-id': String(id) }
    const exists =
      id === undefined
        ? 'It may exist without its success status'
        : `GitHub deployment ${id} exists without its success status, so QA Wolf will not test it`
    const apiUrl = deps.context.apiUrl
    const reason = deps.signal.aborted
      ? `the job was cancelled while the GitHub deployment was being created. ${exists}: look at the repository\u2019s deployments before running again.`
      : error instanceof DeploymentStepError
        ? describeGitHubDeploymentFailure(
            error.step,
            error.failure,
            apiUrl,
            settings.githubToken,
            error.deploymentId,
            Date.now()
          )
        : error instanceof BudgetExceeded
          ? `GitHub did not complete the deployment within ${formatDuration(error.budgetMs)}. ${exists}: look at the repository\u2019s deployments before running again.`
          : errorMessage(error)
    return outputs === undefined ? { reason } : { reason, outputs }
  },

  report(deployed, settings) {
    return {
      outputs: {
        'github-deployment-id': String(deployed.id),
        environment: settings.environment ?? ''
      },
      lines: [
        {
          kind: 'info',
          message: `GitHub deployment ${deployed.id} created with a success status; QA Wolf's GitHub App reads it and evaluates its triggers.`
        }
      ]
    }
  },

  summary(input) {
    return renderRouteSummary(input, deployed => ({
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
