// Each fault kind as a client on the wire sees it, and the state rules around faults.
import { describe, it, expect } from '@jest/globals'
import * as net from 'node:net'
import type { FaultsConfig } from '../../emulator/config.js'
import type { EmulatorOptions } from '../../emulator/server.js'
import { baseConfig, emulators, fakeClock, greenlight, KEY, notify, verdict } from './helpers.js'

const emulator = emulators()
/** r1 answers one poll in each stage before it completes (the default timeline). */
const start = (faults: FaultsConfig, options?: EmulatorOptions) =>
  emulator(baseConfig({ triggers: [{ id: 't' }], runs: [{ id: 'r1' }], faults }), options)
const GREENLIGHT = '/api/v0/ci-greenlight/r1'
const NOTIFY = '/api/webhooks/deploy_success'
const auth = { authorization: `Bearer ${KEY}` }

describe('fault kinds', () => {
  it.each([
    ['1', '1'],
    ['Wed, 21 Oct 2015 07:28:00 GMT', 'Wed, 21 Oct 2015 07:28:00 GMT'],
    [{ seconds: 5 }, '5'],
    [{ dateInSeconds: 30 }, 'Tue, 01 Jan 2030 00:00:30 GMT'],
    [undefined, null]
  ])('rate-limit: 429 with Retry-After %j: %s', async (retryAfter, header) => {
    const fault = { kind: 'rate-limit' as const, ...(retryAfter && { retryAfter }) }
    const em = await start(
      { greenlight: { script: [fault] } },
      { clock: fakeClock(Date.UTC(2030, 0, 1)).now }
    )
    const r = await greenlight(em.url, 'r1')
    expect([r.status, r.headers.get('retry-after')]).toEqual([429, header])
  })

  it.each([
    ['reset-after-headers', 'greenlight', ['r1']],
    ['cut-after-status-line', 'notify', ['r1', 'run-1']]
  ] as const)('%s: a status arrives, then the body breaks off', async (kind, route, runs) => {
    const em = await start({ [route]: { script: [{ kind, processed: true }] } })
    const response = await fetch(`${em.url}${route === 'notify' ? NOTIFY : GREENLIGHT}`, {
      method: route === 'notify' ? 'POST' : 'GET',
      headers: auth,
      ...(route === 'notify' && { body: '{"sha":"a"}' })
    })
    expect(response.status).toBe(200)
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(50)
    await expect(response.text()).rejects.toThrow()
    expect(em.requests[0]).toMatchObject({ status: 200, fault: kind })
    // Processed: the run exists although the answer was lost.
    expect(em.runs().map(r => r.id)).toEqual(runs)
  })

  it('truncated-json, duplicate-key, deep-nesting: the real answer, broken', async () => {
    const em = await start({
      greenlight: {
        script: [
          { kind: 'truncated-json' },
          null,
          { kind: 'duplicate-key' },
          { kind: 'deep-nesting' }
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
    const deep = (await greenlight(em.url, 'r1')).json as Record<string, unknown>
    expect(deep).toMatchObject({ runStage: 'underReview', extra: { a: { a: { a: {} } } } })
  })

  it('cut-in-headers: the status line arrives, the headers never complete', async () => {
    const em = await start({ notify: { script: [{ kind: 'cut-in-headers', processed: true }] } })
    const seen: Buffer[] = []
    const socket = net.connect(Number(new URL(em.url).port), '127.0.0.1')
    const body = '{"sha":"a"}'
    socket.write(
      `POST ${NOTIFY} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Length: ${body.length}\r\n\r\n${body}`
    )
    await new Promise(resolve => {
      socket.on('data', (chunk: Buffer) => seen.push(chunk))
      socket.on('close', resolve)
    })
    const text = Buffer.concat(seen).toString('latin1')
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(text).not.toContain('\r\n\r\n')
    expect(em.runs().map(r => r.id)).toEqual(['r1', 'run-1'])
  })

  it('header-overflow: a header larger than a default Node client accepts', async () => {
    const em = await start({ greenlight: { script: [{ kind: 'header-overflow' }] } })
    await expect(fetch(`${em.url}${GREENLIGHT}`, { headers: auth })).rejects.toThrow()
    expect(em.requests[0]).toMatchObject({ status: 200, fault: 'header-overflow' })
  })

  it.each(['gzip', 'deflate', 'br'] as const)(
    'compressed (%s): Content-Encoding set and the real JSON inside',
    async encoding => {
      const em = await start({ notify: { script: [{ kind: 'compressed', encoding }] } })
      const r = await notify(em.url, {})
      expect(r.headers.get('content-encoding')).toBe(encoding)
      expect(r.json).toMatchObject({ results: [{ created_suite_id: 'run-1' }] })
      expect(em.runs().map(run => run.id)).toEqual(['r1'])
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
      const r = await greenlight(em.url, 'r1').catch(() => undefined)
      const stage = (r?.json as { runStage?: string } | undefined)?.runStage
      stages.push(stage ?? `${r?.status ?? 'broken'}`)
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
