// verdict-from: check, for any list of check runs GitHub could send: the verdict is green exactly
// when the contract's rule, written here again from the contract, says so; and polling stops (the
// selection is settled) whenever the verdict could be green.
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { decideCheckVerdict, selectCheckRuns, withEventCheckRun } from '../../src/gate/verdict.js'
import type { CheckFacts, CheckRules } from '../../src/gate/facts.js'

const SHA = 'e'.repeat(40)
const OTHER_SHA = 'f'.repeat(40)
const NAME = 'QA Wolf Test Results'
const SINCE = Date.parse('2026-11-26T12:00:00Z')
const READ = { ended: { why: 'settled' } } as const
const CONCLUSIONS = ['success', 'failure', 'neutral', 'skipped', 'cancelled', 'timed_out', 'stale']

const checkRun = fc.record(
  {
    // Few IDs, so that the event's check run is often listed too.
    id: fc.integer({ min: 1, max: 8 }),
    name: fc.constantFrom(NAME, 'QA Wolf Test Run', 'build'),
    head_sha: fc.constantFrom(SHA, OTHER_SHA),
    status: fc.constantFrom('completed', 'in_progress', 'queued'),
    conclusion: fc.constantFrom(...CONCLUSIONS, null),
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

// Stricter than the contract, never looser: a completed check run of the wanted name without a
// conclusion, or without a start while `since` is set, makes the verdict an error, not a guess.
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

// The contract's green: at least one counts, every one that counts completed with success; of one
// app's check runs, the newest counts (GitHub lists an older one beside it from another suite).
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

// The commit's list with the event's check run added: the same check run once, as listed unless
// both copies completed and the event's later (an app may reset a completed check run).
function withEvent(
  listed: Record<string, unknown>[],
  event: Record<string, unknown>
): Record<string, unknown>[] {
  // Without an ID it cannot be found in the list: it is added, and both must be green.
  const same = event['id'] === undefined ? -1 : listed.findIndex(run => run['id'] === event['id'])
  if (same < 0) return [...listed, event]
  const copy = listed[same]!
  const eventLater =
    event['status'] === 'completed' &&
    copy['status'] === 'completed' &&
    typeof event['completed_at'] === 'string' &&
    typeof copy['completed_at'] === 'string' &&
    Date.parse(event['completed_at']) > Date.parse(copy['completed_at'])
  return listed.map((run, i) => (i === same && eventLater ? event : run))
}

describe('the check verdict, for any check runs', () => {
  it('is green exactly when the contract says so, and polling has stopped by then', () => {
    fc.assert(
      fc.property(fc.array(checkRun, { maxLength: 6 }), rules, (runs, checkRules) => {
        const facts = { source: 'poll', rules: checkRules, checkRuns: runs, ...READ } as const
        const verdict = decideCheckVerdict(facts)
        expect(verdict.green).toBe(contractGreen(runs, checkRules))
        if (verdict.green) expect(selectCheckRuns(runs, checkRules).settled).toBe(true)
      }),
      { numRuns: 300 }
    )
  })

  it("on a check_run event, is green exactly when the event is about the wanted check completing and the commit's list, with it, is green by the contract", () => {
    fc.assert(
      fc.property(
        checkRun,
        fc.array(checkRun, { maxLength: 5 }),
        rules,
        fc.constantFrom('2026-11-26T12:30:00Z', '2026-11-26T12:40:00Z'),
        fc.constantFrom('2026-11-26T12:30:00Z', '2026-11-26T12:40:00Z'),
        (event, listed, checkRules, eventEnd, listedEnd) => {
          const sent = { ...event, completed_at: eventEnd }
          const list = listed.map(run => ({ ...run, completed_at: listedEnd }))
          // The gatherer reads the list only for a completed event about the wanted check.
          const about =
            counts(sent, checkRules) &&
            !unreadable(sent, checkRules) &&
            sent['status'] === 'completed'
          const checkRuns = about ? withEventCheckRun(list, sent) : [sent]
          expect(checkRuns).toEqual(about ? withEvent(list, sent) : [sent])
          const facts: CheckFacts = {
            source: 'event',
            eventAction: 'completed',
            eventCheckRun: sent,
            ...(about ? { listed: true } : {}),
            // The commit is the branch's tip: the commit rule has its own tests.
            branchTip: { branch: 'main', fromDefault: true, tip: checkRules.sha },
            rules: checkRules,
            checkRuns,
            ...READ
          }
          const verdict = decideCheckVerdict(facts)
          expect(verdict.green).toBe(about && contractGreen(withEvent(list, sent), checkRules))
        }
      ),
      { numRuns: 300 }
    )
  })
})
