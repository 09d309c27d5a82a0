// Four projects, so that a run can pick what it needs (`npm test -- --selectProjects unit`):
// unit (pure modules and main with mocks) and emulator (the emulator's own tests) need no bundle;
// e2e and chaos run the bundled dist/index.js under Node 24, so their global set-up bundles dist/
// (unless it is already what these sources build) and finds Node 24. Jest runs a project's global
// set-up only when one of its tests is selected.
import { availableParallelism } from 'node:os'
import { EDGE_MODULES } from './scripts/pure-core.mjs'

const project = (name, extra = {}) => ({
  displayName: name,
  testMatch: [`<rootDir>/__tests__/${name}/**/*.test.ts`],
  testEnvironment: 'node',
  // The sources are NodeNext ES modules that import with `.js` suffixes. SWC strips the types file
  // by file, without checking them (`npm run typecheck` does that).
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' } }]
  },
  // Inside the working tree: a clone starts cold, and two clones never share compiled files.
  cacheDirectory: '<rootDir>/.tmp/jest-cache',
  ...extra
})

// Coverage of src/ is the unit tests' figure: the end-to-end and chaos tests run the bundle in
// child processes, which jest does not measure, and the emulator is not src/. So these projects
// take no V8 coverage at all (uncovered-runtime.mjs): jest takes it of every file of a run with
// coverage, whatever it ignores, at a second or two of each file's time.
const noCoverage = { runtime: '<rootDir>/__tests__/helpers/uncovered-runtime.mjs' }
const runsTheBundle = { globalSetup: '<rootDir>/__tests__/helpers/global-setup.mjs', ...noCoverage }

/** @type {import('jest').Config} */
export default {
  projects: [
    project('unit'),
    project('emulator', noCoverage),
    // The steps of the behaviour tests run in the test's own process (helpers/in-process.ts).
    project('behaviour', {
      ...noCoverage,
      setupFilesAfterEnv: ['<rootDir>/__tests__/helpers/in-process.ts']
    }),
    project('e2e', runsTheBundle),
    project('chaos', runsTheBundle)
  ],
  // A fresh clone has no timings: start the slowest files first, not the largest (sequencer.mjs).
  testSequencer: '<rootDir>/__tests__/helpers/sequencer.mjs',
  // A bound for a test that hangs, not a measure of speed (no test asserts on time): each run of
  // the bundle has its own kill bound (killAfterMs), and on a busy machine an end-to-end test of
  // four runs takes most of a minute.
  testTimeout: 120_000,
  // Two workers per core: an end-to-end test mostly waits on its child process and on loopback,
  // so twice the cores keeps them busy, and, with no test timed, a busy machine only slows the
  // run. On 2 cores: 77 s idle against 142 s with one worker per core, and faster under load too
  // (docs/development.md).
  maxWorkers: 2 * availableParallelism(),
  // Always, whatever the arguments: a subset of the tests fails the thresholds, so run one file
  // with `npm run test:one -- <path>` (CONTRIBUTING.md).
  collectCoverage: true,
  coverageProvider: 'v8',
  // The pure modules: every src/ module but the edge modules of scripts/pure-core.mjs, which do the
  // I/O and are covered by the behaviour and end-to-end tests. The decisions are made in the
  // pure modules, and they need no mocks to test.
  // gate/reasons.ts holds types alone: every import of it is `import type`, so no test ever loads
  // it and V8 would count its lines of types as uncovered code.
  collectCoverageFrom: [
    'src/**/*.ts',
    ...EDGE_MODULES.map(file => `!${file}`),
    '!src/gate/reasons.ts'
  ],
  // V8 counts every line of a file, comments and types included, about three times the lines that
  // hold code: 97 % of them leaves about as many uncovered as 90 % of the executable lines would.
  coverageThreshold: { global: { lines: 97, branches: 90 } },
  coverageReporters: ['text-summary'],
  coverageDirectory: '.tmp/coverage',
  // Prints `tests: N passed, N failed` once jest has decided the run.
  testResultsProcessor: '<rootDir>/__tests__/helpers/tally.mjs'
}
