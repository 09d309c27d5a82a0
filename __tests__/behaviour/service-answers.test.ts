// The QA service's answers as they arrive on the wire, as a step reads them from loopback
// servers: ambiguous, foreign, compressed, nested, broken mid-way, or not the service at all (no
// answer at all, from a closed port or a stuck proxy: proxy.test.ts).
// How a body is read is unit-tested (unit/http.test.ts: encodings, repeated keys); here, one
// witness each that the step acts on it as promised.
import { describe, expect, it } from '@jest/globals'
import * as zlib from 'node:zlib'
import { runAction, type ActionRun } from '../../scripts/action-runner.js'
import {
  baseConfig,
  emulator,
  greenlightInputs,
  messagesOf,
  notifyInputs,
  qaService,
  quickGate as gate,
  requestsTo,
  sendJson,
  SHORT_DEADLINE,
  terminateInputs,
  tinyServer
} from '../helpers/e2e.js'
import { outcome } from '../helpers/check-fixtures.js'
import { completedResponse, stageResponse } from '../helpers/responses.js'
import { reportStep, reportsTo } from '../helpers/notify-route.js'
import {
  compressedAnswer,
  gzipBomb,
  type Handler,
  type TinyServer
} from '../helpers/tiny-server.js'

const NOTIFY_ANSWER = { results: [{ trigger_id: 't1', created_suite_id: 'run-7' }] }
const errors = (run: ActionRun): string => messagesOf(run, 'error').join('\n')

async function serving(...handlers: Handler[]): Promise<TinyServer> {
  const server = await tinyServer()
  let n = 0
  server.handle = (req, res, recorded) =>
    handlers[Math.min(n++, handlers.length - 1)]!(req, res, recorded)
  return server
}

const answering =
  (body: string, status = 200): Handler =>
  (_req, res) =>
    sendJson(res, body, status)
const notify = (server: TinyServer) =>
  runAction({ inputs: notifyInputs(server, { sha: 'a'.repeat(40) }), killAfterMs: 30_000 })

// An answer about another run, and an array for an answer, are unit-tested (unit/polling.test.ts,
// unit/service.test.ts).
describe('never green from an ambiguous or wrong answer', () => {
  it('a repeated key is unreadable: retried, then no verdict', async () => {
    const greenBody = JSON.stringify(completedResponse())
    const body = `${greenBody.slice(0, -1)},"greenlight":false,"greenlight":true}`
    const server = await serving(answering(body))
    // Every answer is refused. Asked once, the step makes its three attempts within 30 s, however
    // slowly a loaded machine answers (a 3 s timeout could pass during the first exchange).
    const run = await gate(server, 'run-1', { wait: 'false', timeout: '1m' })
    expect(outcome(run)).toMatchObject({ greenlight: 'false', status: 'error', exitCode: 1 })
    expect(server.requests.length).toBeGreaterThan(1)
    expect(run.stdout).toContain('appears twice in one object')
  })

  it('green while running is never green, and said once however often it is asked', async () => {
    const body = JSON.stringify(
      stageResponse({ stage: 'initializing', queriedRunId: 'run-1', greenlight: true })
    )
    const server = await serving(answering(body))
    const run = await gate(server, 'run-1', { 'poll-interval': '100ms' })
    expect(outcome(run)).toMatchObject({ greenlight: 'false', exitCode: 1 })
    expect(server.requests.length).toBeGreaterThan(1)
    expect(run.stdout.split("the service's answer contradicts itself")).toHaveLength(2)
  })

  it('a response of the wrong shape: status=error, one query, a clear message', async () => {
    const complete = stageResponse({ stage: 'completed', queriedRunId: 'run-1' })
    const em = await qaService({
      runs: [{ id: 'run-1', timeline: [{ stage: 'completed' }] }],
      faults: {
        greenlight: { script: [{ kind: 'wrong-shape', body: { ...complete, greenlight: 'true' } }] }
      }
    })
    const run = await runAction({ inputs: greenlightInputs(em, 'run-1') })
    expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'error', greenlight: 'false' })
    // Asking again gives the same contract mismatch, so it is not retried.
    expect(requestsTo(em, 'greenlight')).toHaveLength(1)
    const [failure] = messagesOf(run, 'error')
    expect(failure).toMatch(/Invalid response from the QA service/)
    expect(failure).toMatch(/field 'greenlight'/)
    expect(failure).not.toMatch(/crashed|unexpectedly/)
    expect(run.summary).toMatch(/## ⛔ QA greenlight: error, no verdict/)
    expect(run.stdout + run.stderr).not.toMatch(/^\s+at /m)
  })
})

describe('compressed and nested answers', () => {
  it('greenlight reads a gzip verdict, the same key in different objects read normally, an unknown field 100,000 levels deep cut in result', async () => {
    const bugs = [
      { name: 'a', priority: 'low' },
      { name: 'b', priority: 'low' }
    ]
    const deep = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)
    const body = JSON.stringify(completedResponse({ reproducedBugs: bugs })).replace(
      /}$/,
      `,"extra":${deep}}`
    )
    const run = await gate(await serving(compressedAnswer('gzip', zlib.gzipSync(body))), 'run-1')
    expect(outcome(run)).toMatchObject({ exitCode: 0, status: 'passed' })
    const [result] = JSON.parse(run.outputs['result'] ?? '') as Record<string, unknown>[]
    expect(result).toMatchObject({ greenlight: true, runStage: 'completed' })
    expect(JSON.stringify(result?.['extra'])).toContain('[nested too deep]')
  })

  // Each encoding is unit-tested (unit/http.test.ts).
  it('notify refuses a zip bomb without expanding it', async () => {
    const bomb = await notify(await serving(compressedAnswer('gzip', gzipBomb(256))))
    expect(bomb.exitCode).toBe(1)
    expect(errors(bomb)).toContain('once decompressed (gzip)')
  })
})

/** The status line and the start of a 200 body, then the connection is cut. */
const cutAfterStatusLine: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' })
  res.write('{"results": [{"trigger_id": "t1", "created_')
  setTimeout(() => res.socket?.destroy(), 20)
}

/** A 200 whose headers are larger than Node's parser accepts (16 KiB). */
const headerOverflow: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'x-trace': 'x'.repeat(40_000) })
  res.end(JSON.stringify(NOTIFY_ANSWER))
}

/** A raw `200 OK` status line and part of a header, then the connection is cut mid-headers. */
const cutInHeaders: Handler = req => {
  req.socket.write('HTTP/1.1 200 OK\r\nContent-Type: appl', () => req.socket.destroy())
}

/** A raw status line split over two writes, then one header byte at a time, never finishing. */
const trickledHeaders: Handler = req => {
  const socket = req.socket
  socket.write('HTTP/1.1 20')
  socket.write('0 OK\r\nX-Slow: ')
  const timer = setInterval(() => {
    if (socket.destroyed) clearInterval(timer)
    else socket.write('x')
  }, 50)
  socket.once('close', () => clearInterval(timer))
}

describe('an answer broken mid-way', () => {
  it.each([
    ['notify', 'a 200 whose body is cut mid-way', cutAfterStatusLine],
    ['terminate', 'a 200 whose headers trickle in past the deadline', trickledHeaders],
    ['notify', 'a 502 (the gateway gave up, maybe after the service acted)', answering('{}', 502)],
    ['terminate', 'a 504', answering('{"error":"upstream timed out"}', 504)]
  ])('%s, when a status line came, %s: one POST, "may have"', async (mode, _, handler) => {
    const server = await serving(handler)
    const inputs =
      mode === 'notify'
        ? notifyInputs(server, { sha: 'a'.repeat(40) })
        : terminateInputs(server, { 'environment-id': 'env-1' })
    const run = await runAction({ inputs, env: SHORT_DEADLINE, killAfterMs: 30_000 })
    expect(run.exitCode).toBe(1)
    expect(server.requests).toHaveLength(1)
    const message = errors(run)
    expect(message).toContain(
      mode === 'notify' ? 'runs may have been created' : 'the environment may have been terminated'
    )
    expect(message).not.toContain('Could not reach')
    expect(message).not.toContain('No response from')
    expect(run.stdout).not.toMatch(/Attempt \d failed/)
    if (mode === 'notify') expect(run.outputs['run-ids']).toBe('[]')
  })

  it('a reset once the connection was made is not repeated either: the request may have arrived', async () => {
    const server = await serving(
      req => req.socket.resetAndDestroy(),
      answering(JSON.stringify(NOTIFY_ANSWER))
    )
    const run = await notify(server)
    expect(run.exitCode).toBe(1)
    expect(server.requests).toHaveLength(1)
    expect(run.outputs['run-ids']).toBe('[]')
  })

  it('greenlight asks again after headers cut off, trickling past the deadline or too large, or a body cut off, and gets its verdict', async () => {
    const green = answering(JSON.stringify(completedResponse()))
    const broken = [cutInHeaders, trickledHeaders, cutAfterStatusLine, headerOverflow]
    const server = await serving(...broken, green)
    const run = await runAction({
      inputs: greenlightInputs(server, 'run-1'),
      env: SHORT_DEADLINE,
      killAfterMs: 60_000
    })
    expect(outcome(run)).toMatchObject({ exitCode: 0, status: 'passed' })
    expect(server.requests).toHaveLength(5)
  })

  it('report-status is sent again after a 503: its providerDeploymentId makes it idempotent', async () => {
    const em = await emulator({
      ...baseConfig(),
      faults: { 'report-status': { script: [{ kind: 'status', status: 503 }] } }
    })
    const run = await reportStep(em)
    expect(run.exitCode).toBe(0)
    const reports = reportsTo(em)
    expect(reports).toHaveLength(2)
    expect(reports[1]?.json).toEqual(reports[0]?.json)
    expect(run.outputs['deployment-id']).toBe('dep-1')
  })
})

describe('an address that is not the service is blamed on base-url, in every mode', () => {
  // prettier-ignore
  const PAGES = [
    ['notify', "Express's 404", 404, 'text/html; charset=utf-8', '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot POST /qa/api/webhooks/environment_terminated</pre>\n</body>\n</html>\n'],
    ['terminate', "a web server's 501", 501, 'text/html', '<html><head><title>501 Not Implemented</title></head><body><center><h1>501 Not Implemented</h1></center><hr><center>nginx</center></body></html>'],
    ['greenlight', "a sign-in page's 200", 200, 'text/html', '<!doctype html><title>Sign in &amp; continue</title><form action="/login"></form>']
  ] as const

  it.each(PAGES)(
    '%s, %s: fails naming base-url, with no markup',
    async (mode, _, status, type, body) => {
      const server = await serving((_req, res) => {
        res.writeHead(status, { 'content-type': type })
        res.end(body)
      })
      const inputs = {
        notify: notifyInputs(server, { sha: 'abc1234' }),
        terminate: terminateInputs(server, { 'environment-id': 'env-1' }),
        greenlight: greenlightInputs(server, 'run-1', { timeout: '2s' })
      }[mode]
      const run = await runAction({ inputs, killAfterMs: 30_000 })
      expect(run.exitCode).toBe(1)
      const said = errors(run)
      expect(said).toContain("not the QA service's JSON")
      expect(said).toContain("Check 'base-url'")
      expect(said).not.toMatch(/contact|knows no such environment|the run was not found/i)
      if (mode === 'terminate') expect(run.outputs['outcome']).toBe('')
      expect(run.summary).toContain('not the QA service&#39;s JSON')
      expect(run.summary + said).not.toMatch(/<\/?(html|title|pre|h1|form)|&lt;|&#60;|&amp;lt;/i)
    }
  )

  it('notify: a 304 is not called a redirect', async () => {
    const server = await serving((_req, res) => {
      res.writeHead(304)
      res.end()
    })
    const run = await notify(server)
    expect(run.exitCode).toBe(1)
    expect(server.requests).toHaveLength(1)
    expect(errors(run)).toContain('HTTP 304 Not Modified')
    expect(errors(run)).toContain('a cache or proxy between the runner and the service answered')
    expect(errors(run)).not.toContain('redirect')
  })
})
