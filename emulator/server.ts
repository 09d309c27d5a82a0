// The emulator as a real HTTP(S) server on loopback: routing to the endpoints of
// docs/service-api.md, the checks they share, and seeded faults in front of them.
// Order of checks: path (404) -> fault injection -> method (405) -> API key (401 missing or
// unknown, 403 disabled team) -> the endpoint's own: request (400), run lookup (404, 410), ...
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import {
  parseConfig,
  parseFaults,
  parsePriority,
  type EmulatorConfig,
  type FaultSpec,
  type FaultsConfig,
  type Priority,
  type RouteName,
  type RunConfig
} from './config.js'
import {
  compressBody,
  deepNestingBody,
  HEADER_OVERFLOW_BYTES,
  duplicateKeyBody,
  echoKeyBody,
  FaultPlan,
  htmlErrorPage,
  oversizedChunks,
  retryAfterValue,
  truncate,
  wrongShapeBody
} from './faults.js'
import { EmulatedGitHub, GITHUB_PATH, type NotifiedCommit } from './github.js'
import {
  BodyTooLarge,
  flattenHeaders,
  isObject,
  jsonAnswer,
  readBody,
  send,
  type Answer,
  type Route
} from './http.js'
import {
  greenlightRoute,
  isGreenlightPath,
  NOTIFY_PATH,
  notificationRoute,
  TERMINATE_PATH,
  terminationRoute
} from './routes.js'
import { DeploymentReports, REPORT_STATUS_PATH, type ReportedDeployment } from './report-status.js'
import { eventIdOf, spellErrorBody } from './spelling.js'
import { EmulatorState, type AuthResult, type EmulatorRunInfo } from './state.js'

export type { EmulatorRunInfo } from './state.js'
export type { ReportedDeployment } from './report-status.js'
export type { EmulatedGitHub, EmulatedCheckRun } from './github.js'
export type { EmulatorConfig, RunConfig, FaultSpec, FaultsConfig } from './config.js'

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
  /** Replaces the fault plans; scripts start from their first entry again. */
  setFaults(faults: FaultsConfig): void
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

function routeOf(path: string): RouteName | undefined {
  if (path === NOTIFY_PATH) return 'notify'
  if (path === TERMINATE_PATH) return 'terminate'
  if (path === REPORT_STATUS_PATH) return 'report-status'
  if (isGreenlightPath(path)) return 'greenlight'
  return undefined
}

const KEY_REFUSALS: Record<AuthResult, [401 | 403, string] | undefined> = {
  ok: undefined,
  missing: [401, 'missing API key: send "Authorization: Bearer <API_KEY>"'],
  invalid: [401, 'invalid API key'],
  disabled: [403, 'forbidden: this team is disabled']
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1'
  if (host === '::') return '[::1]'
  return host.includes(':') ? `[${host}]` : host
}

type Plans = Record<RouteName, FaultPlan>
const ROUTE_NAMES: RouteName[] = ['notify', 'greenlight', 'terminate', 'report-status']
const makePlans = (faults: FaultsConfig = {}): Plans =>
  Object.fromEntries(ROUTE_NAMES.map(name => [name, new FaultPlan(faults[name])])) as Plans

/**
 * Resolves true after `ms`, or false as soon as the client leaves or `pending`'s cancel is called
 * (the emulator closes).
 */
function delay(ms: number, res: http.ServerResponse, pending: Set<() => void>): Promise<boolean> {
  return new Promise(resolve => {
    const finish = (alive: boolean) => {
      clearTimeout(timer)
      pending.delete(cancel)
      res.off('close', onClose)
      resolve(alive)
    }
    const cancel = () => finish(false)
    const onClose = () => finish(false)
    const timer = setTimeout(() => finish(!res.destroyed), ms)
    pending.add(cancel)
    res.on('close', onClose)
  })
}

interface FaultContext {
  /** The answer the request would get without the fault; `commit` makes it count. */
  answer(commit: boolean): Answer
  errorAnswer(status: number, error: string, headers?: Record<string, string>): Answer
  clock(): number
  delay(ms: number): Promise<boolean>
}

function writeWholeHead(res: http.ServerResponse, record: RecordedRequest, answer: Answer): void {
  record.status = answer.status
  res.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(answer.body))
  })
}

async function deliverFault(
  fault: FaultSpec,
  route: RouteName,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  record: RecordedRequest,
  { answer, errorAnswer, clock, delay }: FaultContext
): Promise<void> {
  if (fault.kind === 'slow') {
    // Delivered late but otherwise normal, so it counts, unless the client gave up waiting.
    if (await delay(fault.delayMs)) send(res, record, answer(true))
    return
  }
  const real = answer(fault.processed === true)
  switch (fault.kind) {
    case 'status':
      return send(res, record, errorAnswer(fault.status, `emulated fault: HTTP ${fault.status}`))
    case 'rate-limit': {
      const value = retryAfterValue(fault.retryAfter, clock())
      const headers: Record<string, string> = value === undefined ? {} : { 'retry-after': value }
      return send(res, record, errorAnswer(429, 'too many requests', headers))
    }
    case 'reset-before-headers':
      req.socket.destroy()
      return
    case 'reset-after-headers': {
      const full = Buffer.from(real.body, 'utf8')
      writeWholeHead(res, record, real)
      res.write(full.subarray(0, Math.floor(full.length / 2)), () => res.destroy())
      return
    }
    case 'cut-after-status-line': {
      // The status line and headers (promising the whole body) go out; then the connection ends.
      writeWholeHead(res, record, real)
      res.flushHeaders()
      // Writes are ordered: this callback runs once the headers have left.
      if (res.socket) res.socket.write(Buffer.alloc(0), () => res.destroy())
      else res.destroy()
      return
    }
    case 'cut-in-headers': {
      // The status line and part of a header, then the connection ends: the request was
      // received (and, with `processed`, acted on), but no header block ever completes.
      record.status = real.status
      const socket = req.socket
      socket.write(`HTTP/1.1 ${real.status} OK\r\nContent-Type: applic`, () => socket.destroy())
      return
    }
    case 'trickle-headers': {
      // The status line, then one byte of a header every `intervalMs` for as long as the
      // client stays: the header block never completes.
      record.status = real.status
      const socket = req.socket
      socket.write(`HTTP/1.1 ${real.status} OK\r\n`)
      const timer = setInterval(() => {
        if (socket.destroyed) clearInterval(timer)
        else socket.write('x')
      }, fault.intervalMs ?? 200)
      timer.unref()
      socket.once('close', () => clearInterval(timer))
      return
    }
    case 'header-overflow':
      return send(res, record, {
        ...real,
        headers: {
          ...real.headers,
          'x-emulator-padding': 'x'.repeat(fault.bytes ?? HEADER_OVERFLOW_BYTES)
        }
      })
    case 'compressed': {
      const encoding = fault.encoding ?? 'gzip'
      return send(res, record, {
        ...real,
        body: compressBody(real.body, encoding),
        headers: { ...real.headers, 'content-encoding': encoding }
      })
    }
    case 'html':
      return send(res, record, {
        status: fault.status,
        body: htmlErrorPage(fault.status),
        contentType: 'text/html; charset=utf-8'
      })
    case 'truncated-json':
      return send(res, record, { status: 200, body: truncate(real.body) })
    case 'replay':
      return send(res, record, jsonAnswer(fault.status ?? 200, fault.body))
    case 'wrong-shape':
      return send(res, record, jsonAnswer(200, fault.body ?? wrongShapeBody(route)))
    case 'duplicate-key':
      return send(res, record, { status: real.status, body: duplicateKeyBody(real.body) })
    case 'deep-nesting':
      return send(res, record, {
        status: real.status,
        body: deepNestingBody(real.body, fault.depth)
      })
    case 'echo-key':
      return send(res, record, {
        status: 500,
        body: echoKeyBody(record.headers.authorization)
      })
    case 'oversized': {
      record.status = 200
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      for (const chunk of oversizedChunks(fault.megabytes)) {
        if (res.destroyed) return
        if (!res.write(chunk)) {
          await new Promise<void>(resolve => {
            const done = () => {
              res.off('drain', done)
              res.off('close', done)
              resolve()
            }
            res.on('drain', done)
            res.on('close', done)
          })
        }
      }
      if (!res.destroyed) res.end()
      return
    }
  }
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
    return jsonAnswer(status, spellErrorBody(status, error, shape, eventIdOf(errors)), headers)
  }
  const reports = new DeploymentReports(publicUrl, shape)
  const github = new EmulatedGitHub(checked.github ?? {}, clock, publicUrl)
  const routes: Record<RouteName, Route> = {
    notify: notificationRoute(state, shape, errorAnswer),
    greenlight: greenlightRoute(state, publicUrl, errorAnswer),
    terminate: terminationRoute(state, errorAnswer),
    'report-status': reports
  }
  let plans = makePlans(checked.faults)
  const pendingTimers = new Set<() => void>()

  /** The route's answer after the common checks; `commit: false` leaves the state as it was. */
  function answer(name: RouteName, url: URL, record: RecordedRequest, commit: boolean): Answer {
    const route = routes[name]
    if (record.method !== route.method) {
      return route.error(405, `method ${record.method} is not allowed here; use ${route.method}`, {
        allow: route.method
      })
    }
    const authorization = record.headers.authorization
    const refused = KEY_REFUSALS[state.authenticate(authorization)]
    if (refused) return route.error(...refused)
    return route.answer({ url, json: record.json, authorization }, commit)
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
      headers: flattenHeaders(req.headers),
      body: '',
      receivedAt: clock(),
      status: 0
    }
    requests.push(record)
    if (options.onRequest) {
      const report = options.onRequest
      res.on('close', () => report(record))
    }
    try {
      record.body = await readBody(req)
    } catch (error) {
      if (error instanceof BodyTooLarge)
        return send(res, record, errorAnswer(413, 'request body larger than 5 MB'))
      throw error
    }
    try {
      record.json = JSON.parse(record.body)
    } catch {
      // Not JSON: the route says what it needs.
    }
    if (GITHUB_PATH.test(url.pathname)) {
      return send(
        res,
        record,
        github.answer(record.method, url.pathname, url, record.headers, record.json)
      )
    }
    const route = routeOf(url.pathname)
    if (!route) return send(res, record, errorAnswer(404, `no such endpoint: ${url.pathname}`))
    const fault = plans[route].next()
    if (fault) {
      record.fault = fault.kind
      return deliverFault(fault, route, req, res, record, {
        answer: commit => answer(route, url, record, commit),
        errorAnswer,
        clock,
        delay: ms => delay(ms, res, pendingTimers)
      })
    }
    const sent = answer(route, url, record, true)
    send(res, record, sent)
    if (sent.status === 200) github.notified(notifiedCommit(route, record.json))
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const url = `${options.tls ? 'https' : 'http'}://${hostForUrl(host)}:${port}`
  baseUrl = checked.publicUrl ?? url

  let closing: Promise<void> | undefined
  return {
    url,
    requests,
    close() {
      closing ??= new Promise<void>(resolve => {
        for (const cancel of [...pendingTimers]) cancel()
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    },
    setBugPriority(bugId, priority) {
      state.setBugPriority(bugId, parsePriority(priority, 'setBugPriority(priority)'))
    },
    runs: () => state.runs(),
    addRun: def => state.addRun(def),
    setFaults(faults) {
      plans = makePlans(parseFaults(faults, 'setFaults(faults)'))
    },
    reportedDeployments: () => [...reports.deployments],
    github
  }
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

function notifiedCommit(route: RouteName, json: unknown): NotifiedCommit {
  const none = { repository: undefined, sha: undefined, environment: undefined }
  if (!isObject(json)) return none
  if (route === 'notify') {
    const repo = json['repository']
    return {
      repository:
        isObject(repo) && typeof repo['owner'] === 'string' && typeof repo['name'] === 'string'
          ? `${repo['owner']}/${repo['name']}`
          : undefined,
      sha: str(json['sha']),
      environment: undefined
    }
  }
  if (route !== 'report-status' || !isObject(json['json'])) return none
  const input = json['json']
  const metadata = isObject(input['metadata']) ? input['metadata'] : {}
  const environment = isObject(input['environment']) ? input['environment'] : {}
  const envName = environment['name'] ?? environment['id']
  if (input['status'] !== 'success') return none
  return {
    repository: str(metadata['repository']),
    sha: str(metadata['commitSha']),
    environment: str(envName)
  }
}
