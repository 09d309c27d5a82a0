// terminate mode end to end: the bundled action tells a loopback service that an ephemeral
// environment is gone, and treats "not found" and "already terminated" as a safe repeat.
import { describe, expect, it } from '@jest/globals'
import {
  API_KEY,
  commandsOf,
  messagesOf,
  scriptedService as service,
  terminateStep
} from '../helpers/e2e.js'
import type { TinyServer } from '../helpers/tiny-server.js'

function terminate(server: TinyServer, inputs: Record<string, string>) {
  return terminateStep(server, inputs)
}

describe('terminate end to end', () => {
  it('posts exactly the one name given, with the workspace, and reports terminated', async () => {
    const server = await service([
      { status: 200, body: { code: 'terminated', environmentId: 'env-42' } }
    ])
    const run = await terminate(server, {
      'environment-alias': 'pr-17',
      'workspace-id': 'ws-3',
      label: 'preview'
    })

    expect(run.exitCode).toBe(0)
    expect(server.requests).toHaveLength(1)
    const [request] = server.requests
    expect(request?.method).toBe('POST')
    expect(request?.target).toBe('/api/webhooks/environment_terminated')
    expect(request?.headers['authorization']).toBe(`Bearer ${API_KEY}`)
    expect(JSON.parse(request?.body ?? '')).toEqual({
      environmentAlias: 'pr-17',
      workspaceId: 'ws-3'
    })
    expect(run.outputs['outcome']).toBe('terminated')
    expect(run.outputs['environment-id']).toBe('env-42')
    expect(run.summary).toContain('Terminated')
    // The log names the environment in words, not by the request's field.
    expect(run.stdout).toContain('that the environment pr-17 is gone.')
    expect(run.stdout).not.toContain('environmentAlias')
  })

  // By deployment-url: the next test. Each name's body is in termination.test.ts.
  it('names the environment by environment-id', async () => {
    const server = await service([{ status: 200, body: { code: 'terminated' } }])
    const run = await terminate(server, { 'environment-id': 'env-9' })
    expect(run.exitCode).toBe(0)
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ environmentId: 'env-9' })
  })

  it('shows a deployment URL without its credentials, and sends it as given', async () => {
    const url = 'https://bot:hunter2-s3cret@pr-17.preview.example.com/'
    const server = await service([{ status: 200, body: { code: 'terminated' } }])
    const run = await terminate(server, { 'deployment-url': url })

    expect(run.exitCode).toBe(0)
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ deploymentUrl: url })
    expect(run.stdout).toContain('the environment at https://pr-17.preview.example.com/ is gone')
    expect(run.summary).toContain('pr-17.preview.example.com')
    expect(run.allText).not.toContain('hunter2-s3cret')
  })

  it.each([
    [404, 'not-found'],
    [409, 'already-terminated']
  ])(
    'turns %i into a warning and outcome %s: the step is safe to repeat',
    async (status, outcome) => {
      const server = await service([{ status, body: { error: 'whatever the service says' } }])
      const run = await terminate(server, { 'environment-id': 'env-9' })

      expect(run.exitCode).toBe(0)
      expect(server.requests).toHaveLength(1)
      expect(run.outputs['outcome']).toBe(outcome)
      expect(commandsOf(run, 'warning')).toHaveLength(1)
      expect(messagesOf(run, 'error')).toEqual([])
    }
  )

  it('retries a 500, then reports the termination', async () => {
    const server = await service([
      { status: 500, body: { error: 'busy' } },
      {
        status: 200,
        body: { code: 'terminated', environmentId: 'env-1', warning: 'Used workspace Main' }
      }
    ])
    const run = await terminate(server, { 'environment-id': 'env-1' })
    expect(run.exitCode).toBe(0)
    expect(server.requests).toHaveLength(2)
    expect(run.outputs['outcome']).toBe('terminated')
    expect(messagesOf(run, 'warning')).toEqual(['Used workspace Main'])
  })

  it('fails on a 200 whose code is not terminated, showing the service error, after one request', async () => {
    const server = await service([
      { status: 200, body: { code: 'failed', error: 'environment <b>is</b> locked' } }
    ])
    const run = await terminate(server, { 'environment-alias': 'pr-17' })
    expect(run.exitCode).toBe(1)
    expect(server.requests).toHaveLength(1)
    expect(run.outputs['outcome']).toBe('')
    expect(run.outputs['environment-id']).toBe('')
    expect(messagesOf(run, 'error')).toEqual([
      "The environment termination failed: the service answered 200 with code 'failed', not 'terminated': environment <b>is</b> locked"
    ])
    expect(run.summary).toContain('⛔ **Not terminated:** the request failed.')
    expect(run.summary).toContain('environment &lt;b&gt;is&lt;/b&gt; locked')
    expect(run.summary).not.toContain('Terminated:**')
  })

  // Other answers read as terminated (a numeric environmentId, ...): termination.test.ts.
  it('reads no code and a null environmentId as terminated with no ID', async () => {
    const server = await service([{ status: 200, body: { environmentId: null } }])
    const run = await terminate(server, { 'environment-id': 'env-9' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['outcome']).toBe('terminated')
    expect(run.outputs['environment-id']).toBe('')
    expect(run.summary).toContain('✅ **Terminated:**')
    expect(run.summary).not.toContain('Environment ID')
  })

  // Two names: input-messages.test.ts.
  it('refuses no name before sending anything', async () => {
    const server = await service([{ status: 200, body: { code: 'terminated' } }])
    const run = await terminate(server, {})
    expect(run.exitCode).toBe(1)
    expect(server.requests).toHaveLength(0)
    const [message] = messagesOf(run, 'error')
    for (const name of ['environment-id', 'environment-alias', 'deployment-url']) {
      expect(message).toContain(`'${name}'`)
    }
  })
})
