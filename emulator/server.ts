// The emulator as a real HTTP(S) server on loopback: the service endpoints of
// docs/service-api.md and seeded faults in front of them.
//
// Order of checks for a service route: path (404) -> fault injection -> method (405) -> API key
// (401 missing or unknown, 403 disabled team) -> request (400) -> run lookup (404, 410).
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
import {
  BodyTooLarge,
  flattenHeaders,
  jsonAnswer,
  readBody,
  send,
  tryJson,
  type Answer
} from './http.js'
import { checkNotification } from './notification.js'
import { eventIdOf, spellErrorBody, spellNotifyBody } from './spelling.js'
import { EmulatorState, type EmulatorRunInfo } from './state.js'
import { DeploymentReports, REPORT_STATUS_PATH, type ReportedDeployment } from './report-status.js'

export type { EmulatorRunInfo } from './state.js'
export type { ReportedDeployment } from './report-status.js'
export type { EmulatorConfig, RunConfig, FaultSpec, FaultsConfig } from './config.js'

export interface RecordedRequest {
  method: string
  /** Path as received, without the query string (not percent-decoded). */
  path: string
  query: Record<string, string>
  /** Lower-case header names; repeated headers joined with ", ". */
  headers: Record<string, string | undefined>
  body: string
  /** The body parsed as JSON, when it is JSON. */
  json?: unknown
  receivedAt: number
  /** Status sent; 0 when the connection was reset before a status line or the client left. */
  status: number
  /** Kind of fault injected into this request, if any. */
  fault?: string
}

export interface Emulator {
  /** e.g. http://127.0.0.1:54321 (no trailing slash). */
  url: string
  close(): Promise<void>
  /** Every request, in order of arrival. */
  requests: RecordedRequest[]
  setBugPriority(bugId: string, priority: Priority): void
  runs(): EmulatorRunInfo[]
  /** Adds a run at runtime; its clock starts at its first greenlight query. */
  addRun(def: RunConfig): EmulatorRunInfo
  /** Replaces the fault plans; scripts start from their first entry again. */
  setFaults(faults: FaultsConfig): void
  /** The deployments reported through public.deployment.reportStatus. */
  reportedDeployments(): ReportedDeployment[]
}

export interface EmulatorOptions {
  port?: number
  host?: string
  tls?: { key: string | Buffer; cert: string | Buffer }
  /** Time source for timelines and records (ms epoch); default Date.now. */
  clock?: () => number
  /** Called once per recorded request when its response is finished or abandoned. */
  onRequest?: (request: RecordedRequest) => void
}

const NOTIFY_PATH = '/api/webhooks/deploy_success'
const TERMINATE_PATH = '/api/webhooks/environment_terminated'
const GREENLIGHT_PREFIX = '/api/v0/ci-greenlight/'
const OUTCOME_PARAM = 'outcomeWhenBlockingBugsInOtherWorkflows'

function routeOf(path: string): RouteName | undefined {
  if (path === NOTIFY_PATH) return 'notify'
  if (path === TERMINATE_PATH) return 'terminate'
  if (path === REPORT_STATUS_PATH) return 'report-status'
  if (path.startsWith(GREENLIGHT_PREFIX)) {
    const id = path.slice(GREENLIGHT_PREFIX.length)
    if (id !== '' && !id.includes('/')) return 'greenlight'
  }
  return undefined
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1'
  if (host === '::') return '[::1]'
  return host.includes(':') ? `[${host}]` : host
}

export async function startEmulator(
  config: EmulatorConfig,
  options: EmulatorOptions = {}
): Promise<Emulator> {
  const checked = parseConfig(config, 'config')
  const clock = options.clock ?? Date.now
  const state = new EmulatorState(checked, clock)
  const reports = new DeploymentReports()
  const requests: RecordedRequest[] = []
  const shape = checked.shape ?? 'live'
  let errors = 0

  /** Error bodies in the configured spelling; each live one gets the next event ID. */
  function errorAnswer(status: number, error: string, headers?: Record<string, string>): Answer {
    errors += 1
    return jsonAnswer(status, spellErrorBody(status, error, shape, eventIdOf(errors)), headers)
  }
  let plans = makePlans(checked.faults)
  const pendingTimers = new Set<() => void>()
  let baseUrl = ''

  function makePlans(faults: FaultsConfig | undefined): Record<RouteName, FaultPlan> {
    return {
      notify: new FaultPlan(faults?.notify),
      greenlight: new FaultPlan(faults?.greenlight),
      terminate: new FaultPlan(faults?.terminate),
      'report-status': new FaultPlan(faults?.['report-status'])
    }
  }

  /** Resolves true after `ms`, or false as soon as the client leaves or the emulator closes. */
  function delay(ms: number, res: http.ServerResponse): Promise<boolean> {
    return new Promise(resolve => {
      const finish = (alive: boolean) => {
        clearTimeout(timer)
        pendingTimers.delete(cancel)
        res.off('close', onClose)
        resolve(alive)
      }
      const cancel = () => finish(false)
      const onClose = () => finish(false)
      const timer = setTimeout(() => finish(!res.destroyed), ms)
      pendingTimers.add(cancel)
      res.on('close', onClose)
    })
  }

  function answer(
    route: RouteName,
    method: string,
    url: URL,
    record: RecordedRequest,
    commit: boolean
  ): Answer {
    if (route === 'report-status') {
      const auth = state.authenticate(record.headers.authorization)
      return reports.answer(method, record.json, auth, commit, baseUrl, shape)
    }
    const allowed = route === 'greenlight' ? 'GET' : 'POST'
    if (method !== allowed) {
      return errorAnswer(405, `method ${method} is not allowed here; use ${allowed}`, {
        allow: allowed
      })
    }
    switch (state.authenticate(record.headers.authorization)) {
      case 'missing':
        return errorAnswer(401, 'missing API key: send "Authorization: Bearer <API_KEY>"')
      case 'invalid':
        return errorAnswer(401, 'invalid API key')
      case 'disabled':
        return errorAnswer(403, 'forbidden: this team is disabled')
      case 'ok':
        break
    }
    if (route === 'notify') {
      if (record.json === undefined) {
        return errorAnswer(400, 'the request body must be a JSON object')
      }
      const check = checkNotification(record.json)
      if (!check.ok) return errorAnswer(400, check.error)
      const notified = state.notify(check.value, commit, record.headers.authorization)
      return notified.status === 200
        ? jsonAnswer(200, spellNotifyBody(notified.body, shape))
        : errorAnswer(notified.status, notified.error)
    }
    if (route === 'terminate') {
      const terminated = state.terminate(record.json, commit)
      return terminated.status === 200
        ? jsonAnswer(200, terminated.body)
        : errorAnswer(terminated.status, terminated.error)
    }
    let runId: string
    try {
      runId = decodeURIComponent(url.pathname.slice(GREENLIGHT_PREFIX.length))
    } catch {
      return errorAnswer(400, 'the run ID in the path is not valid percent-encoding')
    }
    const outcome = url.searchParams.get(OUTCOME_PARAM) ?? 'green'
    if (outcome !== 'green' && outcome !== 'red') {
      return errorAnswer(400, `${OUTCOME_PARAM} must be "green" or "red"`)
    }
    const result = state.greenlight(runId, outcome, baseUrl, commit)
    if (result.status === 200) return jsonAnswer(200, result.body)
    return result.status === 404
      ? errorAnswer(404, `run ${JSON.stringify(runId)} not found`)
      : errorAnswer(410, `run ${JSON.stringify(runId)} is a legacy run; use a newer run ID`)
  }

  async function deliverFault(
    fault: FaultSpec,
    route: RouteName,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    record: RecordedRequest
  ): Promise<void> {
    const method = req.method ?? 'GET'
    if (fault.kind === 'slow') {
      // Delivered late but otherwise normal, so it counts, unless the client gave up waiting.
      if (await delay(fault.delayMs, res))
        send(res, record, answer(route, method, url, record, true))
      return
    }
    const real = answer(route, method, url, record, fault.processed === true)
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
        record.status = real.status
        const full = Buffer.from(real.body, 'utf8')
        res.writeHead(real.status, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(full.length)
        })
        res.write(full.subarray(0, Math.floor(full.length / 2)), () => res.destroy())
        return
      }
      case 'cut-after-status-line': {
        // The status line and headers (promising the whole body) go out; then the connection ends.
        record.status = real.status
        res.writeHead(real.status, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(Buffer.byteLength(real.body))
        })
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

  async function handleService(
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
      if (error instanceof BodyTooLarge) {
        return send(res, record, errorAnswer(413, 'request body larger than 5 MB'))
      }
      throw error
    }
    const parsed = tryJson(record.body)
    if (parsed.ok) record.json = parsed.value
    const route = routeOf(url.pathname)
    if (!route) return send(res, record, errorAnswer(404, `no such endpoint: ${url.pathname}`))
    const fault = plans[route].next()
    if (fault) {
      record.fault = fault.kind
      return deliverFault(fault, route, req, res, url, record)
    }
    send(res, record, answer(route, record.method, url, record, true))
  }

  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid')
    handleService(req, res, url).catch((error: unknown) => {
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
    reportedDeployments: () => [...reports.deployments]
  }
}
