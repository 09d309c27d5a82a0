// The service's webhook and greenlight endpoints (docs/service-api.md). A notification is checked
// strictly, so a client sending a wrong type gets a 400 naming the field, not silence.
import { isObject, jsonAnswer, type Answer, type Route } from './http.js'
import { spellNotifyBody, type Shape } from './spelling.js'
import type { EmulatorState, Notification } from './state.js'

type ErrorAnswer = (status: number, message: string) => Answer

export const NOTIFY_PATH = '/api/webhooks/deploy_success'
export const TERMINATE_PATH = '/api/webhooks/environment_terminated'
export const GREENLIGHT_PREFIX = '/api/v0/ci-greenlight/'
const OUTCOME_PARAM = 'outcomeWhenBlockingBugsInOtherWorkflows'

export function notificationRoute(state: EmulatorState, shape: Shape, error: ErrorAnswer): Route {
  return {
    method: 'POST',
    error,
    answer({ json, authorization }, commit) {
      const check = checkNotification(json)
      if (!check.ok) return error(400, check.error)
      const notified = state.notify(check.value, commit, authorization)
      return notified.status === 200
        ? jsonAnswer(200, spellNotifyBody(notified.body, shape))
        : error(notified.status, notified.error)
    }
  }
}

export type NotificationCheck = { ok: true; value: Notification } | { ok: false; error: string }
const bad = (error: string): NotificationCheck => ({ ok: false, error })

const STRING_FIELDS = [
  'branch',
  'sha',
  'deployment_type',
  'deployment_url',
  'commit_url',
  'deduplication_key',
  'workspaceId'
] as const

export function checkNotification(body: unknown): NotificationCheck {
  if (!isObject(body)) return bad('the request body must be a JSON object')
  const value: Notification = {}
  for (const field of STRING_FIELDS) {
    const v = body[field]
    if (v === undefined) continue
    if (typeof v !== 'string') return bad(`"${field}" must be a string`)
    value[field] = v
  }
  const hosting = body.hosting_service
  if (hosting !== undefined) {
    if (hosting !== 'GitHub' && hosting !== 'GitLab')
      return bad('"hosting_service" must be "GitHub" or "GitLab"')
    value.hosting_service = hosting
  }
  const variables = body.variables
  if (variables !== undefined) {
    if (!isObject(variables)) return bad('"variables" must be an object of string values')
    for (const [key, v] of Object.entries(variables)) {
      if (typeof v !== 'string') return bad(`"variables.${key}" must be a string`)
    }
    value.variables = { ...(variables as Record<string, string>) }
  }
  const ephemeral = body.ephemeral_environment
  if (ephemeral !== undefined) {
    if (typeof ephemeral !== 'boolean') return bad('"ephemeral_environment" must be true or false')
    value.ephemeral_environment = ephemeral
  }
  const repository = body.repository
  if (repository !== undefined) {
    const { owner, namespace, name } = (repository ?? {}) as Record<string, unknown>
    const gitlab = body.hosting_service === 'GitLab'
    const holder = gitlab ? namespace : owner
    if (typeof holder !== 'string' || typeof name !== 'string') {
      return {
        ok: false,
        error: gitlab
          ? '"repository" must be an object { "namespace": string, "name": string } with GitLab'
          : '"repository" must be an object { "owner": string, "name": string }'
      }
    }
    value.repository = gitlab ? { namespace: holder, name } : { owner: holder, name }
  }
  for (const field of ['pull_request_number', 'merge_request_number'] as const) {
    const number = body[field]
    if (number === undefined) continue
    if (typeof number !== 'number' || !Number.isInteger(number) || number < 1)
      return bad(`"${field}" must be a positive integer`)
    value[field] = number
  }
  return { ok: true, value }
}

/** Whether `path` names one run: a non-empty last segment after the prefix. */
export function isGreenlightPath(path: string): boolean {
  if (!path.startsWith(GREENLIGHT_PREFIX)) return false
  const id = path.slice(GREENLIGHT_PREFIX.length)
  return id !== '' && !id.includes('/')
}

export function greenlightRoute(
  state: EmulatorState,
  baseUrl: () => string,
  error: ErrorAnswer
): Route {
  return {
    method: 'GET',
    error,
    answer({ url }, commit) {
      let runId: string
      try {
        runId = decodeURIComponent(url.pathname.slice(GREENLIGHT_PREFIX.length))
      } catch {
        return error(400, 'the run ID in the path is not valid percent-encoding')
      }
      const outcome = url.searchParams.get(OUTCOME_PARAM) ?? 'green'
      if (outcome !== 'green' && outcome !== 'red')
        return error(400, `${OUTCOME_PARAM} must be "green" or "red"`)
      const result = state.greenlight(runId, outcome, baseUrl(), commit)
      if (result.status === 200) return jsonAnswer(200, result.body)
      return result.status === 404
        ? error(404, `run ${JSON.stringify(runId)} not found`)
        : error(410, `run ${JSON.stringify(runId)} is a legacy run; use a newer run ID`)
    }
  }
}

/** A preview environment is gone, named by exactly one of its ID, alias or deployment URL. */
export function terminationRoute(state: EmulatorState, error: ErrorAnswer): Route {
  return {
    method: 'POST',
    error,
    answer({ json }, commit) {
      const terminated = state.terminate(json, commit)
      return terminated.status === 200
        ? jsonAnswer(200, terminated.body)
        : error(terminated.status, terminated.error)
    }
  }
}
