// The bundle runs under Node 24 on a runner (`runs.using: node24`); the machine's own Node may be
// older, so tests, the demo and the benchmarks take Node 24 from the npm registry once and cache it.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const REPO_ROOT = path.resolve(import.meta.dirname, '..')
const CACHE_FILE = path.join(REPO_ROOT, '.tmp', 'node24-path')

function majorOf(nodeBinary) {
  return execFileSync(nodeBinary, ['-p', 'process.versions.node.split(".")[0]'], {
    encoding: 'utf8'
  }).trim()
}

let resolved

/** Path of a Node 24 binary: this one, $NODE24_BIN, the cached one, or one fetched with npx. */
export function resolveNode24() {
  if (resolved === undefined) {
    resolved = findNode24()
    // Child processes (jest's workers) trust it without starting it again to ask its version.
    process.env.NODE24_BIN = process.env.NODE24_VERIFIED = resolved
  }
  return resolved
}

function isNode24(candidate) {
  if (!candidate || !existsSync(candidate)) return false
  return candidate === process.env.NODE24_VERIFIED || majorOf(candidate) === '24'
}

function findNode24() {
  if (process.versions.node.split('.')[0] === '24') return process.execPath
  const candidates = [process.env.NODE24_BIN]
  if (existsSync(CACHE_FILE)) candidates.push(readFileSync(CACHE_FILE, 'utf8').trim())
  const found = candidates.find(isNode24)
  if (found) return found
  const fetched = execFileSync(
    'npx',
    ['-y', '-p', 'node@24', 'node', '-e', 'process.stdout.write(process.execPath)'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }
  ).trim()
  if (majorOf(fetched) !== '24') throw new Error(`npx gave Node ${majorOf(fetched)}, not 24`)
  mkdirSync(path.dirname(CACHE_FILE), { recursive: true })
  writeFileSync(CACHE_FILE, fetched)
  return fetched
}
