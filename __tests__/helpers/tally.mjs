// Jest's `testResultsProcessor` (jest.config.js): prints the one plain line CI reads, `tests: N
// passed, N failed`. Jest calls it once the run is decided, after the reporters and the coverage
// thresholds, and takes the exit code from the same `success` field.
export default function tally(results) {
  const counted = results.numFailedTests + results.numRuntimeErrorTestSuites
  // A run can fail with no failed test (a coverage threshold, a crashed worker): still a failure.
  const failed = counted === 0 && !results.success ? 1 : counted
  const skipped = results.numPendingTests + results.numTodoTests
  const line = `tests: ${results.numPassedTests} passed, ${failed} failed`
  console.log(skipped > 0 ? `${line}, ${skipped} skipped` : line)
  return results
}
