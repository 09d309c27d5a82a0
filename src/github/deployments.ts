// A GitHub deployment and its first `success` status: what QA Wolf's GitHub App turns into a
// deployment on its side (the request itself is built in notify/github-deployment.ts). Each call
// is made once: a deployment created twice would be tested twice. And the end of an environment's
// deployments (terminate's `via: github-deployment`): an `inactive` status on each active one.
import type { Octokit } from '../kernel/github.js'
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

/** A deployment status state under which a deployment is live or on its way: what terminate ends. */
const ACTIVE_STATES = new Set(['success', 'in_progress', 'queued', 'pending'])
const DEPLOYMENTS_PER_PAGE = 100
/** A preview's environment has a handful of deployments; 1000 is past any real one. */
const MAX_DEPLOYMENT_PAGES = 10

/** What marking an environment's deployments inactive did. */
export interface InactiveMarking {
  /** The deployments that got an `inactive` status now. */
  marked: number[]
  /** The environment's deployments that were not active (already inactive, failed, no status). */
  notActive: number
}

/** Which deployment the `inactive` status request failed for (others before it may be marked). */
export class InactiveStatusError extends Error {
  constructor(
    readonly failure: unknown,
    readonly marked: readonly number[],
    readonly deploymentId?: number
  ) {
    super(
      deploymentId === undefined
        ? "the GitHub request listing the environment's deployments failed"
        : `the GitHub request marking deployment ${deploymentId} inactive failed`,
      { cause: failure }
    )
    this.name = 'InactiveStatusError'
  }
}

/**
 * Every active deployment of `environment` gets an `inactive` status (GitHub then shows a
 * transient one as destroyed). A deployment is active when its newest status is `success`,
 * `in_progress`, `queued` or `pending`; one already inactive is left alone, so running it again
 * changes nothing.
 */
export async function markDeploymentsInactive(
  octokit: Octokit,
  target: { owner: string; repo: string; environment: string; description: string },
  signal: AbortSignal
): Promise<InactiveMarking> {
  const { owner, repo, environment } = target
  const marked: number[] = []
  let notActive = 0
  let ids: number[]
  try {
    ids = await deploymentIds(octokit, owner, repo, environment, signal)
  } catch (error) {
    throw new InactiveStatusError(error, marked)
  }
  for (const id of ids) {
    try {
      const statuses = await octokit.rest.repos.listDeploymentStatuses({
        owner,
        repo,
        deployment_id: id,
        per_page: DEPLOYMENTS_PER_PAGE,
        request: { signal }
      })
      if (!ACTIVE_STATES.has(newestState(statuses.data) ?? '')) {
        notActive++
        continue
      }
      await octokit.rest.repos.createDeploymentStatus({
        owner,
        repo,
        deployment_id: id,
        state: 'inactive',
        description: target.description,
        request: { signal }
      })
      marked.push(id)
    } catch (error) {
      throw new InactiveStatusError(error, marked, id)
    }
  }
  return { marked, notActive }
}

async function deploymentIds(
  octokit: Octokit,
  owner: string,
  repo: string,
  environment: string,
  signal: AbortSignal
): Promise<number[]> {
  const ids: number[] = []
  // By page number (github-api.ts keeps the token on GITHUB_API_URL's origin).
  for (let page = 1; page <= MAX_DEPLOYMENT_PAGES; page++) {
    const answer = await octokit.rest.repos.listDeployments({
      owner,
      repo,
      environment,
      per_page: DEPLOYMENTS_PER_PAGE,
      page,
      request: { signal }
    })
    const list: unknown = answer.data
    if (!Array.isArray(list)) break
    for (const deployment of list) {
      const id = isRecord(deployment) ? deployment['id'] : undefined
      // GitHub filters by environment; a deployment of another one is never touched.
      if (
        typeof id === 'number' &&
        isRecord(deployment) &&
        deployment['environment'] === environment
      )
        ids.push(id)
    }
    // Whether there is a next page is read from the Link header; its URL is not followed.
    if (list.length === 0 || !/rel="next"/.test(answer.headers.link ?? '')) break
  }
  return ids
}

/** The state of the newest status (the highest ID: GitHub's order is not relied on). */
function newestState(statuses: unknown): string | undefined {
  if (!Array.isArray(statuses)) return undefined
  let newest: { id: number; state: string } | undefined
  for (const status of statuses) {
    if (!isRecord(status)) continue
    const { id, state } = status
    if (typeof id !== 'number' || typeof state !== 'string') continue
    if (newest === undefined || id > newest.id) newest = { id, state }
  }
  return newest?.state
}
