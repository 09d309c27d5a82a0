// Herd: many greenlight steps started at the same instant (a matrix fan-out) against one service.
// Are their queries spread out?
import os from 'node:os'
import { startEmulator } from '../../emulator/server.js'
import { median, ms, runBundle, times, type Section, type Target } from './measure.js'

const API_KEY = 'qb1-Hd9wZb4kMn2vXs7p'
const PROCESSES = 50
const INTERVAL_MS = 1000
const UNDER_REVIEW_MS = 4000
const WINDOW_MS = 100
const TARGET = 2

/** Peak queries in one window against the mean over the windows from first to last query. */
function burstiness(instants: readonly number[]): [shown: string, ratio: number] {
  const first = Math.min(...instants)
  const windows = Math.floor((Math.max(...instants) - first) / WINDOW_MS) + 1
  const counts = new Array<number>(windows).fill(0)
  for (const t of instants) counts[Math.floor((t - first) / WINDOW_MS)]! += 1
  const peak = Math.max(...counts)
  const mean = instants.length / windows
  return [`${peak} / ${mean.toFixed(1)} = ${times(peak / mean)}`, peak / mean]
}

export async function herd(target: Target): Promise<Section> {
  const ids = Array.from({ length: PROCESSES }, (_, i) => `herd-${i + 1}`)
  const underReview = { stage: 'underReview' as const, durationMs: UNDER_REVIEW_MS }
  const runs = ids.map(id => ({ id, timeline: [underReview, { stage: 'completed' as const }] }))
  const emulator = await startEmulator({ teams: [{ apiKey: API_KEY }], runs })
  try {
    // All spawned from one synchronous loop: as close to "the same instant" as one machine gets.
    const answers = await Promise.all(
      ids.map(id =>
        runBundle(target, {
          mode: 'greenlight',
          'api-key': API_KEY,
          'base-url': emulator.url,
          'run-id': id,
          'poll-interval': `${INTERVAL_MS}ms`,
          timeout: '15s'
        })
      )
    )
    const passed = answers.filter(r => r.outputs['status'] === 'passed').length
    const perRun = ids.map(id =>
      emulator.requests.filter(r => r.path.endsWith(`/${id}`)).map(r => r.receivedAt)
    )
    const firsts = perRun.map(instants => instants[0] ?? NaN)
    const [shown, ratio] = burstiness(perRun.flat())
    // Each process's later queries shifted so that its first is at 0: how the engine alone
    // spreads the polls of steps that really start together (say, on separate runners).
    const together = perRun.flatMap((instants, i) => instants.slice(1).map(t => t - firsts[i]!))
    const gapExcess = perRun.flatMap(instants =>
      instants.slice(1).map((t, i) => t - instants[i]! - INTERVAL_MS)
    )
    return {
      benchmark: `Herd (${PROCESSES} processes)`,
      rows: [
        [`peak / mean queries per ${WINDOW_MS} ms`, shown, `≤ ${times(TARGET)}`, ratio <= TARGET],
        ['spread of first queries', ms(Math.max(...firsts) - Math.min(...firsts))],
        ['polls after started-together steps: peak / mean', burstiness(together)[0]]
      ],
      notes:
        `${PROCESSES} greenlight steps spawned in one loop on ${os.cpus().length} cores, each ` +
        `gating its own run (underReview ${UNDER_REVIEW_MS} ms from its first query, then ` +
        `completed), poll-interval ${INTERVAL_MS} ms; ${emulator.requests.length} queries, ` +
        `${passed}/${PROCESSES} passed; median poll gap − interval ${ms(median(gapExcess))}.`
    }
  } finally {
    await emulator.close()
  }
}
