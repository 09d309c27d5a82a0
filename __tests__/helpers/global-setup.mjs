// Global set-up of the e2e and chaos projects (jest.config.js): jest runs it only when a test of
// one of them is selected, so a run of the unit tests alone does not bundle.
// Both run the bundled dist/index.js under Node 24, as a runner does.
import { spawnSync } from 'node:child_process'
import { actionDefaults } from '../../scripts/action-defaults.mjs'
import { distMatchesSources } from '../../scripts/bundle-record.mjs'
import { resolveNode24, REPO_ROOT as root } from '../../scripts/node24.mjs'

/** Bundles dist/ unless it is what `npm run bundle` built from these very sources. */
function bundleUnlessFresh() {
  if (distMatchesSources()) {
    console.log('dist/ is what npm run bundle built from these very sources: not bundling again.')
    return
  }
  const bundle = spawnSync('npm', ['run', '--silent', 'bundle'], { cwd: root, stdio: 'inherit' })
  if (bundle.status !== 0) throw new Error(`npm run bundle failed (exit ${bundle.status})`)
}

export default function globalSetup() {
  try {
    bundleUnlessFresh()
    // Resolved (and if needed fetched) once, before the workers start in parallel; they inherit it
    // as NODE24_BIN (scripts/node24.mjs).
    resolveNode24()
    // Likewise action.yml's defaults, which every run of the action fills in.
    actionDefaults()
  } catch (error) {
    // No test runs and no reporter hears of it: close with the tally CI reads all the same.
    console.log('tests: 0 passed, 1 failed')
    throw error
  }
}
