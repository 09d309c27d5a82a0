// greenlight mode, end to end: the bundled action under Node 24 polling the emulator on loopback;
// then the `summary` switch, a 403 and a 404 grace, and greenlight fed notify's run-ids.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import type { RunConfig } from '../../emulator/server.js'
import { runAction } from '../../scripts/action-runner.js'
import {
  API_KEY,
  cancelWhen,
  emulator,
  greenlightInputs,
  greenlightStep,
  messagesOf,
  notifyStep,
  qaService,
  requestsTo
} from '../helpers/e2e.js'

// The version users see is package.json's; the bundle must send that one.
const PACKAGE_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
).version

const COMPLETED_RUN: RunConfig = {
  id: 'run-done',
  timeline: [{ stage: 'completed' }],
  workflowsInRun: 4
}

const GREEN_RUN: RunConfig = {
  id: 'run-green',
  timeline: [
    { stage: 'initializing', polls: 1 },
    { stage: 'underReview', polls: 2 },
    { stage: 'completed' }
  ],
  workflowsInRun: 12
}

const BUGGY_RUN: RunConfig = {
  id: 'run-buggy',
  timeline: [{ stage: 'underReview', polls: 1 }, { stage: 'completed' }],
  workflowsInRun: 30,
  workflowsUnderInvestigation: 1,
  bugs: [{ id: 'bug-7', number: 7, name: 'Checkout button does nothing', isNew: true }]
}

const STUCK_RUN: RunConfig = {
  id: 'run-stuck',
  timeline: [{ stage: 'underReview' }],
  workflowsInRun: 5
}

function queriedRunIds(em: Awaited<ReturnType<typeof emulator>>): string[] {
  return requestsTo(em, 'greenlight').map(r => decodeURIComponent(r.path.split('/').pop() ?? ''))
}

describe('greenlight end to end', () => {
  it('passes a run that completes without blocking bugs, with no extra query', async () => {
    const em = await qaService({ runs: [GREEN_RUN] })
    const run = await greenlightStep(em, 'run-green')

    expect(run.exitCode).toBe(0)
    expect(run.outputs['greenlight']).toBe('true')
    expect(run.outputs['status']).toBe('passed')
    expect(run.outputs['run-stage']).toBe('completed')
    expect(run.outputs['workflows-in-run-count']).toBe('12')
    expect(run.outputs['blocking-bugs-count']).toBe('0')
    // initializing (1 poll) + underReview (2 polls) + the completed answer.
    expect(requestsTo(em, 'greenlight')).toHaveLength(4)
    const first = requestsTo(em, 'greenlight')[0]
    expect(first?.headers['authorization']).toBe(`Bearer ${API_KEY}`)
    expect(first?.query['outcomeWhenBlockingBugsInOtherWorkflows']).toBe('green')
    const heading = run.summary.split('\n')[0] ?? ''
    expect(heading).toMatch(/^## ✅ QA greenlight: green$/)
    expect(heading).not.toContain('not green')
  })

  it('fails on an unprioritised bug, and passes once its priority is lowered', async () => {
    const em = await qaService({ runs: [BUGGY_RUN] })
    const red = await greenlightStep(em, 'run-buggy')

    const bugUrl = `${em.url}/bugs/bug-7`
    expect(red.exitCode).toBe(1)
    expect(red.outputs['greenlight']).toBe('false')
    expect(red.outputs['status']).toBe('failed')
    expect(red.outputs['blocking-bugs-count']).toBe('1')
    expect(JSON.parse(red.outputs['blocking-bug-urls'] ?? '')).toEqual([bugUrl])
    expect(red.summary).toContain(bugUrl)
    const annotations = red.commands.filter(c => c.command === 'error')
    expect(
      annotations.some(a => a.properties['title']?.includes('Checkout button does nothing'))
    ).toBe(true)

    em.setBugPriority('bug-7', 'low')
    const green = await greenlightStep(em, 'run-buggy')
    expect(green.exitCode).toBe(0)
    expect(green.outputs['status']).toBe('passed')
    expect(green.outputs['non-blocking-bugs-count']).toBe('1')
    expect(JSON.parse(green.outputs['non-blocking-bug-urls'] ?? '')).toEqual([bugUrl])
  })

  it('follows a superseding run and names both runs in the summary', async () => {
    const em = await qaService({
      runs: [
        { id: 'run-old', timeline: [{ stage: 'canceled' }], supersededBy: 'run-new' },
        { ...GREEN_RUN, id: 'run-new' }
      ]
    })
    const run = await greenlightStep(em, 'run-old')

    expect(run.exitCode).toBe(0)
    const queried = queriedRunIds(em)
    expect(queried[0]).toBe('run-old')
    expect(queried.slice(1).every(id => id === 'run-new')).toBe(true)
    expect(queried.length).toBeGreaterThan(1)
    expect(run.outputs['root-run-id']).toBe('run-old')
    expect(run.outputs['relevant-run-id']).toBe('run-new')
    expect(run.summary).toContain('run-old')
    expect(run.summary).toContain('run-new')
    expect(run.summary).toMatch(/supersed/i)
  })

  it('stops polling at canceled and fails, unless fail-on-red is false', async () => {
    const canceled: RunConfig = {
      id: 'run-canceled',
      timeline: [{ stage: 'initializing', polls: 1 }, { stage: 'canceled' }]
    }
    const em = await qaService({ runs: [canceled] })
    const strict = await greenlightStep(em, 'run-canceled')
    expect(strict.exitCode).toBe(1)
    expect(strict.outputs['status']).toBe('canceled')
    expect(strict.outputs['greenlight']).toBe('false')
    expect(requestsTo(em, 'greenlight')).toHaveLength(2)

    const lenient = await greenlightStep(em, 'run-canceled', { 'fail-on-red': 'false' })
    expect(lenient.exitCode).toBe(0)
    expect(lenient.outputs['status']).toBe('canceled')
    // Already canceled: one query, no polling.
    expect(requestsTo(em, 'greenlight')).toHaveLength(3)
  })

  it('times out within one poll interval, and can be told not to fail', async () => {
    const em = await qaService({ runs: [STUCK_RUN] })
    const inputs = greenlightInputs(em, 'run-stuck', { timeout: '1s', 'poll-interval': '250ms' })
    const strict = await runAction({ inputs })

    expect(strict.exitCode).toBe(1)
    expect(strict.outputs['status']).toBe('timed-out')
    expect(strict.outputs['greenlight']).toBe('false')
    expect(strict.outputs['run-stage']).toBe('underReview')
    // No more queries than the interval allows (the deadline itself is unit-tested on a fake clock).
    expect(requestsTo(em, 'greenlight').length).toBeLessThanOrEqual(6)
    expect(strict.summary).toMatch(/timed out/i)

    const lenient = await runAction({ inputs: { ...inputs, 'fail-on-timeout': 'false' } })
    expect(lenient.exitCode).toBe(0)
    expect(lenient.outputs['status']).toBe('timed-out')
  })

  it('queries once with wait: false and reports an unfinished run as timed-out', async () => {
    const em = await qaService({ runs: [STUCK_RUN] })
    const run = await greenlightStep(em, 'run-stuck', { wait: 'false', 'fail-on-timeout': 'false' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('timed-out')
    expect(requestsTo(em, 'greenlight')).toHaveLength(1)
    expect(run.summary).toMatch(/queried once/i)
    expect(run.summary).not.toMatch(/timed out after/i)
  })

  it('ends with status=error after one query on 410, naming a legacy run', async () => {
    const em = await qaService({ runs: [{ id: 'run-legacy', legacy: true }] })
    const run = await greenlightStep(em, 'run-legacy')

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('error')
    expect(run.outputs['greenlight']).toBe('false')
    expect(requestsTo(em, 'greenlight')).toHaveLength(1)
    expect(messagesOf(run, 'error').join('\n')).toMatch(/HTTP 410 .*legacy run/)
  })

  it('retries 500, 500 and a 429 with Retry-After, then gives the right verdict', async () => {
    const em = await qaService({
      runs: [{ id: 'run-flaky', timeline: [{ stage: 'completed' }], workflowsInRun: 3 }],
      faults: {
        greenlight: {
          script: [
            { kind: 'status', status: 500 },
            { kind: 'status', status: 500 },
            { kind: 'rate-limit', retryAfter: '1' }
          ]
        }
      }
    })
    const run = await greenlightStep(em, 'run-flaky')

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    const requests = requestsTo(em, 'greenlight')
    expect(requests.map(r => r.status)).toEqual([500, 500, 429, 200])
    // Retry-After: 1 is honoured: the query after the 429 waits at least a second.
    expect(requests[3]!.receivedAt - requests[2]!.receivedAt).toBeGreaterThanOrEqual(1000)
  })

  it('polls two runs given as notify’s run-ids JSON; one red makes the step red', async () => {
    const em = await qaService({ runs: [GREEN_RUN, BUGGY_RUN] })
    const run = await greenlightStep(em, '["run-green","run-buggy"]')

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('failed')
    expect(run.outputs['greenlight']).toBe('false')
    expect(new Set(queriedRunIds(em))).toEqual(new Set(['run-green', 'run-buggy']))
    expect(run.outputs['workflows-in-run-count']).toBe('42')
    expect(run.outputs['blocking-bugs-count']).toBe('1')
    expect(run.outputs['root-run-id']).toBe('run-green\nrun-buggy')
    expect(run.outputs['run-stage']).toBe('completed\ncompleted')
    expect(JSON.parse(run.outputs['result'] ?? '')).toHaveLength(2)
  })

  it('never calls a response green that says greenlight while under review', async () => {
    const em = await qaService({
      runs: [STUCK_RUN],
      faults: {
        greenlight: {
          script: [
            {
              kind: 'wrong-shape',
              body: {
                greenlight: true,
                runStage: 'underReview',
                relevantRunId: 'run-stuck',
                relevantRunUrl: 'https://qa.example.com/runs/run-stuck',
                relevantRunWithBugsUrl: 'https://qa.example.com/runs/run-stuck?bugs',
                rootRunId: 'run-stuck',
                rootRunUrl: 'https://qa.example.com/runs/run-stuck',
                workflowsDisabledAfterRunCount: 0,
                workflowsInRunCount: 5,
                workflowsUnderInvestigationCount: 0
              }
            }
          ]
        }
      }
    })
    const run = await greenlightStep(em, 'run-stuck', { wait: 'false' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).not.toBe('passed')
  })

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'stops within 2 s on %s, writes the summary and reports interrupted',
    async signal => {
      const em = await qaService({ runs: [STUCK_RUN] })
      // A process still alive 2 s after the signal is killed, failing below.
      const cancel = cancelWhen(() => requestsTo(em, 'greenlight').length >= 2, signal)
      const run = await runAction({
        inputs: greenlightInputs(em, 'run-stuck', { timeout: '5m', 'poll-interval': '200ms' }),
        onSpawn: cancel.onSpawn
      })

      expect(cancel.signalled()).toBe(true)
      expect(run.signal).toBeNull()
      expect(run.exitCode).not.toBe(0)
      expect(run.outputs['status']).toBe('interrupted')
      expect(run.summary).toMatch(/interrupted|cancel/i)
      expect(run.summary).toContain(`](${em.url}/runs/run-stuck)`)
    }
  )

  it('logs one debug line per query (the runner shows them with debug logging on)', async () => {
    const em = await qaService({ runs: [GREEN_RUN] })
    const run = await runAction({
      inputs: greenlightInputs(em, 'run-green'),
      env: { RUNNER_DEBUG: '1' }
    })

    const debug = run.commands.filter(c => c.command === 'debug').map(c => c.message)
    const queries = debug.filter(line => line.startsWith('Greenlight of run-green:'))
    expect(queries).toHaveLength(requestsTo(em, 'greenlight').length)
    expect(queries.at(-1)).toMatch(/^Greenlight of run-green: completed \(\d+ ms\)\.$/)
  })
})

describe('summary: false', () => {
  it('leaves the job summary empty in greenlight mode', async () => {
    const em = await qaService({ runs: [COMPLETED_RUN] })
    const run = await greenlightStep(em, 'run-done', { summary: 'false' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    expect(run.summary).toBe('')
  })
})

describe('greenlight failures', () => {
  it('ends with status=error after one query on 403, naming the disabled team', async () => {
    const em = await qaService({ runs: [COMPLETED_RUN] })
    const run = await greenlightStep(em, 'run-done', { 'api-key': 'dk-4417-b2c9-e5f0' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('error')
    expect(run.outputs['greenlight']).toBe('false')
    expect(requestsTo(em, 'greenlight')).toHaveLength(1)
    expect(messagesOf(run, 'error').join('\n')).toMatch(/HTTP 403 .*team is disabled/)
  })

  it('retries a 404 while a new run is being indexed, then gives the verdict', async () => {
    const em = await qaService({ runs: [{ ...COMPLETED_RUN, id: 'run-new', notFoundPolls: 2 }] })
    const run = await greenlightStep(em, 'run-new')

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    expect(run.outputs['greenlight']).toBe('true')
    expect(run.outputs['workflows-in-run-count']).toBe('4')
    expect(requestsTo(em, 'greenlight').map(r => r.status)).toEqual([404, 404, 200])
  })
})

describe('notify, then greenlight on its run-ids', () => {
  it('gets the verdict of the runs the notification created', async () => {
    const em = await qaService({
      triggers: [
        {
          id: 'web',
          run: {
            timeline: [{ stage: 'initializing', polls: 1 }, { stage: 'completed' }],
            workflowsInRun: 3
          }
        },
        {
          id: 'api',
          run: {
            timeline: [{ stage: 'underReview', polls: 1 }, { stage: 'completed' }],
            workflowsInRun: 5
          }
        }
      ]
    })
    const notify = await notifyStep(em, { sha: 'abc1234' })
    expect(notify.exitCode).toBe(0)
    const runIds = notify.outputs['run-ids'] ?? ''
    const created = JSON.parse(runIds) as string[]
    expect(created).toHaveLength(2)

    const greenlight = await greenlightStep(em, runIds)

    expect(greenlight.exitCode).toBe(0)
    expect(greenlight.outputs['status']).toBe('passed')
    expect(greenlight.outputs['greenlight']).toBe('true')
    expect(greenlight.outputs['root-run-id']).toBe(created.join('\n'))
    expect(greenlight.outputs['workflows-in-run-count']).toBe('8')
    const queries = requestsTo(em, 'greenlight')
    expect(new Set(queries.map(r => decodeURIComponent(r.path.split('/').pop() ?? '')))).toEqual(
      new Set(created)
    )
    for (const query of queries) {
      expect(query.headers['user-agent']).toBe(`qa-greenlight/${PACKAGE_VERSION}`)
    }
  })
})
