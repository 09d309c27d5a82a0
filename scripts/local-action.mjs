// `npm run local-action [-- [file.env] [input=value …]]`: runs the action's sources (src/main.ts)
// through GitHub's local runner, @github/local-action, with the inputs of `.env` (see .env.example),
// under the Node 24 that a runner uses. Each `input=value` argument sets that input over the file's
// (`mode=greenlight run-id=…`, `via=report-status`), so every route runs from one file; a
// `NAME=value` in capitals sets that environment variable (`GITHUB_STEP_SUMMARY=…`).
// local-action records a failed step without failing its own process, so this script exits 1 when
// the action reported an error: a script can then act on the verdict.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
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

/** The file's lines, with each override replacing the input's line (local-action reads the file). */
function runFile() {
  if (overrides.length === 0) return envFile
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
  const lines = [...kept, ...[...set].map(([key, value]) => `${key}=${value}`), '']
  const file = path.join(REPO_ROOT, '.tmp', 'local-action.env')
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, lines.join('\n'))
  return file
}

/** A summary path in a folder that does not exist yet (`.tmp/` on a fresh clone) would fail. */
function prepareSummary(file) {
  const line = readFileSync(file, 'utf8').match(/^GITHUB_STEP_SUMMARY=(.+)$/m)
  if (line) mkdirSync(path.dirname(path.resolve(REPO_ROOT, line[1].trim())), { recursive: true })
}

const fileToRun = runFile()
prepareSummary(fileToRun)
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
const child = spawn(node, [bin, 'run', REPO_ROOT, 'src/main.ts', fileToRun], {
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
  process.exit(code !== 0 ? (code ?? 1) : failed ? 1 : 0)
})
