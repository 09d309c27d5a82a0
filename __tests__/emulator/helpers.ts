// Shared client helpers for the emulator tests: everything goes over real HTTP on loopback.
import http from 'node:http'
import { expect } from '@jest/globals'
import type { EmulatorConfig, RunConfig } from '../../emulator/config.js'

export const KEY = 'test-key'
export const DISABLED_KEY = 'disabled-key'

export function authHeaders(key: string = KEY): Record<string, string> {
  return { authorization: `Bearer ${key}` }
}

export interface Reply {
  status: number
  headers: Headers
  text: string
  json: unknown
}

async function reply(response: Response): Promise<Reply> {
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

export async function notify(baseUrl: string, body: unknown, key: string = KEY): Promise<Reply> {
  return reply(
    await fetch(`${baseUrl}/api/webhooks/deploy_success`, {
      method: 'POST',
      headers: { ...authHeaders(key), 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body)
    })
  )
}

export async function greenlight(
  baseUrl: string,
  runId: string,
  query = '',
  key: string = KEY
): Promise<Reply> {
  return reply(
    await fetch(`${baseUrl}/api/v0/ci-greenlight/${encodeURIComponent(runId)}${query}`, {
      headers: authHeaders(key)
    })
  )
}

/** A greenlight body, asserting it was a 200 with a JSON object. */
export async function verdict(
  baseUrl: string,
  runId: string,
  query = ''
): Promise<Record<string, unknown>> {
  const r = await greenlight(baseUrl, runId, query)
  if (r.status !== 200 || typeof r.json !== 'object' || r.json === null) {
    throw new Error(`expected a 200 JSON greenlight answer, got ${r.status}: ${r.text}`)
  }
  return r.json as Record<string, unknown>
}

/** A run that answers one poll in each stage before it completes. */
export const ONE_POLL_EACH: NonNullable<RunConfig['timeline']> = [
  { stage: 'initializing', polls: 1 },
  { stage: 'underReview', polls: 1 },
  { stage: 'completed' }
]

export function baseConfig(extra: Partial<EmulatorConfig> = {}): EmulatorConfig {
  return { teams: [{ apiKey: KEY }, { apiKey: DISABLED_KEY, disabled: true }], ...extra }
}

/** A settable clock for timelines measured in milliseconds. */
export function fakeClock(start = 1_700_000_000_000): {
  now: () => number
  advance(ms: number): void
} {
  let t = start
  return {
    now: () => t,
    advance(ms: number) {
      t += ms
    }
  }
}

export interface RawHead {
  statusCode: number
  headers: http.IncomingHttpHeaders
  /** The body bytes as sent (no decoding), as far as they arrived. */
  body: Buffer
}

/**
 * One request through node:http with no decoding and a settable header limit, so a test sees the
 * bytes and the failures a Node client on default settings sees. Never rejects: it reports what
 * arrived (`head`) and how it ended (`error`).
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  body = '',
  maxHeaderSize?: number
): Promise<{ head?: RawHead; error?: Error }> {
  return new Promise(resolve => {
    let head: RawHead | undefined
    const request = http.request(
      `${baseUrl}${path}`,
      {
        method,
        headers: { ...authHeaders(), 'content-type': 'application/json' },
        ...(maxHeaderSize === undefined ? {} : { maxHeaderSize })
      },
      response => {
        const chunks: Buffer[] = []
        head = {
          statusCode: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.alloc(0)
        }
        const settle = (error?: Error) => {
          if (head) head.body = Buffer.concat(chunks)
          resolve(error ? { ...(head ? { head } : {}), error } : { ...(head ? { head } : {}) })
        }
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => settle())
        response.on('error', settle)
        response.on('aborted', () => settle(new Error('aborted')))
      }
    )
    request.on('error', error => resolve(head ? { head, error } : { error }))
    request.end(body)
  })
}

/** An error body as the live service spells it: the message twice and an event ID. */
export function serviceError(message: string): Record<string, unknown> {
  return { error: message, failureMessage: message, eventId: expect.stringMatching(/^evt_\d{5}$/) }
}
