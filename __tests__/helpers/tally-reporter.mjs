// Closes every jest run with the one plain line CI reads, `tests: N passed, N failed`, after the
// figure jest.config.js holds to its threshold (pure-module coverage) when coverage was collected.
// Jest runs custom reporters before its coverage and summary reporters, and may still fail the
// run afterwards (a coverage threshold), so both lines are written as the process exits, from
// what the run reported and the exit code it ends with.
import { existsSync, readFileSync, writeSync } from 'node:fs'
import path from 'node:path'
import { pureModules } from '../../scripts/pure-core.mjs'

/** The lines and branches of the pure modules, from jest's json-summary coverage report. */
function pureCoverageLine(rootDir, coverageDirectory) {
  const summaryFile = path.join(coverageDirectory, 'coverage-summary.json')
  if (!existsSync(summaryFile)) return undefined
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8'))
  const pure = new Set(pureModules(rootDir))
  const sum = { lines: [0, 0], branches: [0, 0] }
  for (const [file, figures] of Object.entries(summary)) {
    if (!pure.has(path.relative(rootDir, file).split(path.sep).join('/'))) continue
    for (const kind of ['lines', 'branches']) {
      sum[kind][0] += figures[kind].covered
      sum[kind][1] += figures[kind].total
    }
  }
  const pct = ([covered, total]) => (total === 0 ? 100 : (100 * covered) / total).toFixed(2)
  return `Coverage of the ${pure.size} pure modules: lines ${pct(sum.lines)} %, branches ${pct(sum.branches)} % (threshold 90 %)`
}

export default class TallyReporter {
  #results
  #globalConfig

  constructor(globalConfig) {
    this.#globalConfig = globalConfig
    process.once('exit', code => this.#close(code))
  }

  onRunComplete(_contexts, results) {
    this.#results = results
  }

  /** A run that selected no test has proven nothing: it fails. */
  getLastError() {
    if (this.#results && this.#results.numTotalTests === 0) return new Error('No test ran.')
    return undefined
  }

  #close(code) {
    const lines = []
    const { collectCoverage, coverageDirectory, rootDir } = this.#globalConfig
    const coverage = collectCoverage && pureCoverageLine(rootDir, coverageDirectory)
    if (coverage) lines.push(coverage)
    const results = this.#results
    if (!results) {
      lines.push('tests: 0 passed, 1 failed')
    } else {
      if (results.numTotalTests === 0) lines.push('No test ran: a run that selects no test fails.')
      // A suite that fails to load reports no failed test, and a crashed worker may report none at
      // all, but each is a failure all the same; so is a run that fails for any other reason.
      const counted = results.numFailedTests + results.numRuntimeErrorTestSuites
      const failed = counted === 0 && (code !== 0 || results.numTotalTests === 0) ? 1 : counted
      const skipped = results.numPendingTests + results.numTodoTests
      const tally = `tests: ${results.numPassedTests} passed, ${failed} failed`
      lines.push(skipped > 0 ? `${tally}, ${skipped} skipped` : tally)
    }
    // Synchronous: the process is exiting.
    writeSync(1, `${lines.join('\n')}\n`)
  }
}
