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

const problems: string[] = []
for (const [name, run] of [
  ['greenlight', () => runGateChaos(Number(values.gate), seed)],
  ['notify', () => runNotifyChaos(Number(values.notify), seed)]
] as const) {
  const figures = await run()
  console.log(`${name}, seed ${seed}: ${figures.scenarios} scenarios, ${figures.requests} requests`)
  console.log(`  faults: ${table(figures.faults)}\n  outcomes: ${table(figures.outcomes)}`)
  problems.push(...figures.problems)
}
for (const problem of problems.slice(0, 50)) console.log(`  ${problem}`)
if (problems.length > 0) process.exitCode = 1
