// The gate's promises at the edges (hostile or broken answers, odd addresses, many runs), end to
// end on the bundled action against loopback servers that answer exactly what each test needs.
import { afterEach, describe, expect, it } from '@jest/globals'
import type { ServerResponse } from 'node:http'
import { runAction } from '../../scripts/action-runner.js'
import { closeLater, closeServers, API_KEY } from '../helpers/e2e.js'
import { completedResponse } from '../helpers/responses.js'
import { startTinyServer, type TinyServer } from '../helpers/tiny-server.js'

afterEach(closeServers)

function sendJson(res: ServerResponse, body: string, status = 200): void {
  res.statusCode = status
  res.setHeader('content-type', 'application/json')
  res.end(body)
}

async function service(): Promise<TinyServer> {
  return closeLater(await startTinyServer())
}

function gate(server: { url: string }, runId: string, extra: Record<string, string> = {}) {
  return runAction({
    inputs: {
      mode: 'greenlight',
      'api-key': API_KEY,
      'base-url': server.url,
      'run-id': runId,
      'poll-interval': '100ms',
      timeout: '3s',
      ...extra
    }
  })
}

describe('never green from an ambiguous or foreign answer', () => {
  const green = JSON.stringify(completedResponse()).slice(1, -1)
  it.each([
    ['greenlight', `{${green},"greenlight":false,"greenlight":true}`],
    ['blockingBugsCount', `{${green},"blockingBugsCount":2,"blockingBugsCount":0}`],
    ['runStage', `{${green},"runStage":"underReview","runStage":"completed"}`],
    ['blockingBugUrls', `{${green},"blockingBugUrls":["https://qa/b/1"],"blockingBugUrls":[]}`],
    [
      'an escaped repeat',
      `{"greenlight":false,${green.replace('"greenlight":true', '"\\u0067reenlight":true')}}`
    ],
    ['a nested object', `{${green},"extra":{"a":1,"a":2}}`]
  ])('a repeated key (%s) is unreadable: retried, then no verdict', async (_, body) => {
    const server = await service()
    server.handle = (_req, res) => sendJson(res, body)
    const run = await gate(server, 'run-1', { timeout: '1s' })

    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('error')
    expect(run.exitCode).toBe(1)
    // Retried like any unreadable body, not taken as final on the first answer.
    expect(server.requests.length).toBeGreaterThan(1)
    expect(run.stdout).toContain('appears twice in one object')
  })

  it('reads a body with the same key in different objects normally', async () => {
    const server = await service()
    const body = completedResponse({
      reproducedBugs: [
        { name: 'a', priority: 'low' },
        { name: 'b', priority: 'low' }
      ]
    })
    server.handle = (_req, res) => sendJson(res, JSON.stringify(body))
    const run = await gate(server, 'run-1')
    expect(run.outputs['status']).toBe('passed')
    expect(run.exitCode).toBe(0)
  })

  it('a green answer about another run is not a verdict for this one', async () => {
    const server = await service()
    const foreign = completedResponse({ rootRunId: 'run-other', relevantRunId: 'run-other' })
    server.handle = (_req, res) => sendJson(res, JSON.stringify(foreign))
    const run = await gate(server, 'run-1', { timeout: '1s' })

    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('error')
    expect(run.exitCode).toBe(1)
    expect(run.stdout).toContain('not for the run asked about')
  })

  it('follows a superseding run whose answers name either run as the root', async () => {
    const server = await service()
    server.handle = (req, res) => {
      const asked = decodeURIComponent(req.url!.split('/').pop()!.split('?')[0]!)
      // First the root answers "superseded by run-2"; then run-2 answers as its own root.
      const body =
        asked === 'run-1'
          ? completedResponse({
              relevantRunId: 'run-2',
              runStage: 'underReview',
              greenlight: false
            })
          : completedResponse({ rootRunId: 'run-2', relevantRunId: 'run-2' })
      sendJson(res, JSON.stringify(body))
    }
    const run = await gate(server, 'run-1')
    expect(run.outputs['status']).toBe('passed')
    expect(run.outputs['relevant-run-id']).toBe('run-2')
  })

  it.each([201, 202, 203])('a green body with HTTP %i is not a verdict', async status => {
    const server = await service()
    server.handle = (_req, res) => sendJson(res, JSON.stringify(completedResponse()), status)
    const run = await gate(server, 'run-1', { timeout: '1s' })

    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('error')
    expect(run.stdout).toContain(`HTTP ${status} instead of 200`)
  })
})
