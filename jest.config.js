// ts-jest in ESM mode: the sources are NodeNext modules that import with `.js` suffixes.
// Four projects, so that a run can pick what it needs (`npm test -- --selectProjects unit`):
// unit (pure modules and main with mocks) and emulator (the emulator's own tests) need no bundle;
// e2e and chaos run the bundled dist/index.js under Node 24, so their global set-up bundles dist/
// (unless it is already what these sources build) and finds Node 24. Jest runs a project's global
// set-up only when one of its tests is selected.
import { EDGE_MODULES } from './scripts/pure-core.mjs'

const shared = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // tsconfig.json sets isolatedModules, so ts-jest transpiles each file alone, without type
  // checking (`npm run typecheck` does that).
  // ts-jest, its output shared by the projects and filled in before the workers start
  // (shared-ts-transform.mjs, warm-up.mjs).
  transform: {
    '^.+\\.ts$': [
      '<rootDir>/__tests__/helpers/shared-ts-transform.mjs',
      { useESM: true, tsconfig: 'tsconfig.json' }
    ]
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Inside the working tree: a clone starts cold, and two clones never share compiled files.
  cacheDirectory: '<rootDir>/.tmp/jest-cache'
}

const project = (name, extra = {}) => ({
  ...shared,
  displayName: name,
  testMatch: [`<rootDir>/__tests__/${name}/**/*.test.ts`],
  ...extra
})

// Coverage of src/ is the unit tests' figure. The end-to-end tests run the bundle, which jest cannot
// measure, and instrumenting what the emulator and chaos tests import would only slow them down
// (the chaos suite runs the polling engine through hundreds of scenarios).
const noCoverage = { coveragePathIgnorePatterns: ['.*'] }

const warmsUp = { globalSetup: '<rootDir>/__tests__/helpers/warm-up.mjs' }
const runsTheBundle = { globalSetup: '<rootDir>/__tests__/helpers/global-setup.mjs' }

// `npm test` with no arguments is the whole suite: it reports coverage of src/ and enforces the
// thresholds below. A subset would miss files and fail them, so it runs without.
const wholeSuite = process.argv.slice(2).length === 0

/** @type {import('jest').Config} */
export default {
  projects: [
    project('unit', warmsUp),
    project('emulator', { ...warmsUp, ...noCoverage }),
    project('e2e', { ...runsTheBundle, ...noCoverage }),
    project('chaos', { ...runsTheBundle, ...noCoverage })
  ],
  reporters: ['default', '<rootDir>/__tests__/helpers/tally-reporter.mjs'],
  // A run that selects nothing still reaches the tally reporter, which fails it.
  passWithNoTests: true,
  // Fresh clones have no timings: start the long end-to-end and chaos files first (sequencer.mjs).
  testSequencer: '<rootDir>/__tests__/helpers/sequencer.mjs',
  testTimeout: 30000,
  // The end-to-end tests spend much of their time waiting on child processes and loopback sockets:
  // on two cores, six workers finished the warm suite in 41 s where four took 50 s and three 54 s
  // (.ci/run prints the wall time of the whole suite).
  maxWorkers: 6,
  collectCoverage: wholeSuite,
  collectCoverageFrom: ['src/**/*.ts', '!src/index.ts'],
  coverageReporters: ['text-summary', 'json-summary'],
  // The pure modules (every src/ module but the edge modules of scripts/pure-core.mjs) are where
  // the decisions are, and they need no mocks to test: together they keep at least 90 % of lines
  // and branches covered. An edge module named here is taken out of that total; the end-to-end
  // tests cover them through the bundle, which jest cannot measure.
  coverageThreshold: {
    global: { lines: 90, branches: 90 },
    ...Object.fromEntries(
      EDGE_MODULES.filter(file => file !== 'src/index.ts').map(file => [`./${file}`, {}])
    )
  },
  coverageDirectory: '.tmp/coverage'
}
