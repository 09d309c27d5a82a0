// The bundle runs under Node 24 on a runner (`runs.using: node24`); the machine's own Node may be
// older, so tests, the demo and the benchmarks run it with the Node 24 that `npm ci` installs: the
// `node` dev dependency (the npm registry's `node` package, whose install script puts the binary
// in node_modules/node/bin/node). Nothing is fetched at test time.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

export const REPO_ROOT = path.resolve(import.meta.dirname, '..')
const INSTALLED_NODE24 = path.join(REPO_ROOT, 'node_modules', 'node', 'bin', 'node')

const isNode24 = candidate =>
  candidate !== undefined &&
  existsSync(candidate) &&
  (candidate === process.env.NODE24_VERIFIED ||
    execFileSync(candidate, ['-p', 'process.versions.node.split(".")[0]']).toString() === '24\n')

/** Path of a Node 24 binary: this one, $NODE24_BIN, or the one `npm ci` installed. */
export function resolveNode24() {
  const found = process.versions.node.startsWith('24.')
    ? process.execPath
    : [process.env.NODE24_BIN, INSTALLED_NODE24].find(isNode24)
  if (found === undefined) {
    throw new Error(
      `No Node 24 at ${INSTALLED_NODE24}: run \`npm ci\` (its \`node\` dev dependency installs ` +
        'Node 24 through an install script, so do not pass --ignore-scripts), or set NODE24_BIN ' +
        'to a Node 24 binary.'
    )
  }
  // Child processes (jest's workers) trust it without starting it again to ask its version.
  process.env.NODE24_BIN = process.env.NODE24_VERIFIED = found
  return found
}
