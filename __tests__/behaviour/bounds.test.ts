// GitHub's limits, as a step meets them: whatever the service sends, all outputs of one step together stay
// under 256 KiB, the job summary under 1 MiB, cut lists say they were cut, the counts and the
// verdict stay exact; many runs are gated with at most 16 requests open, none lost between notify
// and greenlight.
import { describe, expect, it, jest } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import type { RunConfig } from '../../emulator/server.js'
import {
  commandsOf,
  greenlightInputs,
  greenlightStep,
  messagesOf,
  notifyInputs,
  notifyStep,
  qaService,
  sendJson,
  tinyServer
} from '../helpers/e2e.js'
import { outcome } from '../helpers/check-fixtures.js'
import { stageResponse } from '../helpers/responses.js'

const STEP_OUTPUTS_MAX_BYTES = 256 * 1024

// The cases with hundreds of runs take seconds of CPU, many more on a loaded machine. The step
// timeout, the runner's kill and jest's limit of those cases are set far past any machine's speed:
// a slow machine makes them slower, never red. None of the three is what they assert.
const UNHURRIED = { timeout: '30m' }
const KILL_AFTER_MS = 30 * 60_000
// Two steps at most per case.
jest.setTimeout(2 * KILL_AFTER_MS + 60_000)

/** A completed answer for `runId` with `blocking` + `nonBlocking` bugs and a long unknown field. */
function bigAnswer(runId: string, blocking: number, nonBlocking: number, padding = 0) {
  const url = (i: number) => `https://qa.example.com/bugs/${runId}/${i}`
  const blockingUrls = Array.from({ length: blocking }, (_, i) => url(i))
  const nonBlockingUrls = Array.from({ length: nonBlocking }, (_, i) => url(blocking + i))
  return {
    ...stageResponse({
      stage: 'completed',
      queriedRunId: runId,
      blockingBugUrls: blockingUrls,
      nonBlockingBugUrls: nonBlockingUrls,
      reproducedBugs: [...blockingUrls, ...nonBlockingUrls].map((applicationUrl, i) => ({
        name: `Bug ${i} ${'x'.repeat(150)}`,
        number: i,
        priority: i < blocking ? 'high' : 'low',
        applicationUrl
      }))
    }),
    debugTrace: 'y'.repeat(padding)
  }
}

const MIB = 1024 * 1024
type Bug = NonNullable<RunConfig['bugs']>[number]

/** A service that answers each run's query with `answer(runId)` 20 ms later, counting those open. */
async function service(answer: (runId: string) => unknown) {
  const server = await tinyServer()
  const open = { now: 0, most: 0 }
  server.handle = (req, res) => {
    open.most = Math.max(open.most, ++open.now)
    const runId = decodeURIComponent(/ci-greenlight\/([^?]+)/.exec(req.url ?? '')?.[1] ?? '')
    setTimeout(() => {
      open.now--
      sendJson(res, JSON.stringify(answer(runId)))
    }, 20)
  }
  return Object.assign(server, { open })
}

describe('outputs within GitHub limits', () => {
  it('a red run with a 900 kB answer: outputs under 256 KiB, counts exact, lists marked as cut', async () => {
    const server = await service(runId => bigAnswer(runId, 1200, 1200, 5000))
    const run = await greenlightStep(server, 'run-big')

    expect(run.exitCode).toBe(1)
    expect(Buffer.byteLength(run.outputFile)).toBeLessThan(STEP_OUTPUTS_MAX_BYTES)
    expect(outcome(run)).toMatchObject({ status: 'failed', 'blocking-bugs-count': '1200' })
    expect(run.outputs['non-blocking-bugs-count']).toBe('1200')
    const [answer, ...rest] = JSON.parse(run.outputs['result'] ?? '') as Record<string, unknown>[]
    expect(rest).toEqual([])
    // Every field stays, shortened; only the bug lists are cut.
    expect(answer).toMatchObject({ rootRunId: 'run-big', runStage: 'completed', greenlight: false })
    expect(String(answer?.['debugTrace']).length).toBeLessThanOrEqual(1001)
    expect(answer?.['cutByQaGreenlight']).toMatchObject({
      originalLengths: { reproducedBugs: 2400, blockingBugUrls: 1200, nonBlockingBugUrls: 1200 },
      blockingBugs: 1200,
      nonBlockingBugs: 1200
    })
    const urls = JSON.parse(run.outputs['blocking-bug-urls'] ?? '') as string[]
    expect(urls.length).toBeLessThan(1200)
    expect(urls.at(-1)).toMatch(/^… \d+ more URLs \(cut to stay within GitHub's output limits/)
    expect(run.summary).toContain('## ❌ QA greenlight: not green')
    expect(run.summary).toContain('**Blocking bugs (1200):**')
    expect(run.summary).toContain('… and 1100 more blocking bugs')
  })

  it('notify: 1,600 results with long messages stay under 256 KiB, marked as cut; its 800 run IDs are whole', async () => {
    const server = await tinyServer()
    const results = Array.from({ length: 1600 }, (_, i) =>
      i % 2 === 0
        ? {
            trigger_id: `trigger-${i}`,
            outcome: 'created',
            created_suite_id: `run-${i}`,
            note: 'z'
          }
        : { trigger_id: `trigger-${i}`, outcome: 'failed', failure_message: 'm'.repeat(500) }
    )
    server.handle = (_req, res) => sendJson(res, JSON.stringify({ results }))
    const run = await notifyStep(server, { sha: 'a'.repeat(40) })

    expect(run.exitCode).toBe(0)
    expect(Buffer.byteLength(run.outputFile)).toBeLessThan(STEP_OUTPUTS_MAX_BYTES)
    expect(run.outputs['run-id']).toBe('run-0')
    const shown = JSON.parse(run.outputs['results'] ?? '') as Record<string, unknown>[]
    expect(shown[0]).toEqual({
      trigger_id: 'trigger-0',
      outcome: 'created',
      created_suite_id: 'run-0'
    })
    expect(shown.at(-1)).toEqual({
      cutByQaGreenlight: expect.stringMatching(/^\d+ more entries left out/)
    })
    const runIds = JSON.parse(run.outputs['run-ids'] ?? '') as string[]
    expect(runIds).toHaveLength(800)
    expect(runIds.slice(0, 3)).toEqual(['run-0', 'run-2', 'run-4'])
    expect(run.outputs['run-ids-cut']).toBe('false')
    expect(run.summary).toContain('800 runs')
  })

  it('notify: a 1.2 MB warning beside the decisive answer loses nothing, and is shown shortened', async () => {
    const server = await tinyServer()
    const answer = {
      results: [{ trigger_id: 't', outcome: 'created', created_suite_id: 'run-9' }],
      warning: `Heads up: ${'w'.repeat(1_200_000)}`
    }
    server.handle = (_req, res) => sendJson(res, JSON.stringify(answer))
    const run = await notifyStep(server, { sha: 'a'.repeat(40) })
    expect(run.exitCode).toBe(0)
    expect(server.requests).toHaveLength(1)
    expect(run.outputs['run-ids']).toBe('["run-9"]')
    expect(messagesOf(run, 'warning').join('\n')).toContain('Heads up: www')
    expect(run.stdout.length).toBeLessThan(100_000)
  })
})

describe('no run is lost between notify and greenlight', () => {
  it('notify: 3,000 run IDs give a cut run-ids that stays a JSON array, run-ids-cut and a warning; greenlight gates every ID of it, 16 at most at once, a blocking bug past the per-run list cap still counted', async () => {
    const ids = Array.from({ length: 3000 }, (_, i) => `run-${String(i).padStart(20, '0')}`)
    const notifyService = await tinyServer()
    const results = ids.map((id, i) => ({
      trigger_id: `t-${i}`,
      outcome: 'created',
      created_suite_id: id
    }))
    notifyService.handle = (_req, res) => sendJson(res, JSON.stringify({ results }))
    const notify = await runAction({
      inputs: notifyInputs(notifyService, { sha: 'a'.repeat(40) }),
      killAfterMs: KILL_AFTER_MS
    })

    expect(outcome(notify)).toMatchObject({ exitCode: 0, 'run-ids-cut': 'true' })
    const passed = JSON.parse(notify.outputs['run-ids'] ?? '') as string[]
    expect(passed.length).toBeGreaterThan(1000)
    expect(passed).toEqual(ids.slice(0, passed.length))
    const [warning] = messagesOf(notify, 'warning').filter(m => m.includes('run-ids'))
    expect(warning).toContain(`holds the first ${passed.length} of 3000 run IDs`)
    expect(warning).toContain('run-ids-cut is true')

    // Passed straight in, every ID it holds is gated. With so many runs each keeps only a few
    // entries of its other workflows' bugs (5): a blocking one at the 6th place still counts.
    const blocking = { name: 'Search is broken', priority: 'high', isBlocking: true }
    const typo = (n: number) => ({ name: `Typo ${n}`, priority: 'low', isBlocking: false })
    const others = Array.from({ length: 8 }, (_, i) => (i === 5 ? blocking : typo(i)))
    const gate = await service(id => ({
      ...stageResponse({ stage: 'completed', queriedRunId: id }),
      otherBlockingBugsInEnvironment: id === passed[700] ? others : []
    }))
    const greenlight = await runAction({
      inputs: greenlightInputs(gate, 'unused', {
        'run-id': notify.outputs['run-ids'] ?? '',
        'outcome-when-blocking-bugs-in-other-workflows': 'red',
        ...UNHURRIED
      }),
      killAfterMs: KILL_AFTER_MS
    })
    expect(greenlight.outputs['status']).toBe('failed')
    expect(outcome(greenlight)).toMatchObject({ 'other-blocking-bugs-count': '1', exitCode: 1 })
    expect(gate.requests[0]?.target).toContain('outcomeWhenBlockingBugsInOtherWorkflows=red')
    const asked = new Set(
      gate.requests.map(r => decodeURIComponent(r.target.split('?')[0]?.split('/').pop() ?? ''))
    )
    expect(asked).toEqual(new Set(passed))
    // At most 16 queries open at once; every run counted, though the answers listed are cut.
    expect(gate.open.most).toBeLessThanOrEqual(16)
    expect(gate.open.most).toBeGreaterThan(1)
    expect(Buffer.byteLength(greenlight.outputFile)).toBeLessThan(STEP_OUTPUTS_MAX_BYTES)
    const result = JSON.parse(greenlight.outputs['result'] ?? '') as Record<string, unknown>[]
    expect(result.length).toBeLessThan(passed.length)
    expect(result.at(-1)).toEqual({
      cutByQaGreenlight: expect.stringMatching(
        /^\d+ more answers left out, cut to stay within GitHub's output limits/
      )
    })
  })
})

describe('the job summary within 1 MiB', () => {
  it('keeps the summary under 1 MiB with 5,000 bugs, pointing to the rest', async () => {
    const bugs: Bug[] = Array.from({ length: 5000 }, (_, i) => ({
      id: `b${i}`,
      name: i % 2 === 0 ? `<b>Bug ${i}</b>` : `[Bug ${i}](javascript:alert(${i}))`
    }))
    const em = await qaService({
      runs: [{ id: 'run-many', timeline: [{ stage: 'completed' }], bugs }]
    })
    const run = await greenlightStep(em, 'run-many')

    expect(outcome(run)).toMatchObject({ exitCode: 1, 'blocking-bugs-count': '5000' })
    // The output list is cut to stay within GitHub's output limits, and says so.
    const urls = JSON.parse(run.outputs['blocking-bug-urls'] ?? '') as string[]
    expect(urls).toHaveLength(101)
    expect(urls.at(-1)).toMatch(/^… 4900 more URLs \(cut to stay within GitHub's output limits/)
    expect(Buffer.byteLength(run.summary, 'utf8')).toBeLessThan(MIB)
    expect(run.summary).toMatch(/and 4,?900 more blocking bugs/)
    expect(run.summary).toContain(
      `[see them all in the QA service](${em.url}/runs/run-many?filter=bugs)`
    )
    expect(run.summary).not.toContain('<b>')
    expect(run.summary).not.toContain('](javascript:')
    // GitHub shows about ten error annotations a step: eight bugs, "4,992 more", the verdict.
    const errors = commandsOf(run, 'error')
    expect(errors).toHaveLength(10)
    expect(errors[8]?.message).toContain('4992 more blocking bugs')
    expect(errors[9]?.message).toMatch(/QA verdict: failed/)
  })

  it('truncates a summary that would pass 1 MiB, closing what it opened and saying so', async () => {
    // Long (but valid) bug URLs: each response stays under the client's 1 MiB limit, while the
    // summary of three such runs would not fit in GitHub's.
    const bugs = (run: string): Bug[] =>
      Array.from({ length: 100 }, (_, i) => ({
        id: `${run}-bug-${i}`,
        name: `</details><img src=x> ${run} bug ${i}`,
        priority: i < 50 ? null : 'low',
        url: `https://qa.example.com/bugs/${run}/${i}?pad=${'p'.repeat(3500)}`
      }))
    const runs: RunConfig[] = ['r1', 'r2', 'r3'].map(id => ({
      id,
      timeline: [{ stage: 'completed' }],
      bugs: bugs(id)
    }))
    const em = await qaService({ runs })
    const run = await greenlightStep(em, 'r1,r2,r3')

    expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'failed' })
    expect(run.outputs['blocking-bugs-count']).toBe('150')
    expect(Buffer.byteLength(run.summary, 'utf8')).toBeLessThanOrEqual(MIB)
    expect(Buffer.byteLength(run.summary, 'utf8')).toBeGreaterThan(MIB / 2)
    expect(run.summary).toMatch(/summary was truncated/i)
    // Whatever it cut, it closed what it opened.
    const count = (pattern: RegExp) => run.summary.match(pattern)?.length ?? 0
    expect(count(/<details[\s>]/g)).toBe(count(/<\/details>/g))
    expect(count(/<img/g)).toBe(0)
  })
})
