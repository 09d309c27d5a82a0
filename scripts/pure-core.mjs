// Where the pure core ends. Every module under src/ is pure (a function of its arguments: no
// @actions/*, no network, no file system, no environment, no real clock) except the edge modules
// below, which do the I/O for it. ESLint keeps the toolkit and Node's I/O modules out of the pure
// ones, and jest holds them to a coverage threshold (docs/architecture.md).
import { readdirSync } from 'node:fs'
import path from 'node:path'

export const EDGE_MODULES = [
  'src/index.ts',
  'src/main.ts',
  'src/entries/*.ts',
  'src/kernel/action.ts',
  'src/notify/run.ts',
  'src/notify/wait-for-url.ts',
  'src/gate/run.ts',
  'src/terminate/run.ts',
  'src/terminate/github-deployment.ts',
  'src/kernel/github.ts',
  'src/notify/deploy-success.ts',
  'src/notify/github-deployment.ts',
  'src/notify/report-status.ts',
  'src/gate/github-reads.ts',
  'src/gate/pr-comment.ts',
  'src/kernel/io.ts',
  'src/kernel/http.ts',
  'src/kernel/service.ts'
]

/** The imports a pure module may not make (type-only imports are allowed). */
export const IO_IMPORTS = [
  '@actions/*',
  '@octokit/*',
  'node:fs',
  'node:fs/*',
  'node:http',
  'node:https',
  'node:net',
  'node:child_process',
  'node:process',
  'fs',
  'http',
  'https'
]

const edgePattern = new RegExp(
  `^(?:${EDGE_MODULES.map(g => g.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')).join('|')})$`
)

/** The pure modules that exist now, as repository-relative paths. */
export function pureModules(root = path.resolve(import.meta.dirname, '..')) {
  return readdirSync(path.join(root, 'src'), { recursive: true })
    .map(file => path.posix.join('src', String(file).split(path.sep).join('/')))
    .filter(file => file.endsWith('.ts') && !edgePattern.test(file))
    .sort()
}
