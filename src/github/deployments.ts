// A GitHub deployment and its first `success` status: what QA Wolf's GitHub App turns into a
// deployment on its side (the request itself is built in notify/github-deployment.ts). Each call
// is made once: a deployment created twice would be tested twice.
import type { Octokit } from './github-api.js'

export interface DeploymentRequest {
  owner: string
  repo: string
  ref: string
  environment: string
  transient_environment: boolean
  auto_merge: false
  required_contexts: []
  payload: Record<string, unknown>
  description: string
}

export interface DeploymentStatusRequest {
  environment_url: string
  log_url?: string
  description: string
}

/** Which of the two requests failed, and how; the deployment's ID when it was created. */
export class DeploymentStepError extends Error {
  constructor(
    readonly step: 'deployment' | 'status',
    readonly failure: unknown,
    readonly deploymentId?: number
  ) {
    super(`the GitHub ${step} request failed`, { cause: failure })
    this.name = 'DeploymentStepError'
  }
}

export async function createSuccessfulDeployment(
  octokit: Octokit,
  deployment: DeploymentRequest,
  status: DeploymentStatusRequest,
  signal: AbortSignal
): Promise<{ id: number }> {
  let id: number
  try {
    const { data } = await octokit.rest.repos.createDeployment({
      ...deployment,
      request: { signal }
    })
    // 202 is GitHub's answer to an auto-merge, which auto_merge: false rules out; it has no ID.
    if (!('id' in data) || typeof data.id !== 'number') {
      throw new Error(
        `GitHub created no deployment: ${String((data as { message?: unknown }).message ?? 'no ID in the answer')}`
      )
    }
    id = data.id
  } catch (error) {
    throw new DeploymentStepError('deployment', error)
  }
  try {
    await octokit.rest.repos.createDeploymentStatus({
      owner: deployment.owner,
      repo: deployment.repo,
      deployment_id: id,
      state: 'success',
      ...status,
      request: { signal }
    })
  } catch (error) {
    throw new DeploymentStepError('status', error, id)
  }
  return { id }
}
