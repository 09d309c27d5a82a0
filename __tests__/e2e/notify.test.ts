// notify mode, end to end: the bundled action under Node 24 against the emulator over loopback.
import { afterEach, describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import {
  API_KEY,
  baseConfig,
  closeServers,
  emulator,
  loadEvent,
  messagesOf,
  notifyInputs,
  requestsTo
} from '../helpers/e2e.js'

afterEach(closeServers)

const TWO_TRIGGERS = baseConfig({
  triggers: [
    { id: 'web', environment: 'staging' },
    { id: 'api', environment: 'staging-api' }
  ]
})

describe('notify end to end', () => {
  it('sends the pull request head SHA and branch with the bearer key and JSON content type', async () => {
    const em = await emulator(baseConfig({ triggers: [{ id: 'web' }] }))
    const run = await runAction({
      inputs: notifyInputs(em),
      eventName: 'pull_request',
      event: loadEvent('pull_request.opened')
    })

    expect(run.exitCode).toBe(0)
    const [request, ...others] = requestsTo(em, 'notify')
    expect(others).toHaveLength(0)
    expect(request?.method).toBe('POST')
    expect(request?.headers['authorization']).toBe(`Bearer ${API_KEY}`)
    expect(request?.headers['content-type']).toMatch(/^application\/json/)
    expect(request?.headers['user-agent']).toMatch(/^qa-greenlight\/\d+\.\d+\.\d+/)
    expect(request?.json).toEqual({
      sha: '8f3e1c2a9b7d4e6f0a1b2c3d4e5f60718293a4b5',
      branch: 'feature/checkout-button',
      hosting_service: 'GitHub',
      commit_url: 'https://github.com/acme/shop/commit/8f3e1c2a9b7d4e6f0a1b2c3d4e5f60718293a4b5'
    })
    expect(run.outputs['run-id']).toBe('run-1')
    expect(run.outputs['run-ids']).toBe('["run-1"]')
    expect(run.outputs['skipped']).toBe('false')
    expect(JSON.parse(run.outputs['results'] ?? '')).toEqual([
      {
        trigger_id: 'web',
        environment_id: 'env-web',
        outcome: 'created',
        created_suite_id: 'run-1'
      }
    ])
    expect(run.summary).toContain('web')
    expect(run.summary).toContain('run-1')
  })

  it('reports two run IDs when two triggers match', async () => {
    const em = await emulator(TWO_TRIGGERS)
    const run = await runAction({ inputs: notifyInputs(em, { sha: 'abc1234' }) })

    expect(run.exitCode).toBe(0)
    expect(JSON.parse(run.outputs['run-ids'] ?? '')).toEqual(['run-1', 'run-2'])
    expect(run.outputs['run-id']).toBe('run-1')
    expect(run.summary).toMatch(/web[\s\S]*run-1[\s\S]*api[\s\S]*run-2/)
  })

  it('reports a repeated SHA as a duplicate run, still a success', async () => {
    const em = await emulator(baseConfig({ triggers: [{ id: 'web' }] }))
    await runAction({ inputs: notifyInputs(em, { sha: 'abc1234' }) })
    const second = await runAction({ inputs: notifyInputs(em, { sha: 'abc1234' }) })

    expect(second.exitCode).toBe(0)
    expect(second.outputs['run-ids']).toBe('["run-1"]')
    expect(second.summary.toLowerCase()).toContain('duplicate')
  })

  it('succeeds with a warning annotation when one trigger fails and another creates a run', async () => {
    const em = await emulator(
      baseConfig({
        triggers: [{ id: 'web' }, { id: 'mobile', failure_reason: 'environment_not_found' }]
      })
    )
    const run = await runAction({ inputs: notifyInputs(em) })

    expect(run.exitCode).toBe(0)
    const warnings = run.commands.filter(c => c.command === 'warning')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]?.message).toContain('mobile')
    expect(warnings[0]?.message).toContain('environment_not_found')
    expect(run.summary).toContain('mobile')
    expect(run.summary).toContain('environment&#95;not&#95;found')
    expect(run.summary).toContain('run-1')
    expect(run.outputs['run-ids']).toBe('["run-1"]')
  })

  it('fails when every trigger fails', async () => {
    const em = await emulator(
      baseConfig({ triggers: [{ id: 'web', failure_reason: 'quota_exceeded' }] })
    )
    const run = await runAction({ inputs: notifyInputs(em) })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['run-id']).toBe('')
    expect(run.outputs['run-ids']).toBe('[]')
    const errors = run.commands.filter(c => c.command === 'error')
    expect(errors.map(e => e.message).join('\n')).toMatch(/no run/i)
  })

  it('fails when no trigger matched, and succeeds then with fail-on-no-run: false', async () => {
    const em = await emulator(baseConfig({ triggers: [{ id: 'web', deployment_type: 'e2e' }] }))
    const strict = await runAction({ inputs: notifyInputs(em, { 'deployment-type': 'smoke' }) })
    expect(strict.exitCode).toBe(1)
    expect(strict.stdout).toMatch(/no trigger matched/i)
    expect(strict.outputs['results']).toBe('[]')

    const lenient = await runAction({
      inputs: notifyInputs(em, { 'deployment-type': 'smoke', 'fail-on-no-run': 'false' })
    })
    expect(lenient.exitCode).toBe(0)
    expect(lenient.commands.some(c => c.command === 'warning')).toBe(true)
    expect(requestsTo(em, 'notify')).toHaveLength(2)
    expect(requestsTo(em, 'notify')[0]?.json).toMatchObject({ deployment_type: 'smoke' })
  })

  it('fails on 401 with a message about the API key, after one request', async () => {
    const em = await emulator(baseConfig({ triggers: [{ id: 'web' }] }))
    const run = await runAction({ inputs: notifyInputs(em, { 'api-key': 'wrong-key-0000' }) })

    expect(run.exitCode).toBe(1)
    expect(requestsTo(em, 'notify')).toHaveLength(1)
    expect(messagesOf(run, 'error').join('\n')).toMatch(/HTTP 401 .*'api-key'/)
  })

  it('fails on 403 with a message about a disabled team, after one request', async () => {
    const em = await emulator(baseConfig({ triggers: [{ id: 'web' }] }))
    const run = await runAction({
      inputs: notifyInputs(em, { 'api-key': 'dk-4417-b2c9-e5f0' })
    })

    expect(run.exitCode).toBe(1)
    expect(requestsTo(em, 'notify')).toHaveLength(1)
    expect(messagesOf(run, 'error').join('\n')).toMatch(/HTTP 403 .*team is disabled/)
  })

  it('retries a 500 and succeeds with the second answer', async () => {
    const em = await emulator(
      baseConfig({
        triggers: [{ id: 'web' }],
        faults: { notify: { script: [{ kind: 'status', status: 500 }] } }
      })
    )
    const run = await runAction({ inputs: notifyInputs(em) })

    expect(run.exitCode).toBe(0)
    expect(requestsTo(em, 'notify').map(r => r.status)).toEqual([500, 200])
    expect(run.outputs['run-id']).toBe('run-1')
  })

  it('gives up after three attempts of 5xx', async () => {
    const em = await emulator(
      baseConfig({
        triggers: [{ id: 'web' }],
        faults: {
          notify: {
            script: [
              { kind: 'status', status: 503 },
              { kind: 'status', status: 502 },
              { kind: 'status', status: 500 },
              null
            ]
          }
        }
      })
    )
    const run = await runAction({ inputs: notifyInputs(em) })

    expect(run.exitCode).toBe(1)
    expect(requestsTo(em, 'notify').map(r => r.status)).toEqual([503, 502, 500])
    expect(messagesOf(run, 'error').join('\n')).toMatch(/HTTP 500/)
  })

  it('does not retry a 405 and names the cause', async () => {
    const em = await emulator(
      baseConfig({
        triggers: [{ id: 'web' }],
        faults: { notify: { script: [{ kind: 'status', status: 405 }] } }
      })
    )
    const run = await runAction({ inputs: notifyInputs(em) })

    expect(run.exitCode).toBe(1)
    expect(requestsTo(em, 'notify')).toHaveLength(1)
    expect(messagesOf(run, 'error').join('\n')).toMatch(
      /HTTP 405 Method Not Allowed: the service did not accept POST/
    )
  })

  it('sends nothing for a non-success deployment_status and succeeds with skipped=true', async () => {
    const em = await emulator(baseConfig({ triggers: [{ id: 'web' }] }))
    const run = await runAction({
      inputs: notifyInputs(em),
      eventName: 'deployment_status',
      event: loadEvent('deployment_status.failure')
    })

    expect(run.exitCode).toBe(0)
    expect(em.requests).toHaveLength(0)
    expect(run.outputs['skipped']).toBe('true')
    expect(run.outputs['run-ids']).toBe('[]')
    expect(run.commands.some(c => c.command === 'notice')).toBe(true)
  })

  it('sends the environment URL of a successful deployment_status', async () => {
    const em = await emulator(baseConfig({ triggers: [{ id: 'web' }] }))
    const run = await runAction({
      inputs: notifyInputs(em),
      eventName: 'deployment_status',
      event: loadEvent('deployment_status.success')
    })

    expect(run.exitCode).toBe(0)
    expect(requestsTo(em, 'notify')[0]?.json).toMatchObject({
      sha: '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      branch: 'feature/checkout-button',
      deployment_url: 'https://staging.shop.example.com'
    })
  })

  it('sends every optional input in the body', async () => {
    const em = await emulator(baseConfig({ triggers: [{ id: 'web' }] }))
    const run = await runAction({
      inputs: notifyInputs(em, {
        sha: 'ABCDEF1234',
        branch: 'release/1.2',
        'deployment-type': 'e2e',
        'deployment-url': 'https://preview-42.example.com',
        'hosting-service': 'gitlab',
        'commit-url': 'https://gitlab.example.com/acme/shop/-/commit/abcdef1234',
        variables: 'LOCALE=de\n# a comment\n\nFEATURE_FLAG = on',
        'deduplication-key': 'preview-42',
        'ephemeral-environment': 'true'
      })
    })

    expect(run.exitCode).toBe(0)
    expect(requestsTo(em, 'notify')[0]?.json).toEqual({
      sha: 'abcdef1234',
      branch: 'release/1.2',
      deployment_type: 'e2e',
      deployment_url: 'https://preview-42.example.com',
      hosting_service: 'GitLab',
      commit_url: 'https://gitlab.example.com/acme/shop/-/commit/abcdef1234',
      variables: { LOCALE: 'de', FEATURE_FLAG: 'on' },
      deduplication_key: 'preview-42',
      ephemeral_environment: true
    })
  })
  it('warns about a greenlight input set in notify mode, and still notifies', async () => {
    const em = await emulator(baseConfig({ triggers: [{ id: 'web' }] }))
    const run = await runAction({
      inputs: notifyInputs(em, { timeout: '5m', 'poll-interval': '30s' })
    })

    expect(run.exitCode).toBe(0)
    const warnings = run.commands.filter(c => c.command === 'warning').map(c => c.message)
    // Set to its default, poll-interval says nothing about what the user wrote: no warning.
    expect(warnings).toEqual(["Input 'timeout' is ignored in notify mode."])
    expect(requestsTo(em, 'notify')).toHaveLength(1)
  })

  it('accepts http:// to localhost by name, as for a local emulator', async () => {
    const em = await emulator(baseConfig({ triggers: [{ id: 'web' }] }))
    const port = new URL(em.url).port
    const run = await runAction({
      inputs: notifyInputs(em, { 'base-url': `http://localhost:${port}/` })
    })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['run-id']).toBe('run-1')
  })
})
