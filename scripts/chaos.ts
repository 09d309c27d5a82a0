// `npm run chaos`: the reliability figures. Seeded chaos through the polling engine (virtual
// clock) and through the bundled action against the faulty emulator; prints what it measured.
// Options: --engine N (default 1000), --bundle N (default 24), --notify N (default 32), --seed S.
import { parseArgs } from 'node:util'
import { runBundleChaos } from '../__tests__/chaos/bundle-chaos-lib.js'
import { runEngineChaos } from '../__tests__/chaos/engine-chaos-lib.js'
import { runNotifyChaos } from '../__tests__/chaos/notify-chaos-lib.js'

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: '1000' },
    bundle: { type: 'string', default: '24' },
    notify: { type: 'string', default: '32' },
    seed: { type: 'string', default: '20260601' }
  }
})
const seed = Number(values.seed)

function table(counts: Record<string, number>): string {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ')
}

console.log(`Chaos run, seed ${seed}\n`)
const engine = await runEngineChaos(Number(values.engine), seed)
const engineFaults = Object.values(engine.faults).reduce((a, b) => a + b, 0)
console.log('Polling engine (virtual clock, simulated service):')
console.log(
  `  scenarios          ${engine.scenarios} (${engine.runs} runs, ${engine.queries} queries)`
)
console.log(
  `  faults injected    ${engineFaults} (${((100 * engineFaults) / engine.queries).toFixed(1)}% of queries): ${table(engine.faults)}`
)
console.log(`  verdicts           ${table(engine.statuses)}`)
console.log(`  false greens       ${engine.falseGreens}`)
console.log(`  wrong verdicts     ${engine.wrongVerdicts}`)
console.log(`  unhandled rejects  ${engine.unhandledRejections}`)
console.log(
  `  slowest verdict    ${(engine.slowestVerdictMs / 1000).toFixed(1)} s virtual (seed ${engine.slowestSeed})`
)

const bundle = await runBundleChaos(Number(values.bundle), seed)
const bundleFaults = Object.values(bundle.faults).reduce((a, b) => a + b, 0)
console.log('\nBundled action (dist/index.js under Node 24) against the faulty emulator:')
console.log(`  scenarios          ${bundle.scenarios} (${bundle.queries} queries)`)
console.log(
  `  faults injected    ${bundleFaults} (${((100 * bundleFaults) / bundle.queries).toFixed(1)}% of queries): ${table(bundle.faults)}`
)
console.log(`  verdicts           ${table(bundle.statuses)}`)
console.log(`  false greens       ${bundle.falseGreens}`)
console.log(`  wrong verdicts     ${bundle.wrongVerdicts}`)
console.log(
  `  slowest verdict    ${(bundle.slowestVerdictMs / 1000).toFixed(1)} s wall (seed ${bundle.slowestSeed})`
)

const notify = await runNotifyChaos(Number(values.notify), seed)
const notifyFaults = Object.values(notify.faults).reduce((a, b) => a + b, 0)
console.log('\nnotify (the bundle) against the emulator faulting its POSTs:')
console.log(`  scenarios          ${notify.scenarios} (${notify.posts} POSTs)`)
console.log(`  faults injected    ${notifyFaults}: ${table(notify.faults)}`)
console.log(`  repeated POSTs     ${notify.repeatedPosts} (after a status line)`)
console.log(`  false successes    ${notify.falseSuccesses}`)

const problems = [...engine.problems, ...bundle.problems, ...notify.problems]
if (problems.length > 0) {
  console.log(`\n${problems.length} problem(s); replay by seed:`)
  for (const problem of problems.slice(0, 50)) console.log(`  ${problem}`)
  process.exitCode = 1
}
