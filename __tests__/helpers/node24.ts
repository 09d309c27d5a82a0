// End-to-end tests run the bundle under Node 24, as `runs.using: node24` does on a runner. The
// machine's Node may be older, so Node 24 comes from the npm registry once and is cached.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const REPO_ROOT = path.resolve(import.meta.dirname ?? '.', '..', '..')
const CACHE_FILE = path.join(REPO_ROOT, '.tmp', 'node24-path')

export function resolveNode24(): string {
  if (Number(process.versions.node.split('.')[0]) === 24) return process.execPath
  if (process.env['NODE24_BIN']) return process.env['NODE24_BIN']
  if (existsSync(CACHE_FILE)) {
    const cached = readFileSync(CACHE_FILE, 'utf8').trim()
    if (cached && existsSync(cached)) return cached
  }
  const found = execFileSync(
    'npx',
    ['-y', '-p', 'node@24', 'node', '-e', 'process.stdout.write(process.execPath)'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }
  ).trim()
  mkdirSync(path.dirname(CACHE_FILE), { recursive: true })
  writeFileSync(CACHE_FILE, found)
  return found
}

export function node24Path(): string {
  const resolved = resolveNode24()
  const major = execFileSync(resolved, ['-p', 'process.versions.node.split(".")[0]'], {
    encoding: 'utf8'
  }).trim()
  if (major !== '24') throw new Error(`Expected Node 24 for end-to-end tests, got ${major} at ${resolved}`)
  return resolved
}
