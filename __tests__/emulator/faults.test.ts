// Each fault kind as a client on the wire sees it, and the state rules around faults.
import { describe, it, expect } from '@jest/globals'
import type { FaultSpec, FaultsConfig } from '../../emulator/config.js'
import type { Emulator, EmulatorOptions } from '../../emulator/server.js'
import * as net from 'node:net'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import {
  authHeaders,
  baseConfig,
  emulators,
  fakeClock,
  greenlight,
  KEY,
  notify,
  rawRequest,
  verdict
} from './helpers.js'

const emulator = emulators()
/** r1 answers one poll in each stage before it completes (the default timeline). */
const start = (faults: FaultsConfig, options?: EmulatorOptions) =>
  emulator(baseConfig({ triggers: [{ id: 't' }], runs: [{ id: 'r1' }], faults }), options)

async function withGreenlightFault(fault: FaultSpec): Promise<Emulator> {
  return start({ greenlight: { script: [fault] } })
}

function rawGreenlight(em: Emulator): Promise<Response> {
  return fetch(`${em.url}/api/v0/ci-greenlight/r1`, { headers: authHeaders() })
}

describe('fault kinds', () => {
  it('rate-limit: 429 with Retry-After in every configured form', async () => {
    const clock = fakeClock(Date.UTC(2030, 0, 1))
    const em = await start(
      {
        greenlight: {
          script: [
            { kind: 'rate-limit', retryAfter: '1' },
            { kind: 'rate-limit', retryAfter: 'Wed, 21 Oct 2015 07:28:00 GMT' },
            { kind: 'rate-limit', retryAfter: { seconds: 5 } },
            { kind: 'rate-limit', retryAfter: { dateInSeconds: 30 } },
            { kind: 'rate-limit' }
          ]
        }
      },
      { clock: clock.now }
    )
    const seen = []
    for (let i = 0; i < 5; i++) {
      const r = await greenlight(em.url, 'r1')
      seen.push([r.status, r.headers.get('retry-after')])
    }
    expect(seen).toEqual([
      [429, '1'],
      [429, 'Wed, 21 Oct 2015 07:28:00 GMT'],
      [429, '5'],
      [429, 'Tue, 01 Jan 2030 00:00:30 GMT'],
      [429, null]
    ])
  })

  it('reset-after-headers: a status arrives, then the body breaks off', async () => {
    const em = await withGreenlightFault({ kind: 'reset-after-headers' })
    const response = await rawGreenlight(em)
    expect(response.status).toBe(200)
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(100)
    await expect(response.text()).rejects.toThrow()
    expect(em.requests[0]).toMatchObject({ status: 200, fault: 'reset-after-headers' })
  })

  it('truncated-json, duplicate-key, deep-nesting: the real answer, broken', async () => {
    const em = await start({
      greenlight: {
        script: [
          { kind: 'truncated-json' },
          null,
          { kind: 'duplicate-key' },
          { kind: 'deep-nesting', depth: 3 }
        ]
      }
    })
    const cut = await greenlight(em.url, 'r1')
    const whole = await greenlight(em.url, 'r1')
    expect([cut.status, cut.json]).toEqual([200, undefined])
    expect(cut.text).toBe(whole.text.slice(0, Math.floor(whole.text.length / 2)))
    // Read naively (the last value wins), it says green; the first values are the real ones.
    const twice = (await greenlight(em.url, 'r1')).text
    expect(JSON.parse(twice)).toMatchObject({ greenlight: true, runStage: 'completed' })
    expect(twice).toMatch(/^\{"greenlight":false,.*"runStage":"underReview"/)
    expect(twice.match(/"greenlight":/g)).toHaveLength(2)
    expect((await greenlight(em.url, 'r1')).json).toMatchObject({
      runStage: 'underReview',
      extra: { a: { a: { a: 1 } } }
    })
  })

  it('cut-after-status-line: status and headers arrive, then the connection ends with no body', async () => {
    const em = await start({
      notify: {
        script: [
          { kind: 'cut-after-status-line' },
          { kind: 'cut-after-status-line', processed: true }
        ]
      }
    })
    const { head, error } = await rawRequest(em.url, 'POST', '/api/webhooks/deploy_success', '{}')
    expect(head?.statusCode).toBe(200)
    expect(Number(head?.headers['content-length'])).toBeGreaterThan(50)
    expect(head?.body.length).toBe(0)
    expect(error?.message).toMatch(/aborted|socket hang up|ECONNRESET/)
    expect(em.requests[0]).toMatchObject({ status: 200, fault: 'cut-after-status-line' })
    // Not processed: no run was created; with `processed`, the run exists although the answer was lost.
    expect(em.runs().map(r => r.id)).toEqual(['r1'])
    await rawRequest(em.url, 'POST', '/api/webhooks/deploy_success', '{"sha":"a"}')
    expect(em.runs().map(r => r.id)).toEqual(['r1', 'run-1'])
  })

  it('cut-in-headers: the status line arrives, the headers never complete', async () => {
    const em = await start({ notify: { script: [{ kind: 'cut-in-headers', processed: true }] } })
    const seen: Buffer[] = []
    const socket = net.connect(Number(new URL(em.url).port), '127.0.0.1')
    const body = '{"sha":"a"}'
    socket.write(
      `POST /api/webhooks/deploy_success HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`
    )
    // Enough bytes for the status line and at least one more, never the blank line.
    await new Promise<void>(resolve => {
      socket.on('data', (chunk: Buffer) => {
        seen.push(chunk)
        if (Buffer.concat(seen).length > 'HTTP/1.1 200 OK\r\n'.length) resolve()
      })
      socket.on('close', () => resolve())
    })
    socket.destroy()
    const text = Buffer.concat(seen).toString('latin1')
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(text).not.toContain('\r\n\r\n')
    expect(em.requests[0]).toMatchObject({ status: 200, fault: 'cut-in-headers' })
    expect(em.runs().map(r => r.id)).toEqual(['r1', 'run-1'])
  })

  it('header-overflow: a header larger than a default Node client accepts', async () => {
    const em = await start({
      greenlight: {
        script: [{ kind: 'header-overflow' }, { kind: 'header-overflow', bytes: 20_000 }]
      }
    })
    const { head, error } = await rawRequest(em.url, 'GET', '/api/v0/ci-greenlight/r1')
    expect(head).toBeUndefined()
    expect((error as NodeJS.ErrnoException | undefined)?.code).toBe('HPE_HEADER_OVERFLOW')
    expect(em.requests[0]).toMatchObject({ status: 200, fault: 'header-overflow' })
    // With a large enough limit the real answer is behind the padding.
    const wide = await rawRequest(em.url, 'GET', '/api/v0/ci-greenlight/r1', '', 64 * 1024)
    expect(wide.head?.headers['x-emulator-padding']).toHaveLength(20_000)
    expect(JSON.parse(wide.head?.body.toString() ?? '')).toMatchObject({ rootRunId: 'r1' })
  })

  it.each(['gzip', 'deflate', 'br'] as const)(
    'compressed (%s): Content-Encoding set and the real JSON inside',
    async encoding => {
      const em = await start({
        notify: {
          script: [encoding === 'gzip' ? { kind: 'compressed' } : { kind: 'compressed', encoding }]
        }
      })
      const { head } = await rawRequest(em.url, 'POST', '/api/webhooks/deploy_success', '{}')
      expect(head?.headers['content-encoding']).toBe(encoding)
      const bytes = head?.body ?? Buffer.alloc(0)
      expect(() => JSON.parse(bytes.toString('utf8'))).toThrow()
      const inflate = { gzip: gunzipSync, deflate: inflateSync, br: brotliDecompressSync }[encoding]
      expect(JSON.parse(inflate(bytes).toString('utf8'))).toMatchObject({
        results: [expect.objectContaining({ created_suite_id: 'run-1' })]
      })
      expect(em.requests[0]).toMatchObject({ status: 200, fault: 'compressed' })
      expect(em.runs().map(r => r.id)).toEqual(['r1'])
    }
  )
})

describe('fault rules', () => {
  it('does not count a faulted greenlight query as a poll', async () => {
    const em = await start({
      greenlight: {
        script: [
          null,
          { kind: 'status', status: 503 },
          { kind: 'truncated-json' },
          { kind: 'reset-after-headers' },
          { kind: 'rate-limit', retryAfter: '0' }
        ]
      }
    })
    const stages: string[] = []
    for (let i = 0; i < 7; i++) {
      try {
        const r = await greenlight(em.url, 'r1')
        stages.push(
          r.status === 200 && r.json ? (r.json as { runStage: string }).runStage : `${r.status}`
        )
      } catch {
        stages.push('broken')
      }
    }
    expect(stages).toEqual([
      'initializing',
      '503',
      '200',
      'broken',
      '429',
      'underReview',
      'completed'
    ])
  })

  it('creates no run for a faulted notification unless the fault says it was processed', async () => {
    const em = await start({
      notify: {
        script: [
          { kind: 'status', status: 502 },
          { kind: 'status', status: 504, processed: true }
        ]
      }
    })
    expect((await notify(em.url, { sha: 'a' })).status).toBe(502)
    expect(em.runs().map(r => r.id)).toEqual(['r1'])
    expect((await notify(em.url, { sha: 'a' })).status).toBe(504)
    expect(em.runs().map(r => r.id)).toEqual(['r1', 'run-1'])
    expect((await notify(em.url, { sha: 'a' })).json).toMatchObject({
      results: [{ duplicate_suite_id: 'run-1' }]
    })
  })

  it('injects faults before the key is checked, like a gateway in front of the service', async () => {
    const em = await start({ greenlight: { script: [{ kind: 'status', status: 502 }] } })
    expect((await greenlight(em.url, 'r1', '', 'not-a-key')).status).toBe(502)
    expect((await greenlight(em.url, 'r1', '', 'not-a-key')).status).toBe(401)
    expect((await verdict(em.url, 'r1')).runStage).toBe('initializing')
  })
})
