// 4. Concurrency: one step gating ten run IDs against one gating a single run with the same
// timeline. The runs are polled concurrently, so ten should cost about as long as one.
import type { Section } from './report.js'
import { interleaved, median, ms, times } from './stats.js'
import { runBundle, type ActionResult, type Target } from './measure.js'
import { startTimedEmulator } from './timed-emulator.js'

const API_KEY = 'qb1-Cc3nTy8hGf5jRe6u'
const ROUNDS = 6
const RUN_COUNT = 10
const UNDER_REVIEW_MS = 1500
const INTERVAL = '250ms'
const TARGET = 1.2

export async function concurrency(target: Target): Promise<Section> {
  const emulator = await startTimedEmulator({ teams: [{ apiKey: API_KEY }] })
  let nextRun = 0
  const gate = (count: number) => async (): Promise<ActionResult> => {
    const ids = Array.from({ length: count }, () => `gate-${++nextRun}`)
    for (const id of ids) {
      emulator.addRun({
        id,
        timeline: [{ stage: 'underReview', durationMs: UNDER_REVIEW_MS }, { stage: 'completed' }]
      })
    }
    const run = await runBundle(target, {
      mode: 'greenlight',
      'api-key': API_KEY,
      'base-url': emulator.url,
      'run-id': ids.join(','),
      'poll-interval': INTERVAL,
      timeout: '30s'
    })
    if (run.outputs['status'] !== 'passed') {
      throw new Error(`gating ${count} runs gave ${run.outputs['status']}:\n${run.stdout}`)
    }
    return run
  }
  try {
    const [one, ten] = (await interleaved([gate(1), gate(RUN_COUNT)], ROUNDS)).map(runs =>
      median(runs.map(run => run.wallMs))
    ) as [number, number]
    const benchmark = 'Concurrency'
    const ratio = ten / one
    return {
      rows: [
        { benchmark, measure: 'gating 1 run: median wall', result: ms(one) },
        { benchmark, measure: `gating ${RUN_COUNT} runs: median wall`, result: ms(ten) },
        {
          benchmark,
          measure: `wall: ${RUN_COUNT} runs / 1 run`,
          result: times(ratio),
          target: `≤ ${times(TARGET)}`,
          met: ratio <= TARGET
        }
      ],
      notes: [
        `Each run: underReview for ${UNDER_REVIEW_MS} ms from its first query, then completed; ` +
          `poll-interval ${INTERVAL}; ${ROUNDS} rounds alternating 1 and ${RUN_COUNT} runs ` +
          '(fresh run IDs each time); wall = spawn to exit, including Node start-up.'
      ]
    }
  } finally {
    await emulator.close()
  }
}
