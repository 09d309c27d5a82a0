// Seeded chaos through the real bundle (dist/index.js under Node 24) against the emulator's fault
// injection: greenlight rides out transient faults to the fault-free verdict, and notify sends a
// POST again after a status line only when it said "not now" (429, 503). Shared by the jest suite
// and `npm run chaos`.
import type { FaultSpec, RecordedRequest, RunConfig } from '../../emulator/server.js'
import { startEmulator } from '../../emulator/server.js'
import { mulberry32 } from '../../emulator/faults.js'
import { isBlocking } from '../../emulator/service-model.js'
import { API_KEY, runAction } from '../../scripts/action-runner.js'

/** A well-mixed seed for scenario `index` of a batch, so each scenario replays alone. */
function scenarioSeed(batchSeed: number, index: number): number {
  let h = (batchSeed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0
  return (h ^ (h >>> 16)) >>> 0
}

const crashed = (text: string): boolean => /crashed|unhandled/i.test(text)
const faults = (...specs: object[]) => specs as FaultSpec[]

/** Faults a healthy action must ride out: each is transient, so the verdict must not change. */
const TRANSIENT = faults(
  ...[500, 502, 503, 504].map(status => ({ kind: 'status', status })),
  { kind: 'rate-limit', retryAfter: '1' },
  { kind: 'reset-before-headers' },
  { kind: 'reset-after-headers' },
  ...[200, 502].map(status => ({ kind: 'html', status })),
  { kind: 'truncated-json' },
  { kind: 'slow', delayMs: 150 },
  ...['echo-key', 'duplicate-key', 'deep-nesting', 'cut-after-status-line', 'header-overflow'].map(
    kind => ({ kind })
  ),
  ...['gzip', 'br'].map(encoding => ({ kind: 'compressed', encoding }))
)

type Scenario = (
  seed: number
) => Promise<{ requests: RecordedRequest[]; outcome: string; problems: string[] }>

/**
 * Runs `n` scenarios, 4 at a time (each its own process and emulator; the next starts as soon as
 * one ends), and adds up what they saw: requests, faults by kind, outcomes by kind, and every
 * problem by seed.
 */
async function batch(n: number, seed: number, one: Scenario) {
  const seeds = Array.from({ length: n }, (_, i) => scenarioSeed(seed, i))
  const reports: Awaited<ReturnType<Scenario>>[] = []
  let next = 0
  const lane = async () => {
    for (let i = next++; i < n; i = next++) reports[i] = await one(seeds[i]!)
  }
  await Promise.all([lane(), lane(), lane(), lane()])
  const count = (into: Record<string, number>, key: string) => (into[key] = (into[key] ?? 0) + 1)
  const figures = {
    scenarios: n,
    requests: 0,
    faults: {} as Record<string, number>,
    outcomes: {} as Record<string, number>,
    problems: [] as string[]
  }
  for (const report of reports) {
    figures.requests += report.requests.length
    for (const r of report.requests) if (r.fault) count(figures.faults, r.fault)
    count(figures.outcomes, report.outcome)
    figures.problems.push(...report.problems)
  }
  return figures
}

async function gateScenario(seed: number) {
  const random = mulberry32(seed)
  const canceled = random() < 0.15
  const bugs = Array.from({ length: Math.floor(random() * 3) }, (_, i) => ({
    id: `bug-${seed}-${i}`,
    name: `Bug ${i} of scenario ${seed}`,
    priority: (['high', null, 'medium', 'low'] as const)[Math.floor(random() * 4)] ?? null
  }))
  const run: RunConfig = {
    id: `run-${seed}`,
    timeline: [
      { stage: 'initializing', polls: Math.floor(random() * 3) },
      { stage: 'underReview', polls: Math.floor(random() * 4) },
      { stage: canceled ? 'canceled' : 'completed' }
    ].filter(entry => entry.polls !== 0) as RunConfig['timeline'],
    workflowsInRun: 1 + Math.floor(random() * 20),
    bugs
  }
  const expected = canceled ? 'canceled' : bugs.some(bug => isBlocking(bug)) ? 'failed' : 'passed'
  const em = await startEmulator({
    teams: [{ apiKey: API_KEY }],
    runs: [run],
    faults: { greenlight: { random: { seed, probability: 0.3, kinds: TRANSIENT } } }
  })
  try {
    const step = await runAction({
      inputs: {
        mode: 'greenlight',
        'api-key': API_KEY,
        'base-url': em.url,
        'run-id': run.id,
        'poll-interval': '100ms',
        timeout: '60s'
      }
    })
    const status = step.outputs['status'] ?? ''
    const green = step.outputs['greenlight'] === 'true'
    const tag = `seed ${seed}`
    const problems = [
      green && expected !== 'passed' ? `${tag}: FALSE GREEN (expected ${expected})` : '',
      status !== expected ? `${tag}: verdict ${status}, fault-free verdict ${expected}` : '',
      (status === 'passed') !== (step.exitCode === 0) ? `${tag}: exit ${step.exitCode}` : '',
      crashed(step.stdout + step.stderr) ? `${tag}: crashed: ${step.stdout.slice(-500)}` : ''
    ].filter(Boolean)
    return { requests: em.requests, outcome: status, problems }
  } finally {
    await em.close()
  }
}

/** greenlight reaches the fault-free verdict; outcomes are its statuses. */
export const runGateChaos = (n: number, seed: number) => batch(n, seed, gateScenario)

/** The service said "not now" (429, 503: the request was not acted on): asking again is safe. */
const NOT_NOW = faults({ kind: 'status', status: 503 }, { kind: 'rate-limit', retryAfter: '1' })
/**
 * The connection was made, then a 5xx that is not "not now" or a broken answer (the service may
 * have created the runs): asking again could create more, so the POST is never repeated.
 */
const AFTER_STATUS_LINE = faults(
  ...[500, 502, 504].map(status => ({ kind: 'status', status })),
  ...['cut-after-status-line', 'cut-in-headers', 'header-overflow', 'reset-after-headers'].map(
    kind => ({ kind, processed: true })
  ),
  { kind: 'reset-before-headers' },
  { kind: 'truncated-json', processed: true },
  { kind: 'html', status: 200, processed: true }
)
/** A proxy compressed the answer: nothing is wrong with it. */
const READABLE = faults(
  ...['gzip', 'deflate', 'br'].map(encoding => ({ kind: 'compressed', encoding, processed: true }))
)

async function notifyScenario(seed: number) {
  const random = mulberry32(seed)
  const sha = Math.floor(random() * 2 ** 48)
    .toString(16)
    .padStart(12, '0')
  const em = await startEmulator({
    teams: [{ apiKey: API_KEY }],
    triggers: random() < 0.5 ? [{ id: 'web' }] : [{ id: 'web' }, { id: 'api' }],
    faults: {
      notify: {
        random: {
          seed,
          probability: 0.5,
          kinds: [...NOT_NOW, ...AFTER_STATUS_LINE, ...READABLE]
        }
      }
    }
  })
  try {
    const step = await runAction({
      inputs: { mode: 'notify', 'api-key': API_KEY, 'base-url': em.url, sha },
      killAfterMs: 60_000
    })
    const posts = em.requests.filter(r => r.path === '/api/webhooks/deploy_success')
    const tag = `seed ${seed}`
    const problems: string[] = []
    // The first POST not told "not now" (429, 503): every one after it is a repeat.
    const answered = posts.findIndex(r => r.status !== 429 && r.status !== 503)
    const repeated = answered >= 0 && answered < posts.length - 1
    if (repeated) problems.push(`${tag}: REPEATED POST after a status line; ${posts.length} POSTs`)
    const last = posts[answered]
    const readable = last !== undefined && (last.fault === undefined || last.fault === 'compressed')
    const falseSuccess = !readable && step.exitCode === 0
    if (readable) {
      const created = em.runs().filter(r => r.origin === 'notification' && r.sha === sha)
      const expected = JSON.stringify(created.map(r => r.id))
      if (step.exitCode !== 0 || step.outputs['run-ids'] !== expected)
        problems.push(`${tag}: exit ${step.exitCode}, run-ids ${step.outputs['run-ids']}`)
    } else {
      if (falseSuccess) problems.push(`${tag}: FALSE SUCCESS without a readable answer`)
      if (last !== undefined && !step.stdout.includes('runs may have been created'))
        problems.push(`${tag}: a ${last.fault} answer is not said to have maybe created runs`)
      if (last === undefined && posts.length !== 3)
        problems.push(`${tag}: ${posts.length} POSTs without any answer, not 3`)
    }
    if (crashed(step.stdout + step.stderr)) problems.push(`${tag}: crashed`)
    const outcome = repeated ? 'repeated' : falseSuccess ? 'false success' : 'ok'
    // Each status fault by its status, so that the figures show which came.
    const requests = posts.map(r => (r.fault === 'status' ? { ...r, fault: `${r.status}` } : r))
    return { requests, outcome, problems }
  } finally {
    await em.close()
  }
}

/** notify asks again only unanswered or told "not now"; outcomes: ok, repeated, false success. */
export const runNotifyChaos = (n: number, seed: number) => batch(n, seed ^ 0x5eed, notifyScenario)
