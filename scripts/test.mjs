#!/usr/bin/env node
// `npm test`: bundle (the end-to-end tests run dist/index.js), run jest, and close with the one
// plain tally line CI reads: `tests: N passed, N failed`.
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
import { pureModules } from './pure-core.mjs'

const root = path.resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
// One file per run: two runs in one working tree must not read each other's results.
const resultsFile = path.join(root, '.tmp', `jest-results-${process.pid}.json`)

// Jest options whose value is the next argument; that value is not a test path.
const OPTIONS_WITH_VALUE = new Set([
  '-t',
  '--testNamePattern',
  '-w',
  '--maxWorkers',
  '--testTimeout',
  '--seed',
  '--shard'
])
// Test directories whose tests never run dist/index.js (a bare `__tests__/unit` counts: no other
// directory's path contains it).
const NO_BUNDLE_DIRS = /^(?:\.\/)?__tests__\/(?:unit|emulator)(?:\/[\w./-]*)?$/
// Projects (jest.config.js) whose tests never run dist/index.js.
const NO_BUNDLE_PROJECTS = new Set(['unit', 'emulator'])

/**
 * The arguments that select test files. Jest reads them as patterns matched anywhere in a file's
 * path, so anything but a plain path under a no-bundle directory may select end-to-end tests.
 */
function testPathArguments(argv) {
  const paths = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (OPTIONS_WITH_VALUE.has(arg)) i++
    else if (!arg.startsWith('-')) paths.push(arg)
  }
  return paths
}

/** The names after `--selectProjects`, or undefined when it is not given. */
function selectedProjects(argv) {
  const at = argv.indexOf('--selectProjects')
  if (at < 0) return undefined
  const names = []
  for (let i = at + 1; i < argv.length && !argv[i].startsWith('-'); i++) names.push(argv[i])
  return names
}

function needsNoBundle(argv) {
  const projects = selectedProjects(argv)
  if (projects && projects.length > 0 && projects.every(p => NO_BUNDLE_PROJECTS.has(p))) return true
  // Options that select files by themselves: their selection is unknown here.
  if (
    argv.some(
      a =>
        /^--(testPath|findRelatedTests|onlyChanged|changedSince|selectProjects)/.test(a) ||
        a === '-o'
    )
  ) {
    return false
  }
  const paths = testPathArguments(argv).map(p =>
    path.isAbsolute(p) ? path.relative(root, p).split(path.sep).join('/') : p
  )
  return paths.length > 0 && paths.every(p => NO_BUNDLE_DIRS.test(p) && !p.includes('..'))
}

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

// The end-to-end tests run dist/index.js, so every run bundles first, unless every test path it
// is given lies where no test runs the bundle (a name filter alone still selects e2e files), or
// dist/ is byte for byte what the last bundle built from the same inputs (a fresh clone, CI
// included, has no record of that and always bundles).
if (!needsNoBundle(args)) {
  const stampFile = path.join(root, '.tmp', 'bundle-stamp.json')
  const inputs = bundleInputsDigest()
  const stamp = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, 'utf8')) : {}
  if (stamp.inputs === inputs && stamp.dist === treeDigest(['dist'])) {
    console.log('dist/ is what the last bundle built from these very sources: not bundling again.')
  } else {
    rmSync(stampFile, { force: true })
    const bundle = spawnSync('npm', ['run', '--silent', 'bundle'], { cwd: root, stdio: 'inherit' })
    if (bundle.status !== 0) {
      console.log('tests: 0 passed, 1 failed')
      process.exit(1)
    }
    mkdirSync(path.dirname(stampFile), { recursive: true })
    writeFileSync(stampFile, JSON.stringify({ inputs, dist: treeDigest(['dist']) }))
  }
}

/** The figure jest.config.js holds to its threshold: lines and branches of the pure modules. */
function printPureCoverage() {
  const summaryFile = path.join(root, '.tmp', 'coverage', 'coverage-summary.json')
  if (!existsSync(summaryFile)) return
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8'))
  const pure = new Set(pureModules(root))
  const sum = { lines: [0, 0], branches: [0, 0] }
  for (const [file, figures] of Object.entries(summary)) {
    if (!pure.has(path.relative(root, file).split(path.sep).join('/'))) continue
    for (const kind of ['lines', 'branches']) {
      sum[kind][0] += figures[kind].covered
      sum[kind][1] += figures[kind].total
    }
  }
  const pct = ([covered, total]) => (total === 0 ? 100 : (100 * covered) / total).toFixed(2)
  console.log(
    `Coverage of the ${pure.size} pure modules: lines ${pct(sum.lines)} %, branches ${pct(sum.branches)} % (threshold 90 %)`
  )
}

// The whole suite reports coverage of src/ and enforces the thresholds in jest.config.js; a subset
// would miss files and fail them, so it runs without.
const coverage = args.length === 0 ? ['--coverage'] : []

mkdirSync(path.dirname(resultsFile), { recursive: true })
rmSync(resultsFile, { force: true })
const jest = spawnSync(
  process.execPath,
  [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
    '--json',
    `--outputFile=${resultsFile}`,
    ...coverage,
    ...args
  ],
  { cwd: root, stdio: 'inherit' }
)

if (!existsSync(resultsFile)) {
  console.log('tests: 0 passed, 1 failed')
  process.exit(jest.status || 1)
}
const results = JSON.parse(readFileSync(resultsFile, 'utf8'))
rmSync(resultsFile, { force: true })
if (coverage.length > 0) printPureCoverage()
// A suite that fails to load reports no failed test, and a crashed worker may report none at all,
// but each is a failure all the same.
const counted = results.numFailedTests + results.numRuntimeErrorTestSuites
const failed = jest.status !== 0 && counted === 0 ? 1 : counted
const skipped = results.numPendingTests + results.numTodoTests
const tally = `tests: ${results.numPassedTests} passed, ${failed} failed`
console.log(skipped > 0 ? `${tally}, ${skipped} skipped` : tally)
if (results.numTotalTests === 0) process.exit(1)
process.exit(jest.status !== 0 || failed > 0 ? 1 : 0)
