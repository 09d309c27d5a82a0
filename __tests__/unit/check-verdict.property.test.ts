// verdict-from: check, for any list of check runs GitHub could send: the verdict is green exactly
// when the contract's rule, written here again from the contract, says so; and polling stops (the
// selection is settled) whenever the verdict could be green.
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { decideCheckVerdict } from '../../src/greenlight/verdict.js'
import { selectCheckRuns, type CheckRules } from '../../src/greenlight/check-selection.js'
import type { CheckFacts } from '../../src/greenlight/run-outcome.js'

const SHA = 'e'.repeat(40)
const OTHER_SHA = 'f'.repeat(40)
const NAME = 'QA Wolf Test Results'
const SINCE = Date.parse('2026-11-26T12:00:00Z')

const checkRun = fc.record(
  {
    id: fc.integer({ min: 1, max: 1000 }),
    name: fc.constantFrom(NAME, 'QA Wolf Test Run', 'build'),
    head_sha: fc.constantFrom(SHA, OTHER_SHA),
    status: fc.constantFrom('completed', 'in_progress', 'queued'),
    conclusion: fc.constantFrom(
      'success',
      'failure',
      'neutral',
      'skipped',
      'cancelled',
      'timed_out',
      'action_required',
      'startup_failure',
      'stale',
      null
    ),
    started_at: fc.constantFrom(
      '2026-11-26T11:00:00Z',
      '2026-11-26T12:00:00Z',
      '2026-11-26T13:00:00Z'
    ),
    app: fc.record({ slug: fc.constantFrom('qawolf', 'github-actions', 'other-app') })
  },
  { requiredKeys: ['name', 'head_sha', 'status', 'app'] }
)

/** The contract's rule for one check run: does it count? */
function counts(run: Record<string, unknown>, rules: CheckRules): boolean {
  const app = slugOf(run)
  const appCounts = rules.app === '' ? app !== 'github-actions' : app === rules.app
  const started = typeof run['started_at'] === 'string' ? Date.parse(run['started_at']) : NaN
  return (
    run['name'] === rules.name &&
    run['head_sha'] === rules.sha &&
    appCounts &&
    // Not started yet (only before it completes): pending, so it counts and holds the verdict.
    (rules.sinceMs === undefined ||
      (typeof run['started_at'] === 'string'
        ? started >= rules.sinceMs
        : run['status'] !== 'completed'))
  )
}

/**
 * Stricter than the contract, never looser: a check run of the wanted name whose deciding fields
 * cannot be read (a completed one without a conclusion, or without a start while `since` is set)
 * makes the verdict an error, rather than being guessed to count or not. One not completed and not
 * started yet is pending: it never makes the verdict green, whatever it turns out to be.
 */
function unreadable(run: Record<string, unknown>, rules: CheckRules): boolean {
  return (
    run['name'] === rules.name &&
    run['status'] === 'completed' &&
    (typeof run['conclusion'] !== 'string' ||
      (rules.sinceMs !== undefined && typeof run['started_at'] !== 'string'))
  )
}

/** Created after: by ID (GitHub's grow), else by start; neither told apart: not newer. */
function newer(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  if (typeof a['id'] === 'number' && typeof b['id'] === 'number' && a['id'] !== b['id']) {
    return a['id'] > b['id']
  }
  return (
    typeof a['started_at'] === 'string' &&
    typeof b['started_at'] === 'string' &&
    Date.parse(a['started_at']) > Date.parse(b['started_at'])
  )
}

const slugOf = (run: Record<string, unknown>): string => (run['app'] as { slug: string }).slug

/**
 * The contract's green: at least one counts, every one that counts completed with success; of one
 * app's check runs, the newest counts (GitHub lists an older one beside it from another suite).
 */
function contractGreen(runs: Record<string, unknown>[], rules: CheckRules): boolean {
  const matching = runs.filter(run => counts(run, rules))
  const counting = matching.filter(
    run => !matching.some(other => slugOf(other) === slugOf(run) && newer(other, run))
  )
  return (
    !runs.some(run => unreadable(run, rules)) &&
    counting.length > 0 &&
    counting.every(run => run['status'] === 'completed' && run['conclusion'] === 'success')
  )
}

const rules = fc.record(
  {
    name: fc.constant(NAME),
    sha: fc.constant(SHA),
    app: fc.constantFrom('', 'qawolf', 'github-actions'),
    sinceMs: fc.constant(SINCE)
  },
  { requiredKeys: ['name', 'sha', 'app'] }
)

describe('the check verdict, for any check runs', () => {
  it('is green exactly when the contract says so, and polling has stopped by then', () => {
    fc.assert(
      fc.property(
        fc.array(checkRun, { maxLength: 6 }),
        rules,
        fc.constantFrom<'poll' | 'event'>('poll', 'event'),
        (runs, checkRules, source) => {
          const list = source === 'event' ? runs.slice(0, 1) : runs
          const facts: CheckFacts = {
            source,
            ...(source === 'event' ? { eventAction: 'completed' } : {}),
            rules: checkRules,
            checkRuns: list,
            requests: 1,
            notModified: 0,
            ended: { why: 'settled' }
          }
          const verdict = decideCheckVerdict(facts)
          expect(verdict.green).toBe(contractGreen(list, checkRules))
          if (verdict.green) expect(selectCheckRuns(list, checkRules).settled).toBe(true)
        }
      ),
      { numRuns: 2000 }
    )
  })
})
