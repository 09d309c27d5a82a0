// The verdict end to end on the bundled action, against scripted loopback services: a stage the
// action does not know, a canceled run's explanation, a superseded run under both on-superseded
// choices, fields that only inform arriving drifted, a blank relevantRunId, blocking bugs of other
// workflows past the per-run list cap, and a run ID the service does not know (404 grace). Then one
// verdict, said the same way on every surface: the per-run log line, the outputs, the job summary,
// the pull request comment and the annotations all render the judged verdict and its one bug count
// (issue 33); the bug's link alone can excuse it and a blank relevantRunId is the run that answered
// (issue 35); a summary a reviewer can act on (issue 34).
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import {
  fakeGitHub,
  greenlightInputs,
  greenlightStep,
  loadEvent,
  messagesOf,
  PR_HEAD_SHA,
  scriptedService,
  sendJson,
  tinyServer
} from '../helpers/e2e.js'
import { commentingGate } from '../helpers/pr-gate.js'
import { completedResponse, stageResponse } from '../helpers/responses.js'
import type { GreenlightResponse } from '../../src/kernel/service.js'

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

const QA = 'https://qa.example.com'

const completed = (extra: Record<string, unknown> = {}) => ({
  ...stageResponse({ stage: 'completed', queriedRunId: 'run-1' }),
  ...extra
})

/** Five blocking bugs counted, two of them listed. */
const FIVE_COUNTED_TWO_LISTED = completed({
  greenlight: false,
  blockingBugsCount: 5,
  blockingBugUrls: [`${QA}/bugs/1`, `${QA}/bugs/2`],
  reproducedBugs: [
    { name: 'Checkout button missing', priority: 'high', applicationUrl: `${QA}/bugs/1` },
    { name: 'Login times out', priority: 'urgent', applicationUrl: `${QA}/bugs/2` }
  ]
})

describe('issue 33: every surface renders the judged verdict', () => {
  // With outcome-when-blocking-bugs-in-other-workflows: red, the log line: honest-edges.test.ts.
  it('5 blocking bugs counted, 2 listed: "and 3 more" in the summary, the PR comment and the annotations, 5 everywhere', async () => {
    const server = await scriptedService([{ status: 200, body: FIVE_COUNTED_TWO_LISTED }])
    const fake = await fakeGitHub()
    const run = await commentingGate(server, 'run-1', fake.apiUrl, {
      env: { GITHUB_RUN_ID: '9123456789' }
    })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['blocking-bugs-count']).toBe('5')

    expect(run.summary).toContain('**Not green** (run run-1): 5 blocking bugs.')
    expect(run.summary).toContain('**Blocking bugs (5):**')
    expect(run.summary).toContain('… and 3 more blocking bugs')
    expect(run.summary).toMatch(/\| 5 \| 0 \|$/m)

    expect(fake.comments).toHaveLength(1)
    const comment = fake.comments[0]!.body
    expect(comment).toContain('5 blocking bugs.')
    expect(comment).toContain('**Blocking bugs (5):**')
    expect(comment).toContain('… and 3 more blocking bugs')

    const errors = messagesOf(run, 'error')
    expect(errors.filter(message => message.startsWith('Blocking bug: '))).toEqual([
      'Blocking bug: Checkout button missing',
      'Blocking bug: Login times out'
    ])
    expect(errors).toContain('… and 3 more blocking bugs: see the job summary.')
  })
  // A PR comment that could not be written, noted in the summary: pr-comment.test.ts (403).
})

describe('issue 35: fail closed on the bug link, credit the run that answered', () => {
  it.each([
    ['a number', { applicationUrl: 17 }],
    ['blank', { applicationUrl: '  ' }],
    ['missing', {}]
  ])(
    'a high bug without isBlocking whose applicationUrl is %s is not excused by its old url field',
    async (_, link) => {
      const bug = { name: 'Card declined', priority: 'high', url: `${QA}/bugs/3`, ...link }
      const server = await scriptedService([
        {
          status: 200,
          body: completed({ nonBlockingBugUrls: [`${QA}/bugs/3`], reproducedBugs: [bug] })
        }
      ])
      const run = await greenlightStep(server, 'run-1')

      expect(run.exitCode).toBe(1)
      expect(run.outputs['greenlight']).toBe('false')
      expect(run.outputs['blocking-bugs-count']).toBe('1')
      expect(run.summary).not.toContain('✅')
      expect(run.summary).toContain('**Blocking bugs (1):**')
    }
  )

  it('a blank relevantRunId in the newer run’s answer is the newer run, not the root', async () => {
    const server = await tinyServer()
    server.handle = (req, res) => {
      const runId = decodeURIComponent((req.url ?? '').split('?')[0]?.split('/').pop() ?? '')
      const answer =
        runId === 'run-1'
          ? stageResponse({ stage: 'underReview', queriedRunId: 'run-1', relevantRunId: 'run-2' })
          : { ...stageResponse({ stage: 'completed', queriedRunId: 'run-2' }), relevantRunId: '' }
      sendJson(res, JSON.stringify(answer))
    }
    const run = await greenlightStep(server, 'run-1')

    expect(run.exitCode).toBe(0)
    expect(run.outputs['relevant-run-id']).toBe('run-2')
    expect(run.outputs['superseded-by']).toBe('run-2')
    expect(run.summary).toContain('superseded root run [run-1]')
    expect(run.summary).not.toContain('superseded by run-1')
    expect(run.stdout).not.toMatch(/run-2 was superseded by run run-1/)
  })
})

describe('issue 34: summaries a reviewer acts on', () => {
  it('a red summary leads with the blocking bugs, names the commit, and says "re-run the job"', async () => {
    const server = await scriptedService([{ status: 200, body: FIVE_COUNTED_TWO_LISTED }])
    const run = await runAction({
      inputs: greenlightInputs(server, 'run-1'),
      eventName: 'pull_request',
      event: loadEvent('pull_request.opened')
    })

    const firstBugLink = run.summary.indexOf(`](${QA}/bugs/`)
    const rules = run.summary.search(/Which bugs block|classification/)
    expect(firstBugLink).toBeGreaterThan(0)
    expect(rules).toBeGreaterThan(firstBugLink)
    expect(run.summary).toMatch(/<details>\n<summary>Which bugs block<\/summary>/)
    expect(run.summary).toContain('re-run the job')
    expect(run.summary).not.toMatch(/re-run this step/i)
    expect(run.summary).toContain(`commit [${PR_HEAD_SHA.slice(0, 7)}](`)
  })

  it('a timed-out summary says the run goes on in QA Wolf, links it and names timeout', async () => {
    const server = await scriptedService([
      { status: 200, body: stageResponse({ stage: 'underReview', queriedRunId: 'run-1' }) }
    ])
    const run = await greenlightStep(server, 'run-1', { timeout: '1s' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('timed-out')
    expect(run.summary).toContain('goes on in QA Wolf')
    expect(run.summary).toContain(`[run run-1](${QA}/runs/run-1)`)
    expect(run.summary).toContain('`timeout`')
    expect(run.summary).not.toMatch(/re-run this step/i)
  })
})
