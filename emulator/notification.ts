// The deploy_success endpoint: a deployment notification (docs/service-api.md), checked the way a
// strict service would, so that a client sending a wrong type gets a 400 naming the field instead
// of silently matching nothing.
import { jsonAnswer, type Answer, type Route } from './http.js'
import { spellNotifyBody, type Shape } from './spelling.js'
import type { EmulatorState, Notification } from './state.js'

export const NOTIFY_PATH = '/api/webhooks/deploy_success'

export function notificationRoute(
  state: EmulatorState,
  shape: Shape,
  error: (status: number, message: string) => Answer
): Route {
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

const STRING_FIELDS = [
  'branch',
  'sha',
  'deployment_type',
  'deployment_url',
  'commit_url',
  'deduplication_key',
  'workspaceId'
] as const

export function checkNotification(json: unknown): NotificationCheck {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, error: 'the request body must be a JSON object' }
  }
  const body = json as Record<string, unknown>
  const value: Notification = {}
  for (const field of STRING_FIELDS) {
    const v = body[field]
    if (v === undefined) continue
    if (typeof v !== 'string') return { ok: false, error: `"${field}" must be a string` }
    value[field] = v
  }
  const hosting = body.hosting_service
  if (hosting !== undefined) {
    if (hosting !== 'GitHub' && hosting !== 'GitLab') {
      return { ok: false, error: '"hosting_service" must be "GitHub" or "GitLab"' }
    }
    value.hosting_service = hosting
  }
  const variables = body.variables
  if (variables !== undefined) {
    if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) {
      return { ok: false, error: '"variables" must be an object of string values' }
    }
    for (const [key, v] of Object.entries(variables)) {
      if (typeof v !== 'string') {
        return { ok: false, error: `"variables.${key}" must be a string` }
      }
    }
    value.variables = { ...(variables as Record<string, string>) }
  }
  const ephemeral = body.ephemeral_environment
  if (ephemeral !== undefined) {
    if (typeof ephemeral !== 'boolean') {
      return { ok: false, error: '"ephemeral_environment" must be true or false' }
    }
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
    if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) {
      return { ok: false, error: `"${field}" must be a positive integer` }
    }
    value[field] = number
  }
  return { ok: true, value }
}
