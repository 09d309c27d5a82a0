// `npm run bench`: measures the bundled action (dist/) against its targets and writes BENCHMARKS.md.
// Every comparison is a ratio measured in the same run with the variants interleaved, so machine
// speed and drift cancel out; absolute figures are shown for context only.
// `npm run bench -- --only herd`: one section, printed only.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { REPO_ROOT, resolveNode24 } from './node24.mjs'
import { checkPath } from './bench/check-path.js'
import { coldStart } from './bench/cold-start.js'
import { herd } from './bench/herd.js'
import { largeAnswers } from './bench/large-answers.js'
import { snapshotDist, type Section, type Target } from './bench/measure.js'

const BENCHMARKS = path.join(REPO_ROOT, 'BENCHMARKS.md')
const git = (...args: string[]): string =>
  execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim()

const started = performance.now()
const node24 = resolveNode24()
const target: Target = { node24, dist: snapshotDist(path.join(REPO_ROOT, 'dist')) }
const onlyAt = process.argv.indexOf('--only')
const only = onlyAt === -1 ? undefined : process.argv[onlyAt + 1]?.toLowerCase().replace(/-/g, ' ')

const sections: [string, (target: Target) => Promise<Section>][] = [
  ['Cold start', coldStart],
  ['Herd', herd],
  ['Large answers', largeAnswers],
  ['Check path', checkPath]
]
const chosen = sections.filter(([name]) => only === undefined || name.toLowerCase() === only)
if (chosen.length === 0) throw new Error(`No bench section is named ${only ?? ''}.`)
const table = [
  '| Benchmark | Measure | Result | Target | Status |',
  '| --- | --- | --- | --- | --- |'
]
const method: string[] = []
const verdicts: boolean[] = []
for (const [name, measure] of chosen) {
  const sectionStart = performance.now()
  process.stderr.write(`bench: ${name}…`)
  const section = await measure(target)
  process.stderr.write(` ${((performance.now() - sectionStart) / 1000).toFixed(1)} s\n`)
  for (const [measured, result, goal = '', ok] of section.rows) {
    const status = ok === undefined ? '' : ok ? 'met' : 'NOT MET'
    const cells = [section.benchmark, measured, result, goal, status]
    table.push(`| ${cells.map(cell => cell.replace(/\|/g, '\\|')).join(' | ')} |`)
    if (ok !== undefined) verdicts.push(ok)
  }
  method.push(`**${name}.** ${section.notes}`)
}

const [met, targets] = [verdicts.filter(Boolean).length, verdicts.length]
console.log(`\n${table.join('\n')}\n\n${met}/${targets} targets met.`)
if (only !== undefined) {
  console.log(`\n${method.join('\n\n')}\n\nOne section only: BENCHMARKS.md is left as it was.`)
  process.exit(0)
}
// The section on the test suite's time: `.ci/run` measures it, so it is kept as it stands.
const before = existsSync(BENCHMARKS) ? readFileSync(BENCHMARKS, 'utf8') : ''
const testSuite = before.split(/^(?=## )/m).find(section => section.startsWith('## Test suite\n'))
const cpu = os.cpus()
const clean = git('status', '--porcelain', '--', 'dist') === ''
const facts = [
  `Date: ${new Date().toISOString()}`,
  `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ` +
    `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB memory, ${os.type()} ${os.release()}`,
  `Node: the action runs under ${execFileSync(node24, ['--version'], { encoding: 'utf8' }).trim()}; ` +
    `the bench and the emulator under ${process.version}`,
  `Bundle: a copy of dist/ taken at the start, ${clean ? 'as committed in' : 'an uncommitted build on top of'} ${git('rev-parse', '--short', 'HEAD')}`,
  `Command: \`npm run bench\` (took ${((performance.now() - started) / 1000).toFixed(0)} s)`
]
writeFileSync(
  BENCHMARKS,
  `# Benchmarks

Written by \`npm run bench\` (scripts/bench.ts); do not edit by hand, except the Test suite section,
which it keeps as it stands.

${facts.map(fact => `- ${fact}`).join('\n')}

## Results

${table.join('\n')}

${met} of ${targets} targets met.

## Method

Every action process is \`node dist/index.js\` (a copy), or a sub-action's \`dist/<mode>/index.js\`
where a row says so, under Node 24, with the environment a runner gives a JavaScript action
(scripts/action-runner.ts), talking over loopback to the service emulator (emulator/) in the
bench's own process. Wall times run from spawn to exit and include Node start-up.

${method.join('\n\n')}
${testSuite ? `\n${testSuite.trimEnd()}\n` : ''}`
)
console.log('Wrote BENCHMARKS.md')
