// notify against the documented response shape, end to end: outcomes, a skipped deployment, the
// service's warning, and error bodies in every documented spelling.
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import {
  loadEvent,
  messagesOf,
  notifyInputs,
  notifyStep,
  scriptedService as service
} from '../helpers/e2e.js'
import type { TinyServer } from '../helpers/tiny-server.js'

/** A service that answers every request 200 with `body`. */
function answering(body: unknown): Promise<TinyServer> {
  return service([{ status: 200, body }])
}

function notify(server: TinyServer, inputs: Record<string, string> = {}) {
  return notifyStep(server, inputs)
}

describe('the documented notify response', () => {
  it('reports every outcome, sets the deployment outputs and sends workspaceId', async () => {
    const server = await answering({
      deployment_id: 'dep-77',
      environment: 'Staging',
      warning: 'No workspace was named; used "Main".',
      results: [
        {
          trigger_id: 'web',
          environment_id: 'e1',
          outcome: 'created',
          created_suite_id: 'run-1'
        },
        {
          trigger_id: 'api',
          environment_id: 'e1',
          outcome: 'created',
          duplicate_suite_id: 'run-0'
        },
        {
          trigger_id: 'nightly',
          environment_id: 'e1',
          outcome: 'skipped',
          skip_reason: 'branch filter'
        },
        {
          trigger_id: 'mobile',
          environment_id: 'e1',
          outcome: 'failed',
          failure_code: 'environment-not-ready',
          failure_message: 'The environment is not ready yet',
          failure_reason: 'internal diagnostic 0x1f'
        },
        { trigger_id: 'future', environment_id: 'e1', outcome: 'postponed' }
      ]
    })
    const run = await notify(server, { 'workspace-id': 'ws-9', sha: 'abc1234' })

    expect(run.exitCode).toBe(0)
    expect(JSON.parse(server.requests[0]?.body ?? '')).toMatchObject({ workspaceId: 'ws-9' })
    expect(run.outputs['run-ids']).toBe('["run-1","run-0"]')
    expect(run.outputs['deployment-id']).toBe('dep-77')
    expect(run.outputs['environment']).toBe('Staging')
    expect(run.outputs['skipped']).toBe('false')
    const warnings = messagesOf(run, 'warning')
    expect(warnings).toContain('No workspace was named; used "Main".')
    expect(warnings).toContain(
      'Trigger mobile: no run created: The environment is not ready yet (environment-not-ready)'
    )
    expect(warnings).toContain("Trigger future: no run created: unknown outcome 'postponed'")
    // The deprecated diagnostic is not shown when a message for people is there.
    expect(run.stdout + run.summary).not.toContain('internal diagnostic')
    expect(run.stdout).toContain('Trigger nightly: skipped: branch filter')
    expect(run.summary).toContain('⏭️ skipped')
  })

  it.each([
    ['true', 1],
    ['false', 0]
  ])(
    'a skipped deployment produces no run: skipped=true, skip-reason, fail-on-no-run %s',
    async (failOnNoRun, exitCode) => {
      const server = await answering({
        results: [],
        skipped_deployment: { reason: 'duplicate-deployment', message: 'Already tested' }
      })
      const run = await notify(server, { 'fail-on-no-run': failOnNoRun, sha: 'abc1234' })

      expect(run.exitCode).toBe(exitCode)
      expect(run.outputs['skipped']).toBe('true')
      expect(run.outputs['skip-reason']).toBe('duplicate-deployment')
      expect(run.outputs['run-ids']).toBe('[]')
      expect(run.stdout + run.summary).toContain('Already tested')
    }
  )

  it('warns, naming the sha input, when the event names no commit', async () => {
    const server = await answering({ results: [{ trigger_id: 'web', created_suite_id: 'run-1' }] })
    const event = loadEvent('deployment_status.success') as {
      deployment: Record<string, unknown>
    }
    delete event.deployment['sha']
    const run = await runAction({
      inputs: notifyInputs(server),
      eventName: 'deployment_status',
      event,
      env: { GITHUB_SHA: '' }
    })
    expect(run.exitCode).toBe(0)
    expect(JSON.parse(server.requests[0]?.body ?? '{}')).not.toHaveProperty('sha')
    expect(messagesOf(run, 'warning').join('\n')).toContain("'sha' input")
  })
})

describe("the live service's answers (as the vendor's shipped client reads them)", () => {
  it.each([
    {
      title:
        'an environment object: run-ids kept, environment is the alias, environment-id set, logged',
      environment: { id: 'cm-env-1', alias: 'staging', isStatic: true },
      results: [{ trigger_id: 't-1', created_suite_id: 'run-1' }],
      inputs: {} as Record<string, string>,
      outputs: { 'run-ids': '["run-1"]', 'run-id': 'run-1', environment: 'staging' },
      logged: 'Static environment staging (id cm-env-1).',
      quiet: 'warning',
      summary: 'Static environment staging &#40;id cm-env-1&#41;'
    },
    {
      title: 'a preview environment with no result passes with no run, even with fail-on-no-run',
      environment: { id: 'cm-env-12', alias: 'pr-12', isStatic: false },
      results: [],
      inputs: { 'fail-on-no-run': 'true' },
      outputs: { 'run-ids': '[]', 'run-id': '', environment: 'pr-12' },
      logged: 'Preview environment pr-12 is ready; no trigger created a run.',
      quiet: 'error',
      summary: 'the preview environment is ready'
    }
  ])('$title', async ({ environment, results, inputs, outputs, logged, quiet, summary }) => {
    const server = await answering({ environment, results })
    const run = await notify(server, { sha: 'abc1234', ...inputs })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['run-ids']).toBe(outputs['run-ids'])
    expect(run.outputs['run-id']).toBe(outputs['run-id'])
    expect(run.outputs['environment']).toBe(outputs.environment)
    expect(run.outputs['environment-id']).toBe(environment.id)
    expect(run.stdout).toContain(logged)
    expect(messagesOf(run, quiet)).toEqual([])
    expect(run.summary).toContain(summary)
  })

  it('a static environment with no result still fails with fail-on-no-run', async () => {
    const server = await answering({
      environment: { id: 'cm-env-1', alias: 'staging', isStatic: true },
      results: []
    })
    const run = await notify(server, { sha: 'abc1234' })
    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error').join('\n')).toContain('no trigger matched the notification')
  })

  it('an entry without trigger_id and shown fields of odd types: the run is kept, one warning', async () => {
    const server = await answering({
      environment: null,
      deployment_id: 42,
      warning: { text: 'odd' },
      surprise: [1, 2],
      results: [{ duplicate_suite_id: 'run-0', trigger_id: null }]
    })
    const run = await notify(server, { sha: 'abc1234' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['run-ids']).toBe('["run-0"]')
    expect(run.outputs['deployment-id']).toBe('')
    expect(run.outputs['environment']).toBe('')
    const warnings = messagesOf(run, 'warning')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('warning (an object), deployment_id (a number)')
    expect(run.stdout).toContain('Trigger: duplicate run run-0')
  })
})

describe('error bodies in every documented spelling', () => {
  it('402 BILLING_PREVENTED is final and says why', async () => {
    const server = await service([
      {
        status: 402,
        body: { failureCode: 'BILLING_PREVENTED', failureMessage: 'Your plan has no runs left' }
      }
    ])
    const run = await notify(server, { sha: 'abc1234' })
    expect(run.exitCode).toBe(1)
    expect(server.requests).toHaveLength(1)
    const [message] = messagesOf(run, 'error')
    expect(message).toContain('billing')
    expect(message).toContain('Your plan has no runs left (BILLING_PREVENTED)')
    expect(message).not.toContain('{')
  })

  it('503 TRANSACTION_TIMEOUT is retried', async () => {
    const server = await service([
      { status: 503, body: { failureCode: 'TRANSACTION_TIMEOUT', failureMessage: 'Try again' } },
      { status: 200, body: { results: [{ trigger_id: 'web', created_suite_id: 'run-5' }] } }
    ])
    const run = await notify(server, { sha: 'abc1234' })
    expect(run.exitCode).toBe(0)
    expect(server.requests).toHaveLength(2)
    expect(run.outputs['run-id']).toBe('run-5')
  })

  it('400 { error } shows the message, not the JSON', async () => {
    const server = await service([{ status: 400, body: { error: 'sha must be a string' } }])
    const run = await notify(server, { sha: 'abc1234' })
    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error').join('\n')).toContain('The service says: sha must be a string')
  })
})
