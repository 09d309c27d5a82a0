import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import type { BugView } from '../../src/gate/bugs.js'
import { RUN_STATUSES_WORST_FIRST } from '../../src/gate/facts.js'
import {
  classOf,
  interruptedWhileReporting,
  stepGate,
  verdictOf,
  type BugList,
  type Verdict,
  type VerdictEntry
} from '../../src/gate/verdict.js'
import {
  annotations as annotationsOf,
  closingLine,
  finishedLine,
  MAX_COMMENT_BUGS,
  MAX_LISTED_BUGS,
  renderPullRequestComment,
  renderSummary,
  verdictOutputs
} from '../../src/gate/render.js'
import { buildReport } from '../../src/gate/report.js'
import { completedResponse } from '../helpers/responses.js'

const entrySpec = fc.record({
  source: fc.constantFrom('run', 'check'),
  status: fc.constantFrom(...RUN_STATUSES_WORST_FIRST),
  listed: fc.nat({ max: 30 }),
  unlisted: fc.oneof(fc.constant(0), fc.nat({ max: 500 })),
  nonBlocking: fc.nat({ max: 3 })
})
type EntrySpec = typeof entrySpec extends fc.Arbitrary<infer T> ? T : never

function list(entry: number, kind: 'b' | 'n', listed: number, unlisted = 0): BugList {
  const shown: BugView[] = Array.from({ length: listed }, (_, i) => ({
    name: `Bug ${entry}-${kind}-${i}`,
    url: `https://qa.example.com/bugs/${entry}-${kind}-${i}`,
    priority: kind === 'b' ? 'high' : 'low',
    blocking: kind === 'b'
  }))
  return { shown, count: { total: listed + unlisted, listed, more: unlisted } }
}

/** An entry as a source builds it: a check has no bugs; a run has its answer and its counts. */
function entryOf(spec: EntrySpec, index: number): VerdictEntry {
  const run = spec.source === 'run'
  const blocking = run ? list(index, 'b', spec.listed, spec.unlisted) : list(index, 'b', 0)
  const id = `${spec.source}-${index}`
  const greenlight = spec.status === 'passed'
  return {
    source: spec.source,
    id,
    status: spec.status,
    class: classOf(spec.status),
    bugs: {
      blocking,
      nonBlocking: list(index, 'n', run ? spec.nonBlocking : 0),
      other: list(index, 'b', 0)
    },
    ...(run
      ? {
          run: {
            queries: 1 + index,
            response: completedResponse({
              rootRunId: id,
              relevantRunId: id,
              greenlight,
              blockingBugsCount: blocking.count.total
            })
          }
        }
      : {})
  }
}

const verdicts: fc.Arbitrary<Verdict> = fc
  .record({
    specs: fc.array(entrySpec, { minLength: 1, maxLength: 4 }),
    reporting: fc.boolean(),
    timeoutMs: fc.constantFrom(0, 90_000, 7_200_000)
  })
  .map(({ specs, reporting, timeoutMs }) => {
    let verdict = verdictOf(specs.map(entryOf))
    if (verdict.status === 'timed-out') verdict.timedOutAfterMs = timeoutMs
    if (reporting) verdict = interruptedWhileReporting(verdict)
    return verdict
  })

/** "… and N more blocking bugs" as a surface says it, or 0 when it says none. */
const moreSaid = (text: string): number =>
  Number(/… and (\d+) more blocking bugs?/.exec(text)?.[1] ?? 0)

function headingAgrees(heading: string, verdict: Verdict): void {
  if (verdict.class === 'green') expect(heading).toMatch(/^## ✅ .*: green$/)
  else if (verdict.class === 'no-verdict') {
    expect(heading).toMatch(/no verdict$/)
    expect(heading).toContain(verdict.status === 'timed-out' ? 'timed out' : verdict.status)
  } else {
    const superseded = /^## ⏭️ .*: superseded(, a newer commit decides$| by)/
    expect(heading).toMatch(verdict.status === 'superseded' ? superseded : /not green$/)
  }
}

describe('every surface renders the same verdict', () => {
  it('agrees on class, status, the bug total and "and N more"', () => {
    fc.assert(
      fc.property(verdicts, verdict => {
        const { total, listed } = verdict.bugs.blocking.count
        const green = verdict.class === 'green'
        expect(green).toBe(verdict.green)

        const outputs = verdictOutputs(verdict)
        expect([outputs.greenlight, outputs.status]).toEqual([String(green), verdict.status])
        // A check run carries no counts: empty rather than a 0 the summary may contradict.
        const fromCheck = verdict.entries.every(entry => entry.source === 'check')
        expect(outputs['blocking-bugs-count']).toBe(fromCheck ? '' : String(total))

        const gate = stepGate(verdict, { failOnRed: true, failOnTimeout: true })
        expect(gate.ends === 'green').toBe(green)
        const report = buildReport(verdict, { label: 'lbl' })
        const closing = closingLine(report, gate, '')
        expect(closing.kind === 'info').toBe(green)
        if (!green && verdict.interrupted !== 'reporting') {
          expect(closing.message).toContain(`QA verdict: ${verdict.status}.`)
        }
        for (const entry of verdict.entries) {
          expect(finishedLine(entry)).toMatch(new RegExp(`^Run ${entry.id}: ${entry.status} after`))
        }

        const summary = renderSummary(report)
        headingAgrees(summary.split('\n')[0] ?? '', verdict)
        for (const entry of verdict.entries) {
          const count = entry.bugs.blocking.count
          if (entry.source !== 'run' || count.total === 0) continue
          expect(summary).toContain(`**Blocking bugs (${count.total}):**`)
          if (verdict.entries.length > 1) continue
          const shown = Math.min(count.listed, MAX_LISTED_BUGS)
          expect(summary.match(/^- \[Bug \d+-b-\d+\]/gm)?.length ?? 0).toBe(shown)
          expect(moreSaid(summary)).toBe(count.total - shown)
        }

        const comment = renderPullRequestComment({ label: 'lbl', verdict })
        headingAgrees(comment.split('\n')[1] ?? '', verdict)
        const shown = Math.min(listed, MAX_COMMENT_BUGS)
        expect(comment.includes(`**Blocking bugs (${total}):**`)).toBe(total > 0)
        expect(comment.match(/^- \[Bug \d+-b-\d+\]/gm)?.length ?? 0).toBe(shown)
        expect(moreSaid(comment)).toBe(total - shown)

        // One annotation per listed bug up to eight, then the rest, to the same total.
        const annotations = annotationsOf(report, '')
        const named = annotations.filter(a => a.message.startsWith('Blocking bug: ')).length
        expect(named).toBe(Math.min(listed, 8))
        expect(named + annotations.reduce((sum, a) => sum + moreSaid(a.message), 0)).toBe(total)
      }),
      { numRuns: 300 }
    )
  })
})
