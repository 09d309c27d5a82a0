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

describe('error bodies in every documented spelling', () => {
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
})
