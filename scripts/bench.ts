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
import { snapshotDist, type Target } from './bench/measure.js'
import { markdownTable, textTable, type Row, type Section } from './bench/report.js'

const BENCHMARKS = path.join(REPO_ROOT, 'BENCHMARKS.md')

/** The section on the test suite's time: `.ci/run` measures it, so it is kept as it stands. */
function testSuiteSection(): string {
  if (!existsSync(BENCHMARKS)) return ''
  const sections = readFileSync(BENCHMARKS, 'utf8').split(/^(?=## )/m)
  const kept = sections.find(section => section.startsWith('## Test suite\n'))
  return kept ? `\n${kept.trimEnd()}\n` : ''
}

const git = (...args: string[]): string =>
  execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim()

const started = performance.now()
const node24 = resolveNode24()
const target: Target = { node24, dist: await snapshotDist() }
const onlyAt = process.argv.indexOf('--only')
const only = onlyAt === -1 ? undefined : process.argv[onlyAt + 1]?.toLowerCase().replace(/-/g, ' ')

const allSections: [string, (target: Target) => Promise<Section>][] = [
  ['Cold start', coldStart],
  ['Herd', herd],
  ['Large answers', largeAnswers],
  ['Check path', checkPath]
]
const sections = allSections.filter(([name]) => only === undefined || name.toLowerCase() === only)
if (sections.length === 0) throw new Error(`No bench section is named ${only ?? ''}.`)
const rows: Row[] = []
const method: string[] = []
for (const [name, measure] of sections) {
  const sectionStart = performance.now()
  process.stderr.write(`bench: ${name}…`)
  const section = await measure(target)
  process.stderr.write(` ${((performance.now() - sectionStart) / 1000).toFixed(1)} s\n`)
  rows.push(...section.rows)
  method.push(`**${name}.** ${section.notes.join(' ')}`)
}

const withTarget = rows.filter(row => row.met !== undefined)
const met = withTarget.filter(row => row.met).length
console.log(`\n${textTable(rows)}\n\n${met}/${withTarget.length} targets met.`)
if (only !== undefined) {
  console.log(`\n${method.join('\n\n')}\n\nOne section only: BENCHMARKS.md is left as it was.`)
  process.exit(0)
}
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

${markdownTable(rows)}

${met} of ${withTarget.length} targets met.

## Method

Every action process is \`node dist/index.js\` (a copy), or a sub-action's \`dist/<mode>/index.js\`
where a row says so, under Node 24, with the environment a runner gives a JavaScript action
(scripts/action-runner.ts), talking over loopback to the service emulator (emulator/) in the
bench's own process. Wall times run from spawn to exit and include Node start-up.

${method.join('\n\n')}
${testSuiteSection()}`
)
console.log('Wrote BENCHMARKS.md')
