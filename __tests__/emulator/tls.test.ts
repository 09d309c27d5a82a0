// HTTPS with the self-signed fixture certificate (CN and SAN qa.emulator.test, localhost, 127.0.0.1).
import { describe, it, expect, afterAll, beforeAll } from '@jest/globals'
import { readFileSync } from 'node:fs'
import https from 'node:https'
import { join } from 'node:path'
import { startEmulator, type Emulator } from '../../emulator/server.js'
import { baseConfig, KEY } from './helpers.js'

const fixtures = join(import.meta.dirname, 'fixtures')
const cert = readFileSync(join(fixtures, 'tls-cert.pem'))
const key = readFileSync(join(fixtures, 'tls-key.pem'))

let emulator: Emulator
beforeAll(async () => {
  emulator = await startEmulator(
    baseConfig({ runs: [{ id: 'r', timeline: [{ stage: 'completed' }] }] }),
    { tls: { key, cert } }
  )
})
afterAll(() => emulator.close())

function get(url: string, ca?: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const options: https.RequestOptions = {
      headers: { authorization: `Bearer ${KEY}` },
      servername: 'qa.emulator.test'
    }
    if (ca) options.ca = ca
    https
      .get(url, options, res => {
        let body = ''
        res.on('data', (d: Buffer) => (body += d.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      .on('error', reject)
  })
}

describe('emulator over TLS', () => {
  it('serves HTTPS that a client trusting the fixture CA can use', async () => {
    expect(emulator.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    const r = await get(`${emulator.url}/api/v0/ci-greenlight/r`, cert)
    expect(r.status).toBe(200)
    expect(JSON.parse(r.body)).toMatchObject({
      greenlight: true,
      rootRunUrl: `${emulator.url}/runs/r`
    })
  })

  it('is refused by a client that does not trust the certificate', async () => {
    await expect(get(`${emulator.url}/api/v0/ci-greenlight/r`)).rejects.toThrow(/self[- ]signed/i)
  })
})
