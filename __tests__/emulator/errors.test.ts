// Status codes of spec section 7 and the documented order of checks.
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { baseConfig, DISABLED_KEY, greenlight, KEY, notify, serviceError } from './helpers.js'

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

async function call(method: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${emulator.url}${path}`, { method, headers })
  return {
    status: response.status,
    allow: response.headers.get('allow'),
    json: await response.json()
  }
}

describe('authentication', () => {
  it.each([
    ['no Authorization header', {}],
    ['a non-Bearer scheme', { authorization: `Basic ${KEY}` }],
    ['an empty Bearer token', { authorization: 'Bearer ' }]
  ])('answers 401 with %s on both endpoints', async (_what, headers) => {
    for (const [method, path] of [
      ['POST', '/api/webhooks/deploy_success'],
      ['GET', '/api/v0/ci-greenlight/r1']
    ] as const) {
      expect(await call(method, path, headers)).toMatchObject({
        status: 401,
        json: { error: 'missing API key: send "Authorization: Bearer <API_KEY>"' }
      })
    }
  })

  it('answers 401 for an unknown key without repeating it', async () => {
    const n = await notify(emulator.url, {}, 'wrong-secret')
    const g = await greenlight(emulator.url, 'r1', '', 'wrong-secret')
    for (const r of [n, g]) {
      expect([r.status, r.json]).toEqual([401, serviceError('invalid API key')])
      expect(r.text).not.toContain('wrong-secret')
    }
  })

  it('answers 403 for a disabled team on both endpoints', async () => {
    expect((await notify(emulator.url, {}, DISABLED_KEY)).status).toBe(403)
    const g = await greenlight(emulator.url, 'r1', '', DISABLED_KEY)
    expect([g.status, g.json]).toEqual([403, serviceError('forbidden: this team is disabled')])
  })

  it('accepts the scheme case-insensitively', async () => {
    expect(
      (await call('GET', '/api/v0/ci-greenlight/r1', { authorization: `bearer ${KEY}` })).status
    ).toBe(200)
  })
})

describe('routing', () => {
  it('answers 405 with Allow for the wrong method, before checking the key', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      expect(await call(method, '/api/webhooks/deploy_success')).toMatchObject({
        status: 405,
        allow: 'POST'
      })
    }
    for (const method of ['POST', 'PUT', 'PATCH']) {
      expect(await call(method, '/api/v0/ci-greenlight/r1')).toMatchObject({
        status: 405,
        allow: 'GET',
        json: { error: `method ${method} is not allowed here; use GET` }
      })
    }
  })

  it('answers 404 for unknown paths, and records them', async () => {
    const before = emulator.requests.length
    for (const path of [
      '/api/v0/ci-greenlight/',
      '/api/v0/ci-greenlight/r1/extra',
      '/api/v1/ci-greenlight/r1',
      '/api/webhooks/deploy_success/',
      '/'
    ]) {
      const r = await call('GET', path, { authorization: `Bearer ${KEY}` })
      expect([path, r.status]).toEqual([path, 404])
    }
    expect(emulator.requests.slice(before).map(r => r.status)).toEqual([404, 404, 404, 404, 404])
  })

  it('answers 400 for a run ID that is not valid percent-encoding', async () => {
    const r = await call('GET', '/api/v0/ci-greenlight/%E0%A4%A', {
      authorization: `Bearer ${KEY}`
    })
    expect(r.status).toBe(400)
  })
})

describe('error bodies in both spellings', () => {
  it('live (default): every status carries failureMessage and a fresh eventId', async () => {
    const live = await startEmulator(baseConfig({ triggers: [{ id: 't' }] }))
    try {
      const ids: unknown[] = []
      for (const key of ['wrong', DISABLED_KEY]) {
        const r = await notify(live.url, {}, key)
        expect(r.json).toMatchObject({ failureMessage: expect.any(String) })
        ids.push((r.json as { eventId: unknown }).eventId)
      }
      expect(ids).toEqual(['evt_00001', 'evt_00002'])
    } finally {
      await live.close()
    }
  })

  it('docs: { error } alone, or the documented failure code and message', async () => {
    const docs = await startEmulator(
      baseConfig({
        shape: 'docs',
        faults: { notify: { script: [{ kind: 'status', status: 402 }] } }
      })
    )
    try {
      expect((await notify(docs.url, {})).json).toEqual({
        failureCode: 'BILLING_PREVENTED',
        failureMessage: 'emulated fault: HTTP 402'
      })
      expect((await notify(docs.url, {}, 'wrong')).json).toEqual({ error: 'invalid API key' })
    } finally {
      await docs.close()
    }
  })
})
