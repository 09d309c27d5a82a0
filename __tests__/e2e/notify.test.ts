// notify via deploy-success (the default route), end to end: the bundle under Node 24 against the
// emulator over loopback. The request the service's own client sends for each event, the run IDs
// and results it answers, retries, a broken event file, credentials in URLs, and wait-for-url.
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import type { FaultSpec } from '../../emulator/config.js'
import {
  API_KEY,
  DEPLOYED_SHA,
  loadEvent,
  messagesOf,
  notifyInputs,
  notifyStep,
  PR_HEAD_SHA,
  qaService,
  requestsTo,
  scriptedService,
  tinyServer
} from '../helpers/e2e.js'
import {
  deploymentInputs,
  notifyOn,
  reportService,
  runRoute,
  webService
} from '../helpers/notify-route.js'

const REPOSITORY = { owner: 'acme', name: 'shop' }

describe('the request, as the service’s own client sends it', () => {
  it('a pull request: its head SHA and branch, with the bearer key and JSON content type', async () => {
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
      sha: PR_HEAD_SHA,
      branch: 'feature/checkout-button',
      hosting_service: 'GitHub',
      repository: REPOSITORY,
      pull_request_number: 42,
      commit_url: `https://github.com/acme/shop/commit/${PR_HEAD_SHA}`
    })
    expect(run.outputs).toMatchObject({
      'run-id': 'run-1',
      'run-ids': '["run-1"]',
      skipped: 'false'
    })
    expect(JSON.parse(run.outputs['results'] ?? '')).toEqual([
      { environment_id: 'env-web', outcome: 'created', created_suite_id: 'run-1' }
    ])
    expect(run.summary).toContain('run-1')
    expect(run.stdout).toContain('pull request #42, repository acme/shop')
  })

  it('a merge queue group: its pull request number, taken from its branch', async () => {
    const em = await webService()
    const run = await notifyOn('merge_group.checks_requested', em)
    expect(run.exitCode).toBe(0)
    expect(requestsTo(em, 'notify')[0]?.json).toMatchObject({
      sha: 'ee00ff11aa22bb33cc44dd55ee66ff7788990011',
      branch: 'gh-readonly-queue/main/pr-42-1d2c3b4a5f6e7d8c9b0a1f2e3d4c5b6a79881726',
      hosting_service: 'GitHub',
      repository: REPOSITORY,
      pull_request_number: 42
    })
    expect(run.outputs['via']).toBe('deploy-success')
  })

  it('a deployment_status: the deployment and its URL; for a failed one nothing, skipped', async () => {
    const em = await webService()
    const run = await notifyOn('deployment_status.success', em)
    const failed = await notifyOn('deployment_status.failure', em)
    expect(failed.exitCode).toBe(0)
    expect(requestsTo(em, 'notify')).toHaveLength(1)
    expect(failed.outputs).toMatchObject({ skipped: 'true', 'run-ids': '[]' })
    expect(failed.outputs['skip-reason']).toMatch(/failure/)
    expect(messagesOf(failed, 'notice')).not.toEqual([])
    expect(run.exitCode).toBe(0)
    expect(requestsTo(em, 'notify')[0]?.json).toEqual({
      sha: DEPLOYED_SHA,
      branch: 'feature/checkout-button',
      deployment_url: 'https://staging.shop.example.com',
      hosting_service: 'GitHub',
      repository: REPOSITORY,
      commit_url: `https://github.com/acme/shop/commit/${DEPLOYED_SHA}`
    })
  })

  it('every optional input, to http://localhost by name as for a local emulator', async () => {
    const em = await webService()
    const run = await notifyStep(em, {
      'base-url': `http://localhost:${new URL(em.url).port}/`,
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
      'merge-request-number': '42',
      summary: 'false'
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
    expect(run.outputs['run-id']).toBe('run-1')
    expect(run.summary).toBe('')
  })
})

describe('the answer: run IDs, results and reported-at', () => {
  it('a repeated SHA is a duplicate run, a success whose reported-at is any, said in a notice', async () => {
    const em = await webService()
    const notify = () => notifyStep(em, { sha: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678' })
    const first = await notify()
    const second = await notify()

    expect(first.outputs['reported-at']).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(second.exitCode).toBe(0)
    expect(second.outputs['run-ids']).toBe('["run-1"]')
    expect(second.summary.toLowerCase()).toContain('duplicate')
    // Passed to greenlight's since, `any` lets the earlier run's check count.
    expect(second.outputs['reported-at']).toBe('any')
    const notice = messagesOf(second, 'notice').join('\n')
    expect(notice).toContain('run-1')
    expect(notice).toContain('reported-at is any')
  })

  it('succeeds with a warning when one trigger fails and another creates a run', async () => {
    const em = await qaService({
      shape: 'docs',
      triggers: [{ id: 'web' }, { id: 'mobile', failure_reason: 'environment_not_found' }]
    })
    const run = await notifyStep(em)

    expect(run.exitCode).toBe(0)
    const warnings = messagesOf(run, 'warning')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('mobile')
    expect(warnings[0]).toContain('environment_not_found')
    expect(run.summary).toContain('mobile')
    expect(run.summary).toContain('environment&#95;not&#95;found')
    expect(run.summary).toContain('run-1')
    expect(run.outputs['run-ids']).toBe('["run-1"]')

    const allFail = await qaService({ triggers: [{ id: 'web', failure_reason: 'quota_exceeded' }] })
    const failed = await notifyStep(allFail)
    expect(failed.exitCode).toBe(1)
    expect(failed.outputs).toMatchObject({ 'run-id': '', 'run-ids': '[]' })
    expect(messagesOf(failed, 'error').join('\n')).toMatch(/no run/i)
  })

  it('warns, naming the sha input, when the event names no commit; reported-at is the Date', async () => {
    const server = await scriptedService([
      {
        status: 200,
        body: { results: [{ trigger_id: 'web', created_suite_id: 'run-1' }] },
        headers: { date: 'Tue, 14 May 2024 10:00:00 GMT' }
      }
    ])
    const event = loadEvent('deployment_status.success') as { deployment: Record<string, unknown> }
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
    expect(run.outputs['reported-at']).toBe('2024-05-14T10:00:00.000Z')
  })
})

describe('retries and refusals', () => {
  it.each([
    [[{ kind: 'status', status: 500 }], 0, [500, 200], null],
    [
      [
        { kind: 'status', status: 503 },
        { kind: 'status', status: 502 },
        { kind: 'status', status: 500 },
        null
      ],
      1,
      [503, 502, 500],
      /HTTP 500/
    ],
    [
      [{ kind: 'status', status: 405 }],
      1,
      [405],
      /HTTP 405 Method Not Allowed: the service did not accept POST/
    ]
  ] as [(FaultSpec | null)[], number, number[], RegExp | null][])(
    'answered %j: exit %i after the answers %j',
    async (script, exitCode, statuses, error) => {
      const em = await webService(...script)
      const run = await notifyStep(em)
      expect(run.exitCode).toBe(exitCode)
      expect(requestsTo(em, 'notify').map(r => r.status)).toEqual(statuses)
      if (error === null) expect(run.outputs['run-id']).toBe('run-1')
      else expect(messagesOf(run, 'error').join('\n')).toMatch(error)
    }
  )

  it('fails on 403 with a message about a disabled team, after one request', async () => {
    const em = await webService()
    const run = await notifyStep(em, { 'api-key': 'dk-4417-b2c9-e5f0' })
    expect(run.exitCode).toBe(1)
    expect(requestsTo(em, 'notify')).toHaveLength(1)
    expect(messagesOf(run, 'error').join('\n')).toMatch(/HTTP 403 .*team is disabled/)
  })

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
    // Retry-After: 1 is honoured (a lower bound, which load only lengthens).
    expect(requests[1]!.receivedAt - requests[0]!.receivedAt).toBeGreaterThanOrEqual(1000)
    // The reset connection may have carried the request: no third attempt, no run.
    expect(em.runs()).toHaveLength(0)
  })

  it('points a workspace on global triggers at the current path when no trigger matched', async () => {
    const em = await reportService()
    const run = await notifyStep(em, { sha: 'abc1234' })
    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error')[0]).toContain(
      'set via: github-deployment or via: report-status'
    )
  })
})

describe('a deployment URL is shown without its credentials', () => {
  it('logs the URL without user:password@, and sends it as given', async () => {
    const em = await webService()
    const url = 'https://deploy-bot:hunter2-s3cret@preview-7.example.com/app?x=1'
    const run = await notifyStep(em, { 'deployment-url': url })

    expect(run.exitCode).toBe(0)
    expect(requestsTo(em, 'notify')[0]?.json).toMatchObject({ deployment_url: url })
    expect(run.stdout).toContain('url https://preview-7.example.com/app?x=1')
    expect(run.allText).not.toContain('hunter2-s3cret')
    expect(run.allText).not.toContain('deploy-bot')

    // Nor in the note about an event's URL.
    const event = loadEvent('deployment_status.success')
    ;(event['deployment_status'] as Record<string, unknown>)['environment_url'] =
      'ftp://admin:hunter2-s3cret@files.example.com/'
    const noted = await runAction({
      inputs: notifyInputs(em),
      eventName: 'deployment_status',
      event
    })
    expect(noted.exitCode).toBe(0)
    expect(noted.stdout).toContain("The event's deployment URL 'ftp://files.example.com/'")
    expect(noted.allText).not.toContain('hunter2-s3cret')
  })
})

describe('wait-for-url: the deployment must answer (any status below 500) first', () => {
  /** The deployment: answers its n-th request (from 1) with `status(n)`. */
  async function deployment(status: (n: number) => number) {
    const site = await tinyServer()
    site.handle = (_req, res) => {
      res.statusCode = status(site.requests.length)
      res.end('<html>sign in</html>')
    }
    return site
  }

  it('notifies once the deployment answers, after a few tries that do not', async () => {
    const em = await webService()
    // Down twice (a 503 from the load balancer), then a login page's 401: the server is up.
    const site = await deployment(n => (n <= 2 ? 503 : 401))
    const run = await notifyStep(em, {
      sha: 'abc1234',
      'deployment-url': `${site.url}/app`,
      'wait-for-url': 'true',
      'wait-for-url-timeout': '1m'
    })

    expect(run.exitCode).toBe(0)
    expect(site.requests.map(r => `${r.method} ${r.target}`)).toEqual([
      'GET /app',
      'GET /app',
      'GET /app'
    ])
    // The deployment is the user's site, not the service: the key never goes there.
    expect(site.requests.every(r => r.headers['authorization'] === undefined)).toBe(true)
    expect(requestsTo(em, 'notify')[0]?.json).toMatchObject({
      deployment_url: `${site.url}/app`,
      sha: 'abc1234'
    })
    expect(run.outputs['run-id']).not.toBe('')
    expect(run.stdout).toContain(`${site.url}/app does not answer yet (HTTP 503); trying again.`)
    expect(run.stdout).toContain(`${site.url}/app answered after 3 tries.`)
    // It waits before it says it is notifying.
    const waiting = run.stdout.indexOf('Waiting up to 1m')
    expect(waiting).toBeGreaterThanOrEqual(0)
    expect(run.stdout.indexOf('Notifying ')).toBeGreaterThan(waiting)
  })

  it('fails when the deployment never answers, and tells neither the service nor GitHub', async () => {
    const em = await reportService({ triggers: [{ id: 'web' }] })
    const site = await deployment(() => 502)
    const inputs = {
      'deployment-url': site.url,
      'wait-for-url': 'true',
      'wait-for-url-timeout': '2s'
    }
    const run = await notifyStep(em, { sha: 'abc1234', ...inputs })
    const deploy = await runRoute(deploymentInputs({ 'base-url': em.url, ...inputs }), {
      github: em.url
    })

    expect([run.exitCode, deploy.exitCode]).toEqual([1, 1])
    expect(site.requests.length).toBeGreaterThan(0)
    expect(em.requests).toEqual([])
    expect(run.outputs['run-ids']).toBe('[]')
    expect(messagesOf(run, 'error')).toEqual([
      `The deployment notification was not sent: ${site.url} did not answer with a status below 500 within 2s ` +
        `(wait-for-url-timeout; last try: HTTP 502), so nothing was sent to the service. ` +
        `Check that the deployment is up, or give it longer with wait-for-url-timeout.`
    ])
    expect(run.summary).toContain('did not answer with a status below 500')
    expect(messagesOf(deploy, 'error')[0]).toContain(
      'did not answer with a status below 500 within 2s'
    )
  })

  it('is off by default; with no deployment URL to wait for, nothing is sent', async () => {
    const em = await webService()
    const site = await tinyServer()
    const off = await notifyStep(em, { sha: 'abc1234', 'deployment-url': site.url })
    const none = await notifyStep(em, { sha: 'abc1234', 'wait-for-url': 'true' })

    expect(off.exitCode).toBe(0)
    expect(site.requests).toEqual([])
    expect(none.exitCode).toBe(1)
    expect(requestsTo(em, 'notify')).toHaveLength(1)
    expect(messagesOf(none, 'error').join('\n')).toContain(
      "'wait-for-url' is true but there is no deployment URL to wait for: set 'deployment-url'"
    )
  })
})
