// Compaction keeps what a step reports and never changes what an answer decides: the same
// judgement, the same bug counts, the kept bugs classified as in the whole answer, the cut marked.
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { bugsKeptPerRun, compactResponse } from '../../src/gate/compact-response.js'
import { classifyBugs } from '../../src/gate/bugs.js'
import { judgeResponse } from '../../src/gate/verdict.js'
import { answerFigures, type AnswerFigures } from '../../src/gate/bugs.js'
import type { GreenlightResponse } from '../../src/kernel/service.js'
import { completedResponse as response, judged, runOutcome } from '../helpers/responses.js'

/** The verdict's bug totals of a run whose last answer was `kept`, with the figures given. */
function totals(kept: GreenlightResponse, lastFigures?: AnswerFigures): number[] {
  const run = runOutcome({ lastResponse: kept, ...(lastFigures ? { lastFigures } : {}) })
  const { blocking, nonBlocking, other } = judged([run]).entries[0]!.bugs
  return [blocking.count.total, nonBlocking.count.total, other.count.total]
}

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
          priority: fc.constantFrom('urgent', 'high', 'medium', 'low', 'critical', null, 3),
          isBlocking: fc.constantFrom(true, false, 'false', null, 0)
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
    const r: GreenlightResponse = { ...response(), ...fields }
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) delete (r as Record<string, unknown>)[key]
    }
    return r
  })

describe('compactResponse', () => {
  it('never changes the judgement or the bug counts, and keeps the kept bugs as classified', () => {
    fc.assert(
      fc.property(answer, fc.integer({ min: 1, max: 3 }), (full, maxBugs) => {
        const compact = compactResponse(full, maxBugs)
        const judged = judgeResponse(compact)
        const expected = judgeResponse(full)
        expect({ ...judged, reason: undefined, contradiction: undefined }).toEqual({
          ...expected,
          reason: undefined,
          contradiction: undefined
        })
        // The verdict counts from the whole answer's figures, counted on arrival.
        expect(totals(compact, answerFigures(full))).toEqual(totals(full))
        const kept = classifyBugs(compact)
        const all = classifyBugs(full)
        expect(kept.blocking.length).toBeLessThanOrEqual(maxBugs + 1)
        expect(kept.nonBlocking.length).toBeLessThanOrEqual(maxBugs + 1)
        for (const bug of kept.blocking) expect(all.blocking.map(b => b.url)).toContain(bug.url)
        for (const bug of kept.nonBlocking) {
          expect(all.nonBlocking.map(b => b.url)).toContain(bug.url)
        }
      }),
      { numRuns: 1000 }
    )
  })

  it('keeps every field but the cut lists, shortened, and marks what it cut with the original lengths', () => {
    const full = {
      ...response({
        greenlight: false,
        blockingBugsCount: 3,
        blockingBugUrls: [`${QA}/bugs/1`, `${QA}/bugs/2`, `${QA}/bugs/3`],
        reproducedBugs: [1, 2, 3].map(n => ({
          name: `Bug ${n}`,
          applicationUrl: `${QA}/bugs/${n}`,
          priority: 'high',
          stackTrace: 'x'.repeat(10_000)
        }))
      }),
      debugTrace: 'y'.repeat(100_000)
    }
    const compact = compactResponse(full, 1)
    // A field the action does not know only informs: it survives, shortened (issue 33).
    expect(compact['debugTrace']).toBe(`${'y'.repeat(1000)}…`)
    expect(compact.reproducedBugs).toEqual([
      {
        name: 'Bug 1',
        priority: 'high',
        applicationUrl: `${QA}/bugs/1`,
        stackTrace: `${'x'.repeat(1000)}…`
      }
    ])
    expect(compact.blockingBugUrls).toEqual([`${QA}/bugs/1`])
    expect(compact.cutByQaGreenlight).toEqual({
      note: expect.stringContaining("within GitHub's limits"),
      originalLengths: { reproducedBugs: 3, blockingBugUrls: 3 },
      blockingBugs: 3,
      nonBlockingBugs: 0,
      otherBlockingBugs: 0
    })
  })

  it('leaves an answer within the limits as it was, without a marker', () => {
    const full = response({ reproducedBugs: [{ name: 'Typo', priority: 'low' }] })
    expect(compactResponse(full)).toEqual(full)
  })

  it('replaces a URL too long to be a link by the same stand-in everywhere', () => {
    const long = `${QA}/${'a'.repeat(9000)}`
    const compact = compactResponse(
      response({
        greenlight: false,
        blockingBugUrls: [long],
        reproducedBugs: [{ name: 'Long', applicationUrl: long, isBlocking: false }]
      })
    )
    const standIn = compact.reproducedBugs?.[0]?.['applicationUrl']
    expect(standIn).toMatch(/^url-too-long:[0-9a-f]{16}$/)
    expect(compact.blockingBugUrls).toEqual([standIn])
  })

  it('keeps fewer bugs per run the more runs a step gates, within bounds', () => {
    expect(bugsKeptPerRun(1)).toBe(100)
    expect(bugsKeptPerRun(100)).toBe(50)
    expect(bugsKeptPerRun(1000)).toBe(5)
    expect(bugsKeptPerRun(100_000)).toBe(5)
  })
})
