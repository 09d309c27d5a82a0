// HTTPS_PROXY / NO_PROXY, end to end: the bundle reaches the emulator (HTTPS, fixture certificate
// for qa.emulator.test) through a real CONNECT proxy on loopback. Only the proxy resolves
// qa.emulator.test (@actions/http-client never proxies loopback names, which would prove nothing):
// with NO_PROXY naming it, the action connects directly and the name does not resolve.
// And a service that cannot be reached: a closed port, a proxy that never answers (moved from
// service-answers.test.ts, whose waits these overlap), an IPv6 loopback address that can.
import { readFileSync } from 'node:fs'
import * as http from 'node:http'
import * as net from 'node:net'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import type { RunConfig } from '../../emulator/server.js'
import { REPO_ROOT } from '../../scripts/node24.mjs'
import { API_KEY, runAction } from '../../scripts/action-runner.js'
import {
  baseConfig,
  closeLater,
  emulator,
  greenlightInputs,
  messagesOf,
  quickGate,
  sendJson,
  SHORT_DEADLINE
} from '../helpers/e2e.js'
import { outcome } from '../helpers/check-fixtures.js'
import { startForwardProxy } from '../helpers/forward-proxy.js'
import { completedResponse } from '../helpers/responses.js'

const FIXTURES = path.join(REPO_ROOT, '__tests__', 'emulator', 'fixtures')
const CERT_PATH = path.join(FIXTURES, 'tls-cert.pem')
const TLS = { cert: readFileSync(CERT_PATH), key: readFileSync(path.join(FIXTURES, 'tls-key.pem')) }
const HOST = 'qa.emulator.test'

const GREEN_RUN: RunConfig = {
  id: 'run-green',
  timeline: [{ stage: 'completed' }],
  workflowsInRun: 4
}

async function setUp() {
  const em = await emulator(baseConfig({ runs: [GREEN_RUN] }), {
    tls: TLS,
    host: '127.0.0.1',
    port: 0
  })
  const proxy = closeLater(await startForwardProxy({ [HOST]: '127.0.0.1' }))
  return { em, proxy, port: Number(new URL(em.url).port) }
}

function inputs(port: number): Record<string, string> {
  return {
    mode: 'greenlight',
    'api-key': API_KEY,
    'base-url': `https://${HOST}:${port}`,
    'run-id': 'run-green',
    'poll-interval': '100ms',
    timeout: '2s'
  }
}

describe('proxy end to end', () => {
  it('reaches the service through HTTPS_PROXY with a CONNECT tunnel carrying TLS', async () => {
    const { em, proxy, port } = await setUp()
    const run = await runAction({
      inputs: inputs(port),
      env: { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: CERT_PATH }
    })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    expect(run.outputs['workflows-in-run-count']).toBe('4')
    expect(proxy.connects.length).toBeGreaterThan(0)
    expect(new Set(proxy.connects)).toEqual(new Set([`${HOST}:${port}`]))
    expect(proxy.plainRequests).toHaveLength(0)
    // The service saw the name the action was given, inside the tunnel.
    const [request] = em.requests
    expect(request?.headers['host']).toBe(`${HOST}:${port}`)
    expect(request?.headers['authorization']).toBe(`Bearer ${API_KEY}`)
  })

  it('fails closed: untrusted without the CA in the tunnel; direct, unresolved, for a NO_PROXY host', async () => {
    const [untrusted, direct] = await Promise.all([setUp(), setUp()])
    const [tls, unresolved] = await Promise.all([
      runAction({ inputs: inputs(untrusted.port), env: { HTTPS_PROXY: untrusted.proxy.url } }),
      runAction({
        inputs: inputs(direct.port),
        env: {
          HTTPS_PROXY: direct.proxy.url,
          NO_PROXY: `example.com, ${HOST}`,
          NODE_EXTRA_CA_CERTS: CERT_PATH
        }
      })
    ])

    for (const run of [tls, unresolved]) {
      expect(run.exitCode).toBe(1)
      expect(run.outputs).toMatchObject({ status: 'error', greenlight: 'false' })
    }
    // TLS failed before any HTTP request reached the service.
    expect(new Set(untrusted.proxy.connects)).toEqual(new Set([`${HOST}:${untrusted.port}`]))
    expect(untrusted.em.requests).toHaveLength(0)
    expect(tls.stdout).toMatch(
      /TLS error talking to https:\/\/qa\.emulator\.test:\d+: self-signed certificate/
    )
    // No CONNECT: a resolver may answer "not found" or "try again"; either way the name was
    // looked up directly.
    expect(direct.proxy.connects).toEqual([])
    expect(direct.proxy.plainRequests).toEqual([])
    expect(direct.em.requests).toHaveLength(0)
    expect(unresolved.stdout).toMatch(
      new RegExp(
        `Could not reach https://${HOST.replace(/\./g, '\\.')}:${direct.port}: getaddrinfo (ENOTFOUND|EAI_AGAIN) ${HOST}`
      )
    )
  })
})

describe('a service that cannot be reached', () => {
  /**
   * A port that refuses and keeps refusing. A freed ephemeral port may be taken mid-test by
   * another server or a TCP self-connect; no listen(0) nor outgoing connection uses one below 1024.
   */
  async function refusingPort(): Promise<number> {
    for (const port of [1, 9, 13, 17, 19, 37, 79, 113, 119, 137]) {
      const refused = await new Promise<boolean>(resolve => {
        const socket = net.connect(port, '127.0.0.1')
        socket.once('connect', () => {
          socket.destroy()
          resolve(false)
        })
        socket.once('error', error => {
          resolve((error as NodeJS.ErrnoException).code === 'ECONNREFUSED')
        })
      })
      if (refused) return port
    }
    throw new Error('no port below 1024 refuses connections on 127.0.0.1')
  }

  it('greenlight gives up on a closed port after the unreachable limit, not at the timeout, saying so in one retry line', async () => {
    const inputs = greenlightInputs({ url: `http://127.0.0.1:${await refusingPort()}` }, 'run-1')
    const run = await runAction({
      inputs: { ...inputs, timeout: '2h' },
      // The limit (55 s, held on a fake clock in unit/polling.test.ts) shortened.
      env: { QA_GREENLIGHT_TEST_UNREACHABLE_LIMIT_MS: '4000' },
      killAfterMs: 90_000
    })
    // Ended by the action itself (no harness kill), failed, with status error.
    expect(run.signal).toBeNull()
    expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'error' })
    const [message] = messagesOf(run, 'error')
    // The bound as measured (4 s, a little more on a busy machine).
    expect(message).toMatch(/has not been reachable for [4-9](\.\d)?s; check the base-url input/)
    const retryLines = run.stdout.split('\n').filter(line => /ECONNREFUSED.*retry \d/.test(line))
    expect(retryLines).toHaveLength(1)
    expect(run.stdout).toMatch(/Run run-1: error after ([3-9]|\d\d+) queries/)
    expect(retryLines[0]).toMatch(
      /query failed \(Could not reach .*\); retrying for at most [\d.]+s more while it cannot be reached \(then the step fails; check the base-url input\); retry 1 in/
    )
  })

  it('a proxy that accepts CONNECT and never answers does not keep the step alive', async () => {
    const sockets = new Set<net.Socket>()
    const proxy = net.createServer(socket => {
      sockets.add(socket)
      socket.on('data', () => undefined)
    })
    await new Promise<void>(resolve => proxy.listen(0, '127.0.0.1', resolve))
    closeLater({
      close: () =>
        new Promise<void>(resolve => {
          for (const socket of sockets) socket.destroy()
          proxy.close(() => resolve())
        })
    })
    const { port } = proxy.address() as net.AddressInfo
    const run = await runAction({
      // Not a loopback name: the toolkit sends loopback hosts around any proxy.
      inputs: greenlightInputs({ url: 'https://qa.emulator.test' }, 'run-1', { timeout: '1s' }),
      env: { HTTPS_PROXY: `http://127.0.0.1:${port}`, NO_PROXY: '', ...SHORT_DEADLINE },
      // Far beyond the shortened request deadline plus the 2 s the step may take after its verdict.
      killAfterMs: 25_000
    })
    expect(sockets.size).toBeGreaterThan(0)
    expect(run.signal).toBeNull()
    expect(outcome(run)).toMatchObject({ status: 'error', exitCode: 1 })
  })

  it('reaches an IPv6 loopback base-url, http://[::1]:PORT', async () => {
    const server = http.createServer((req, res) =>
      sendJson(res, JSON.stringify(completedResponse()))
    )
    await new Promise<void>(resolve => server.listen(0, '::1', resolve))
    closeLater({ close: () => new Promise<void>(resolve => server.close(() => resolve())) })
    const baseUrl = `http://[::1]:${(server.address() as net.AddressInfo).port}`
    const verdict = await quickGate({ url: baseUrl }, 'run-1')
    expect(outcome(verdict)).toMatchObject({ exitCode: 0, status: 'passed' })
  })
})
