// The emulator's own control API under /_emulator/: what tests and people use to look inside the
// emulated service and change it while it runs (recorded requests, runs, a bug's priority). Not
// part of the service: no key, not recorded, plain `{ error }` bodies.
import type http from 'node:http'
import { ConfigError, parsePriority, type Priority, type RunConfig } from './config.js'
import { jsonAnswer, readBody, send, tryJson, type Answer } from './http.js'
import { RunConflictError, UnknownBugError, type EmulatorState } from './state.js'

export const CONTROL_PREFIX = '/_emulator/'

const ROUTES_HELP =
  'control routes: GET /_emulator/requests, GET|POST /_emulator/runs, POST /_emulator/bugs/{bugId}/priority'

export interface ControlTarget {
  /** The recorded service requests, served as they are. */
  requests: readonly unknown[]
  state: EmulatorState
}

function controlError(status: number, error: string, headers?: Record<string, string>): Answer {
  return jsonAnswer(status, { error }, headers)
}

const INVALID = Symbol('invalid JSON')

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const text = await readBody(req)
  const parsed = tryJson(text)
  if (parsed.ok) return parsed.value
  return text === '' ? undefined : INVALID
}

/** The answer to one control request. */
function controlAnswer(method: string, path: string, body: unknown, target: ControlTarget): Answer {
  const wrongMethod = (allowed: string): Answer =>
    controlError(405, `use ${allowed} for ${path}`, { allow: allowed })
  if (path === '/_emulator/requests') {
    return method === 'GET' ? jsonAnswer(200, target.requests) : wrongMethod('GET')
  }
  if (path === '/_emulator/runs') {
    if (method === 'GET') return jsonAnswer(200, target.state.runs())
    if (method !== 'POST') return wrongMethod('POST')
    try {
      return jsonAnswer(201, target.state.addRun(body as RunConfig))
    } catch (error) {
      if (error instanceof ConfigError) return controlError(400, error.message)
      if (error instanceof RunConflictError) return controlError(409, error.message)
      throw error
    }
  }
  const bug = /^\/_emulator\/bugs\/([^/]+)\/priority$/.exec(path)
  if (bug?.[1] !== undefined) {
    if (method !== 'POST') return wrongMethod('POST')
    return setPriority(bug[1], body, target)
  }
  return controlError(404, ROUTES_HELP)
}

function setPriority(encodedId: string, body: unknown, target: ControlTarget): Answer {
  let bugId: string
  try {
    bugId = decodeURIComponent(encodedId)
  } catch {
    return controlError(400, 'the bug ID is not valid percent-encoding')
  }
  if (typeof body !== 'object' || body === null || !('priority' in body)) {
    return controlError(400, 'send {"priority": "high" | "medium" | "low" | null}')
  }
  let priority: Priority
  try {
    priority = parsePriority(body.priority, 'priority')
  } catch (error) {
    return controlError(400, (error as Error).message)
  }
  try {
    target.state.setBugPriority(bugId, priority)
  } catch (error) {
    if (error instanceof UnknownBugError) return controlError(404, error.message)
    throw error
  }
  return jsonAnswer(200, { bugId, priority })
}

export async function handleControl(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
  target: ControlTarget
): Promise<void> {
  let body: unknown
  try {
    body = await readJson(req)
  } catch {
    return send(res, undefined, controlError(413, 'request body larger than 5 MB'))
  }
  if (body === INVALID) {
    return send(res, undefined, controlError(400, 'the request body is not valid JSON'))
  }
  send(res, undefined, controlAnswer(req.method ?? 'GET', url.pathname, body, target))
}
