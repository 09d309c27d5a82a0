// Chaos for the POST: `dist/index.js` under Node 24 notifies the emulator, which faults about half
// of the notifications, before the status line (a 5xx, a 429, a reset: safe to send again) or after
// it, with the runs already created (a body cut off, headers too large, half a body, an HTML page,
// a compressed body). Shared by the jest suite and the `npm run chaos` CLI; no jest imports here.
import type { EmulatorConfig, FaultSpec } from '../../emulator/server.js'
import { startEmulator } from '../../emulator/server.js'
import { API_KEY, runAction } from '../../scripts/action-runner.js'
import { scenarioSeed, seededRandom } from './service-model.js'

/** The service never saw the request, or said "not now": asking again is safe. */
const BEFORE_STATUS_LINE: FaultSpec[] = [
  { kind: 'status', status: 500 },
  { kind: 'status', status: 503 },
  { kind: 'rate-limit', retryAfter: '1' },
  { kind: 'reset-before-headers' }
]
/** The service created the runs, then its answer broke: asking again could create more. */
const AFTER_STATUS_LINE: FaultSpec[] = [
  { kind: 'cut-after-status-line', processed: true },
  { kind: 'cut-in-headers', processed: true },
  { kind: 'header-overflow', processed: true },
  { kind: 'reset-after-headers', processed: true },
  { kind: 'truncated-json', processed: true },
  { kind: 'html', status: 200, processed: true }
]
/** A proxy compressed the answer: nothing is wrong with it. */
const READABLE: FaultSpec[] = [
  { kind: 'compressed', encoding: 'gzip', processed: true },
  { kind: 'compressed', encoding: 'deflate', processed: true },
  { kind: 'compressed', encoding: 'br', processed: true }
]
const AFTER_KINDS = new Set<string>(AFTER_STATUS_LINE.map(f => f.kind))
export const NOTIFY_FAULT_PROBABILITY = 0.5
const NOTIFY_PATH = '/api/webhooks/deploy_success'

export interface NotifyChaosFigures {
  scenarios: number
  posts: number
  faults: Record<string, number>
  /** A POST sent again after the status line of an earlier one had arrived. */
  repeatedPosts: number
  /** A step that passed although the service's answer could not be read, or reported other runs. */
  falseSuccesses: number
  problems: string[]
}

interface NotifyScenarioReport {
  posts: number
  faults: string[]
  repeated: boolean
  falseSuccess: boolean
  problems: string[]
}

export async function runNotifyScenario(seed: number): Promise<NotifyScenarioReport> {
  const random = seededRandom(seed)
  const triggers = random() < 0.5 ? [{ id: 'web' }] : [{ id: 'web' }, { id: 'api' }]
  const sha = Math.floor(random() * 2 ** 48)
    .toString(16)
    .padStart(12, '0')
  const config: EmulatorConfig = {
    teams: [{ apiKey: API_KEY }],
    triggers,
    faults: {
      notify: {
        random: {
          seed,
          probability: NOTIFY_FAULT_PROBABILITY,
          kinds: [...BEFORE_STATUS_LINE, ...AFTER_STATUS_LINE, ...READABLE]
        }
      }
    }
  }
  const emulator = await startEmulator(config)
  try {
    const run = await runAction({
      inputs: { mode: 'notify', 'api-key': API_KEY, 'base-url': emulator.url, sha },
      killAfterMs: 60_000
    })
    const posts = emulator.requests.filter(r => r.path === NOTIFY_PATH)
    const tag = `seed ${seed}`
    const problems: string[] = []
    // The first POST whose status line arrived: every one after it is a repeat.
    const answered = posts.findIndex(
      r => r.fault === undefined || r.fault === 'compressed' || AFTER_KINDS.has(r.fault)
    )
    const repeated = answered >= 0 && answered < posts.length - 1
    if (repeated) {
      problems.push(
        `${tag}: REPEATED POST after a status line (${posts[answered]?.fault ?? 'an answer'}); ${posts.length} POSTs`
      )
    }
    const last = posts[answered]
    const readable = last !== undefined && (last.fault === undefined || last.fault === 'compressed')
    const created = emulator.runs().filter(r => r.origin === 'notification' && r.sha === sha)
    const runIds = run.outputs['run-ids'] ?? ''
    let falseSuccess = false
    if (readable) {
      const expected = JSON.stringify(created.map(r => r.id))
      if (run.exitCode !== 0 || runIds !== expected) {
        problems.push(`${tag}: exit ${run.exitCode}, run-ids ${runIds}, created ${expected}`)
      }
    } else {
      falseSuccess = run.exitCode === 0
      if (falseSuccess) problems.push(`${tag}: FALSE SUCCESS without a readable answer`)
      if (last !== undefined && !run.stdout.includes('runs may have been created')) {
        problems.push(
          `${tag}: a ${last.fault} answer is not reported as "runs may have been created"`
        )
      }
      if (last === undefined && posts.length !== 3) {
        problems.push(`${tag}: ${posts.length} POSTs without any answer, not 3`)
      }
    }
    if (/crashed|unhandled/i.test(run.stdout + run.stderr)) {
      problems.push(`${tag}: the action crashed: ${run.stdout.slice(-500)}`)
    }
    return {
      posts: posts.length,
      faults: posts.flatMap(r => (r.fault === undefined ? [] : [r.fault])),
      repeated,
      falseSuccess,
      problems
    }
  } finally {
    await emulator.close()
  }
}

/** Runs `count` notify scenarios, `parallel` at a time (each is its own process and emulator). */
export async function runNotifyChaos(
  count: number,
  batchSeed: number,
  parallel = 4
): Promise<NotifyChaosFigures> {
  const seeds = Array.from({ length: count }, (_, i) => scenarioSeed(batchSeed ^ 0x5eed, i))
  const figures: NotifyChaosFigures = {
    scenarios: 0,
    posts: 0,
    faults: {},
    repeatedPosts: 0,
    falseSuccesses: 0,
    problems: []
  }
  for (let i = 0; i < seeds.length; i += parallel) {
    const reports = await Promise.all(seeds.slice(i, i + parallel).map(runNotifyScenario))
    for (const report of reports) {
      figures.scenarios++
      figures.posts += report.posts
      for (const kind of report.faults) figures.faults[kind] = (figures.faults[kind] ?? 0) + 1
      if (report.repeated) figures.repeatedPosts++
      if (report.falseSuccess) figures.falseSuccesses++
      figures.problems.push(...report.problems)
    }
  }
  return figures
}
