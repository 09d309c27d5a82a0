// The verdict end to end on the bundled action, against scripted loopback services: a stage the
// action does not know, a canceled run's explanation, a superseded run under both on-superseded
// choices, fields that only inform arriving drifted, a blank relevantRunId, blocking bugs of other
// workflows past the per-run list cap, and a run ID the service does not know (404 grace).
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import {
  greenlightInputs,
  greenlightStep,
  messagesOf,
  scriptedService,
  sendJson,
  tinyServer
} from '../helpers/e2e.js'
import { completedResponse, stageResponse } from '../helpers/responses.js'
import type { GreenlightResponse } from '../../src/service/schemas.js'

const ok = (body: unknown) => ({ status: 200, body })

/** The step's own log lines (not workflow commands), without the runner's decorations. */
function logLines(stdout: string): string[] {
  return stdout.split('\n').filter(line => line !== '' && !line.startsWith('::'))
}

describe('a run stage the action does not know', () => {
  it('is polled on with one warning naming it; completed green then passes', async () => {
    const waiting = { ...stageResponse({ stage: 'initializing', queriedRunId: 'run-1' }) }
    const service = await scriptedService([
      ok({ ...waiting, runStage: 'qualityGate' }),
      ok({ ...waiting, runStage: 'qualityGate' }),
      ok(completedResponse())
    ])
    const run = await greenlightStep(service, 'run-1')

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    expect(run.outputs['greenlight']).toBe('true')
    expect(service.requests).toHaveLength(3)
    const warnings = messagesOf(run, 'warning')
    expect(warnings.filter(w => w.includes("'qualityGate'"))).toHaveLength(1)
    expect(warnings.join('\n')).toMatch(/run stage 'qualityGate', which this action does not know/)
  })

  it('is never green, even with greenlight: true, and ends timed out', async () => {
    const service = await scriptedService([
      ok({ ...completedResponse(), runStage: 'verified', greenlight: true })
    ])
    const run = await greenlightStep(service, 'run-1', { timeout: '1s' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('timed-out')
  })
})

describe('a canceled run', () => {
  it("shows the service's message and reason in the log, the error annotation and the summary", async () => {
    const service = await scriptedService([
      ok({
        ...stageResponse({ stage: 'canceled', queriedRunId: 'run-1' }),
        message: 'Canceled because a newer deployment of main arrived',
        reason: 'superseded_by_new_deploy'
      })
    ])
    const run = await greenlightStep(service, 'run-1')

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('canceled')
    const said =
      /Canceled because a newer deployment of main arrived; reason: superseded_by_new_deploy/
    expect(messagesOf(run, 'error').join('\n')).toMatch(said)
    // As GitHub renders it: the summary escapes Markdown characters as character references.
    const rendered = run.summary.replace(/&#(\d+);/g, (_, code: string) =>
      String.fromCharCode(Number(code))
    )
    expect(rendered).toMatch(said)
    expect(logLines(run.stdout).join('\n')).toMatch(/Run run-1: canceled after 1 query/)
  })
})

describe('on-superseded', () => {
  const superseded = stageResponse({
    stage: 'underReview',
    queriedRunId: 'run-1',
    relevantRunId: 'run-2'
  })
  const newerGreen = {
    ...stageResponse({ stage: 'completed', queriedRunId: 'run-2' }),
    rootRunId: 'run-1'
  }

  it('follow (the default) keeps the newer run’s verdict and names it in superseded-by', async () => {
    const service = await scriptedService([ok(superseded), ok(newerGreen)])
    const run = await greenlightStep(service, 'run-1')

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    expect(run.outputs['relevant-run-id']).toBe('run-2')
    expect(run.outputs['superseded-by']).toBe('run-2')
    expect(service.requests.map(r => r.target.split('?')[0]?.split('/').pop())).toEqual([
      'run-1',
      'run-2'
    ])
  })

  it('fail fails the step with status superseded, naming the newer run, without asking about it', async () => {
    const service = await scriptedService([ok(superseded), ok(newerGreen)])
    const run = await greenlightStep(service, 'run-1', { 'on-superseded': 'fail' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('superseded')
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['superseded-by']).toBe('run-2')
    expect(messagesOf(run, 'error').join('\n')).toMatch(/run-1 was superseded by run run-2/)
    expect(run.summary).toMatch(/superseded by run run-2/)
    expect(service.requests).toHaveLength(1)
  })

  it('fail changes nothing for a run that was not superseded: superseded-by is empty', async () => {
    const service = await scriptedService([ok(completedResponse())])
    const run = await greenlightStep(service, 'run-1', { 'on-superseded': 'fail' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    expect(run.outputs).toHaveProperty('superseded-by', '')
  })

  it('is refused when neither follow nor fail, and nothing is sent; superseded-by is set empty', async () => {
    const service = await scriptedService([ok(completedResponse())])
    const run = await greenlightStep(service, 'run-1', { 'on-superseded': 'ignore' })

    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error').join('\n')).toMatch(/'on-superseded' must be follow or fail/)
    expect(run.outputs).toHaveProperty('superseded-by', '')
    expect(service.requests).toHaveLength(0)
  })
})

describe('a blank relevantRunId', () => {
  it('sets relevant-run-id to the root run, and superseded-by empty', async () => {
    const service = await scriptedService([ok({ ...completedResponse(), relevantRunId: '  ' })])
    const run = await greenlightStep(service, 'run-1')

    expect(run.exitCode).toBe(0)
    expect(run.outputs['relevant-run-id']).toBe('run-1')
    expect(run.outputs['superseded-by']).toBe('')
    expect(run.stdout).not.toMatch(/superseded/)
    expect(logLines(run.stdout)).toContain('Run run-1: stage completed.')
  })
})

describe('fields that only inform, drifted', () => {
  it('never fail the step: each is left out with one warning naming it', async () => {
    const drifted = {
      ...completedResponse(),
      rootRunUrl: null,
      workflowsInRunCount: '12',
      relevantRunWithBugsUrl: 7,
      reproducedBugs: [
        { name: null, number: 5, priority: 'low', isBlocking: false, externalIssue: null }
      ]
    }
    // Twice, under review then completed: one warning per field for the step, not per answer.
    const service = await scriptedService([
      ok({ ...drifted, runStage: 'underReview', greenlight: false }),
      ok(drifted)
    ])
    const run = await greenlightStep(service, 'run-1')

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    expect(run.outputs['workflows-in-run-count']).toBe('0')
    expect(service.requests).toHaveLength(2)
    const warnings = messagesOf(run, 'warning')
    for (const field of [
      'rootRunUrl',
      'workflowsInRunCount',
      'relevantRunWithBugsUrl',
      'reproducedBugs[].name',
      'reproducedBugs[].externalIssue'
    ]) {
      expect(warnings.filter(w => w.includes(`'${field}'`))).toHaveLength(1)
    }
  })
  // A drifted deciding field ends as an error: crash-safety.test.ts (a response of the wrong shape).
})

/** A service that answers every run green, with `others` as its other workflows' bugs. */
async function greenWithOtherBugs(others: (runId: string) => Record<string, unknown>[]) {
  const server = await tinyServer()
  server.handle = (req, res) => {
    const runId = decodeURIComponent(req.url?.split('?')[0]?.split('/').pop() ?? '')
    const body: GreenlightResponse = {
      ...stageResponse({ stage: 'completed', queriedRunId: runId }),
      otherBlockingBugsInEnvironment: others(runId)
    }
    sendJson(res, JSON.stringify(body))
  }
  return server
}

const nonBlocking = (n: number) => ({ name: `Typo ${n}`, priority: 'low', isBlocking: false })
const blocking = { name: 'Search is broken', priority: 'high', isBlocking: true }

/** `length` entries of which the one at 1-based `position` blocks. */
function listWithBlockingAt(position: number, length: number): Record<string, unknown>[] {
  return Array.from({ length }, (_, i) => (i + 1 === position ? blocking : nonBlocking(i)))
}

describe('blocking bugs in other workflows past the per-run list cap', () => {
  it.each([
    [1, 100],
    [101, 101],
    [101, 150],
    [250, 300]
  ])('one run, a blocking entry at %i of %i: red, and counted once', async (position, length) => {
    const service = await greenWithOtherBugs(() => listWithBlockingAt(position, length))
    const run = await greenlightStep(service, 'run-1', {
      'outcome-when-blocking-bugs-in-other-workflows': 'red'
    })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('failed')
    expect(run.outputs['other-blocking-bugs-count']).toBe('1')
    expect(messagesOf(run, 'error').join('\n')).toMatch(/1 blocking bug in workflows outside/)
    expect(run.summary).toContain('Search is broken')
  })

  it('one run, only non-blocking entries past the cap: green, and none counted', async () => {
    const service = await greenWithOtherBugs(() => listWithBlockingAt(0, 150))
    const run = await greenlightStep(service, 'run-1', {
      'outcome-when-blocking-bugs-in-other-workflows': 'red'
    })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['other-blocking-bugs-count']).toBe('0')
  })

  it('1,000 runs, one with a blocking entry at the 6th place (the cap is 5 there): red', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `run-${i + 1}`)
    const service = await greenWithOtherBugs(runId =>
      runId === 'run-700' ? listWithBlockingAt(6, 8) : []
    )
    const run = await runAction({
      inputs: greenlightInputs(service, ids.join('\n'), {
        'outcome-when-blocking-bugs-in-other-workflows': 'red',
        timeout: '60s'
      }),
      killAfterMs: 120_000
    })

    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('failed')
    expect(run.outputs['other-blocking-bugs-count']).toBe('1')
    expect(run.exitCode).toBe(1)
  }, 150_000)
})

describe('a run ID the service does not know', () => {
  /** 404 for every query, each with its own event ID, as the live service answers. */
  async function unknownRun() {
    const server = await tinyServer()
    let n = 0
    server.handle = (_req, res) =>
      sendJson(res, JSON.stringify({ error: 'run not found', eventId: `evt-${++n}` }), 404)
    return server
  }

  it('says the grace in its first line, collapses the repeats whatever their event IDs, and ends after the grace', async () => {
    const service = await unknownRun()
    const run = await runAction({
      inputs: greenlightInputs(service, 'run-l', { timeout: '1h' }),
      env: { QA_GREENLIGHT_TEST_NOT_FOUND_GRACE_MS: '2500' },
      killAfterMs: 60_000
    })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('error')
    expect(service.requests.length).toBeGreaterThan(2)
    const retries = logLines(run.stdout).filter(line => /run-l/.test(line) && /retry/.test(line))
    // Within the 30 s between repeat lines: the first line only, however many 404s came.
    expect(retries).toHaveLength(1)
    expect(retries[0]).toMatch(
      /^run-l not found; the service may not have indexed a new run yet, retrying until 2\.5s after the first query \(.* left; then the step fails: check the run-id input\)/
    )
    expect(messagesOf(run, 'error').join('\n')).toMatch(
      /still not found .* after the first query; check the run-id input/
    )
  })

  it('with the default grace, its first line says it retries for one minute', async () => {
    const service = await unknownRun()
    let child: import('node:child_process').ChildProcess | undefined
    const run = await runAction({
      inputs: greenlightInputs(service, 'run-l', { timeout: '1h' }),
      onSpawn: spawned => {
        child = spawned
        // Cancelled as a job is, once the first line is out: the minute itself is not waited.
        spawned.stdout?.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('not found;')) child?.kill('SIGTERM')
        })
      },
      killAfterMs: 60_000
    })

    const first = logLines(run.stdout).find(line => line.includes('not found;'))
    expect(first).toMatch(/retrying until 1m after the first query/)
    expect(run.outputs['status']).toBe('interrupted')
  })
})
