// The check path (verdict-from: check) with the action's defaults (poll-interval 30s): how soon a
// step exits once QA Wolf's check concludes, and what waiting costs in GitHub requests that the
// rate limit counts (a 304 to If-None-Match is free). Each step waits for its own check run,
// which the bench concludes at a random moment.
import { startEmulator } from '../../emulator/server.js'
import { atMost, median, ms, runBundle, type Section, type Target } from './measure.js'

const API_KEY = 'qb7-Ch3ckP4thBench'
const SHA = 'c0ffee0000000000000000000000000000c0ffee'
const SAMPLES = 9
/** The check concludes this long after its step starts: uniformly random in [MIN, MIN + SPAN). */
const CONCLUDE_MIN_MS = 10_000
const CONCLUDE_SPAN_MS = 60_000
const TARGET_MS = 10_000

export async function checkPath(target: Target): Promise<Section> {
  // One repository each: the commit the emulator heard of last is its default branch's tip.
  const repos = Array.from({ length: SAMPLES }, (_, i) => `acme/shop-${i}`)
  const emulator = await startEmulator({
    teams: [{ apiKey: API_KEY }],
    github: {
      checkRuns: repos.map(repository => ({ repository, sha: SHA, status: 'in_progress' }))
    }
  })
  const inputs = { 'api-key': API_KEY, 'verdict-from': 'check', sha: SHA, since: 'any' }
  try {
    const samples = await Promise.all(
      repos.map(async repo => {
        const check = emulator.github.checkRuns.find(run => run.repository === repo)!
        let concludedAt = Infinity
        const conclude = () => {
          concludedAt = Date.now()
          const at = new Date(concludedAt).toISOString().replace(/\.\d{3}Z$/, 'Z')
          Object.assign(check, { status: 'completed', conclusion: 'success', completedAt: at })
        }
        const timer = setTimeout(conclude, CONCLUDE_MIN_MS + Math.random() * CONCLUDE_SPAN_MS)
        const env = { GITHUB_REPOSITORY: repo, GITHUB_API_URL: emulator.url }
        const run = await runBundle(target, { mode: 'greenlight', ...inputs }, { env })
        clearTimeout(timer)
        if (run.outputs['greenlight'] !== 'true') {
          throw new Error(
            `the check path was not green in ${repo}: ${JSON.stringify(run.outputs)}\n${run.stderr}`
          )
        }
        const waiting = emulator.requests.filter(
          r => r.path.startsWith(`/repos/${repo}/`) && r.receivedAt < concludedAt
        )
        return {
          latency: run.exitedAt - concludedAt,
          reads: waiting.length,
          counted: waiting.filter(r => r.status !== 304).length,
          waitedMs: concludedAt - (waiting[0]?.receivedAt ?? concludedAt)
        }
      })
    )
    const latency = median(samples.map(s => s.latency))
    const worst = Math.max(...samples.map(s => s.latency))
    // While the check is unchanged every read after the first is a 304: the counted ones do not
    // grow with the wait, so they are what an hour of waiting costs. The target: what it cost
    // before it was set, the first read only.
    const counted = Math.max(...samples.map(s => s.counted))
    const each = (figure: (sample: (typeof samples)[number]) => number | string) =>
      samples.map(figure).join(', ')
    return {
      benchmark: 'Check path (defaults)',
      rows: [
        [
          `check concluded → step exit: median of ${SAMPLES}`,
          `${ms(latency)} (worst ${ms(worst)})`,
          `≤ ${ms(TARGET_MS)}`,
          latency <= TARGET_MS
        ],
        atMost('counted GitHub requests per hour of waiting (most of any step)', counted, 1, String)
      ],
      notes:
        `${SAMPLES} greenlight steps with verdict-from: check and the action's defaults ran at ` +
        `once, each on its own commit's in-progress check run, which the bench concluded ` +
        `(success) ${ms(CONCLUDE_MIN_MS)} to ${ms(CONCLUDE_MIN_MS + CONCLUDE_SPAN_MS)} after ` +
        `the step started. Before it concluded, the steps made ${each(s => s.reads)} reads over ` +
        `${each(s => (s.waitedMs / 1000).toFixed(0))} s, all but ${each(s => s.counted)} answered 304.`
    }
  } finally {
    await emulator.close()
  }
}
