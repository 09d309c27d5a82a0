// `npm run bench`: measures the bundled action (dist/) against its targets and writes BENCHMARKS.md.
// Every comparison is a ratio measured in the same run with the variants interleaved, so machine
// speed and drift cancel out; absolute figures are shown for context only.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { REPO_ROOT, resolveNode24 } from './node24.mjs'
import { bundle } from './bench/bundle.js'
import { coldStart } from './bench/cold-start.js'
import { concurrency } from './bench/concurrency.js'
import { herd } from './bench/herd.js'
import { markdownTable, textTable, type Row, type Section } from './bench/report.js'
import { verdicts } from './bench/verdicts.js'

const COMMAND = 'npm run bench'

function git(...args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim()
  } catch {
    return ''
  }
}

// The bench runs under Node 24 itself. Under another Node, resolveNode24() (called by runAction for
// every spawn) checks its cached binary by running it, which blocks this process ~80 ms per action:
// the in-process emulator would stall, and 50 "simultaneous" spawns would take seconds.
if (process.versions.node.split('.')[0] !== '24') {
  const self = fileURLToPath(import.meta.url)
  const { status } = spawnSync(resolveNode24(), ['--import', 'tsx', self], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, BENCH_LAUNCHED_BY: process.version }
  })
  process.exit(status ?? 1)
}

if (!existsSync(path.join(REPO_ROOT, 'dist', 'index.js'))) {
  console.error(
    'dist/index.js not found: the bench measures the bundle, so run `npm run bundle` first.'
  )
  process.exit(1)
}
const started = performance.now()
const node24 = resolveNode24()

const sections: [string, () => Promise<Section>][] = [
  ['Cold start', () => coldStart(node24)],
  ['Bundle', () => bundle(node24)],
  ['Verdict efficiency', verdicts],
  ['Concurrency', concurrency],
  ['Herd', herd]
]
const rows: Row[] = []
const method: string[] = []
for (const [name, measure] of sections) {
  const sectionStart = performance.now()
  process.stderr.write(`bench: ${name}…`)
  const section = await measure()
  process.stderr.write(` ${((performance.now() - sectionStart) / 1000).toFixed(1)} s\n`)
  rows.push(...section.rows)
  method.push(`**${name}.** ${section.notes.join(' ')}`)
}

const targets = rows.filter(row => row.met !== undefined)
const met = targets.filter(row => row.met).length
const cpu = os.cpus()
const commit = git('rev-parse', '--short', 'HEAD')
const distChanged = git('status', '--porcelain', '--', 'dist') !== ''
const facts = [
  `Date: ${new Date().toISOString()}`,
  `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ` +
    `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB memory, ${os.type()} ${os.release()}`,
  `Node: ${process.version} runs the action, the bench and the emulator` +
    (process.env['BENCH_LAUNCHED_BY']
      ? ` (\`npm run bench\` started on ${process.env['BENCH_LAUNCHED_BY']} and re-ran itself under Node 24)`
      : ''),
  `Bundle: dist/ of commit ${commit || 'unknown'}${distChanged ? ' with uncommitted changes' : ''}`,
  `Command: \`${COMMAND}\` (took ${((performance.now() - started) / 1000).toFixed(0)} s)`
]

console.log(`\n${textTable(rows)}\n\n${met}/${targets.length} targets met.`)
const markdown = `# Benchmarks

Written by \`${COMMAND}\` (scripts/bench.ts); do not edit by hand.

${facts.map(fact => `- ${fact}`).join('\n')}

## Results

${markdownTable(rows)}

${met} of ${targets.length} targets met.

## Method

All processes are \`node dist/index.js\` under Node 24 with the environment a runner gives a
JavaScript action (INPUT_* with action.yml defaults, event file, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY),
talking to the service emulator (emulator/) over loopback in the bench's own process. Ratios compare
variants measured alternately in the same run. Wall times include Node start-up.

${method.join('\n\n')}
`
writeFileSync(path.join(REPO_ROOT, 'BENCHMARKS.md'), markdown)
console.log('Wrote BENCHMARKS.md')
