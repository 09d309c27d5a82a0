// Answers that arrive broken, end to end on the bundled action against loopback servers: a body
// cut after the status line, headers cut off or trickling after it, headers too large to parse, a body a proxy compressed, an error body
// with the service's event ID and a Retry-After past the timeout (an unreachable service's log
// lines: edges.test.ts). Each test checks what a user sees: the exit code, the messages, and how many requests
// the service received.
import { describe, expect, it } from '@jest/globals'
import * as zlib from 'node:zlib'
import { runAction, secretExposures } from '../../scripts/action-runner.js'
import {
  API_KEY,
  greenlightInputs,
  greenlightStep,
  messagesOf,
  notifyInputs,
  sendJson,
  terminateInputs,
  tinyServer
} from '../helpers/e2e.js'
import { completedResponse } from '../helpers/responses.js'
import {
  compressedAnswer,
  gzipBomb,
  type Handler,
  type TinyServer
} from '../helpers/tiny-server.js'

const NOTIFY_ANSWER = { results: [{ trigger_id: 't1', created_suite_id: 'run-7' }] }

/** A whole green verdict for run-1. */
const green: Handler = (_req, res) =>
  sendJson(res, JSON.stringify(completedResponse({ rootRunId: 'run-1', relevantRunId: 'run-1' })))

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
  const socket = req.socket
  socket.write('HTTP/1.1 200 OK\r\nContent-Type: appl', () => socket.destroy())
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

/** The request deadline, shortened through its test-only hook: a trickle must outlast it. */
const SHORT_DEADLINE = { QA_GREENLIGHT_TEST_REQUEST_TIMEOUT_MS: '1500' }

async function serving(...handlers: Handler[]): Promise<TinyServer> {
  const server = await tinyServer()
  let n = 0
  server.handle = (req, res, recorded) =>
    handlers[Math.min(n++, handlers.length - 1)]!(req, res, recorded)
  return server
}

const notify = (server: TinyServer) =>
  runAction({ inputs: notifyInputs(server, { sha: 'a'.repeat(40) }), killAfterMs: 30_000 })

describe('a POST that reached the service is never repeated', () => {
  it.each([
    ['notify', 'the body is cut mid-way', cutAfterStatusLine],
    ['notify', 'a header is too large to parse', headerOverflow],
    ['notify', 'the connection closes in the middle of the headers', cutInHeaders],
    ['notify', 'the headers trickle in past the request deadline', trickledHeaders],
    ['terminate', 'the body is cut mid-way', cutAfterStatusLine],
    ['terminate', 'the connection closes in the middle of the headers', cutInHeaders],
    ['terminate', 'the headers trickle in past the request deadline', trickledHeaders]
  ])('%s, when a 200 status line came and %s: one POST, "may have"', async (mode, _, handler) => {
    const server = await serving(handler)
    const inputs =
      mode === 'notify'
        ? notifyInputs(server, { sha: 'a'.repeat(40) })
        : terminateInputs(server, { 'environment-id': 'env-1' })
    const run = await runAction({ inputs, env: SHORT_DEADLINE, killAfterMs: 30_000 })

    expect(run.exitCode).toBe(1)
    expect(server.requests).toHaveLength(1)
    const message = messagesOf(run, 'error').join('\n')
    expect(message).toContain(
      mode === 'notify' ? 'runs may have been created' : 'the environment may have been terminated'
    )
    expect(message).not.toContain('Could not reach')
    expect(message).not.toContain('No response from')
    expect(run.stdout).not.toMatch(/Attempt \d failed/)
    if (mode === 'notify') expect(run.outputs['run-ids']).toBe('[]')
  })

  it.each([
    ['headers cut off or trickling past the deadline', cutInHeaders, trickledHeaders],
    ['a body cut off or headers too large', cutAfterStatusLine, headerOverflow]
  ])('greenlight asks again after %s, and gets its verdict', async (_, first, second) => {
    const server = await serving(first, second, green)
    const run = await runAction({
      inputs: greenlightInputs(server, 'run-1'),
      env: SHORT_DEADLINE,
      killAfterMs: 30_000
    })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    expect(server.requests).toHaveLength(3)
  })

  it('a reset once the connection was made is not repeated either: the request may have arrived', async () => {
    const server = await serving(
      req => req.socket.resetAndDestroy(),
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify(NOTIFY_ANSWER))
      }
    )
    const run = await notify(server)
    expect(run.exitCode).toBe(1)
    expect(server.requests).toHaveLength(1)
    expect(run.outputs['run-ids']).toBe('[]')
  })
})

describe('compressed answers', () => {
  it.each([
    ['gzip', zlib.gzipSync],
    ['deflate', zlib.deflateSync],
    ['br', zlib.brotliCompressSync]
  ] as const)('notify reads a %s body', async (encoding, compress) => {
    const server = await serving(
      compressedAnswer(encoding, compress(JSON.stringify(NOTIFY_ANSWER)))
    )
    const run = await notify(server)
    expect(run.exitCode).toBe(0)
    expect(run.outputs['run-ids']).toBe('["run-7"]')
  })

  it('greenlight reads a gzip verdict', async () => {
    const body = JSON.stringify(completedResponse({ rootRunId: 'run-1', relevantRunId: 'run-1' }))
    const server = await serving(compressedAnswer('gzip', zlib.gzipSync(body)))
    const run = await greenlightStep(server, 'run-1')
    expect(run.exitCode).toBe(0)
    expect(run.outputs['greenlight']).toBe('true')
  })

  it('refuses a zip bomb without expanding it, and names an unknown encoding', async () => {
    const bomb = gzipBomb(256)
    const server = await serving(compressedAnswer('gzip', bomb))
    const run = await notify(server)
    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error').join('\n')).toContain('once decompressed (gzip)')

    server.handle = compressedAnswer('zstd', Buffer.from('(zstd bytes)'))
    const unknown = await notify(server)
    expect(unknown.exitCode).toBe(1)
    const message = messagesOf(unknown, 'error').join('\n')
    expect(message).toContain("compressed as 'zstd'")
    expect(message).not.toContain('not valid JSON')
  })
})

describe('error bodies', () => {
  // The event ID of a failureMessage without a code: notify-answers.test.ts (vendor-error-event-id).
  it('keeps an event ID from outside inert: one line, no workflow command, no key', async () => {
    const server = await serving((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: 'boom', eventId: `evt_1\n::error::pwned ${API_KEY}` }))
    })
    const run = await notify(server)
    expect(run.exitCode).toBe(1)
    expect(run.stdout).not.toMatch(/^::error::pwned/m)
    expect(secretExposures(run, API_KEY)).toEqual([])
    expect(messagesOf(run, 'error').join('\n')).toContain('service event ID evt_1 ::error::pwned')
  })
})

describe('messages while retrying', () => {
  it('a 429 whose Retry-After is past the timeout says the service asked to wait', async () => {
    const server = await serving((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3600' })
      res.end(JSON.stringify({ failureCode: 'RATE_LIMITED', failureMessage: 'Slow down' }))
    })
    const run = await greenlightStep(server, 'run-1', { timeout: '20s' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('error')
    expect(server.requests).toHaveLength(1)
    const message = messagesOf(run, 'error').join('\n')
    expect(message).toContain('the service asked to wait 1h before the next query (Retry-After)')
    expect(message).toContain('past the timeout')
    expect(message).not.toContain('no answer from the service within the timeout')
  })
})
