// QA Wolf's public `deployment.reportStatus` (tRPC), its input checked strictly as documented. A
// deployment ID is bound to the environment it was first reported for (409 after).
import * as v from 'valibot'
import { jsonAnswer, type Answer, type Route } from './http.js'
import type { Shape } from './spelling.js'

export const REPORT_STATUS_PATH = '/api/trpc/public.deployment.reportStatus'

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
  const data = { code: name, httpStatus: status, path: 'public.deployment.reportStatus' }
  return jsonAnswer(status, { error: { json: { message, code, data } } }, headers)
}

/** tRPC's zod input: an unknown key anywhere is refused. */
const strict = <E extends v.ObjectEntries>(entries: E) =>
  v.strictObject(entries, issue =>
    issue.expected === 'never' ? `unrecognized key ${issue.received}` : issue.message
  )
const text = v.optional(v.string())
const ReportSchema = strict({
  json: strict({
    workspaceId: v.pipe(v.string(), v.minLength(1)),
    providerDeploymentId: v.pipe(v.string(), v.minLength(1)),
    status: v.picklist(['pending', 'success', 'failure', 'inactive']),
    environment: v.union(
      [
        strict({ id: v.string() }),
        strict({
          name: v.string(),
          ephemeral: v.optional(v.boolean()),
          baseEphemeralEnvironment: v.optional(v.unknown())
        })
      ],
      'give exactly one of id and name; {id} takes no other field'
    ),
    deployTarget: text,
    environmentVariables: v.optional(v.record(v.string(), v.string())),
    service: text,
    metadata: v.optional(
      strict({
        commitSha: text,
        ref: text,
        repository: text,
        commitUrl: text,
        commitMessage: text,
        commitAuthorName: text,
        pullRequestNumber: v.optional(v.pipe(v.number(), v.safeInteger()))
      })
    )
  }),
  meta: v.optional(v.unknown())
})

export interface ReportedDeployment {
  id: string
  providerDeploymentId: string
  workspaceId: string
  /** `id:<id>` or `name:<name>`: what the deployment ID is bound to. */
  environment: string
  status: string
}

export class DeploymentReports implements Route {
  readonly method = 'POST'
  readonly error = trpcErrorAnswer
  deployments: ReportedDeployment[] = []

  constructor(
    private readonly baseUrl: () => string,
    private readonly shape: Shape
  ) {}

  answer({ json: body }: Parameters<Route['answer']>[0]): Answer {
    const checked = v.safeParse(ReportSchema, body, { abortEarly: true })
    if (!checked.success) {
      const [issue] = checked.issues
      const path = issue.path?.map(item => String(item.key)).join('.')
      return trpcErrorAnswer(400, `${path ?? 'the body'}: ${issue.message}`)
    }
    const { workspaceId, providerDeploymentId, status, environment } = checked.output.json
    const bound = 'id' in environment ? `id:${environment.id}` : `name:${environment.name}`
    const known = this.deployments.find(
      d => d.providerDeploymentId === providerDeploymentId && d.workspaceId === workspaceId
    )
    if (known !== undefined && known.environment !== bound) {
      return trpcErrorAnswer(
        409,
        `deployment ${providerDeploymentId} is bound to another environment`
      )
    }
    const id = known?.id ?? `dep-${this.deployments.length + 1}`
    if (known === undefined)
      this.deployments.push({ id, providerDeploymentId, workspaceId, environment: bound, status })
    for (const other of this.deployments) {
      // terminate's report: the environment is gone, so none of its deployments is live any more
      // (a model only: what QA Wolf does on `inactive` is not public).
      const same = other === known || (status === 'inactive' && other.environment === bound)
      if (same && other.workspaceId === workspaceId) other.status = status
    }
    const shown = {
      id,
      status,
      url: `${this.baseUrl()}/workspaces/${encodeURIComponent(workspaceId)}/deployments/${id}`
    }
    // No public source shows whether `json` is the deployment or wraps it: `docs` spells one, `live` the other.
    const json = this.shape === 'docs' ? shown : { deployment: shown }
    return jsonAnswer(200, { result: { data: { json } } })
  }
}
