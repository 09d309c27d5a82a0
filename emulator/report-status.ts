// QA Wolf's public `deployment.reportStatus` (tRPC), its input checked strictly as documented. A
// deployment ID is bound to the environment it was first reported for (409 after).
import { isObject, jsonAnswer, type Answer, type Route, type RouteRequest } from './http.js'
import type { Shape } from './spelling.js'

export const REPORT_STATUS_PATH = '/api/trpc/public.deployment.reportStatus'
const PROCEDURE = 'public.deployment.reportStatus'

const TRPC_CODES: Record<number, [string, number]> = {
  400: ['BAD_REQUEST', -32600],
  401: ['UNAUTHORIZED', -32001],
  403: ['FORBIDDEN', -32003],
  404: ['NOT_FOUND', -32004],
  405: ['METHOD_NOT_SUPPORTED', -32005],
  409: ['CONFLICT', -32009]
}

/** An error in tRPC's envelope (with the `json` layer its superjson transformer adds). */
export function trpcErrorAnswer(
  status: number,
  message: string,
  headers?: Record<string, string>
): Answer {
  const [name, code] = TRPC_CODES[status] ?? ['INTERNAL_SERVER_ERROR', -32603]
  return jsonAnswer(
    status,
    {
      error: { json: { message, code, data: { code: name, httpStatus: status, path: PROCEDURE } } }
    },
    headers
  )
}

const STATUSES = ['pending', 'success', 'failure', 'inactive']
const TOP_FIELDS = new Set([
  'workspaceId',
  'providerDeploymentId',
  'status',
  'environment',
  'deployTarget',
  'environmentVariables',
  'service',
  'metadata'
])
const ENVIRONMENT_FIELDS = new Set(['id', 'name', 'ephemeral', 'baseEphemeralEnvironment'])
const METADATA_STRINGS = new Set([
  'commitSha',
  'ref',
  'repository',
  'commitUrl',
  'commitMessage',
  'commitAuthorName'
])

export interface ReportedDeployment {
  id: string
  providerDeploymentId: string
  workspaceId: string
  /** `id:<id>` or `name:<name>`: what the deployment ID is bound to. */
  environment: string
  status: string
  report: Record<string, unknown>
}

type Checked = { ok: true; input: Record<string, unknown> } | { ok: false; error: string }
const bad = (error: string): Checked => ({ ok: false, error })

export function checkReport(body: unknown): Checked {
  if (!isObject(body) || !isObject(body['json']))
    return bad('the body must be {"json": {...}} (tRPC)')
  const extraTop = Object.keys(body).filter(key => key !== 'json' && key !== 'meta')
  if (extraTop.length > 0) return bad(`unrecognized key "${extraTop[0]}"`)
  const input = body['json']
  const unknown = Object.keys(input).find(key => !TOP_FIELDS.has(key))
  if (unknown !== undefined) return bad(`unrecognized key in input: "${unknown}"`)
  for (const key of ['workspaceId', 'providerDeploymentId']) {
    if (typeof input[key] !== 'string' || input[key] === '')
      return bad(`${key}: a non-empty string is required`)
  }
  if (!STATUSES.includes(input['status'] as string))
    return bad(`status: expected one of ${STATUSES.join(', ')}`)
  const environment = input['environment']
  if (!isObject(environment)) return bad('environment: an object is required')
  const envKey = Object.keys(environment).find(key => !ENVIRONMENT_FIELDS.has(key))
  if (envKey !== undefined) return bad(`unrecognized key in environment: "${envKey}"`)
  const hasId = environment['id'] !== undefined
  const hasName = environment['name'] !== undefined
  if (hasId === hasName) return bad('environment: give exactly one of id and name')
  if (hasId && Object.keys(environment).length > 1)
    return bad('environment: {id} takes no other field')
  if (typeof (environment['id'] ?? environment['name']) !== 'string')
    return bad('environment: id or name must be a string')
  if (environment['ephemeral'] !== undefined && typeof environment['ephemeral'] !== 'boolean')
    return bad('environment.ephemeral: expected a boolean')
  for (const key of ['deployTarget', 'service']) {
    if (input[key] !== undefined && typeof input[key] !== 'string')
      return bad(`${key}: expected a string`)
  }
  const variables = input['environmentVariables']
  if (
    variables !== undefined &&
    (!isObject(variables) || Object.values(variables).some(v => typeof v !== 'string'))
  ) {
    return bad('environmentVariables: expected an object of strings')
  }
  const metadata = input['metadata']
  if (metadata !== undefined) {
    if (!isObject(metadata)) return bad('metadata: expected an object')
    for (const [key, value] of Object.entries(metadata)) {
      if (key === 'pullRequestNumber') {
        if (typeof value !== 'number' || !Number.isSafeInteger(value))
          return bad('metadata.pullRequestNumber: expected an integer')
      } else if (!METADATA_STRINGS.has(key)) {
        return bad(`unrecognized key in metadata: "${key}"`)
      } else if (typeof value !== 'string') {
        return bad(`metadata.${key}: expected a string`)
      }
    }
  }
  return { ok: true, input }
}

export class DeploymentReports implements Route {
  readonly method = 'POST'
  readonly error = trpcErrorAnswer
  readonly deployments: ReportedDeployment[] = []

  constructor(
    private readonly baseUrl: () => string,
    private readonly shape: Shape
  ) {}

  answer({ json: body }: RouteRequest, commit: boolean): Answer {
    const checked = checkReport(body)
    if (!checked.ok) return trpcErrorAnswer(400, checked.error)
    const input = checked.input
    const environment = input['environment'] as Record<string, unknown>
    const envKey =
      environment['id'] !== undefined ? `id:${environment['id']}` : `name:${environment['name']}`
    const providerDeploymentId = input['providerDeploymentId'] as string
    const workspaceId = input['workspaceId'] as string
    const known = this.deployments.find(
      d => d.providerDeploymentId === providerDeploymentId && d.workspaceId === workspaceId
    )
    if (known !== undefined && known.environment !== envKey) {
      return trpcErrorAnswer(
        409,
        `deployment ${providerDeploymentId} is bound to another environment`
      )
    }
    const deployment: ReportedDeployment = known ?? {
      id: `dep-${this.deployments.length + 1}`,
      providerDeploymentId,
      workspaceId,
      environment: envKey,
      status: input['status'] as string,
      report: input
    }
    if (commit) {
      if (known === undefined) this.deployments.push(deployment)
      else known.status = input['status'] as string
      // terminate's report: the environment is gone, so none of its deployments is live any more
      // (a model only: what QA Wolf does on `inactive` is not public).
      if (input['status'] === 'inactive') {
        for (const other of this.deployments) {
          if (other.workspaceId === workspaceId && other.environment === envKey) {
            other.status = 'inactive'
          }
        }
      }
    }
    const shown = {
      id: deployment.id,
      status: input['status'],
      url: `${this.baseUrl()}/workspaces/${encodeURIComponent(workspaceId)}/deployments/${deployment.id}`
    }
    // No public source shows whether `json` is the deployment or wraps it: `docs` spells one, `live` the other.
    const json = this.shape === 'docs' ? shown : { deployment: shown }
    return jsonAnswer(200, { result: { data: { json } } })
  }
}
