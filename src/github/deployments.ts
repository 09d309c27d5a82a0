// A GitHub deployment and its first `success` status: what QA Wolf's GitHub App turns into a
// deployment on its side (the request itself is built in notify/github-deployment.ts). Each call
// is made once: a deployment created twice would be tested twice.
import type { Octokit } from './github-api.js'
import { isRecord } from '../core/is-record.js'

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

/**
 * GitHub answered the deployment POST with a success status but no deployment in it: a 202 (it
 * merged the default branch into the ref instead, GitHub's "merged branch" answer) or a 201 whose
 * body was cut or unreadable (a deployment then exists). Shaped as Octokit's errors are, so that
 * the message says what GitHub answered, never that it could not be reached.
 */
export class AnswerWithoutDeployment extends Error {
  readonly response: { status: number; data: unknown }
  constructor(status: number, data: unknown) {
    super(
      status === 201
        ? 'the answer said created, but its body could not be read'
        : 'no deployment in the answer'
    )
    this.name = 'AnswerWithoutDeployment'
    this.response = { status, data }
  }
}

/** The deployment GitHub created, and when by GitHub's clock (its `created_at`, else `Date`). */
export interface CreatedDeployment {
  id: number
  /** ISO 8601, as GitHub gave it; undefined when the answer named no time. */
  createdAt?: string
}

/**
 * The deployment, then its success status. `onCreated` hears of the deployment as soon as it
 * exists, so that a caller whose budget ends while the status is pending still knows it.
 */
export async function createSuccessfulDeployment(
  octokit: Octokit,
  deployment: DeploymentRequest,
  status: DeploymentStatusRequest,
  signal: AbortSignal,
  onCreated: (created: CreatedDeployment) => void = () => undefined
): Promise<CreatedDeployment> {
  let created: CreatedDeployment
  try {
    const answer = await octokit.rest.repos.createDeployment({
      ...deployment,
      request: { signal }
    })
    const data: unknown = answer.data
    const id = isRecord(data) ? data['id'] : undefined
    if (answer.status !== 201 || typeof id !== 'number') {
      throw new AnswerWithoutDeployment(answer.status, data)
    }
    const stamp = isRecord(data) ? data['created_at'] : undefined
    const createdAt = typeof stamp === 'string' ? stamp : answer.headers.date
    created = typeof createdAt === 'string' ? { id, createdAt } : { id }
  } catch (error) {
    throw new DeploymentStepError('deployment', error)
  }
  onCreated(created)
  try {
    await octokit.rest.repos.createDeploymentStatus({
      owner: deployment.owner,
      repo: deployment.repo,
      deployment_id: created.id,
      state: 'success',
      ...status,
      request: { signal }
    })
  } catch (error) {
    throw new DeploymentStepError('status', error, created.id)
  }
  return created
}
