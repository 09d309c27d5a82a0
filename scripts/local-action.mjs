// `npm run local-action [-- file.env]`: runs the action's sources (src/main.ts) through GitHub's
// local runner, @github/local-action, with the inputs of `.env` (see .env.example), under the Node
// 24 that a runner uses. local-action records a failed step without failing its own process, so
// this script exits 1 when the action reported an error: a script can then act on the verdict.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT, resolveNode24 } from './node24.mjs'

const envFile = path.resolve(process.argv[2] ?? '.env')
if (!existsSync(envFile)) {
  console.error(`${envFile} does not exist: copy .env.example to .env and fill in the inputs.`)
  process.exit(2)
}
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
const child = spawn(node, [bin, 'run', REPO_ROOT, 'src/main.ts', envFile], {
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
