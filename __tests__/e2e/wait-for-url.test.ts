// notify's `wait-for-url`: the deployment must answer (any status below 500) before the service is
// told; a deployment that never answers fails the step and nothing reaches the service.
import { describe, expect, it } from '@jest/globals'
import { messagesOf, notifyStep, requestsTo, tinyServer } from '../helpers/e2e.js'
import type { TinyServer } from '../helpers/tiny-server.js'
import {
  deployingTo,
  reportService,
  reportStep,
  reportsTo,
  webService
} from '../helpers/notify-route.js'

/** The deployment: answers its n-th request (from 1) with `status(n)` and `body`. */
async function deployment(status: (n: number) => number, body: string): Promise<TinyServer> {
  const site = await tinyServer()
  site.handle = (_req, res) => {
    res.statusCode = status(site.requests.length)
    res.end(body)
  }
  return site
}

describe('wait-for-url', () => {
  it('notifies once the deployment answers, after a few tries that do not', async () => {
    const em = await webService()
    // Down twice (a 503 from the load balancer), then a login page's 401: the server is up.
    const site = await deployment(n => (n <= 2 ? 503 : 401), '<html>sign in</html>')
    const run = await notifyStep(em, {
      sha: 'abc1234',
      'deployment-url': `${site.url}/app`,
      'wait-for-url': 'true'
    })

    expect(run.exitCode).toBe(0)
    expect(site.requests.map(r => `${r.method} ${r.target}`)).toEqual([
      'GET /app',
      'GET /app',
      'GET /app'
    ])
    // The deployment is the user's site, not the service: the key never goes there.
    expect(site.requests.every(r => r.headers['authorization'] === undefined)).toBe(true)
    const [sent] = requestsTo(em, 'notify')
    expect(sent?.json).toMatchObject({ deployment_url: `${site.url}/app`, sha: 'abc1234' })
    expect(run.outputs['run-id']).not.toBe('')
    expect(run.stdout).toContain(`${site.url}/app answered after 3 tries.`)
    expect(run.stdout).toContain(`${site.url}/app does not answer yet (HTTP 503); trying again.`)
  })

  it('waits for the URL before it says it is notifying; sees an up deployment at once', async () => {
    const em = await webService()
    const site = await deployment(() => 200, 'ok')
    const run = await notifyStep(em, {
      sha: 'abc1234',
      'deployment-url': site.url,
      'wait-for-url': 'true',
      'wait-for-url-timeout': '10s'
    })

    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain(`${site.url} answered after 1 try.`)
    expect(run.stdout).not.toContain('out of range')
    expect(site.requests).toHaveLength(1)
    const waiting = run.stdout.indexOf('Waiting up to 10s')
    const notifying = run.stdout.indexOf('Notifying ')
    expect(waiting).toBeGreaterThanOrEqual(0)
    expect(notifying).toBeGreaterThan(waiting)
  })

  it('fails when the deployment never answers, and sends nothing to the service', async () => {
    const em = await webService()
    const site = await deployment(() => 502, 'bad gateway')
    const run = await notifyStep(em, {
      sha: 'abc1234',
      'deployment-url': site.url,
      'wait-for-url': 'true',
      'wait-for-url-timeout': '2s'
    })

    expect(run.exitCode).toBe(1)
    expect(site.requests.length).toBeGreaterThan(0)
    expect(requestsTo(em, 'notify')).toEqual([])
    expect(run.outputs['run-ids']).toBe('[]')
    expect(messagesOf(run, 'error')).toEqual([
      `The deployment notification was not sent: ${site.url} did not answer with a status below 500 within 2s ` +
        `(wait-for-url-timeout; last try: HTTP 502), so nothing was sent to the service. ` +
        `Check that the deployment is up, or give it longer with wait-for-url-timeout.`
    ])
    expect(run.summary).toContain('did not answer with a status below 500')
  })

  it('fails before sending anything when there is no deployment URL to wait for', async () => {
    const em = await webService()
    const run = await notifyStep(em, { sha: 'abc1234', 'wait-for-url': 'true' })
    expect(run.exitCode).toBe(1)
    expect(requestsTo(em, 'notify')).toEqual([])
    expect(messagesOf(run, 'error').join('\n')).toContain(
      "'wait-for-url' is true but there is no deployment URL to wait for: set 'deployment-url'"
    )
  })

  it('is off by default: the deployment URL is not requested', async () => {
    const em = await webService()
    const site = await tinyServer()
    const run = await notifyStep(em, { sha: 'abc1234', 'deployment-url': site.url })
    expect(run.exitCode).toBe(0)
    expect(site.requests).toEqual([])
    expect(requestsTo(em, 'notify')).toHaveLength(1)
  })

  it("waits on QA Wolf's current path too: report-status is sent once the deployment answers", async () => {
    const em = await reportService()
    const site = await deployment(n => (n <= 1 ? 503 : 200), 'ok')
    const run = await reportStep(em, { 'deployment-url': site.url, 'wait-for-url': 'true' })

    expect(run.exitCode).toBe(0)
    expect(site.requests).toHaveLength(2)
    const reports = reportsTo(em)
    expect(reports).toHaveLength(1)
    expect(run.stdout).toContain(`${site.url} answered after 2 tries.`)
  })

  it('creates no GitHub deployment while the deployment URL does not answer', async () => {
    const em = await reportService()
    const { gh, deploy } = await deployingTo()
    const site = await deployment(() => 502, 'bad gateway')
    const run = await deploy({
      'base-url': em.url,
      'github-token': 'ghs_faketoken0123456789',
      'deployment-url': site.url,
      'wait-for-url': 'true',
      'wait-for-url-timeout': '2s'
    })

    expect(run.exitCode).toBe(1)
    expect(site.requests.length).toBeGreaterThan(0)
    expect(gh.requests).toHaveLength(0)
    expect(em.requests).toHaveLength(0)
    expect(messagesOf(run, 'error')[0]).toContain(
      'did not answer with a status below 500 within 2s'
    )
  })
})
