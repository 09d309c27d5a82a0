// Five projects, so that a run can pick what it needs (`npm test -- --selectProjects unit`):
// unit (pure modules and main with mocks), emulator (the emulator's own tests) and behaviour
// (whole steps in jest's process) need no bundle;
// e2e and chaos run the bundled dist/index.js under Node 24, so their global set-up bundles dist/
// (unless it is already what these sources build) and finds Node 24. Jest runs a project's global
// set-up only when one of its tests is selected.
import { availableParallelism } from 'node:os'
import { EDGE_MODULES } from './scripts/pure-core.mjs'
import { SWC_CACHE_ROOT } from './__tests__/helpers/swc-plugin-cache.mjs'

const project = (name, extra = {}) => ({
  displayName: name,
  testMatch: [`<rootDir>/__tests__/${name}/**/*.test.ts`],
  testEnvironment: 'node',
  // The sources are NodeNext ES modules that import with `.js` suffixes. SWC strips the types file
  // by file, without checking them (`npm run typecheck` does that).
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript' },
          target: 'es2023',
          experimental: { cacheRoot: SWC_CACHE_ROOT }
        },
        // Coverage counted by istanbul counters that SWC writes into src/'s files as it compiles
        // them (swc-plugin-coverage-instrument), not V8's: V8's precise coverage slows every file
        // of the run, dependencies and jest included, about 0.7 s of CPU per test file.
        experimental: { customCoverageInstrumentation: { enabled: true } }
      }
    ]
  },
  // Inside the working tree: a clone starts cold, and two clones never share compiled files.
  cacheDirectory: '<rootDir>/.tmp/jest-cache',
  ...extra
})

// Coverage of src/ is the unit tests' figure: the behaviour tests run src/ in their own process,
// but through whole steps, which would cover lines no unit test decides; the end-to-end and chaos
// tests run the bundle in child processes, and the emulator is not src/. So no file is
// instrumented in these projects.
const noCoverage = { coveragePathIgnorePatterns: ['.'] }
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
  globalSetup: '<rootDir>/__tests__/helpers/swc-plugin-cache.mjs',
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
  coverageProvider: 'babel',
  // The pure modules: every src/ module but the edge modules of scripts/pure-core.mjs, which do the
  // I/O and are covered by the behaviour and end-to-end tests. The decisions are made in the
  // pure modules, and they need no mocks to test.
  collectCoverageFrom: ['src/**/*.ts', ...EDGE_MODULES.map(file => `!${file}`)],
  // Of the lines that hold a statement, and of the branches.
  coverageThreshold: { global: { lines: 97, branches: 90 } },
  coverageReporters: ['text-summary'],
  coverageDirectory: '.tmp/coverage',
  // Prints `tests: N passed, N failed` once jest has decided the run.
  testResultsProcessor: '<rootDir>/__tests__/helpers/tally.mjs'
}
