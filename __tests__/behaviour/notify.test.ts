// notify via deploy-success (the default route), as a step: against the
// emulator over loopback. The request for a pull request and a deployment_status, retries, and
// wait-for-url; the answers: notify-answers.test.ts. The reading of each input and event, and the
// messages: unit/inputs, event, notify-deployment, notify-routes, service and wait-for-url.
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import {
  API_KEY,
  DEPLOYED_SHA,
  loadEvent,
  messagesOf,
  notifyInputs,
  notifyStep,
  PR_HEAD_SHA,
  requestsTo,
  tinyServer
} from '../helpers/e2e.js'
import { deploymentInputs, notifyOn, runRoute, webService } from '../helpers/notify-route.js'

const REPOSITORY = { owner: 'acme', name: 'shop' }

describe('the request, as the service’s own client sends it', () => {
  it('a pull request, every optional input: its head, the URL as given but shown without credentials', async () => {
    const em = await webService()
    // wait-for-url is off by default: the deployment is not asked.
    const site = await tinyServer()
    const url = `http://deploy-bot:hunter2-s3cret@127.0.0.1:${new URL(site.url).port}/app?x=1`
    const run = await runAction({
      inputs: notifyInputs(em, {
        'base-url': `http://localhost:${new URL(em.url).port}/`,
        'deployment-type': 'e2e',
        'deployment-url': url,
        variables: 'LOCALE=de\n# a comment\n\nFEATURE_FLAG = on',
        'deduplication-key': 'preview-42',
        'ephemeral-environment': 'false'
      }),
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
      sha: PR_HEAD_SHA,
      branch: 'feature/checkout-button',
      deployment_type: 'e2e',
      deployment_url: url,
      hosting_service: 'GitHub',
      repository: REPOSITORY,
      pull_request_number: 42,
      commit_url: `https://github.com/acme/shop/commit/${PR_HEAD_SHA}`,
      variables: { LOCALE: 'de', FEATURE_FLAG: 'on' },
      deduplication_key: 'preview-42',
      ephemeral_environment: false
    })
    expect(run.outputs).toMatchObject({
      'run-id': 'run-1',
      'run-ids': '["run-1"]',
      skipped: 'false'
    })
    expect(run.outputs['reported-at']).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(JSON.parse(run.outputs['results'] ?? '')).toEqual([
      { environment_id: 'env-web', outcome: 'created', created_suite_id: 'run-1' }
    ])
    expect(run.summary).toContain('run-1')
    expect(run.stdout).toContain(`url ${site.url}/app?x=1, pull request #42, repository acme/shop`)
    expect(run.allText).not.toContain('hunter2-s3cret')
    expect(run.allText).not.toContain('deploy-bot')
    expect(site.requests).toEqual([])
  })

  it('a deployment_status: the deployment and its URL; for a failed one nothing, skipped', async () => {
    const em = await webService()
    const run = await notifyOn('deployment_status.success', em)
    const failed = await notifyOn('deployment_status.failure', em)

    expect([run.exitCode, failed.exitCode]).toEqual([0, 0])
    expect(requestsTo(em, 'notify').map(r => r.json)).toEqual([
      {
        sha: DEPLOYED_SHA,
        branch: 'feature/checkout-button',
        deployment_url: 'https://staging.shop.example.com',
        hosting_service: 'GitHub',
        repository: REPOSITORY,
        commit_url: `https://github.com/acme/shop/commit/${DEPLOYED_SHA}`
      }
    ])
    expect(failed.outputs).toMatchObject({ skipped: 'true', 'run-ids': '[]' })
    expect(failed.outputs['skip-reason']).toMatch(/failure/)
    expect(messagesOf(failed, 'notice')).not.toEqual([])
  })
})

describe('retries', () => {
  it('retries a 503 and waits out a 429 (Retry-After: 1); never repeats a POST whose connection was reset', async () => {
    const [em, reset] = await Promise.all([
      webService({ kind: 'status', status: 503 }, { kind: 'rate-limit', retryAfter: '1' }, null),
      webService({ kind: 'reset-before-headers' })
    ])
    const [run, cut] = await Promise.all([notifyStep(em), notifyStep(reset)])

    expect(run.exitCode).toBe(0)
    expect(run.outputs['run-id']).toBe('run-1')
    const requests = requestsTo(em, 'notify')
    expect(requests.map(r => r.status)).toEqual([503, 429, 200])
    // Retry-After: 1 is honoured (a lower bound, which load only lengthens).
    expect(requests[2]!.receivedAt - requests[1]!.receivedAt).toBeGreaterThanOrEqual(1000)
    // The reset connection (no status) may have carried the request: no second attempt, no run.
    expect(cut.exitCode).toBe(1)
    expect(requestsTo(reset, 'notify').map(r => r.status)).toEqual([0])
    expect(reset.runs()).toHaveLength(0)
    expect(cut.outputs['run-id']).toBe('')
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

  it('notifies once the deployment answers, after a try that does not', async () => {
    const em = await webService()
    // Down (a 503 from the load balancer), then a login page's 401: the server is up.
    const site = await deployment(n => (n === 1 ? 503 : 401))
    const run = await notifyStep(em, {
      sha: 'abc1234',
      'deployment-url': `${site.url}/app`,
      'wait-for-url': 'true',
      'wait-for-url-timeout': '1m'
    })

    expect(run.exitCode).toBe(0)
    expect(site.requests.map(r => `${r.method} ${r.target}`)).toEqual(['GET /app', 'GET /app'])
    // The deployment is the user's site, not the service: the key never goes there.
    expect(site.requests.every(r => r.headers['authorization'] === undefined)).toBe(true)
    expect(requestsTo(em, 'notify')[0]?.json).toMatchObject({ deployment_url: `${site.url}/app` })
    expect(run.outputs['run-id']).toBe('run-1')
    expect(run.stdout).toContain(`${site.url}/app does not answer yet (HTTP 503); trying again.`)
    expect(run.stdout).toContain(`${site.url}/app answered after 2 tries.`)
    // It waits before it says it is notifying.
    const waiting = run.stdout.indexOf('Waiting up to 1m')
    expect(waiting).toBeGreaterThanOrEqual(0)
    expect(run.stdout.indexOf('Notifying ')).toBeGreaterThan(waiting)
  })

  it('tells neither the service nor GitHub when the deployment never answers, or there is no URL', async () => {
    const em = await webService()
    const site = await deployment(() => 502)
    const inputs = {
      'deployment-url': site.url,
      'wait-for-url': 'true',
      'wait-for-url-timeout': '1s'
    }
    const [run, deploy, none] = await Promise.all([
      notifyStep(em, { sha: 'abc1234', ...inputs }),
      runRoute(deploymentInputs({ 'base-url': em.url, ...inputs }), { github: em.url }),
      notifyStep(em, { sha: 'abc1234', 'wait-for-url': 'true' })
    ])

    expect([run.exitCode, deploy.exitCode, none.exitCode]).toEqual([1, 1, 1])
    expect(site.requests.length).toBeGreaterThan(0)
    expect(em.requests).toEqual([])
    expect(run.outputs['run-ids']).toBe('[]')
    expect(messagesOf(run, 'error')).toEqual([
      `The deployment notification was not sent: ${site.url} did not answer with a status below 500 within 1s ` +
        `(wait-for-url-timeout; last try: HTTP 502), so nothing was sent to the service. ` +
        `Check that the deployment is up, or give it longer with wait-for-url-timeout.`
    ])
    expect(run.summary).toContain('did not answer with a status below 500')
    expect(messagesOf(deploy, 'error')[0]).toContain(
      'did not answer with a status below 500 within 1s'
    )
    expect(messagesOf(none, 'error').join('\n')).toContain(
      "'wait-for-url' is true but there is no deployment URL to wait for: set 'deployment-url'"
    )
  })
})
