import { describe, expect, it } from '@jest/globals'
import { decideCheckVerdict, stepGate } from '../../src/gate/verdict.js'
import type { CheckFacts } from '../../src/gate/facts.js'
import type { BranchTipAnswer } from '../../src/gate/github-reads.js'
import { buildReport, reasonText } from '../../src/gate/report.js'
import { closingLine, renderSummary } from '../../src/gate/render.js'
import { checkRunJson } from '../helpers/check-run-json.js'

const SHA = 'd'.repeat(40)
const TIP = 'e'.repeat(40)
const FORGIVING = { failOnRed: false, failOnTimeout: false }

function checkRun(over: Record<string, unknown> = {}): Record<string, unknown> {
  return checkRunJson({
    id: 77,
    head_sha: SHA,
    check_suite: { head_branch: 'feature/payments' },
    ...over
  })
}

function onEvent(
  branchTip: BranchTipAnswer | undefined,
  over: Record<string, unknown> = {}
): CheckFacts {
  const event = checkRun(over)
  return {
    source: 'event',
    eventAction: 'completed',
    eventCheckRun: event,
    listed: true,
    rules: { name: 'QA Wolf Test Results', sha: SHA, app: '' },
    checkRuns: [event],
    requests: 3,
    notModified: 0,
    ended: { why: 'settled' },
    ...(branchTip === undefined ? {} : { branchTip })
  }
}

const main = (over: Partial<BranchTipAnswer>): BranchTipAnswer => ({
  branch: 'main',
  fromDefault: true,
  requests: 2,
  ...over
})

describe('the commit rule on a check_run event', () => {
  it("is green for the branch's tip, whatever the SHA's case", () => {
    const verdict = decideCheckVerdict(onEvent(main({ tip: SHA.toUpperCase() })))
    expect(verdict.green).toBe(true)
  })

  it('is superseded for an older commit of the branch, naming both commits, whatever fail-on-red says', () => {
    const verdict = decideCheckVerdict(
      onEvent(main({ tip: TIP, compare: { status: 'behind', mergeBase: SHA } }))
    )
    expect(verdict.status).toBe('superseded')
    expect(stepGate(verdict, FORGIVING)).toEqual({ ends: 'failed' })
    const words = reasonText(verdict.entries[0]!.reason!)
    expect(words).toContain(SHA.slice(0, 12))
    expect(words).toContain(TIP.slice(0, 12))
    expect(words).toContain("the newer commit's own check decides")
    expect(renderSummary(buildReport(verdict, { label: '' }))).toContain(
      'superseded, a newer commit decides'
    )
  })

  // A red check too, so that fail-on-red: false cannot promote a commit not on the branch.
  it.each([
    ['ahead', 'failure'],
    ['diverged', 'success']
  ])(
    'is an error for a commit %s of the tip (not on the branch), its check %s, naming its branch as the event says',
    (status, conclusion) => {
      const verdict = decideCheckVerdict(
        onEvent(main({ tip: TIP, compare: { status } }), { conclusion })
      )
      expect(verdict.status).toBe('error')
      expect(stepGate(verdict, FORGIVING)).toEqual({ ends: 'failed' })
      const words = reasonText(verdict.entries[0]!.reason!)
      expect(words).toContain("(branch 'feature/payments' as the event says)")
      expect(words).toContain("only the tip of 'main' may be promoted")
      expect(
        closingLine(buildReport(verdict, { label: '' }), stepGate(verdict, FORGIVING), '')
      ).toMatchObject({ kind: 'failed' })
    }
  )

  it('is an error for a commit GitHub does not know, without an event branch when none is named', () => {
    const verdict = decideCheckVerdict(
      onEvent(main({ tip: TIP, compare: { notFound: true } }), { check_suite: {} })
    )
    expect(verdict.status).toBe('error')
    const words = reasonText(verdict.entries[0]!.reason!)
    expect(words).toContain('is not known to GitHub in this repository')
    expect(words).not.toContain('as the event says')
  })

  it('is an error for a branch GitHub does not have, input or default', () => {
    const given = decideCheckVerdict(
      onEvent({ branch: 'relase', fromDefault: false, branchMissing: true, requests: 1 })
    )
    expect(given.status).toBe('error')
    expect(reasonText(given.entries[0]!.reason!)).toContain('check the branch input')
    const fallback = decideCheckVerdict(onEvent(main({ branchMissing: true })))
    expect(reasonText(fallback.entries[0]!.reason!)).toContain("the repository's default branch")
  })

  it('is an error, fail-closed, when the standing was not read, failed, or is not what GitHub says', () => {
    const cases: (BranchTipAnswer | undefined)[] = [
      undefined,
      main({ failure: { message: 'needs contents: read', status: 403 } }),
      main({ failure: { message: 'no answer' } }),
      main({}),
      main({ tip: TIP }),
      main({ tip: TIP, compare: { status: 'behind', mergeBase: TIP } }),
      main({ tip: TIP, compare: { status: 'identical', mergeBase: SHA } })
    ]
    for (const branchTip of cases) {
      const verdict = decideCheckVerdict(onEvent(branchTip))
      expect(verdict.green).toBe(false)
      expect(stepGate(verdict, FORGIVING)).toEqual({ ends: 'failed' })
    }
    const refused = decideCheckVerdict(
      onEvent(main({ failure: { message: 'needs contents: read', status: 403 } }))
    )
    expect(refused.entries[0]!.reason).toEqual({
      code: 'branch-read-failed',
      message: 'needs contents: read',
      status: 403
    })
  })

  it('keeps an error or an interruption of the check itself, which already fails the step', () => {
    const verdict = decideCheckVerdict({ ...onEvent(undefined), ended: { why: 'interrupted' } })
    expect(verdict.status).toBe('interrupted')
  })

  it('does not apply to polling: the deploy job gates on the commit it deployed', () => {
    const verdict = decideCheckVerdict({ ...onEvent(undefined), source: 'poll' })
    expect(verdict.green).toBe(true)
  })
})
