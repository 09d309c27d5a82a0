#!/usr/bin/env node
// `npm test`: bundle (the end-to-end tests run dist/index.js), run jest, and close with the one
// plain tally line CI reads: `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const resultsFile = path.join(root, '.tmp', 'jest-results.json')

// A run limited to unit test files needs no bundle; a full run or an e2e selection does.
const selectsOnlyNonE2e = args.some(a => !a.startsWith('-')) && !args.some(a => /e2e|chaos/.test(a))
if (!selectsOnlyNonE2e) {
  const bundle = spawnSync('npm', ['run', '--silent', 'bundle'], { cwd: root, stdio: 'inherit' })
  if (bundle.status !== 0) {
    console.log('tests: 0 passed, 1 failed')
    process.exit(1)
  }
}

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
    ...args
  ],
  { cwd: root, stdio: 'inherit' }
)

if (!existsSync(resultsFile)) {
  console.log('tests: 0 passed, 1 failed')
  process.exit(jest.status || 1)
}
const results = JSON.parse(readFileSync(resultsFile, 'utf8'))
// A suite that fails to load reports no failed test, and a crashed worker may report none at all,
// but each is a failure all the same.
const counted = results.numFailedTests + results.numRuntimeErrorTestSuites
const failed = jest.status !== 0 && counted === 0 ? 1 : counted
const skipped = results.numPendingTests + results.numTodoTests
const tally = `tests: ${results.numPassedTests} passed, ${failed} failed`
console.log(skipped > 0 ? `${tally}, ${skipped} skipped` : tally)
if (results.numTotalTests === 0) process.exit(1)
process.exit(jest.status !== 0 || failed > 0 ? 1 : 0)
