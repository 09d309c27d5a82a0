// `via: github-deployment`: the GitHub deployment QA Wolf's docs ask for, built so that the
// footguns they list cannot happen (GitHub's default `production` environment, a ref that moves,
// a waiting auto-merge or required contexts, variables QA Wolf would silently drop), and what a
// failure means for the user. Pure: the requests are made in github/deployments.ts.
import type { GitHubContext } from '../github/event-context.js'
import type { DeploymentRequest, DeploymentStatusRequest } from '../github/deployments.js'
import type { NotifySettings } from '../inputs/settings.js'
import type { DeploymentFacts } from './payload.js'
import { gitHubFailureMessage, type GitHubFailureWords } from '../github/github-failure.js'
import { displayUrl, isHttpUrl } from '../core/urls.js'

export type GitHubDeploymentPlan =
  | {
      kind: 'send'
      deployment: DeploymentRequest
      status: DeploymentStatusRequest
      /** What the user should know although the deployment is created (a preview URL, say). */
      warnings: string[]
    }
  | { kind: 'fail'; reason: string }

export function planGitHubDeployment(
  settings: NotifySettings,
  facts: DeploymentFacts,
  ctx: GitHubContext
): GitHubDeploymentPlan {
  const { sha, deploymentUrl, repository } = facts
  if (ctx.eventName === 'deployment_status' || ctx.eventName === 'deployment') {
    return {
      kind: 'fail',
      reason: `the workflow runs on a ${ctx.eventName} event: that GitHub deployment already reaches QA Wolf's GitHub App, and another would report the deploy twice (with a personal token, its status would start this workflow again). Leave this step out, or use via: report-status or deploy-success.`
    }
  }
  if (sha === undefined) {
    return {
      kind: 'fail',
      reason:
        "no commit SHA is known, and a GitHub deployment's ref must be the SHA that was deployed (a branch moves on). Set the 'sha' input."
    }
  }
  if (deploymentUrl === undefined) {
    return {
      kind: 'fail',
      reason:
        "no deployment URL is known, and QA Wolf tests the URL of the deployment's success status. Set the 'deployment-url' input."
    }
  }
  if (repository === undefined) {
    return {
      kind: 'fail',
      reason:
        "the repository is unknown (GITHUB_REPOSITORY is not owner/name). Set the 'repository' input."
    }
  }
  const ephemeral = settings.ephemeralEnvironment === true
  const warnings = []
  if (ephemeral && !hasDiscriminator(deploymentUrl, facts)) {
    warnings.push(
      `The preview URL ${displayUrl(deploymentUrl)} names no pull request number, commit or branch. QA Wolf's docs warn that previews with a static URL fail silently: a green run for code that was never exercised. Give each preview its own URL.`
    )
  }
  const variables = settings.variables
  const logUrl =
    ctx.runId && isHttpUrl(ctx.serverUrl) && ctx.repository
      ? `${ctx.serverUrl}/${ctx.repository}/actions/runs/${ctx.runId}`
      : undefined
  return {
    kind: 'send',
    deployment: {
      owner: repository.owner,
      repo: repository.name,
      ref: sha,
      environment: settings.environment ?? '',
      transient_environment: ephemeral,
      auto_merge: false,
      required_contexts: [],
      // Strings only (the input's parser refuses anything else): one non-string value and QA
      // Wolf reads no variables at all, without saying so.
      payload: variables === undefined ? {} : { qawolf: { environmentVariables: variables } },
      description: 'Reported by qa-greenlight for QA Wolf'
    },
    status: {
      environment_url: deploymentUrl,
      ...(logUrl === undefined ? {} : { log_url: logUrl }),
      description: 'Deployed; QA Wolf tests this URL'
    },
    warnings
  }
}

/** A per-deployment part of a preview URL: the pull request number, the commit, or the branch. */
export function hasDiscriminator(url: string, facts: DeploymentFacts): boolean {
  const text = url.toLowerCase()
  const pr = facts.pullRequestNumber
  if (pr !== undefined && new RegExp(`(^|[^0-9])${pr}([^0-9]|$)`).test(text)) return true
  const sha = facts.sha?.toLowerCase()
  if (sha !== undefined && text.includes(sha.slice(0, 7))) return true
  const branch = facts.branch?.toLowerCase()
  if (branch === undefined) return false
  const slug = branch.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
  return slug !== '' && (text.includes(slug) || text.includes(branch))
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
  const words: GitHubFailureWords = {
    what:
      step === 'deployment'
        ? 'GitHub did not create the deployment'
        : `GitHub created deployment ${deploymentId ?? ''} but not its success status, so QA Wolf will not test it`,
    advice: {
      403: 'The token needs the deployments: write permission: add "permissions: deployments: write" to the job (and pass that token as \'github-token\').',
      404: "The repository was not found, or the token cannot see it: check 'repository' and 'github-token'.",
      422: "Check 'sha' (the commit must be in the repository) and 'environment'."
    },
    rateLimited:
      step === 'deployment'
        ? 'run the job again once the wait has passed.'
        : "look at the repository's deployments before running the job again."
  }
  return gitHubFailureMessage(error, words, apiUrl, token, now)
}
