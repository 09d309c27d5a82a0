// `npm run local-action [-- [file.env] [input=value …]]`: runs the action's sources (src/main.ts)
// through GitHub's local runner, @github/local-action, with the inputs of `.env` (see .env.example),
// under the Node 24 that a runner uses. Each `input=value` argument sets that input over the file's
// (`mode=greenlight run-id=…`, `via=report-status`), so every route runs from one file; a
// `NAME=value` in capitals sets that environment variable (`GITHUB_STEP_SUMMARY=…`). Each run reads
// its own copy of the inputs (in the system's temporary folder), and with a summary folder writes
// its own summary file.
// local-action records a failed step without failing its own process, so this script exits 1 when
// the action reported an error: a script can then act on the verdict.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { REPO_ROOT, resolveNode24 } from './node24.mjs'

const args = process.argv.slice(2)
const overrides = args.filter(arg => /^[a-z][\w-]*=/i.test(arg))
const named = args.filter(arg => !overrides.includes(arg))
const envFile = path.resolve(named[0] ?? '.env')
if (!existsSync(envFile)) {
  console.error(`${envFile} does not exist: copy .env.example to .env and fill in the inputs.`)
  process.exit(2)
}

/**
 * The file's lines, with each override replacing the input's line (local-action reads a file), in
 * a file of this run's own: a test run and a run by hand in the same clone never share one.
 */
function runFile() {
  const set = new Map(
    overrides.map(arg => {
      const at = arg.indexOf('=')
      const name = arg.slice(0, at)
      const key = /^[A-Z][A-Z0-9_]*$/.test(name) ? name : `INPUT_${name.toUpperCase()}`
      return [key, arg.slice(at + 1)]
    })
  )
  const kept = readFileSync(envFile, 'utf8')
    .split('\n')
    .filter(line => !set.has(line.split('=')[0]?.trim() ?? ''))
  const lines = [...kept, ...[...set].map(([key, value]) => `${key}=${value}`)]
  const summary = summaryLine(lines)
  const final =
    summary === undefined
      ? lines
      : [...lines.filter(l => l !== summary.line), `GITHUB_STEP_SUMMARY=${summary.file}`]
  const dir = mkdtempSync(path.join(tmpdir(), 'qa-greenlight-local-action-'))
  const file = path.join(dir, 'inputs.env')
  writeFileSync(file, [...final, ''].join('\n'))
  return { file, dir, summary: summary?.file }
}

/**
 * Where this run's job summary goes. A folder (`.tmp/summaries/`) gets a new file per run, named by
 * the time and the mode, so that summaries do not pile up in one file; a file is used as it is, as
 * a runner appends to its summary file. The folder is created (`.tmp/` on a fresh clone).
 */
function summaryLine(lines) {
  const line = lines.findLast(l => /^GITHUB_STEP_SUMMARY=/.test(l))
  const value = line?.slice('GITHUB_STEP_SUMMARY='.length).trim()
  if (!line || !value) return undefined
  const mode = lines
    .findLast(l => /^INPUT_MODE=/.test(l))
    ?.slice('INPUT_MODE='.length)
    .trim()
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const file = value.endsWith('/')
    ? path.resolve(REPO_ROOT, value, `${stamp}-${mode || 'run'}.md`)
    : path.resolve(REPO_ROOT, value)
  mkdirSync(path.dirname(file), { recursive: true })
  return { line, file }
}

const run = runFile()
const node = resolveNode24()
const bin = path.join(
  REPO_ROOT,
  'node_modules',
  '@github',
  'local-action',
  'bin',
  'local-action.js'
)
// local-action starts `tsx` by name, and tsx starts `node` by name: both must be Node 24's.
const PATH = [path.dirname(node), path.join(REPO_ROOT, 'node_modules', '.bin'), process.env.PATH]
  .filter(Boolean)
  .join(path.delimiter)
const child = spawn(node, [bin, 'run', REPO_ROOT, 'src/main.ts', run.file], {
  cwd: REPO_ROOT,
  env: { ...process.env, PATH },
  stdio: ['inherit', 'pipe', 'inherit']
})
let failed = false
let pending = ''
child.stdout.on('data', chunk => {
  process.stdout.write(chunk)
  const lines = (pending + chunk.toString('utf8')).split('\n')
  pending = lines.pop() ?? ''
  if (lines.some(line => line.startsWith('::error'))) failed = true
})
child.on('close', code => {
  if (pending.startsWith('::error')) failed = true
  rmSync(run.dir, { recursive: true, force: true })
  if (run.summary !== undefined && existsSync(run.summary)) {
    console.log(`Job summary: ${path.relative(process.cwd(), run.summary) || run.summary}`)
  }
  process.exit(code !== 0 ? (code ?? 1) : failed ? 1 : 0)
})
