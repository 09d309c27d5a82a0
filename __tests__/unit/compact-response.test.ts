import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { bugsKeptPerRun, compactResponse } from '../../src/gate/compact-response.js'
import { answerFigures, classifyBugs } from '../../src/gate/bugs.js'
import { judgeResponse } from '../../src/gate/verdict.js'
import type { GreenlightResponse } from '../../src/kernel/service.js'
import { completedResponse as response, judged, runOutcome } from '../helpers/responses.js'

const QA = 'https://qa.example.com'
const bugUrl = fc.nat({ max: 12 }).map(n => `${QA}/bugs/${n}`)

/** Answers with bug lists that overlap, disagree and repeat, as a faulty service's may. */
const answer: fc.Arbitrary<GreenlightResponse> = fc
  .record({
    greenlight: fc.boolean(),
    blockingBugsCount: fc.option(fc.nat({ max: 4 }), { nil: undefined }),
    blockingBugUrls: fc.option(fc.array(bugUrl, { maxLength: 6 }), { nil: undefined }),
    nonBlockingBugUrls: fc.option(fc.array(bugUrl, { maxLength: 6 }), { nil: undefined }),
    reproducedBugs: fc.array(
      fc.record(
        {
          name: fc.string({ maxLength: 5 }),
          applicationUrl: bugUrl,
          priority: fc.constantFrom('urgent', 'high', 'medium', 'low', null, 3),
          isBlocking: fc.constantFrom(true, false, 'false', null, 0),
          externalIssue: fc.constantFrom({ url: `${QA}/i`, platform: 'Jira', x: [1] }, 'P-1')
        },
        { requiredKeys: ['name'] }
      ),
      { maxLength: 8 }
    ),
    otherBlockingBugsInEnvironment: fc.option(
      fc.array(fc.record({ name: fc.string({ maxLength: 5 }) }), { maxLength: 5 }),
      { nil: undefined }
    )
  })
  .map(fields => {
    const r = { ...response(), ...fields } as Record<string, unknown>
    for (const [key, value] of Object.entries(fields)) if (value === undefined) delete r[key]
    return r as GreenlightResponse
  })

/** The verdict's bug totals of a run whose last answer was `kept`, with the figures given. */
function totals(kept: GreenlightResponse, full: GreenlightResponse): number[] {
  const run = runOutcome({ lastResponse: kept, lastFigures: answerFigures(full) })
  const { blocking, nonBlocking, other } = judged([run]).entries[0]!.bugs
  return [blocking.count.total, nonBlocking.count.total, other.count.total]
}

describe('compactResponse', () => {
  it('never changes the judgement or the bug counts, and keeps the kept bugs as classified', () => {
    fc.assert(
      fc.property(answer, fc.integer({ min: 1, max: 3 }), (full, maxBugs) => {
        const compact = compactResponse(full, maxBugs)
        const without = { reason: undefined, contradiction: undefined }
        expect({ ...judgeResponse(compact), ...without }).toEqual({
          ...judgeResponse(full),
          ...without
        })
        expect(totals(compact, full)).toEqual(totals(full, full))
        const all = classifyBugs(full)
        for (const kind of ['blocking', 'nonBlocking'] as const) {
          const kept = classifyBugs(compact)[kind]
          expect(kept.length).toBeLessThanOrEqual(maxBugs + 1)
          for (const bug of kept) expect(all[kind].map(b => b.url)).toContain(bug.url)
        }
      }),
      { numRuns: 300 }
    )
  })

  it('keeps every other field, shortened, and marks what it cut with the original lengths', () => {
    const long = `${QA}/${'a'.repeat(9000)}`
    const full = {
      ...response({
        greenlight: false,
        blockingBugsCount: 3,
        blockingBugUrls: [long, `${QA}/bugs/2`, `${QA}/bugs/3`],
        reproducedBugs: [long, `${QA}/bugs/2`, `${QA}/bugs/3`].map((url, n) => ({
          name: `Bug ${n}`,
          applicationUrl: url,
          priority: 'high',
          stackTrace: 'x'.repeat(10_000)
        }))
      }),
      debugTrace: 'y'.repeat(100_000),
      nested: { big: 'z'.repeat(3000) }
    }
    const compact = compactResponse(full, 1)
    expect(compact['debugTrace']).toBe(`${'y'.repeat(1000)}…`)
    expect(compact['nested']).toBe('cut by qa-greenlight: 3010 characters of JSON')
    const standIn = compact.reproducedBugs?.[0]?.['applicationUrl']
    expect(standIn).toMatch(/^url-too-long:[0-9a-f]{16}$/)
    expect(compact.reproducedBugs).toEqual([
      {
        name: 'Bug 0',
        priority: 'high',
        applicationUrl: standIn,
        stackTrace: `${'x'.repeat(1000)}…`
      }
    ])
    expect(compact.blockingBugUrls).toEqual([standIn])
    expect(compact.cutByQaGreenlight).toEqual({
      note: expect.stringContaining("within GitHub's limits"),
      originalLengths: { reproducedBugs: 3, blockingBugUrls: 3 },
      blockingBugs: 3,
      nonBlockingBugs: 0,
      otherBlockingBugs: 0
    })
    const small = response({ reproducedBugs: [{ name: 'Typo', priority: 'low' }] })
    expect(compactResponse(small)).toEqual(small)
  })

  it('keeps fewer bugs per run the more runs a step gates, within bounds', () =>
    expect([1, 100, 1000, 100_000].map(bugsKeptPerRun)).toEqual([100, 50, 5, 5]))
})
