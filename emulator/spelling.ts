// How the emulator spells its answers. The service's documentation and its live answers differ:
// the live service (as the vendor's own shipped client reads it) names the environment with an
// object, may leave out `trigger_id` and puts an `eventId` on error bodies. `live` is the default,
// because that is what a client meets in production; `docs` keeps the documented spelling, so a
// client can be shown to read both.

import type { EmulatorConfig } from './config.js'

export type Shape = NonNullable<EmulatorConfig['shape']>

/** The environment a notification landed in, as the live service describes it. */
export interface NotifiedEnvironment {
  id: string
  alias: string
  /** false for an ephemeral (preview) environment. */
  isStatic: boolean
}

/** One `results` entry before spelling: the emulator always knows the trigger. */
export type NotifyEntry = { trigger_id: string } & Record<string, string>

export interface NotifyModel {
  deployment_id: string
  environment: NotifiedEnvironment
  results: NotifyEntry[]
  warning?: string
}

export function spellNotifyBody(model: NotifyModel, shape: Shape): Record<string, unknown> {
  const { results, environment, ...rest } = model
  if (shape === 'docs') return { results, ...rest, environment: environment.alias }
  return {
    results: results.map(({ trigger_id: _omitted, ...entry }) => entry),
    ...rest,
    environment: { ...environment }
  }
}

/** The documented camelCase codes of the statuses that carry one. */
const FAILURE_CODES: Readonly<Record<number, string>> = {
  402: 'BILLING_PREVENTED',
  429: 'RATE_LIMITED',
  503: 'TRANSACTION_TIMEOUT'
}

/**
 * An error body: as documented, `{ error }`, or `{ failureCode, failureMessage }` on 402, 429 and
 * 503. The live spelling adds `failureMessage` everywhere and the service's `eventId`.
 */
export function spellErrorBody(
  status: number,
  message: string,
  shape: Shape,
  eventNumber: number
): Record<string, unknown> {
  const failureCode = FAILURE_CODES[status]
  const documented: Record<string, unknown> =
    failureCode === undefined ? { error: message } : { failureCode, failureMessage: message }
  if (shape === 'docs') return documented
  const eventId = `evt_${String(eventNumber).padStart(5, '0')}`
  return { ...documented, failureMessage: message, eventId }
}
