// Status codes of spec section 7 and the documented order of checks, in both error spellings.
import { describe, it, expect } from '@jest/globals'
import { baseConfig, call, DISABLED_KEY, emulators, KEY, notify } from './helpers.js'

const start = emulators()
const RUN = '/api/v0/ci-greenlight/r1'
const NOTIFY = '/api/webhooks/deploy_success'
const MISSING = 'missing API key: send "Authorization: Bearer <API_KEY>"'
const auth = (value: string) => ({ authorization: value })

describe('the common checks', () => {
  it.each([
    ['no Authorization header', 'GET', RUN, {}, 401, MISSING],
    ['a non-Bearer scheme', 'POST', NOTIFY, auth(`Basic ${KEY}`), 401, MISSING],
    ['an empty Bearer token', 'GET', RUN, auth('Bearer '), 401, MISSING],
    ['an unknown key', 'POST', NOTIFY, auth('Bearer wrong-secret'), 401, 'invalid API key'],
    [
      'a disabled team',
      'GET',
      RUN,
      auth(`Bearer ${DISABLED_KEY}`),
      403,
      'forbidden: this team is disabled'
    ],
    [
      'the wrong method, before the key',
      'PUT',
      NOTIFY,
      {},
      405,
      'method PUT is not allowed here; use POST'
    ],
    [
      'no run ID',
      'GET',
      '/api/v0/ci-greenlight/',
      {},
      404,
      'no such endpoint: /api/v0/ci-greenlight/'
    ],
    ['a path under a run', 'GET', `${RUN}/extra`, {}, 404, `no such endpoint: ${RUN}/extra`],
    ['a trailing slash', 'POST', `${NOTIFY}/`, {}, 404, `no such endpoint: ${NOTIFY}/`],
    [
      'bad percent-encoding',
      'GET',
      '/api/v0/ci-greenlight/%E0%A4%A',
      auth(`bearer ${KEY}`),
      400,
      'the run ID in the path is not valid percent-encoding'
    ]
  ] as const)(
    '%s: %s %s answers %d, said in the live spelling',
    async (_what, method, path, headers, status, error) => {
      const em = await start(baseConfig({ runs: [{ id: 'r1' }] }))
      const r = await call(em.url, method, path, { headers })
      const eventId = 'evt_00001'
      expect([r.status, r.json]).toEqual([status, { error, failureMessage: error, eventId }])
      expect(r.text).not.toContain('wrong-secret')
      // Each error has an event ID of its own.
      const again = await call(em.url, method, path, { headers })
      expect(again.json).toMatchObject({ eventId: 'evt_00002' })
      expect(em.requests.map(request => request.status)).toEqual([status, status])
      if (status === 405) expect(r.headers.get('allow')).toBe('POST')
    }
  )
})

describe('error bodies in the documented spelling', () => {
  it('{ error } alone, or the documented failure code and message', async () => {
    const faults = { notify: { script: [{ kind: 'status' as const, status: 402 }] } }
    const docs = await start(baseConfig({ shape: 'docs', faults }))
    expect((await notify(docs.url, {})).json).toEqual({
      failureCode: 'BILLING_PREVENTED',
      failureMessage: 'emulated fault: HTTP 402'
    })
    expect((await notify(docs.url, {}, 'wrong')).json).toEqual({ error: 'invalid API key' })
  })
})
