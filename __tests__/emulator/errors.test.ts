// Status codes of spec section 7 and the documented order of checks.
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import {
  baseConfig,
  call,
  DISABLED_KEY,
  emulators,
  greenlight,
  KEY,
  notify,
  serviceError
} from './helpers.js'

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator(
    baseConfig({
      triggers: [{ id: 't' }],
      runs: [{ id: 'r1', timeline: [{ stage: 'completed' }] }]
    })
  )
})
afterAll(() => emulator.close())

const ENDPOINTS = [
  ['POST', '/api/webhooks/deploy_success'],
  ['GET', '/api/v0/ci-greenlight/r1']
] as const

describe('authentication', () => {
  it.each([
    ['no Authorization header', {}],
    ['a non-Bearer scheme', { authorization: `Basic ${KEY}` }],
    ['an empty Bearer token', { authorization: 'Bearer ' }]
  ])('answers 401 with %s on both endpoints', async (_what, headers) => {
    for (const [method, path] of ENDPOINTS) {
      expect(await call(emulator.url, method, path, { headers })).toMatchObject({
        status: 401,
        json: { error: 'missing API key: send "Authorization: Bearer <API_KEY>"' }
      })
    }
  })

  it('answers 401 for an unknown key without repeating it, 403 for a disabled team', async () => {
    for (const r of [
      await notify(emulator.url, {}, 'wrong-secret'),
      await greenlight(emulator.url, 'r1', '', 'wrong-secret')
    ]) {
      expect([r.status, r.json]).toEqual([401, serviceError('invalid API key')])
      expect(r.text).not.toContain('wrong-secret')
    }
    expect((await notify(emulator.url, {}, DISABLED_KEY)).status).toBe(403)
    const g = await greenlight(emulator.url, 'r1', '', DISABLED_KEY)
    expect([g.status, g.json]).toEqual([403, serviceError('forbidden: this team is disabled')])
    const headers = { authorization: `bearer ${KEY}` }
    expect((await call(emulator.url, 'GET', ENDPOINTS[1][1], { headers })).status).toBe(200)
  })
})

describe('routing', () => {
  it('answers 405 with Allow for the wrong method, before checking the key', async () => {
    for (const [method, path, allow] of [
      ['PUT', ENDPOINTS[0][1], 'POST'],
      ['POST', ENDPOINTS[1][1], 'GET']
    ] as const) {
      const r = await call(emulator.url, method, path, { headers: {} })
      expect([r.status, r.headers.get('allow'), r.json]).toEqual([
        405,
        allow,
        expect.objectContaining({ error: `method ${method} is not allowed here; use ${allow}` })
      ])
    }
  })

  it('answers 404 for unknown paths, and records them; 400 for a run ID of bad percent-encoding', async () => {
    const before = emulator.requests.length
    for (const path of [
      '/api/v0/ci-greenlight/',
      '/api/v0/ci-greenlight/r1/extra',
      '/api/v1/ci-greenlight/r1',
      '/api/webhooks/deploy_success/',
      '/'
    ]) {
      expect([path, (await call(emulator.url, 'GET', path)).status]).toEqual([path, 404])
    }
    expect(emulator.requests.slice(before).map(r => r.status)).toEqual([404, 404, 404, 404, 404])
    expect((await call(emulator.url, 'GET', '/api/v0/ci-greenlight/%E0%A4%A')).status).toBe(400)
  })
})

describe('error bodies in both spellings', () => {
  const start = emulators()

  it('live (default): every status carries failureMessage and a fresh eventId', async () => {
    const live = await start(baseConfig({ triggers: [{ id: 't' }] }))
    expect([
      (await notify(live.url, {}, 'wrong')).json,
      (await notify(live.url, {}, DISABLED_KEY)).json
    ]).toEqual([
      expect.objectContaining({ failureMessage: 'invalid API key', eventId: 'evt_00001' }),
      expect.objectContaining({ failureMessage: expect.any(String), eventId: 'evt_00002' })
    ])
  })

  it('docs: { error } alone, or the documented failure code and message', async () => {
    const faults = { notify: { script: [{ kind: 'status' as const, status: 402 }] } }
    const docs = await start(baseConfig({ shape: 'docs', faults }))
    expect((await notify(docs.url, {})).json).toEqual({
      failureCode: 'BILLING_PREVENTED',
      failureMessage: 'emulated fault: HTTP 402'
    })
    expect((await notify(docs.url, {}, 'wrong')).json).toEqual({ error: 'invalid API key' })
  })
})
