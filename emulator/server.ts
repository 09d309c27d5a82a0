// The emulator as a real HTTP(S) server on loopback: routing to the endpoints of
// docs/service-api.md, the checks they share, and seeded faults in front of them.
// Order of checks: path (404) -> fault injection -> method (405) -> API key (401 missing or
// unknown, 403 disabled team) -> the endpoint's own: request (400), run lookup (404, 410), ...
import http from 'node:http'
import https from 'node:https'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import {
  parseConfig,
  parsePriority,
  type EmulatorConfig,
  type Priority,
  type RouteName,
  type RunConfig
} from './config.js'
import { deliverFault, FaultPlan } from './faults.js'
import { EmulatedGitHub, GITHUB_PATH } from './github.js'
import { isObject, jsonAnswer, readBody, send, type Answer, type Route } from './http.js'
import {
  greenlightRoute,
  GREENLIGHT_PATH,
  NOTIFY_PATH,
  notificationRoute,
  TERMINATE_PATH,
  terminationRoute
} from './routes.js'
import { DeploymentReports, REPORT_STATUS_PATH, type ReportedDeployment } from './report-status.js'
import { spellErrorBody } from './spelling.js'
import { EmulatorState, type AuthResult, type EmulatorRunInfo } from './state.js'

export type { EmulatorRunInfo } from './state.js'
export type { ReportedDeployment } from './report-status.js'
export type { EmulatedGitHub, EmulatedCheckRun } from './github.js'
export type { EmulatorConfig, RunConfig, FaultSpec } from './config.js'

export interface RecordedRequest {
  method: string
  /** Path as received, without the query string (not percent-decoded). */
  path: string
  query: Record<string, string>
  /** Lower-case header names; repeated headers joined with ", ". */
  headers: Record<string, string | undefined>
  body: string
  json?: unknown
  receivedAt: number
  /** Status sent; 0 when the connection was reset before a status line or the client left. */
  status: number
  fault?: string
}

export interface Emulator {
  /** e.g. http://127.0.0.1:54321 (no trailing slash). */
  url: string
  close(): Promise<void>
  requests: RecordedRequest[]
  setBugPriority(bugId: string, priority: Priority): void
  runs(): EmulatorRunInfo[]
  /** Adds a run at runtime; its clock starts at its first greenlight query. */
  addRun(def: RunConfig): EmulatorRunInfo
  reportedDeployments(): ReportedDeployment[]
  github: EmulatedGitHub
}

export interface EmulatorOptions {
  port?: number
  host?: string
  tls?: { key: string | Buffer; cert: string | Buffer }
  clock?: () => number
  onRequest?: (request: RecordedRequest) => void
}

const ROUTES: Record<string, RouteName> = {
  [NOTIFY_PATH]: 'notify',
  [TERMINATE_PATH]: 'terminate',
  [REPORT_STATUS_PATH]: 'report-status'
}

const KEY_REFUSALS: Partial<Record<AuthResult, [401 | 403, string]>> = {
  missing: [401, 'missing API key: send "Authorization: Bearer <API_KEY>"'],
  invalid: [401, 'invalid API key'],
  disabled: [403, 'forbidden: this team is disabled']
}

export async function startEmulator(
  config: EmulatorConfig,
  options: EmulatorOptions = {}
): Promise<Emulator> {
  const checked = parseConfig(config, 'config')
  const clock = options.clock ?? Date.now
  const state = new EmulatorState(checked, clock)
  const requests: RecordedRequest[] = []
  const shape = checked.shape ?? 'live'
  let errors = 0
  let baseUrl = ''
  const publicUrl = () => baseUrl

  /** Error bodies in the configured spelling; each live one gets the next event ID. */
  function errorAnswer(status: number, error: string, headers?: Record<string, string>): Answer {
    errors += 1
    return jsonAnswer(status, spellErrorBody(status, error, shape, errors), headers)
  }
  const reports = new DeploymentReports(publicUrl, shape)
  const github = new EmulatedGitHub(checked.github ?? {}, clock, publicUrl)
  const routes: Record<RouteName, Route> = {
    notify: notificationRoute(state, shape, errorAnswer),
    greenlight: greenlightRoute(state, publicUrl, errorAnswer),
    terminate: terminationRoute(state, errorAnswer),
    'report-status': reports
  }
  const plans = Object.fromEntries(
    Object.keys(routes).map(name => [name, new FaultPlan(checked.faults?.[name as RouteName])])
  ) as Record<RouteName, FaultPlan>

  /** The route's answer after the common checks; unless `processed`, worked out on a copy. */
  function answer(name: RouteName, url: URL, record: RecordedRequest, processed: boolean): Answer {
    if (!processed) {
      const saved = structuredClone({ memory: state.memory, deployments: reports.deployments })
      try {
        return answer(name, url, record, true)
      } finally {
        ;({ memory: state.memory, deployments: reports.deployments } = saved)
      }
    }
    const route = routes[name]
    if (record.method !== route.method) {
      return route.error(405, `method ${record.method} is not allowed here; use ${route.method}`, {
        allow: route.method
      })
    }
    const authorization = record.headers.authorization
    const refused = KEY_REFUSALS[state.authenticate(authorization)]
    if (refused) return route.error(...refused)
    return route.answer({ url, json: record.json, authorization })
  }

  async function handleRequest(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL
  ): Promise<void> {
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      // Node joins repeated headers with ", " (but keeps the first Authorization).
      headers: req.headers as Record<string, string | undefined>,
      body: '',
      receivedAt: clock(),
      status: 0
    }
    requests.push(record)
    if (options.onRequest) {
      const report = options.onRequest
      res.on('close', () => report(record))
    }
    record.body = await readBody(req)
    try {
      record.json = JSON.parse(record.body)
    } catch {
      // Not JSON: the route says what it needs.
    }
    if (GITHUB_PATH.test(url.pathname)) {
      return send(res, record, github.answer({ ...record, url }))
    }
    const route =
      ROUTES[url.pathname] ?? (GREENLIGHT_PATH.test(url.pathname) ? 'greenlight' : undefined)
    if (!route) return send(res, record, errorAnswer(404, `no such endpoint: ${url.pathname}`))
    const fault = plans[route].next()
    if (fault) {
      record.fault = fault.kind
      return deliverFault(fault, {
        req,
        res,
        record,
        route,
        answer: processed => answer(route, url, record, processed),
        errorAnswer,
        now: clock(),
        // Closing the emulator closes every connection, so a delay ends then too.
        delay: ms =>
          new Promise(resolve => {
            const timer = setTimeout(() => resolve(!res.destroyed), ms)
            res.once('close', () => {
              clearTimeout(timer)
              resolve(false)
            })
          })
      })
    }
    const sent = answer(route, url, record, true)
    send(res, record, sent)
    if (sent.status === 200) notifyGitHub(github, route, record.json)
  }

  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid')
    handleRequest(req, res, url).catch((error: unknown) => {
      process.stderr.write(`emulator: internal error: ${String(error)}\n`)
      if (!res.headersSent && !res.destroyed) {
        send(res, undefined, errorAnswer(500, 'emulator internal error'))
      } else {
        res.destroy()
      }
    })
  }

  const server = options.tls
    ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, handler)
    : http.createServer(handler)
  const host = options.host ?? '127.0.0.1'
  server.listen(options.port ?? 0, host)
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  // An address that listens everywhere is reached on loopback.
  const shown = ({ '0.0.0.0': '127.0.0.1', '::': '::1' } as Record<string, string>)[host] ?? host
  const url = `${options.tls ? 'https' : 'http'}://${shown.includes(':') ? `[${shown}]` : shown}:${port}`
  baseUrl = checked.publicUrl ?? url

  let closing: Promise<void> | undefined
  return {
    url,
    requests,
    close: () =>
      (closing ??= new Promise<void>(resolve => {
        server.close(() => resolve())
        server.closeAllConnections()
      })),
    setBugPriority(bugId, priority) {
      state.setBugPriority(bugId, parsePriority(priority, 'setBugPriority(priority)'))
    },
    runs: () => state.runs(),
    addRun: def => state.addRun(def),
    reportedDeployments: () => [...reports.deployments],
    github
  }
}

/** A deployment reported with its repository and commit: QA Wolf's GitHub App hears of it. */
function notifyGitHub(github: EmulatedGitHub, route: RouteName, json: unknown): void {
  const str = (value: unknown) => (typeof value === 'string' ? value : undefined)
  const body = isObject(json) ? json : {}
  if (route === 'notify') {
    const repo = isObject(body['repository']) ? body['repository'] : {}
    const owner = str(repo['owner'])
    const name = str(repo['name'])
    const repository = owner && name ? `${owner}/${name}` : undefined
    github.notified({ repository, sha: str(body['sha']), environment: undefined })
  }
  const input = isObject(body['json']) ? body['json'] : {}
  if (route !== 'report-status' || input['status'] !== 'success') return
  const metadata = isObject(input['metadata']) ? input['metadata'] : {}
  const environment = isObject(input['environment']) ? input['environment'] : {}
  github.notified({
    repository: str(metadata['repository']),
    sha: str(metadata['commitSha']),
    environment: str(environment['name'] ?? environment['id'])
  })
}
