// What a greenlight step found out, per run and overall; shared by polling, outputs and summary.
import type { GreenlightResponse } from '../service/schemas.js'

/** Worst first: the order in which statuses of several runs are aggregated. */
export const RUN_STATUSES_WORST_FIRST = [
  'error',
  'interrupted',
  'timed-out',
  'canceled',
  'failed',
  'passed'
] as const
export type RunStatus = (typeof RUN_STATUSES_WORST_FIRST)[number]

export interface RunOutcome {
  /** The run ID the user passed in. */
  rootRunId: string
  /** The root run's URL, from the first response (later queries are of the superseding run). */
  rootRunUrl?: string
  status: RunStatus
  /** The last response that passed validation; absent when none was obtained. */
  lastResponse?: GreenlightResponse
  /** A one-line human-readable cause for any status but `passed` (and for contradictions). */
  reason?: string
  /** Number of HTTP queries made for this run (retries included). */
  queries: number
}

export interface GreenlightVerdict {
  green: boolean
  status: RunStatus
  runs: RunOutcome[]
}
