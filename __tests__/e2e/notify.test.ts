// notify mode, end to end: the bundled action under Node 24 against the emulator over loopback;
// then the `summary` switch, the run-id/run-ids rules and the retries.
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { runAction, type ActionRun } from '../../scripts/action-runner.js'
import {
  API_KEY,
  baseConfig,
  DEPLOYED_SHA,
  emulator,
  loadEvent,
  messagesOf,
  notifyInputs,
  notifyStep,
  PR_HEAD_SHA,
  qaService,
  requestsTo
} from '../helpers/e2e.js'
import { notifyOn, webService } from '../helpers/notify-route.js'

const TWO_TRIGGERS = baseConfig({
  triggers: [
    { id: 'web', environment: 'staging' },
    { id: 'api', environment: 'staging-api' }
  ]
})

describe('notify end to end', () => {
  it('sends the pull request head SHA and branch with the bearer key and JSON content type', async () => {
    const em = await webService()
    const run = await notifyOn('pull_request.opened', em)

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
      repository: { owner: 'acme', name: 'shop' },
      pull_request_number: 42,
      commit_url: 'https://github.com/acme/shop/commit/8f3e1c2a9b7d4e6f0a1b2c3d4e5f60718293a4b5'
    })
    expect(run.outputs['run-id']).toBe('run-1')
    expect(run.outputs['run-ids']).toBe('["run-1"]')
    expect(run.outputs['skipped']).toBe('false')
    expect(JSON.parse(run.outputs['results'] ?? '')).toEqual([
      { environment_id: 'env-web', outcome: 'created', created_suite_id: 'run-1' }
    ])
    expect(run.summary).toContain('run-1')
    expect(run.stdout).toContain('pull request #42, repository acme/shop')
  })

  it('reports two run IDs when two triggers match, named when the answer names them', async () => {
    const em = await emulator({ ...TWO_TRIGGERS, shape: 'docs' })
    const run = await notifyStep(em, { sha: 'abc1234' })

    expect(run.exitCode).toBe(0)
    expect(JSON.parse(run.outputs['run-ids'] ?? '')).toEqual(['run-1', 'run-2'])
    expect(run.outputs['run-id']).toBe('run-1')
    expect(run.summary).toMatch(/web[\s\S]*run-1[\s\S]*api[\s\S]*run-2/)
  })

  it('reports a repeated SHA as a duplicate run, still a success', async () => {
    const em = await webService()
    await notifyStep(em, { sha: 'abc1234' })
    const second = await notifyStep(em, { sha: 'abc1234' })

    expect(second.exitCode).toBe(0)
    expect(second.outputs['run-ids']).toBe('["run-1"]')
    expect(second.summary.toLowerCase()).toContain('duplicate')
  })

  it('succeeds with a warning annotation when one trigger fails and another creates a run', async () => {
    const em = await qaService({
      shape: 'docs',
      triggers: [{ id: 'web' }, { id: 'mobile', failure_reason: 'environment_not_found' }]
    })
    const run = await notifyStep(em)

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
    const em = await qaService({ triggers: [{ id: 'web', failure_reason: 'quota_exceeded' }] })
    const run = await notifyStep(em)

    expect(run.exitCode).toBe(1)
    expect(run.outputs['run-id']).toBe('')
    expect(run.outputs['run-ids']).toBe('[]')
    const errors = run.commands.filter(c => c.command === 'error')
    expect(errors.map(e => e.message).join('\n')).toMatch(/no run/i)
  })

  it('fails when no trigger matched, and succeeds then with fail-on-no-run: false', async () => {
    const em = await qaService({ triggers: [{ id: 'web', deployment_type: 'e2e' }] })
    const strict = await notifyStep(em, { 'deployment-type': 'smoke' })
    expect(strict.exitCode).toBe(1)
    expect(strict.stdout).toMatch(/no trigger matched/i)
    expect(strict.outputs['results']).toBe('[]')

    const lenient = await notifyStep(em, { 'deployment-type': 'smoke', 'fail-on-no-run': 'false' })
    expect(lenient.exitCode).toBe(0)
    expect(lenient.commands.some(c => c.command === 'warning')).toBe(true)
    expect(requestsTo(em, 'notify')).toHaveLength(2)
    expect(requestsTo(em, 'notify')[0]?.json).toMatchObject({ deployment_type: 'smoke' })
  })

  it('fails on 403 with a message about a disabled team, after one request', async () => {
    const em = await webService()
    const run = await notifyStep(em, { 'api-key': 'dk-4417-b2c9-e5f0' })

    expect(run.exitCode).toBe(1)
    expect(requestsTo(em, 'notify')).toHaveLength(1)
    expect(messagesOf(run, 'error').join('\n')).toMatch(/HTTP 403 .*team is disabled/)
  })

  it('retries a 500 and succeeds with the second answer', async () => {
    const em = await webService({ kind: 'status', status: 500 })
    const run = await notifyStep(em)

    expect(run.exitCode).toBe(0)
    expect(requestsTo(em, 'notify').map(r => r.status)).toEqual([500, 200])
    expect(run.outputs['run-id']).toBe('run-1')
  })

  it('gives up after three attempts of 5xx', async () => {
    const em = await webService(
      { kind: 'status', status: 503 },
      { kind: 'status', status: 502 },
      { kind: 'status', status: 500 },
      null
    )
    const run = await notifyStep(em)

    expect(run.exitCode).toBe(1)
    expect(requestsTo(em, 'notify').map(r => r.status)).toEqual([503, 502, 500])
    expect(messagesOf(run, 'error').join('\n')).toMatch(/HTTP 500/)
  })

  it('does not retry a 405 and names the cause', async () => {
    const em = await webService({ kind: 'status', status: 405 })
    const run = await notifyStep(em)

    expect(run.exitCode).toBe(1)
    expect(requestsTo(em, 'notify')).toHaveLength(1)
    expect(messagesOf(run, 'error').join('\n')).toMatch(
      /HTTP 405 Method Not Allowed: the service did not accept POST/
    )
  })

  it('sends nothing for a non-success deployment_status and succeeds with skipped=true', async () => {
    const em = await webService()
    const run = await notifyOn('deployment_status.failure', em)

    expect(run.exitCode).toBe(0)
    expect(em.requests).toHaveLength(0)
    expect(run.outputs['skipped']).toBe('true')
    expect(run.outputs['skip-reason']).toMatch(/failure/)
    expect(run.outputs['run-ids']).toBe('[]')
    expect(run.commands.some(c => c.command === 'notice')).toBe(true)
  })

  // As the vendor's own client sends it.
  it('sends a merge queue group’s pull request number, taken from its branch', async () => {
    const em = await webService()
    const run = await notifyOn('merge_group.checks_requested', em)

    expect(run.exitCode).toBe(0)
    expect(requestsTo(em, 'notify')[0]?.json).toMatchObject({
      sha: 'ee00ff11aa22bb33cc44dd55ee66ff7788990011',
      branch: 'gh-readonly-queue/main/pr-42-1d2c3b4a5f6e7d8c9b0a1f2e3d4c5b6a79881726',
      hosting_service: 'GitHub',
      repository: { owner: 'acme', name: 'shop' },
      pull_request_number: 42
    })
    expect(run.outputs['via']).toBe('deploy-success')
  })

  it('sends every optional input in the body', async () => {
    const em = await webService()
    const run = await notifyStep(em, {
      sha: 'ABCDEF1234',
      branch: 'release/1.2',
      'deployment-type': 'e2e',
      'deployment-url': 'https://preview-42.example.com',
      'hosting-service': 'gitlab',
      'commit-url': 'https://gitlab.example.com/acme/shop/-/commit/abcdef1234',
      variables: 'LOCALE=de\n# a comment\n\nFEATURE_FLAG = on',
      'deduplication-key': 'preview-42',
      'ephemeral-environment': 'false',
      repository: 'acme/shop',
      'merge-request-number': '42'
    })

    expect(run.exitCode).toBe(0)
    expect(requestsTo(em, 'notify')[0]?.json).toEqual({
      sha: 'abcdef1234',
      branch: 'release/1.2',
      deployment_type: 'e2e',
      deployment_url: 'https://preview-42.example.com',
      hosting_service: 'GitLab',
      repository: { namespace: 'acme', name: 'shop' },
      merge_request_number: 42,
      commit_url: 'https://gitlab.example.com/acme/shop/-/commit/abcdef1234',
      variables: { LOCALE: 'de', FEATURE_FLAG: 'on' },
      deduplication_key: 'preview-42',
      ephemeral_environment: false
    })
  })
  it('warns about a greenlight input set in notify mode, and still notifies', async () => {
    const em = await webService()
    const run = await notifyStep(em, { timeout: '5m', 'poll-interval': '30s' })

    expect(run.exitCode).toBe(0)
    const warnings = run.commands.filter(c => c.command === 'warning').map(c => c.message)
    // Set to its default, poll-interval says nothing about what the user wrote: no warning.
    expect(warnings).toEqual(["Input 'timeout' is ignored in notify mode."])
    expect(requestsTo(em, 'notify')).toHaveLength(1)
  })

  it('accepts http:// to localhost by name, as for a local emulator', async () => {
    const em = await webService()
    const port = new URL(em.url).port
    const run = await notifyStep(em, { 'base-url': `http://localhost:${port}/` })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['run-id']).toBe('run-1')
  })
})

const REPOSITORY = { owner: 'acme', name: 'shop' }

describe("notify sends the request the service's own client sends, on the wire", () => {
  async function notifyOn(
    eventName: string,
    event: Record<string, unknown>,
    extra: Record<string, string> = {}
  ) {
    const em = await webService()
    const run = await runAction({ inputs: notifyInputs(em, extra), eventName, event })
    expect(run.exitCode).toBe(0)
    const requests = requestsTo(em, 'notify')
    expect(requests).toHaveLength(1)
    return { run, body: requests[0]?.json as Record<string, unknown> }
  }

  it('push: hosting_service and the repository, no pull request number', async () => {
    const { body } = await notifyOn('push', loadEvent('push.branch'))
    expect(body).toMatchObject({
      branch: 'release/2024-05',
      hosting_service: 'GitHub',
      repository: REPOSITORY
    })
    expect(body).not.toHaveProperty('pull_request_number')
  })

  it('push with the pull-request-number input: sent as a number', async () => {
    const { body } = await notifyOn('push', loadEvent('push.branch'), {
      'pull-request-number': '17'
    })
    expect(body['pull_request_number']).toBe(17)
  })

  it('deployment_status: the deployment and its environment URL, with hosting_service and the repository, via deploy-success', async () => {
    const { body, run } = await notifyOn(
      'deployment_status',
      loadEvent('deployment_status.success')
    )
    expect(run.outputs['via']).toBe('deploy-success')
    expect(body).toEqual({
      sha: DEPLOYED_SHA,
      branch: 'feature/checkout-button',
      deployment_url: 'https://staging.shop.example.com',
      hosting_service: 'GitHub',
      repository: REPOSITORY,
      commit_url: `https://github.com/acme/shop/commit/${DEPLOYED_SHA}`
    })
  })

  it('an ephemeral deployment: ephemeral_environment, and no hosting_service, repository or pull request number', async () => {
    const { body, run } = await notifyOn('pull_request', loadEvent('pull_request.opened'), {
      'ephemeral-environment': 'true',
      'deployment-url': 'https://pr-42.preview.example.com',
      'pull-request-number': '42'
    })
    expect(body).toEqual({
      sha: PR_HEAD_SHA,
      branch: 'feature/checkout-button',
      deployment_url: 'https://pr-42.preview.example.com',
      commit_url: `https://github.com/acme/shop/commit/${PR_HEAD_SHA}`,
      ephemeral_environment: true
    })
    expect(run.stdout).toContain("The input 'pull-request-number' is not sent")
  })
})

describe('notify with a broken event file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa-greenlight-event-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  function eventFile(name: string, content: string): string {
    const file = path.join(dir, name)
    writeFileSync(file, content)
    return file
  }

  /** A notify step on a deployment_status event whose event file is `at`. */
  function onDeploymentStatus(
    em: { url: string },
    at: string,
    inputs: Record<string, string> = {}
  ): Promise<ActionRun> {
    return runAction({
      inputs: notifyInputs(em, { 'deployment-url': 'https://staging.example.com', ...inputs }),
      eventName: 'deployment_status',
      env: { GITHUB_EVENT_PATH: at }
    })
  }

  const BROKEN: [string, () => string, string][] = [
    ['missing', () => path.join(dir, 'absent.json'), 'does not exist.'],
    [
      'invalid JSON',
      () => eventFile('invalid.json', '{"deployment_status": {'),
      'is not valid JSON.'
    ]
  ]

  // Each kind of broken file is read in event-context.test.ts, and planNotification's two answers
  // to one in notification.test.ts: here, one kind per answer proves the wiring.
  it.each(BROKEN.filter(([kind]) => kind === 'invalid JSON'))(
    'deployment_status, file %s, no sha input: fails naming the file, sends nothing, never "skipped"',
    async (_, file, what) => {
      const em = await webService()
      const at = file()
      const run = await onDeploymentStatus(em, at)

      expect(run.exitCode).toBe(1)
      expect(em.requests).toHaveLength(0)
      expect(run.outputs['skipped']).toBe('false')
      const [error] = messagesOf(run, 'error')
      expect(error).toContain(`The event file ${at} (GITHUB_EVENT_PATH) ${what}`)
      expect(error).toContain("Set the 'sha' input")
      expect(run.allText).not.toContain('(missing)')
      expect(run.summary).toContain('GITHUB&#95;EVENT&#95;PATH')
    }
  )

  it.each(BROKEN.filter(([kind]) => kind === 'missing'))(
    'deployment_status, file %s, with sha, branch and deployment-url: sent from the inputs, with a warning',
    async (_, file, what) => {
      const em = await webService()
      const at = file()
      const run = await onDeploymentStatus(em, at, { sha: DEPLOYED_SHA, branch: 'main' })

      expect(run.exitCode).toBe(0)
      expect(run.outputs['skipped']).toBe('false')
      expect(run.outputs['run-id']).toBe('run-1')
      expect(requestsTo(em, 'notify')[0]?.json).toEqual({
        sha: DEPLOYED_SHA,
        branch: 'main',
        deployment_url: 'https://staging.example.com',
        hosting_service: 'GitHub',
        repository: REPOSITORY,
        commit_url: `https://github.com/acme/shop/commit/${DEPLOYED_SHA}`
      })
      expect(messagesOf(run, 'warning').join('\n')).toContain(
        `The event file ${at} (GITHUB_EVENT_PATH) ${what} Sending the explicit inputs only`
      )
    }
  )
})

describe('notify shows a deployment URL without its credentials', () => {
  it('logs the URL without user:password@, and sends it as given', async () => {
    const em = await webService()
    const url = 'https://deploy-bot:hunter2-s3cret@preview-7.example.com/app?x=1'
    const run = await notifyStep(em, { 'deployment-url': url })

    expect(run.exitCode).toBe(0)
    expect(requestsTo(em, 'notify')[0]?.json).toMatchObject({ deployment_url: url })
    expect(run.stdout).toContain('url https://preview-7.example.com/app?x=1')
    expect(run.allText).not.toContain('hunter2-s3cret')
    expect(run.allText).not.toContain('deploy-bot')
  })

  it('leaves the credentials of an event URL out of the note about it', async () => {
    const em = await webService()
    const event = loadEvent('deployment_status.success')
    ;(event['deployment_status'] as Record<string, unknown>)['environment_url'] =
      'ftp://admin:hunter2-s3cret@files.example.com/'
    const run = await runAction({ inputs: notifyInputs(em), eventName: 'deployment_status', event })

    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain("The event's deployment URL 'ftp://files.example.com/'")
    expect(run.allText).not.toContain('hunter2-s3cret')
  })
})

describe('summary: false', () => {
  it('leaves the job summary empty in notify mode', async () => {
    const em = await webService()
    const run = await notifyStep(em, { summary: 'false' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['run-id']).toBe('run-1')
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
  it('waits out a 429 with Retry-After: 1, and does not repeat a POST whose connection was reset', async () => {
    const em = await webService(
      { kind: 'rate-limit', retryAfter: '1' },
      { kind: 'reset-before-headers' }
    )
    const run = await notifyStep(em)

    expect(run.exitCode).toBe(1)
    expect(run.outputs['run-id']).toBe('')
    const requests = requestsTo(em, 'notify')
    // 0: the reset connection got no status.
    expect(requests.map(r => r.status)).toEqual([429, 0])
    expect(requests.map(r => r.fault ?? null)).toEqual(['rate-limit', 'reset-before-headers'])
    // Retry-After: 1 is honoured: the next attempt comes at least a second after the 429.
    expect(requests[1]!.receivedAt - requests[0]!.receivedAt).toBeGreaterThanOrEqual(1000)
    // The reset connection may have carried the request: no third attempt, no run.
    expect(em.runs()).toHaveLength(0)
  })
})
