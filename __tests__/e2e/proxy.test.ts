// HTTPS_PROXY / NO_PROXY, end to end: the bundle reaches the emulator (HTTPS, fixture certificate
// for qa.emulator.test) through a real CONNECT proxy on loopback. Only the proxy resolves
// qa.emulator.test (@actions/http-client never proxies loopback names, which would prove nothing):
// with NO_PROXY naming it, the action connects directly and the name does not resolve.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import type { Emulator, RunConfig } from '../../emulator/server.js'
import { REPO_ROOT } from '../../scripts/node24.mjs'
import { API_KEY, runAction } from '../../scripts/action-runner.js'
import { baseConfig, closeLater, emulator } from '../helpers/e2e.js'
import { startForwardProxy, type ForwardProxy } from '../helpers/forward-proxy.js'

const FIXTURES = path.join(REPO_ROOT, '__tests__', 'emulator', 'fixtures')
const CERT_PATH = path.join(FIXTURES, 'tls-cert.pem')
const TLS = { cert: readFileSync(CERT_PATH), key: readFileSync(path.join(FIXTURES, 'tls-key.pem')) }
const HOST = 'qa.emulator.test'

const GREEN_RUN: RunConfig = {
  id: 'run-green',
  timeline: [{ stage: 'completed' }],
  workflowsInRun: 4
}

async function setUp(): Promise<{ em: Emulator; proxy: ForwardProxy; port: number }> {
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
