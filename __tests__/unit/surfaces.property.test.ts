// Every surface renders the same report: for random verdicts (entries of both sources, every
// status, bug counts larger than the bugs listed), the outputs, the job summary, the pull request
// comment, the annotations and the log lines agree on the class, the status, the bug total and
// "… and N more".
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import type { BugView } from '../../src/gate/bugs.js'
import { RUN_STATUSES_WORST_FIRST, type RunStatus } from '../../src/gate/facts.js'
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

const QA = 'https://qa.example.com'
const MAX_ANNOTATIONS = 8

interface EntrySpec {
  source: 'run' | 'check'
  status: RunStatus
  listed: number
  unlisted: number
  nonBlocking: number
}

const entrySpec: fc.Arbitrary<EntrySpec> = fc.record({
  source: fc.constantFrom('run', 'check'),
  status: fc.constantFrom(...RUN_STATUSES_WORST_FIRST),
  listed: fc.nat({ max: 30 }),
  unlisted: fc.oneof(fc.constant(0), fc.nat({ max: 500 })),
  nonBlocking: fc.nat({ max: 3 })
})

function bugs(entry: number, kind: string, count: number): BugView[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `Bug ${entry}-${kind}-${i}`,
    url: `${QA}/bugs/${entry}-${kind}-${i}`,
    priority: kind === 'b' ? 'high' : 'low',
    blocking: kind === 'b'
  }))
}

function list(shown: BugView[], unlisted: number): BugList {
  return { shown, count: { total: shown.length + unlisted, listed: shown.length, more: unlisted } }
}

/** An entry as a source builds it: a check has no bugs; a run has its answer and its counts. */
function entryOf(spec: EntrySpec, index: number): VerdictEntry {
  const run = spec.source === 'run'
  const blocking = run ? list(bugs(index, 'b', spec.listed), spec.unlisted) : list([], 0)
  const nonBlocking = run ? list(bugs(index, 'n', spec.nonBlocking), 0) : list([], 0)
  const entry: VerdictEntry = {
    source: spec.source,
    id: `${spec.source}-${index}`,
    status: spec.status,
    class: classOf(spec.status),
    bugs: { blocking, nonBlocking, other: list([], 0) }
  }
  if (run) {
    entry.run = {
      queries: 1 + index,
      response: completedResponse({
        rootRunId: entry.id,
        relevantRunId: entry.id,
        greenlight: spec.status === 'passed',
        blockingBugsCount: blocking.count.total
      })
    }
  }
  return entry
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
function moreSaid(text: string): number {
  const match = /… and (\d+) more blocking bugs?/.exec(text)
  return match ? Number(match[1]) : 0
}

function headingAgrees(heading: string, verdict: Verdict): void {
  switch (verdict.class) {
    case 'green':
      expect(heading).toMatch(/^## ✅ .*: green$/)
      break
    case 'red':
      expect(heading).toMatch(
        verdict.status === 'superseded'
          ? /: superseded(, a newer commit decides$| by)/
          : /not green$/
      )
      expect(heading).not.toContain('❌ QA greenlight: superseded')
      expect(heading).not.toContain('no verdict')
      break
    case 'no-verdict':
      expect(heading).toMatch(/no verdict$/)
      expect(heading).toContain(verdict.status === 'timed-out' ? 'timed out' : verdict.status)
      break
  }
}

describe('every surface renders the same verdict', () => {
  it('agrees on class, status, the bug total and "and N more"', () => {
    fc.assert(
      fc.property(verdicts, verdict => {
        const { total, listed } = verdict.bugs.blocking.count
        const green = verdict.class === 'green'
        expect(green).toBe(verdict.green)

        // Outputs.
        const outputs = verdictOutputs(verdict)
        expect(outputs.greenlight).toBe(green ? 'true' : 'false')
        expect(outputs.status).toBe(verdict.status)
        // A check run carries no counts: empty rather than a 0 the summary may contradict.
        const fromCheck =
          verdict.entries.length > 0 && verdict.entries.every(entry => entry.source === 'check')
        expect(outputs['blocking-bugs-count']).toBe(fromCheck ? '' : String(total))

        // The exit and the closing log line.
        const gate = stepGate(verdict, { failOnRed: true, failOnTimeout: true })
        expect(gate.ends === 'green').toBe(green)
        const report = buildReport(verdict, { label: 'lbl' })
        const closing = closingLine(report, gate, '')
        expect(closing.kind === 'info').toBe(green)
        if (!green && verdict.interrupted !== 'reporting') {
          expect(closing.message).toContain(`QA verdict: ${verdict.status}.`)
        }

        // The per-entry log lines.
        for (const entry of verdict.entries) {
          expect(finishedLine(entry)).toMatch(new RegExp(`^Run ${entry.id}: ${entry.status} after`))
        }

        // The job summary: heading by class; each run's bugs, total and rest.
        const summary = renderSummary(report)
        headingAgrees(summary.split('\n')[0] ?? '', verdict)
        const several = verdict.entries.length > 1
        for (const entry of verdict.entries) {
          const count = entry.bugs.blocking.count
          if (entry.source !== 'run' || count.total === 0) continue
          expect(summary).toContain(`**Blocking bugs (${count.total}):**`)
          if (!several) {
            const shown = Math.min(count.listed, MAX_LISTED_BUGS)
            expect(summary.match(/^- \[Bug \d+-b-\d+\]/gm)?.length ?? 0).toBe(shown)
            expect(moreSaid(summary)).toBe(count.total - shown)
          }
        }
        if (!several && verdict.entries[0]?.source === 'run' && verdict.class !== 'green') {
          const lead = summary.split('\n').find(line => line.startsWith('**')) ?? ''
          if (verdict.entries[0].status === 'failed' && verdict.interrupted === undefined) {
            if (total > 0) expect(lead).toContain(`${total} blocking bug`)
          }
        }

        // The pull request comment: the same heading, the step's total and rest.
        const comment = renderPullRequestComment({ label: 'lbl', verdict })
        headingAgrees(comment.split('\n')[1] ?? '', verdict)
        if (total > 0) {
          expect(comment).toContain(`**Blocking bugs (${total}):**`)
          const shown = Math.min(listed, MAX_COMMENT_BUGS)
          expect(comment.match(/^- \[Bug \d+-b-\d+\]/gm)?.length ?? 0).toBe(shown)
          expect(moreSaid(comment)).toBe(total - shown)
        } else {
          expect(comment).not.toContain('**Blocking bugs')
        }

        // The annotations: one per listed bug up to the limit, then the rest, to the same total.
        const annotations = annotationsOf(report, '')
        const named = annotations.filter(a => a.message.startsWith('Blocking bug: ')).length
        expect(named).toBe(Math.min(listed, MAX_ANNOTATIONS))
        const rest = annotations.map(a => moreSaid(a.message)).reduce((a, b) => a + b, 0)
        expect(named + rest).toBe(total)
      }),
      { numRuns: 300 }
    )
  })
})
