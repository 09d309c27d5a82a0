// Shared client helpers for the emulator tests: everything goes over real HTTP on loopback.
import { afterEach, expect } from '@jest/globals'
import type { EmulatorConfig } from '../../emulator/config.js'
import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator/server.js'

export const KEY = 'test-key'
export const DISABLED_KEY = 'disabled-key'

/** One request; `body` is sent as is when a string, else as JSON. */
export async function call(
  url: string,
  method: string,
  path: string,
  {
    body,
    key = KEY,
    headers
  }: { body?: unknown; key?: string; headers?: Record<string, string> } = {}
) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: headers ?? { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) })
  })
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    // Not JSON: `json` stays undefined.
  }
  return { status: response.status, headers: response.headers, text, json }
}

export const notify = (url: string, body: unknown, key = KEY) =>
  call(url, 'POST', '/api/webhooks/deploy_success', { body, key })

export const greenlight = (url: string, runId: string, query = '', key = KEY) =>
  call(url, 'GET', `/api/v0/ci-greenlight/${encodeURIComponent(runId)}${query}`, { key })

/** A greenlight body, asserting it was a 200 with a JSON object. */
export async function verdict(url: string, runId: string, query = '') {
  const r = await greenlight(url, runId, query)
  if (r.status !== 200 || typeof r.json !== 'object' || r.json === null) {
    throw new Error(`expected a 200 JSON greenlight answer, got ${r.status}: ${r.text}`)
  }
  return r.json as Record<string, unknown>
}

export function baseConfig(extra: Partial<EmulatorConfig> = {}): EmulatorConfig {
  return { teams: [{ apiKey: KEY }, { apiKey: DISABLED_KEY, disabled: true }], ...extra }
}

/** Starts emulators that close after each test. */
export function emulators() {
  const open: Emulator[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map(em => em.close()))
  })
  return async (config: EmulatorConfig, options?: EmulatorOptions) => {
    const em = await startEmulator(config, options)
    open.push(em)
    return em
  }
}

/** A settable clock for timelines measured in milliseconds. */
export function fakeClock(start = 1_700_000_000_000) {
  let t = start
  return { now: () => t, advance: (ms: number) => void (t += ms) }
}

/** An error body as the live service spells it: the message twice and an event ID. */
export function serviceError(message: string): Record<string, unknown> {
  return { error: message, failureMessage: message, eventId: expect.stringMatching(/^evt_\d{5}$/) }
}
