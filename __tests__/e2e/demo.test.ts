// `npm run demo` as a new user meets it: one green and one red verdict, the red step's exit 1
// explained as intended, no debug lines (a runner hides them), and what to try next.
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..', '..')

describe('npm run demo', () => {
  it('shows a green and a red verdict and explains itself', () => {
    const demo = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/demo.ts'],
      { cwd: root, encoding: 'utf8', timeout: 400_000 }
    )
    expect(demo.stderr).toBe('')
    expect(demo.status).toBe(0)
    const out = demo.stdout
    expect(out).toContain('staging: status=passed greenlight=true (exit 0)')
    expect(out).toContain('qa:      status=failed greenlight=false (exit 1)')
    expect(out).toContain('The qa step exits 1 on purpose')
    expect(out).toContain('What to try next:')
    // The red run in the real shape: named bugs with their links, under the verdict.
    expect(out).toMatch(/Blocking bugs \(2\)/)
    // The live service's shape: the environment as an object, static or preview.
    expect(out).toContain('Static environment staging (id env-staging).')
    expect(out).toContain('Static environment qa-cluster (id env-qa-cluster).')
    expect(out).toContain('Preview environment pr-12 (id env-1).')
    expect(out).toContain('Preview environment pr-12 is ready; no trigger created a run.')
    expect(out).toContain('The pr-12 notification passes with run-ids=[] (exit 0)')
    // One route more: the same deployment reported on QA Wolf's current path.
    expect(out).toContain('notify via report-status (staging, a workspace on global triggers)')
    expect(out).toContain(
      'The report-status step passes with via=report-status deployment-id=dep-1 (exit 0)'
    )
    // And gated on QA Wolf's check on the commit: a green and a red gate without a run ID.
    expect(out).toContain(
      'staging:    status=passed greenlight=true check-conclusion=success (exit 0)'
    )
    expect(out).toContain(
      'qa-cluster: status=failed greenlight=false check-conclusion=failure (exit 1)'
    )
    // Every workflow of examples/, the preview on the current path and the promotion included.
    expect(out).toContain('pr-12 (current path): status=passed (exit 0)')
    expect(out).toContain("main's tip on QA Wolf's check_run event: status=passed (exit 0)")
    expect(out).not.toContain('trigger_id')
    expect(out).not.toContain('::debug::')
    expect(out).not.toContain('::add-mask::')
    expect(out).not.toContain('demo-key')
  }, 420_000)
})
