// `npm run local-action [-- [file.env] [input=value …]]`: runs the action's sources (src/main.ts)
// through GitHub's local runner, @github/local-action, under the Node 24 that a runner uses, with
// the inputs of `.env` (see .env.example). An `input=value` argument overrides that input of the
// file (`mode=greenlight run-id=…`), a `NAME=value` in capitals that environment variable.
// local-action records a failed step without failing its own process, so this script exits 1 when
// the action reported an error: a script can then act on the verdict.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { REPO_ROOT, resolveNode24 } from './node24.mjs'

const args = process.argv.slice(2)
const overrides = args.filter(arg => /^[a-z][\w-]*=/i.test(arg))
const envFile = path.resolve(args.find(arg => !overrides.includes(arg)) ?? '.env')
if (!existsSync(envFile)) {
  console.error(`${envFile} does not exist: copy .env.example to .env and fill in the inputs.`)
  process.exit(2)
}

// The file's lines, each override replacing the input's line (local-action reads a file).
const set = new Map(
  overrides.map(arg => {
    const [name, value] = arg.split(/=(.*)/s)
    return [/^[A-Z][A-Z0-9_]*$/.test(name) ? name : `INPUT_${name.toUpperCase()}`, value]
  })
)
let lines = readFileSync(envFile, 'utf8')
  .split('\n')
  .filter(line => !set.has(line.split('=')[0]?.trim() ?? ''))
  .concat([...set].map(([key, value]) => `${key}=${value}`))
const last = name =>
  lines
    .findLast(line => line.startsWith(`${name}=`))
    ?.slice(name.length + 1)
    .trim()

// A summary folder (`.tmp/summaries/`) gets a new file per run, named by the time and the mode, so
// that summaries do not pile up in one file; a file is used as it is, as a runner appends to its
// summary file. The folder is created (`.tmp/` on a fresh clone).
const summaryTo = last('GITHUB_STEP_SUMMARY')
let summary
if (summaryTo) {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const file = summaryTo.endsWith('/') ? `${stamp}-${last('INPUT_MODE') || 'run'}.md` : ''
  summary = path.resolve(REPO_ROOT, summaryTo, file)
  mkdirSync(path.dirname(summary), { recursive: true })
  lines = lines.filter(line => !line.startsWith('GITHUB_STEP_SUMMARY='))
  lines.push(`GITHUB_STEP_SUMMARY=${summary}`)
}
// A file of this run's own: a test run and a run by hand in the same clone never share one.
const dir = mkdtempSync(path.join(tmpdir(), 'qa-greenlight-local-action-'))
const inputsFile = path.join(dir, 'inputs.env')
writeFileSync(inputsFile, [...lines, ''].join('\n'))

const node = resolveNode24()
const bin = path.join(REPO_ROOT, 'node_modules/@github/local-action/bin/local-action.js')
// local-action starts `tsx` by name, and tsx starts `node` by name: both must be Node 24's.
const PATH = [path.dirname(node), path.join(REPO_ROOT, 'node_modules', '.bin'), process.env.PATH]
  .filter(Boolean)
  .join(path.delimiter)
const child = spawn(node, [bin, 'run', REPO_ROOT, 'src/main.ts', inputsFile], {
  cwd: REPO_ROOT,
  env: { ...process.env, PATH },
  stdio: ['inherit', 'pipe', 'inherit']
})
let stdout = ''
child.stdout.on('data', chunk => {
  process.stdout.write(chunk)
  stdout += chunk
})
child.on('close', code => {
  rmSync(dir, { recursive: true, force: true })
  if (summary !== undefined && existsSync(summary)) {
    console.log(`Job summary: ${path.relative(process.cwd(), summary) || summary}`)
  }
  process.exit(code !== 0 ? (code ?? 1) : /^::error/m.test(stdout) ? 1 : 0)
})
