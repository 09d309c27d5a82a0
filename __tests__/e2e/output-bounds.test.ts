// Outputs within GitHub's limits, end to end: whatever the service sends, all outputs of one step
// together stay under 256 KiB, cut lists say they were cut, the counts and the verdict stay exact,
// and the summary is written.
import { describe, expect, it, jest } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import {
  greenlightInputs,
  greenlightStep,
  messagesOf,
  notifyInputs,
  notifyStep,
  sendJson,
  terminateInputs,
  tinyServer
} from '../helpers/e2e.js'
import { completedResponse, stageResponse } from '../helpers/responses.js'

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

/** A service that answers each run's greenlight query with `answer(runId)`. */
async function service(answer: (runId: string) => unknown) {
  const server = await tinyServer()
  server.handle = (req, res) => {
    const runId = decodeURIComponent((req.url ?? '').split('?')[0]?.split('/').pop() ?? '')
    sendJson(res, JSON.stringify(answer(runId)))
  }
  return server
}

describe('outputs within GitHub limits', () => {
  it('a red run with a 900 kB answer: outputs under 256 KiB, counts exact, lists marked as cut', async () => {
    const server = await service(runId => bigAnswer(runId, 1200, 1200))
    const run = await greenlightStep(server, 'run-big')

    expect(run.exitCode).toBe(1)
    expect(Buffer.byteLength(run.outputFile)).toBeLessThan(STEP_OUTPUTS_MAX_BYTES)
    expect(run.outputs['status']).toBe('failed')
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['blocking-bugs-count']).toBe('1200')
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

  it('300 green runs with 100 kB answers: outputs under 256 KiB, green, every run counted', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => `run-${String(i).padStart(4, '0')}`)
    const server = await service(runId => bigAnswer(runId, 0, 2, 100_000))
    // The 1,000-run, 300 kB case is `npm run bench`; this one keeps the test quick.
    const run = await runAction({
      inputs: greenlightInputs(server, ids.join(','), UNHURRIED),
      killAfterMs: KILL_AFTER_MS
    })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    expect(run.outputs['greenlight']).toBe('true')
    expect(Buffer.byteLength(run.outputFile)).toBeLessThan(STEP_OUTPUTS_MAX_BYTES)
    expect(run.outputs['non-blocking-bugs-count']).toBe('600')
    expect(run.outputs['root-run-id']?.split('\n')).toEqual(ids)
    const result = JSON.parse(run.outputs['result'] ?? '') as Record<string, unknown>[]
    expect(result.length).toBeLessThan(300)
    expect(result.at(-1)).toEqual({
      cutByQaGreenlight: expect.stringMatching(
        /^\d+ more answers left out, cut to stay within GitHub's output limits/
      )
    })
    expect(result.slice(0, -1).every(answer => answer['greenlight'] === true)).toBe(true)
    expect(run.summary).toContain('**Green:** all 300 runs completed with no blocking bugs.')
  })

  it('notify: 1,600 results with long messages stay under 256 KiB, marked as cut', async () => {
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
    expect(run.summary).toContain('800 runs')
  })
})

describe('no run is lost between notify and greenlight', () => {
  it('notify: 3,000 run IDs give a cut run-ids that stays a JSON array, run-ids-cut and a warning; greenlight gates every ID of it', async () => {
    const ids = Array.from({ length: 3000 }, (_, i) => `run-${String(i).padStart(20, '0')}`)
    const notifyService = await tinyServer()
    notifyService.handle = (_req, res) =>
      sendJson(
        res,
        JSON.stringify({
          results: ids.map((id, i) => ({
            trigger_id: `t-${i}`,
            outcome: 'created',
            created_suite_id: id
          }))
        })
      )
    const notify = await runAction({
      inputs: notifyInputs(notifyService, { sha: 'a'.repeat(40) }),
      killAfterMs: KILL_AFTER_MS
    })

    expect(notify.exitCode).toBe(0)
    expect(notify.outputs['run-ids-cut']).toBe('true')
    const passed = JSON.parse(notify.outputs['run-ids'] ?? '') as string[]
    expect(passed.length).toBeGreaterThan(1000)
    expect(passed).toEqual(ids.slice(0, passed.length))
    const [warning] = messagesOf(notify, 'warning').filter(m => m.includes('run-ids'))
    expect(warning).toContain(`holds the first ${passed.length} of 3000 run IDs`)
    expect(warning).toContain('run-ids-cut is true')

    // Passed straight in, every ID it holds is gated.
    const gate = await tinyServer()
    gate.handle = (req, res) => {
      const id = decodeURIComponent(/ci-greenlight\/([^?]+)/.exec(req.url ?? '')?.[1] ?? '')
      sendJson(res, JSON.stringify(completedResponse({ rootRunId: id, relevantRunId: id })))
    }
    const greenlight = await runAction({
      inputs: greenlightInputs(gate, 'unused', {
        'run-id': notify.outputs['run-ids'] ?? '',
        ...UNHURRIED
      }),
      killAfterMs: KILL_AFTER_MS
    })
    expect(greenlight.exitCode).toBe(0)
    expect(greenlight.outputs['status']).toBe('passed')
    const asked = new Set(
      gate.requests.map(r => decodeURIComponent(r.target.split('?')[0]?.split('/').pop() ?? ''))
    )
    expect(asked).toEqual(new Set(passed))
  })

  it('notify: a run-ids that fits is whole, with run-ids-cut false', async () => {
    const server = await tinyServer()
    server.handle = (_req, res) =>
      sendJson(res, JSON.stringify({ results: [{ trigger_id: 't', created_suite_id: 'run-1' }] }))
    const run = await notifyStep(server, { sha: 'a'.repeat(40) })
    expect(run.outputs['run-ids']).toBe('["run-1"]')
    expect(run.outputs['run-ids-cut']).toBe('false')
  })

  it.each(['notify', 'terminate'] as const)(
    '%s: a 1.2 MB warning beside the decisive answer loses nothing, and is shown shortened',
    async mode => {
      const server = await tinyServer()
      const warning = `Heads up: ${'w'.repeat(1_200_000)}`
      server.handle = (_req, res) =>
        sendJson(
          res,
          JSON.stringify(
            mode === 'notify'
              ? {
                  results: [{ trigger_id: 't', outcome: 'created', created_suite_id: 'run-9' }],
                  warning
                }
              : { code: 'terminated', environmentId: 'env-1', warning }
          )
        )
      const inputs =
        mode === 'notify'
          ? notifyInputs(server, { sha: 'a'.repeat(40) })
          : terminateInputs(server, { 'environment-id': 'env-1' })
      const run = await runAction({ inputs })

      expect(run.exitCode).toBe(0)
      expect(server.requests).toHaveLength(1)
      if (mode === 'notify') expect(run.outputs['run-ids']).toBe('["run-9"]')
      else expect(run.outputs['outcome']).toBe('terminated')
      expect(messagesOf(run, 'warning').join('\n')).toContain('Heads up: www')
      expect(run.stdout.length).toBeLessThan(100_000)
    }
  )
})
