// Contract promises that the mode-by-mode end-to-end files do not cover: the `summary` switch,
// notify's run-id/run-ids rules, notify's retries, greenlight's 403 and 404 grace, and notify
// feeding greenlight as a workflow chains them.
import { describe, expect, it } from '@jest/globals'
import type { RunConfig } from '../../emulator/server.js'
import { readFileSync } from 'node:fs'
import { greenlightStep, messagesOf, notifyStep, qaService, requestsTo } from '../helpers/e2e.js'
import { webService } from '../helpers/notify-route.js'

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

describe('summary: false', () => {
  it('leaves the job summary empty in notify mode', async () => {
    const em = await webService()
    const run = await notifyStep(em, { summary: 'false' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['run-id']).toBe('run-1')
    expect(run.summary).toBe('')
  })

  it('leaves the job summary empty in greenlight mode', async () => {
    const em = await qaService({ runs: [COMPLETED_RUN] })
    const run = await greenlightStep(em, 'run-done', { summary: 'false' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    expect(run.summary).toBe('')
  })
})

describe('notify run-id and run-ids', () => {
  it('lists a run that several results name only once, in results order', async () => {
    // Two triggers that name the same run (e.g. both found the run already made for the SHA):
    // the emulator keeps runs per trigger, so this answer is scripted.
    const results = [
      { trigger_id: 'web', duplicate_suite_id: 'run-7' },
      { trigger_id: 'api', failure_reason: 'environment_not_found' },
      { trigger_id: 'mobile', duplicate_suite_id: 'run-7' },
      { trigger_id: 'admin', created_suite_id: 'run-9' },
      { trigger_id: 'docs', created_suite_id: 'run-7' }
    ]
    const em = await webService({ kind: 'wrong-shape', body: { results } })
    const run = await notifyStep(em, { sha: 'abc1234' })

    expect(run.exitCode).toBe(0)
    expect(JSON.parse(run.outputs['run-ids'] ?? '')).toEqual(['run-7', 'run-9'])
    expect(run.outputs['run-id']).toBe('run-7')
    expect(JSON.parse(run.outputs['results'] ?? '')).toEqual(results)
  })

  it('gives the first run as run-id when the first result is a failure', async () => {
    const em = await qaService({
      triggers: [{ id: 'web', failure_reason: 'quota_exceeded' }, { id: 'api' }]
    })
    const run = await notifyStep(em, { sha: 'abc1234' })

    expect(run.exitCode).toBe(0)
    expect(JSON.parse(run.outputs['results'] ?? '')).toEqual([
      { failure_reason: 'quota_exceeded' },
      {
        environment_id: 'env-api',
        outcome: 'created',
        created_suite_id: 'run-1'
      }
    ])
    expect(run.outputs['run-id']).toBe('run-1')
    expect(run.outputs['run-ids']).toBe('["run-1"]')
  })
})

describe('notify retries', () => {
  it('waits out a 429 with Retry-After: 1 and a connection reset, then succeeds', async () => {
    const em = await webService(
      { kind: 'rate-limit', retryAfter: '1' },
      { kind: 'reset-before-headers' }
    )
    const run = await notifyStep(em)

    expect(run.exitCode).toBe(0)
    expect(run.outputs['run-id']).toBe('run-1')
    const requests = requestsTo(em, 'notify')
    // 0: the reset connection got no status.
    expect(requests.map(r => r.status)).toEqual([429, 0, 200])
    expect(requests.map(r => r.fault ?? null)).toEqual(['rate-limit', 'reset-before-headers', null])
    // Retry-After: 1 is honoured: the next attempt comes at least a second after the 429.
    expect(requests[1]!.receivedAt - requests[0]!.receivedAt).toBeGreaterThanOrEqual(1000)
    // The run that the third attempt created is the only one.
    expect(em.runs()).toHaveLength(1)
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
