import { describe, it, expect, beforeAll, afterAll, beforeEach, afterEach } from '@jest/globals'
import type { OutgoingHttpHeaders } from 'node:http'
import * as zlib from 'node:zlib'
import {
  createServiceClient,
  describeHttpStatus,
  ServiceError,
  type ServiceClient,
  type ServiceClientOptions
} from '../../src/service/client.js'
import { USER_AGENT } from '../../src/core/version.js'
import { retryDecision } from '../../src/service/retry-policy.js'
import { startForwardProxy } from '../helpers/forward-proxy.js'
import {
  compressedAnswer,
  gzipBomb,
  startTinyServer,
  type Handler,
  type TinyServer
} from '../helpers/tiny-server.js'

const API_KEY = 'qa_key_5ecret-Value'

const greenlightBody = {
  greenlight: true,
  relevantRunId: 'run-1',
  relevantRunUrl: 'https://qa.example.com/runs/run-1',
  relevantRunWithBugsUrl: 'https://qa.example.com/runs/run-1?bugs',
  rootRunId: 'run-1',
  rootRunUrl: 'https://qa.example.com/runs/run-1',
  runStage: 'completed',
  workflowsDisabledAfterRunCount: 0,
  workflowsInRunCount: 4,
  workflowsUnderInvestigationCount: 0,
  blockingBugsCount: 0,
  nonBlockingBugsCount: 1,
  blockingBugUrls: [],
  nonBlockingBugUrls: ['https://qa.example.com/bugs/9'],
  reproducedBugs: [{ id: 'b9' }]
}

const notifyBody = { results: [{ trigger_id: 't1', created_suite_id: 'run-1' }] }

/** Answers `status` with `body` as JSON (a string as it is). */
const answer = (status: number, body: unknown, headers = {}): Handler => {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  return raw(status, { 'content-type': 'application/json', ...headers }, text)
}

/** Answers `status` with `headers` and `body`, as they are. */
const raw =
  (status: number, headers: OutgoingHttpHeaders = {}, body?: string | Buffer): Handler =>
  (_req, res) => {
    res.writeHead(status, headers)
    res.end(body)
  }

/** Whether the one retry policy asks again after this failure (a first failure, time to spare). */
function retried(error: ServiceError, method: 'GET' | 'POST' = 'GET'): boolean {
  return retryDecision(error, { method, failures: 1, msLeft: 600_000, jitter: 0 }).retry
}

/** Resolves with the ServiceError the promise rejects with; fails the test if it resolves. */
async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError)
    return error as ServiceError
  }
  throw new Error('expected the call to fail')
}

const PROXY_VARS = [
  'HTTP_PROXY',
  'http_proxy',
  'HTTPS_PROXY',
  'https_proxy',
  'NO_PROXY',
  'no_proxy'
]
const savedEnv: Record<string, string | undefined> = {}
let server: TinyServer

function client(options: Partial<ServiceClientOptions> = {}): ServiceClient {
  return createServiceClient({
    baseUrl: server.url,
    apiKey: API_KEY,
    requestTimeoutMs: 2000,
    greenlightAnswer: () => import('../../src/service/greenlight-answer.js'),
    ...options
  })
}

beforeAll(async () => {
  // http-client appends this to the User-Agent on GitHub runners; the tests check the exact value.
  for (const name of [...PROXY_VARS, 'ACTIONS_ORCHESTRATION_ID']) {
    savedEnv[name] = process.env[name]
    delete process.env[name]
  }
  server = await startTinyServer()
})

afterAll(async () => {
  await server.close()
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

beforeEach(() => {
  server.requests.length = 0
  server.handle = answer(200, greenlightBody)
})

describe('requests on the wire', () => {
  it('POSTs the notification as JSON with the bearer key, Accept and User-Agent', async () => {
    server.handle = answer(200, notifyBody)
    const body = {
      sha: 'abc123',
      branch: 'main',
      variables: { A: '1' },
      ephemeral_environment: true
    }
    const response = await client().notifyDeploySuccess(body)

    expect(response).toEqual(notifyBody)
    expect(server.requests).toHaveLength(1)
    const [request] = server.requests
    expect(request?.method).toBe('POST')
    expect(request?.target).toBe('/api/webhooks/deploy_success')
    expect(request?.headers['authorization']).toBe(`Bearer ${API_KEY}`)
    expect(request?.headers['content-type']).toBe('application/json')
    expect(request?.headers['accept']).toBe('application/json')
    expect(request?.headers['user-agent']).toBe(USER_AGENT)
    expect(USER_AGENT).toMatch(/^qa-greenlight\/\d+\.\d+\.\d+/)
    expect(JSON.parse(request?.body ?? '')).toEqual(body)
  })

  it('sends exactly its own User-Agent, also on a runner that sets ACTIONS_ORCHESTRATION_ID', async () => {
    process.env['ACTIONS_ORCHESTRATION_ID'] = 'orch-123'
    try {
      await client().getGreenlight('run-1')
    } finally {
      delete process.env['ACTIONS_ORCHESTRATION_ID']
    }
    expect(server.requests[0]?.headers['user-agent']).toBe(USER_AGENT)
  })

  it('GETs the greenlight without a body or Content-Type, and without the query parameter by default', async () => {
    const response = await client().getGreenlight('run-1')

    expect(response).toEqual(greenlightBody)
    const [request] = server.requests
    expect(request?.method).toBe('GET')
    expect(request?.target).toBe('/api/v0/ci-greenlight/run-1')
    expect(request?.headers['authorization']).toBe(`Bearer ${API_KEY}`)
    expect(request?.headers['accept']).toBe('application/json')
    expect(request?.headers['user-agent']).toBe(USER_AGENT)
    expect(request?.headers['content-type']).toBeUndefined()
    expect(request?.body).toBe('')
  })

  it.each(['green', 'red'] as const)(
    'sends outcomeWhenBlockingBugsInOtherWorkflows=%s when given',
    async outcome => {
      await client().getGreenlight('run-1', { outcomeWhenBlockingBugsInOtherWorkflows: outcome })
      expect(server.requests[0]?.target).toBe(
        `/api/v0/ci-greenlight/run-1?outcomeWhenBlockingBugsInOtherWorkflows=${outcome}`
      )
    }
  )

  it('encodes a run ID that contains reserved characters as one path segment', async () => {
    await client().getGreenlight('a/b c?d#e%f')
    expect(server.requests[0]?.target).toBe('/api/v0/ci-greenlight/a%2Fb%20c%3Fd%23e%25f')
  })

  it.each([
    ['a trailing slash', '/', ''],
    ['a path prefix', '/qa', '/qa'],
    ['a path prefix and trailing slash', '/qa/', '/qa']
  ])('joins a base URL with %s', async (_name, suffix, prefix) => {
    server.handle = (req, ...rest) =>
      answer(200, req.url?.includes('deploy_success') ? notifyBody : greenlightBody)(req, ...rest)
    const c = client({ baseUrl: `${server.url}${suffix}` })
    await c.notifyDeploySuccess({})
    await c.getGreenlight('r')
    expect(server.requests.map(r => r.target)).toEqual([
      `${prefix}/api/webhooks/deploy_success`,
      `${prefix}/api/v0/ci-greenlight/r`
    ])
  })
})

describe('HTTP errors', () => {
  it.each([
    [401, 'greenlight', false, /API key is missing or invalid.*'api-key'/],
    [401, 'notify', false, /API key is missing or invalid/],
    [403, 'greenlight', false, /team is disabled/],
    // A new run may not be visible yet: within the grace period of its first query.
    [404, 'greenlight', true, /run was not found/],
    [404, 'notify', false, /endpoint was not found.*'base-url'/],
    [405, 'notify', false, /did not accept POST.*'base-url'.*proxy/],
    [405, 'greenlight', false, /did not accept GET/],
    [410, 'greenlight', false, /legacy run.*newer run/],
    [429, 'greenlight', true, /rate limit/],
    [500, 'notify', true, /server error/],
    [503, 'greenlight', true, /server error/],
    [400, 'notify', false, /rejected the request/],
    [418, 'greenlight', false, /rejected the request/]
  ] as const)(
    '%i from %s → kind http, retried %s, message names the cause',
    async (status, endpoint, transient, cause) => {
      server.handle = answer(status, { error: 'nope' })
      const c = client()
      const error = await failure(
        endpoint === 'notify' ? c.notifyDeploySuccess({}) : c.getGreenlight('run-1')
      )
      expect(error).toMatchObject({ kind: 'http', status })
      expect(retried(error, endpoint === 'notify' ? 'POST' : 'GET')).toBe(transient)
      expect(error.message).toContain(`HTTP ${status}`)
      expect(error.message).toMatch(cause)
      // The JSON error body is reduced to its message.
      expect(error.message).toBe(`${describeHttpStatus(status, endpoint)} The service says: nope`)
    }
  )

  it('reads Retry-After as an HTTP-date against the injected clock', async () => {
    const now = Date.parse('2025-01-01T00:00:00Z')
    server.handle = answer(503, {}, { 'retry-after': 'Wed, 01 Jan 2025 00:01:30 GMT' })
    const error = await failure(client({ now: () => now }).getGreenlight('run-1'))
    expect(error.retryAfterMs).toBe(90_000)
    expect(retried(error)).toBe(true)
  })

  it('leaves retryAfterMs unset without the header', async () => {
    server.handle = answer(503, {})
    const error = await failure(client().getGreenlight('run-1'))
    expect(error.retryAfterMs).toBeUndefined()
  })

  it('does not follow a redirect of a POST; names the status and the Location', async () => {
    server.handle = raw(307, { location: 'https://elsewhere.example/api/webhooks/deploy_success' })
    const error = await failure(client().notifyDeploySuccess({ sha: 'abc' }))
    expect(error).toMatchObject({ kind: 'http', status: 307 })
    expect(retried(error)).toBe(false)
    expect(error.message).toContain('HTTP 307')
    expect(error.message).toContain(
      'Location: https://elsewhere.example/api/webhooks/deploy_success'
    )
    expect(server.requests).toHaveLength(1)
  })

  it('does not call a 304 a redirect: a cache or proxy answered', async () => {
    server.handle = raw(304)
    const error = await failure(client().notifyDeploySuccess({ sha: 'abc' }))
    expect(error.status).toBe(304)
    expect(retried(error)).toBe(false)
    expect(error.message).not.toContain('redirect')
    expect(error.message).toContain('a cache or proxy between the runner and the service answered')
  })

  it('resolves a relative Location and hides a non-http(s) one', async () => {
    server.handle = raw(302, { location: '/login' })
    const relative = await failure(client().getGreenlight('run-1'))
    expect(relative.message).toContain(`Location: ${server.url}/login`)

    server.handle = raw(301, { location: 'javascript:alert(1)' })
    const script = await failure(client().getGreenlight('run-1'))
    expect(script.status).toBe(301)
    expect(script.message).not.toContain('javascript')
    expect(script.message).not.toContain('Location')
  })

  it('names an HTML 502 by its title, never its markup, and still retries it', async () => {
    const page = `<html>\n<head><title>502 Bad Gateway</title></head>\n<body>\u001b[31m${'x'.repeat(5000)}</body></html>`
    server.handle = raw(502, { 'content-type': 'text/html' }, page)
    const error = await failure(client().getGreenlight('run-1'))
    expect(error).toMatchObject({ kind: 'http', status: 502 })
    expect(retried(error)).toBe(true)
    expect(error.foreign).toBe(true)
    expect(error.message).toBe(
      "HTTP 502 Bad Gateway with an HTML page saying \"502 Bad Gateway\", not the QA service's JSON: a proxy or load balancer in front of the QA service failed, or 'base-url' does not point at the service. Check 'base-url': the service's base address, without /api/… or any other path the service does not have."
    )
  })
})

describe('invalid responses', () => {
  it.each(['../admin', 'run-1/../../x', 'run 2'])(
    'refuses an answer whose relevantRunId %j could not be asked about next, not transient',
    async relevantRunId => {
      server.handle = answer(200, { ...greenlightBody, relevantRunId })
      const error = await failure(client().getGreenlight('run-1'))
      expect(error.kind).toBe('invalid-response')
      expect(retried(error)).toBe(false)
      expect(error.message).toContain("field 'relevantRunId': not a valid run ID")
    }
  )

  it('accepts a blank relevantRunId (no superseding run)', async () => {
    server.handle = answer(200, { ...greenlightBody, relevantRunId: '' })
    await expect(client().getGreenlight('run-1')).resolves.toMatchObject({ relevantRunId: '' })
  })

  it('refuses truncated JSON; a POST is not repeated, and says runs may have been created', async () => {
    server.handle = answer(200, '{"results": [{"trigger_id": "t1"')
    const error = await failure(client().notifyDeploySuccess({}))
    expect(error.kind).toBe('unreadable')
    expect(retried(error, 'POST')).toBe(false)
    expect(error.message).toMatch(
      /^The QA service answered but the answer could not be read; runs may have been created .*not valid JSON.*may be truncated/
    )
  })

  it('refuses an empty 200 body', async () => {
    server.handle = answer(200, '')
    const error = await failure(client().notifyDeploySuccess({}))
    expect(error.kind).toBe('unreadable')
    expect(error.message).toContain('the body was empty')
  })

  it('names the field of the wrong type, not transient', async () => {
    server.handle = answer(200, { ...greenlightBody, greenlight: 'yes' })
    const error = await failure(client().getGreenlight('run-1'))
    expect(error.kind).toBe('invalid-response')
    expect(retried(error)).toBe(false)
    expect(error.message).toContain("field 'greenlight'")
    expect(error.message).toContain('boolean')
  })

  it('names a missing required field and a nested one', async () => {
    const { runStage: _omitted, ...withoutStage } = greenlightBody
    server.handle = answer(200, withoutStage)
    const missing = await failure(client().getGreenlight('run-1'))
    expect(missing.kind).toBe('invalid-response')
    expect(missing.message).toContain("field 'runStage'")

    server.handle = answer(200, { results: { created_suite_id: 'r' } })
    const notList = await failure(client().notifyDeploySuccess({}))
    expect(notList.message).toContain("field 'results'")

    server.handle = answer(200, { environment: 'Staging' })
    const noResults = await failure(client().notifyDeploySuccess({}))
    expect(noResults.message).toContain('a list of results')
  })

  it('accepts a notify answer whose shown fields have any shape (the run IDs decide)', async () => {
    const live = {
      environment: { id: 'cm-env-1', alias: 'staging', isStatic: true },
      deployment_id: 7,
      warning: null,
      results: [
        { created_suite_id: 'run-1' },
        { trigger_id: { odd: true }, duplicate_suite_id: 'run-0' }
      ]
    }
    server.handle = answer(200, live)
    await expect(client().notifyDeploySuccess({})).resolves.toEqual(live)
  })

  it('refuses a JSON body that is not an object', async () => {
    server.handle = answer(200, '"ok"')
    const error = await failure(client().notifyDeploySuccess({}))
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toMatch(/the body: .*Object/)
  })

  it('redacts an echoed API key from an invalid 200 body and from schema messages', async () => {
    server.handle = answer(200, { ...greenlightBody, blockingBugsCount: API_KEY })
    const error = await failure(client().getGreenlight('run-1'))
    expect(error.message).toContain("field 'blockingBugsCount'")
    expect(error.message).not.toContain(API_KEY)
  })
})

describe('limits, time-outs and cancellation', () => {
  it('refuses a body whose Content-Length is over the limit', async () => {
    server.handle = answer(200, { results: [], pad: 'x'.repeat(2000) })
    const error = await failure(client({ maxPostResponseBytes: 1000 }).notifyDeploySuccess({}))
    expect(error.kind).toBe('too-large')
    expect(retried(error)).toBe(false)
    expect(error.message).toContain('larger than 1000 bytes')
  })

  it("reads a POST's answer past the 1 MiB of a query's, up to its own larger cap", async () => {
    const body = { results: [{ created_suite_id: 'run-1' }], warning: 'w'.repeat(2000) }
    server.handle = answer(200, body)
    const small = client({ maxResponseBytes: 1000 })
    await expect(small.notifyDeploySuccess({})).resolves.toMatchObject({ results: body.results })
    server.handle = answer(200, { ...greenlightBody, pad: 'x'.repeat(2000) })
    expect((await failure(small.getGreenlight('run-1'))).kind).toBe('too-large')
  })

  it('stops reading an endless chunked body and closes the connection', async () => {
    let serverSawClose!: Promise<void>
    server.handle = (_req, res) => {
      serverSawClose = new Promise(resolve => res.on('close', resolve))
      res.writeHead(200, { 'content-type': 'application/json' })
      const pump = (): void => {
        if (res.destroyed) return
        res.write('x'.repeat(1024), () => setImmediate(pump))
      }
      pump()
    }
    const error = await failure(client({ maxPostResponseBytes: 4096 }).notifyDeploySuccess({}))
    expect(error.kind).toBe('too-large')
    await serverSawClose // hangs (and the test times out) if the client kept the socket open
  }, 3000)

  it.each([
    ['closes in the middle of the headers', 'HTTP/1.1 200 OK\r\nContent-Type: app', true],
    ['sends a status line without its line ending and closes', 'HTTP/1.1 200 OK', true],
    ['sends half a status line and closes', 'HTTP/1.1 2', false],
    ['sends a 100 Continue and closes', 'HTTP/1.1 100 Continue\r\n\r\n', false]
  ])('a server that %s: answered only once a final status line came', async (_, sent, answered) => {
    server.handle = req => {
      const socket = req.socket
      socket.write(sent, () => socket.destroy())
    }
    const error = await failure(client().notifyDeploySuccess({}))
    expect(error.answered).toBe(answered)
    expect(retried(error, 'POST')).toBe(!answered)
  })

  it('accepts a body exactly at the limit', async () => {
    const text = JSON.stringify(notifyBody)
    server.handle = answer(200, text)
    const response = await client({
      maxResponseBytes: Buffer.byteLength(text)
    }).notifyDeploySuccess({})
    expect(response).toEqual(notifyBody)
  })

  it('times out against a server that never answers', async () => {
    server.handle = () => {}
    const error = await failure(client({ requestTimeoutMs: 200 }).getGreenlight('run-1'))
    expect(error.kind).toBe('timeout')
    expect(retried(error)).toBe(true)
    expect(error.message).toContain('200ms')
  })

  it('times out against a server that trickles the body byte by byte', async () => {
    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{')
      const timer = setInterval(() => res.write(' '), 20)
      res.on('close', () => clearInterval(timer))
    }
    const error = await failure(client({ requestTimeoutMs: 200 }).getGreenlight('run-1'))
    expect(error.kind).toBe('timeout')
  })

  it('aborts while the body is being read', async () => {
    const controller = new AbortController()
    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"results": [', () => setTimeout(() => controller.abort(), 20))
    }
    const error = await failure(client().notifyDeploySuccess({}, controller.signal))
    expect(error.kind).toBe('aborted')
  })

  it('sends nothing when the signal has already fired', async () => {
    server.handle = answer(200, notifyBody)
    const error = await failure(client().notifyDeploySuccess({}, AbortSignal.abort()))
    expect(error.kind).toBe('aborted')
    await client().notifyDeploySuccess({})
    expect(server.requests).toHaveLength(1)
  })

  it('reports a refused connection as a transient network error', async () => {
    const closed = await startTinyServer()
    await closed.close()
    const error = await failure(client({ baseUrl: closed.url }).getGreenlight('run-1'))
    expect(error.kind).toBe('network')
    expect(retried(error)).toBe(true)
    expect(error.message).toContain('ECONNREFUSED')
  })
})

describe('answers as proxies pass them on', () => {
  const text = Buffer.from(JSON.stringify(greenlightBody))

  it.each([
    ['GZIP', zlib.gzipSync(text)],
    ['x-gzip', zlib.gzipSync(text)],
    ['deflate', zlib.deflateSync(text)],
    ['deflate', zlib.deflateRawSync(text)],
    ['gzip, br', zlib.brotliCompressSync(zlib.gzipSync(text))],
    ['identity', text]
  ])('decodes a body sent with Content-Encoding %s', async (encoding, data) => {
    server.handle = compressedAnswer(encoding, data)
    await expect(client().getGreenlight('run-1')).resolves.toEqual(greenlightBody)
  })

  it('refuses a compressed body that would decode past the size cap, without decoding it all', async () => {
    // 64 MiB of zeros in about 64 kB: a zip bomb for a client without a cap.
    const bomb = gzipBomb(64)
    server.handle = compressedAnswer('gzip', bomb)
    const error = await failure(client().getGreenlight('run-1'))
    expect(error.kind).toBe('too-large')
    expect(error.message).toContain('once decompressed (gzip)')
    expect(retried(error)).toBe(false)
  })

  it('names an encoding it cannot decode instead of calling the body invalid JSON', async () => {
    server.handle = compressedAnswer('zstd', Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3]))
    const error = await failure(client().getGreenlight('run-1'))
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toContain("compressed as 'zstd'")
    expect(error.message).not.toContain('JSON')
  })

  it('reports a body marked gzip that is not, as an answer that could not be read', async () => {
    server.handle = compressedAnswer('gzip', text)
    const error = await failure(client().getGreenlight('run-1'))
    expect(error.kind).toBe('unreadable')
    expect(error.message).toContain('marked as gzip-compressed but could not be decompressed')
  })

  it('reads a compressed error body for its message', async () => {
    server.handle = (_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
      res.end(zlib.gzipSync(JSON.stringify({ failureMessage: 'Try later' })))
    }
    const error = await failure(client().getGreenlight('run-1'))
    expect(error.status).toBe(503)
    expect(error.message).toContain('The service says: Try later')
  })

  it('reports headers too large to parse as an answer: a POST is not repeated', async () => {
    server.handle = raw(
      200,
      { 'content-type': 'application/json', 'x-padding': 'x'.repeat(40_000) },
      JSON.stringify(notifyBody)
    )
    const error = await failure(client().notifyDeploySuccess({}))
    expect(error).toMatchObject({ kind: 'unreadable', answered: true })
    expect(error.message).toMatch(
      /^The QA service answered but the answer could not be read; runs may have been created/
    )
    expect(error.message).toContain('could not be parsed as HTTP')
    expect(retried(error, 'POST')).toBe(false)
    expect(retried(error, 'GET')).toBe(true)
  })

  // prettier-ignore
  it.each([
    [402, { failureCode: 'BILLING', failureMessage: 'No plan', eventId: 'evt_01HX1' }, 'No plan (BILLING)'],
    [400, { error: 'invalid body', eventId: 'evt_01HX4' }, 'invalid body']
  ])('shows the eventId of a %i error body as the service event ID', async (status, body, said) => {
    server.handle = answer(status, body)
    const error = await failure(client().notifyDeploySuccess({}))
    expect(error.message).toContain(`The service says: ${said}`)
    expect(error.message).toContain(`service event ID ${body.eventId}`)
  })

  it('keeps an eventId untrusted: one line, redacted, capped', async () => {
    server.handle = answer(500, {
      error: 'boom',
      eventId: `evt_\n::error::x ${API_KEY} ${'z'.repeat(500)}`
    })
    const error = await failure(client().getGreenlight('run-1'))
    expect(error.message).toContain('service event ID evt_')
    expect(error.message).not.toContain(API_KEY)
    expect(error.message).not.toMatch(/\p{Cc}/u)
    expect(error.message.length).toBeLessThan(600)
  })
})

// http-client never proxies loopback hosts (localhost, 127.*, [::1]), so these tests address the
// server by names it does not treat as loopback.
describe('proxy environment', () => {
  beforeEach(() => {
    for (const name of PROXY_VARS) delete process.env[name]
  })
  afterEach(() => {
    for (const name of PROXY_VARS) delete process.env[name]
  })

  it('sends http requests through HTTP_PROXY', async () => {
    const proxy = await startForwardProxy({ 'qa-service.example.test': '127.0.0.1' })
    try {
      process.env['HTTP_PROXY'] = proxy.url
      const base = `http://qa-service.example.test:${server.port}`
      await client({ baseUrl: base }).getGreenlight('run-1')
      expect(proxy.connects).toEqual([`qa-service.example.test:${server.port}`])
      expect(server.requests[0]?.headers['host']).toBe(`qa-service.example.test:${server.port}`)
      expect(server.requests[0]?.headers['authorization']).toBe(`Bearer ${API_KEY}`)
    } finally {
      await proxy.close()
    }
  })
})
