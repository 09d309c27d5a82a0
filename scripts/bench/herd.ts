// 5. Herd: many greenlight steps started at the same instant (a matrix fan-out) against one
// service. Are their queries spread out, and if so, by what: the engine, or the start-up spread?
import type { Section } from './report.js'
import os from 'node:os'
import { mulberry32 } from '../../emulator/faults.js'
import { max, median, ms, quantile, times } from './stats.js'
import { runBundle, type Target } from './measure.js'
import { startTimedEmulator } from './timed-emulator.js'

const API_KEY = 'qb1-Hd9wZb4kMn2vXs7p'
const PROCESSES = 50
const INTERVAL_MS = 1000
const UNDER_REVIEW_MS = 4000
const WINDOW_MS = 100
const TARGET = 2

/**
 * What perfect de-synchronisation would give: each process polls at a uniformly random phase of
 * the interval, with the query counts measured. The median of many draws shows the noise floor of
 * a peak-over-mean figure with a few queries per window.
 */
function randomPhaseReference(queryCounts: readonly number[], draws = 200): number {
  const random = mulberry32(7)
  const ratios = Array.from({ length: draws }, () => {
    const { peak, mean } = burstiness(
      queryCounts.flatMap(count => {
        const phase = random() * INTERVAL_MS
        return Array.from({ length: count }, (_, k) => phase + k * INTERVAL_MS)
      })
    )
    return peak / mean
  })
  return median(ratios)
}

/** Peak queries in one window against the mean over the windows from first to last query. */
function burstiness(times: readonly number[]): { peak: number; mean: number } {
  const first = Math.min(...times)
  const windows = Math.floor((Math.max(...times) - first) / WINDOW_MS) + 1
  const counts = new Array<number>(windows).fill(0)
  for (const t of times) counts[Math.floor((t - first) / WINDOW_MS)]! += 1
  return { peak: max(counts), mean: times.length / windows }
}

export async function herd(target: Target): Promise<Section> {
  const emulator = await startTimedEmulator({ teams: [{ apiKey: API_KEY }] })
  try {
    const ids = Array.from({ length: PROCESSES }, (_, i) => `herd-${i + 1}`)
    for (const id of ids) {
      emulator.addRun({
        id,
        timeline: [{ stage: 'underReview', durationMs: UNDER_REVIEW_MS }, { stage: 'completed' }]
      })
    }
    // All spawned from one synchronous loop: as close to "the same instant" as one machine gets.
    const runs = await Promise.all(
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
    const passed = runs.filter(r => r.outputs['status'] === 'passed').length

    const queriesOf = (id: string): number[] =>
      emulator.requests.filter(r => r.path.endsWith(`/${id}`)).map(r => r.receivedAt)
    const perRun = ids.map(queriesOf)
    const firstQueries = perRun.map(times => times[0] ?? NaN)
    const spawnSpread = max(runs.map(r => r.spawnedAt)) - Math.min(...runs.map(r => r.spawnedAt))
    const firstSpread = max(firstQueries) - Math.min(...firstQueries)
    // How much longer than the interval each wait between one process's polls was. CPU contention
    // can only lengthen a wait; jitter would also shorten some, or move the typical one.
    const gapExcess = perRun.flatMap(times =>
      times.slice(1).map((t, i) => t - (times[i] ?? t) - INTERVAL_MS)
    )
    const shorter = gapExcess.filter(excess => excess < -1).length
    const jittered = shorter > 0 || median(gapExcess.map(Math.abs)) > INTERVAL_MS * 0.05
    const measured = burstiness(perRun.flat())
    // Every process's queries shifted so that its first one is at 0, first queries left out:
    // how the engine spreads later polls of steps that start together (e.g. on 50 runners).
    const together = burstiness(
      perRun.flatMap((times, i) => times.slice(1).map(t => t - (firstQueries[i] ?? 0)))
    )
    const random = randomPhaseReference(perRun.map(times => times.length))

    const benchmark = `Herd (${PROCESSES} processes)`
    const ratio = measured.peak / measured.mean
    return {
      rows: [
        {
          benchmark,
          measure: `peak / mean queries per ${WINDOW_MS} ms`,
          result: `${measured.peak} / ${measured.mean.toFixed(1)} = ${times(ratio)}`,
          target: `≤ ${times(TARGET)}`,
          met: ratio <= TARGET
        },
        {
          benchmark,
          measure: 'spread of spawns / of first queries',
          result: `${ms(spawnSpread)} / ${ms(firstSpread)}`
        },
        {
          benchmark,
          measure: 'poll gap − interval: median / p90 / max',
          result: [0.5, 0.9, 1].map(q => ms(quantile(gapExcess, q))).join(' / ')
        },
        {
          benchmark,
          measure: 'polls after started-together steps: peak / mean',
          result: `${together.peak} / ${together.mean.toFixed(1)} = ${times(together.peak / together.mean)}`
        },
        {
          benchmark,
          measure: 'reference: random phases (simulated median)',
          result: times(random)
        }
      ],
      notes: [
        `${PROCESSES} greenlight steps spawned in one loop, each gating its own run (underReview ` +
          `${UNDER_REVIEW_MS} ms from its first query, then completed), poll-interval ` +
          `${INTERVAL_MS} ms; ${emulator.requests.length} queries, ${passed}/${PROCESSES} passed.`,
        jittered
          ? `Poll gaps vary beyond request time (${shorter} shorter than the interval), so the ` +
            'engine spreads polls itself.'
          : `Regular polls are not jittered: no gap is shorter than the interval and the median ` +
            `one is ${ms(median(gapExcess))} longer (request time); the long tail is CPU ` +
            `contention of ${PROCESSES} processes on ${os.cpus().length} cores. What spreads this ` +
            'herd is the start-up spread, not the engine.',
        '"Polls after started-together steps" shifts each process’s queries so that its first ' +
          'query is at 0 and leaves the first queries out: how the engine alone spreads the later ' +
          'polls of steps that really start together (say, on separate runners). "Random phases" ' +
          'simulates steps polling at uniformly random phases of the interval with the same ' +
          'query counts: the best a de-synchronised engine could expect from this figure, whose ' +
          `windows hold only a few queries each.`
      ]
    }
  } finally {
    await emulator.close()
  }
}
