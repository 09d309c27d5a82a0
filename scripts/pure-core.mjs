// Where the pure core ends. Every module under src/ is pure (a function of its arguments: no
// @actions/*, no network, no file system, no environment, no real clock) except the edge modules
// below, which do the I/O for it. ESLint keeps the toolkit and Node's I/O modules out of the pure
// ones, and jest holds them to a coverage threshold (docs/architecture.md).
import { readdirSync } from 'node:fs'
import path from 'node:path'

export const EDGE_MODULES = [
  'src/index.ts',
  'src/main.ts',
  'src/action.ts',
  'src/entries/*.ts',
  'src/core/clock.ts',
  'src/notify/run-notify.ts',
  'src/notify/url-probe.ts',
  'src/greenlight/run-greenlight.ts',
  'src/terminate/run-terminate.ts',
  'src/terminate/current-path.ts',
  'src/github/event-context.ts',
  'src/github/github-api.ts',
  'src/github/deployments.ts',
  'src/notify/deploy-success.ts',
  'src/notify/github-deployment.ts',
  'src/notify/report-status.ts',
  'src/github/check-runs.ts',
  'src/github/branch-tip.ts',
  'src/greenlight/pr-comment.ts',
  'src/greenlight/check-facts.ts',
  'src/kernel/io.ts',
  'src/service/client.ts',
  'src/service/transport.ts'
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
