// Global set-up of the e2e and chaos projects (jest.config.js): jest runs it only when a test of
// one of them is selected, so `npm test -- __tests__/unit` neither bundles nor fetches Node 24.
// Both run the bundled dist/index.js under Node 24, as a runner does.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import path from 'node:path'
import { resolveNode24, REPO_ROOT as root } from '../../scripts/node24.mjs'

const STAMP_FILE = path.join(root, '.tmp', 'bundle-stamp.json')

/** Files under `paths` (repository-relative), sorted, with their contents, as one digest. */
function treeDigest(paths) {
  const hash = createHash('sha256')
  const files = paths.flatMap(p => {
    const full = path.join(root, p)
    if (!existsSync(full)) return []
    if (!statSync(full).isDirectory()) return [p]
    return readdirSync(full, { recursive: true })
      .map(f => path.join(p, String(f)))
      .filter(f => statSync(path.join(root, f)).isFile())
  })
  for (const file of files.sort()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0')
  }
  return hash.digest('hex')
}

/** Everything the bundle is built from: the sources, the installed packages, the Node running ncc. */
function bundleInputsDigest() {
  const tree = treeDigest([
    'src',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'node_modules/.package-lock.json'
  ])
  return `${process.version}:${tree}`
}

/**
 * Bundles dist/ unless it is byte for byte what the last bundle built from the same inputs (a
 * fresh clone, CI included, has no record of that and always bundles).
 */
function bundleUnlessFresh() {
  const inputs = bundleInputsDigest()
  const stamp = existsSync(STAMP_FILE) ? JSON.parse(readFileSync(STAMP_FILE, 'utf8')) : {}
  if (stamp.inputs === inputs && stamp.dist === treeDigest(['dist'])) {
    console.log('dist/ is what the last bundle built from these very sources: not bundling again.')
    return
  }
  rmSync(STAMP_FILE, { force: true })
  const bundle = spawnSync('npm', ['run', '--silent', 'bundle'], { cwd: root, stdio: 'inherit' })
  if (bundle.status !== 0) throw new Error(`npm run bundle failed (exit ${bundle.status})`)
  mkdirSync(path.dirname(STAMP_FILE), { recursive: true })
  writeFileSync(STAMP_FILE, JSON.stringify({ inputs, dist: treeDigest(['dist']) }))
}

export default async function globalSetup() {
  try {
    bundleUnlessFresh()
    // Resolved (and if needed fetched) once, before the workers start in parallel; they inherit it.
    process.env.NODE24_BIN = resolveNode24()
  } catch (error) {
    // No test runs and no reporter hears of it: close with the tally CI reads all the same.
    console.log('tests: 0 passed, 1 failed')
    throw error
  }
}
