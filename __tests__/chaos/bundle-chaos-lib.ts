// Chaos through the real bundle: `dist/index.js` under Node 24 polls the emulator, which injects
// seeded faults into about 30% of the greenlight queries. Shared by the jest suite and the
// `npm run chaos` CLI; no jest imports here.
import type { EmulatorConfig, FaultSpec, RunConfig } from '../../emulator/server.js'
import { startEmulator } from '../../emulator/server.js'
import { isBlocking } from '../../emulator/service-model.js'
import type { RunStatus } from '../../src/gate/facts.js'
import { API_KEY, runAction } from '../../scripts/action-runner.js'
import { pick, scenarioSeed, seededRandom } from './service-model.js'

/** Faults a healthy action must ride out: each is transient, so the verdict must not change. */
const TRANSIENT_FAULTS: FaultSpec[] = [
  { kind: 'status', status: 500 },
  { kind: 'status', status: 502 },
  { kind: 'status', status: 503 },
  { kind: 'status', status: 504 },
  { kind: 'rate-limit', retryAfter: '1' },
  { kind: 'reset-before-headers' },
  { kind: 'reset-after-headers' },
  { kind: 'html', status: 200 },
  { kind: 'html', status: 502 },
  { kind: 'truncated-json' },
  { kind: 'slow', delayMs: 150 },
  { kind: 'echo-key' },
  { kind: 'duplicate-key' },
  { kind: 'deep-nesting' },
  // The status line arrives, then the answer breaks; or a proxy compressed it. A GET asks again.
  { kind: 'cut-after-status-line' },
  { kind: 'header-overflow' },
  { kind: 'compressed', encoding: 'gzip' },
  { kind: 'compressed', encoding: 'br' }
]
export const FAULT_PROBABILITY = 0.3

export interface BundleScenario {
  seed: number
  run: RunConfig
  expected: RunStatus
}

export interface BundleScenarioReport {
  seed: number
  expected: RunStatus
  status: string
  greenlight: string
  exitCode: number | null
  queries: number
  faults: Record<string, number>
  wallMs: number
  problems: string[]
}

export function generateBundleScenario(seed: number): BundleScenario {
  const random = seededRandom(seed)
  const canceled = random() < 0.15
  const bugs = Array.from({ length: Math.floor(random() * 3) }, (_, i) => ({
    id: `bug-${seed}-${i}`,
    name: `Bug ${i} of scenario ${seed}`,
    priority: pick(random, ['high', null, 'medium', 'low'] as const)
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
  const blocking = bugs.some(bug => isBlocking(bug))
  const expected: RunStatus = canceled ? 'canceled' : blocking ? 'failed' : 'passed'
  return { seed, run, expected }
}

export async function runBundleScenario(seed: number): Promise<BundleScenarioReport> {
  const scenario = generateBundleScenario(seed)
  const config: EmulatorConfig = {
    teams: [{ apiKey: API_KEY }],
    runs: [scenario.run],
    faults: {
      greenlight: { random: { seed, probability: FAULT_PROBABILITY, kinds: TRANSIENT_FAULTS } }
    }
  }
  const emulator = await startEmulator(config)
  const started = Date.now()
  try {
    const run = await runAction({
      inputs: {
        mode: 'greenlight',
        'api-key': API_KEY,
        'base-url': emulator.url,
        'run-id': scenario.run.id,
        'poll-interval': '100ms',
        timeout: '60s'
      }
    })
    const wallMs = Date.now() - started
    const status = run.outputs['status'] ?? ''
    const greenlight = run.outputs['greenlight'] ?? ''
    const faults: Record<string, number> = {}
    for (const request of emulator.requests) {
      if (request.fault) faults[request.fault] = (faults[request.fault] ?? 0) + 1
    }
    const problems: string[] = []
    const tag = `seed ${seed}`
    if (greenlight === 'true' && scenario.expected !== 'passed') {
      problems.push(`${tag}: FALSE GREEN (expected ${scenario.expected})`)
    }
    if (status !== scenario.expected) {
      problems.push(`${tag}: verdict ${status}, fault-free verdict ${scenario.expected}`)
    }
    if ((status === 'passed') !== (run.exitCode === 0)) {
      problems.push(`${tag}: exit code ${run.exitCode} does not match status ${status}`)
    }
    if (/crashed|unhandled/i.test(run.stdout + run.stderr)) {
      problems.push(`${tag}: the action crashed: ${run.stdout.slice(-500)}`)
    }
    return {
      seed,
      expected: scenario.expected,
      status,
      greenlight,
      exitCode: run.exitCode,
      queries: emulator.requests.length,
      faults,
      wallMs,
      problems
    }
  } finally {
    await emulator.close()
  }
}

export interface BundleChaosFigures {
  scenarios: number
  queries: number
  faults: Record<string, number>
  falseGreens: number
  wrongVerdicts: number
  slowestVerdictMs: number
  slowestSeed: number
  statuses: Record<string, number>
  problems: string[]
}

/** Runs `count` scenarios, `parallel` at a time (each is its own process and emulator). */
export async function runBundleChaos(
  count: number,
  batchSeed: number,
  parallel = 4
): Promise<BundleChaosFigures> {
  const seeds = Array.from({ length: count }, (_, i) => scenarioSeed(batchSeed, i))
  const reports: BundleScenarioReport[] = []
  for (let i = 0; i < seeds.length; i += parallel) {
    reports.push(...(await Promise.all(seeds.slice(i, i + parallel).map(runBundleScenario))))
  }
  const figures: BundleChaosFigures = {
    scenarios: reports.length,
    queries: 0,
    faults: {},
    falseGreens: 0,
    wrongVerdicts: 0,
    slowestVerdictMs: 0,
    slowestSeed: batchSeed,
    statuses: {},
    problems: []
  }
  for (const report of reports) {
    figures.queries += report.queries
    for (const [kind, n] of Object.entries(report.faults)) {
      figures.faults[kind] = (figures.faults[kind] ?? 0) + n
    }
    if (report.greenlight === 'true' && report.expected !== 'passed') figures.falseGreens++
    if (report.status !== report.expected) figures.wrongVerdicts++
    figures.statuses[report.status] = (figures.statuses[report.status] ?? 0) + 1
    if (report.wallMs > figures.slowestVerdictMs) {
      figures.slowestVerdictMs = report.wallMs
      figures.slowestSeed = report.seed
    }
    figures.problems.push(...report.problems)
  }
  return figures
}
