// `npm run chaos [-- --gate N --notify N --seed S]`: the reliability figures of the bundled action
// against the emulator's seeded faults (__tests__/chaos/chaos-lib.ts), with more scenarios than
// the suite runs. Exits 1 on any problem, each naming the seed that replays it.
import { parseArgs } from 'node:util'
import { runGateChaos, runNotifyChaos } from '../__tests__/chaos/chaos-lib.js'

const { values } = parseArgs({
  options: {
    gate: { type: 'string', default: '48' },
    notify: { type: 'string', default: '64' },
    seed: { type: 'string', default: '20260601' }
  }
})
const seed = Number(values.seed)
const table = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ')

const gate = await runGateChaos(Number(values.gate), seed)
console.log(`greenlight, seed ${seed}: ${gate.scenarios} scenarios, ${gate.queries} queries`)
console.log(`  faults: ${table(gate.faults)}\n  verdicts: ${table(gate.statuses)}`)
console.log(`  false greens ${gate.falseGreens}, wrong verdicts ${gate.wrongVerdicts}`)
const notify = await runNotifyChaos(Number(values.notify), seed)
console.log(`notify: ${notify.scenarios} scenarios, ${notify.posts} POSTs`)
console.log(`  faults: ${table(notify.faults)}`)
console.log(`  repeated POSTs ${notify.repeatedPosts}, false successes ${notify.falseSuccesses}`)
const problems = [...gate.problems, ...notify.problems]
for (const problem of problems.slice(0, 50)) console.log(`  ${problem}`)
if (problems.length > 0) process.exitCode = 1
