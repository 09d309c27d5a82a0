// terminate `via: github-deployment` never reports a live preview as closed: an answer it cannot
// read fails the step, every page of deployments is read, and a run cut short names what it
// marked and what it did not. The bundle against the emulator's GitHub or a loopback fake GitHub.
import { describe, expect, it } from '@jest/globals'
import type { ServerResponse } from 'node:http'
import { runAction } from '../../scripts/action-runner.js'
import type { Emulator } from '../../emulator/server.js'
import { messagesOf, qaService, terminateInputs, tinyServer } from '../helpers/e2e.js'

const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
const DEPLOYMENTS = '/repos/acme/shop/deployments'

function terminate(server: { url: string }, env: Record<string, string> = {}) {
  return runAction({
    inputs: terminateInputs(server, { via: 'github-deployment', environment: 'pr-42' }),
    env: { GITHUB_API_URL: server.url, ...env }
  })
}

function reply(res: ServerResponse, status: number, body: string, type = 'application/json') {
  res.writeHead(status, { 'content-type': type })
  res.end(body)
}

/** A fake GitHub: the list answers `list`, each deployment's statuses `statuses`. */
async function github(list: [string, string?], statuses = '[{"id":1,"state":"success"}]') {
  const server = await tinyServer()
  server.handle = (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (path === DEPLOYMENTS) return reply(res, 200, list[0], list[1])
    if (req.method === 'GET') return reply(res, 200, statuses)
    reply(res, 201, '{"id":99,"state":"inactive"}')
  }
  return server
}

describe('an answer that cannot be read fails the step', () => {
  it.each([
    ['an object', ['{"message":"ok"}']],
    ['null', ['null']],
    ['an HTML page', ['<html><body>Sign in</body></html>', 'text/html']]
  ] as [string, [string, string?]][])('the deployments list answered with %s', async (_, list) => {
    const server = await github(list)
    const run = await terminate(server)
    expect(run.exitCode).toBe(1)
    expect(run.outputs['outcome']).toBe('')
    expect(messagesOf(run, 'error').join('\n')).toContain(
      'could not read the deployments of environment pr-42'
    )
    expect(server.requests.filter(r => r.method === 'POST')).toEqual([])
  })

  it("a deployment's statuses that are not a list", async () => {
    const server = await github(['[{"id":7,"environment":"pr-42"}]'], '{"state":"inactive"}')
    const run = await terminate(server)
    expect(run.exitCode).toBe(1)
    expect(run.outputs['outcome']).toBe('')
    expect(messagesOf(run, 'error').join('\n')).toContain(
      'could not read the statuses of deployment 7'
    )
    expect(server.requests.filter(r => r.method === 'POST')).toEqual([])
  })
})

describe('every deployment that is live is marked', () => {
  const add = (em: Emulator, states: string[]) =>
    em.github.addDeployment({ repository: 'acme/shop', sha: SHA, environment: 'pr-42', states })

  it('reads every page: the oldest of 1,001 deployments, the only live one, is marked', async () => {
    const em = await qaService()
    const oldest = add(em, ['success'])
    for (let i = 0; i < 1000; i++) add(em, ['success', 'inactive'])
    const run = await terminate(em)
    expect(run.exitCode).toBe(0)
    expect(run.outputs['outcome']).toBe('terminated')
    expect(em.github.deploymentState(oldest.id)).toBe('inactive')
    expect(run.stdout).toContain(`(${oldest.id})`)
  }, 120_000)

  it('marks 150 live deployments in one run; the next run marks nothing', async () => {
    const em = await qaService()
    const live = Array.from({ length: 150 }, () => add(em, ['success']))
    const first = await terminate(em)
    expect(first.outputs['outcome']).toBe('terminated')
    expect(live.filter(d => em.github.deploymentState(d.id) !== 'inactive')).toEqual([])
    expect(first.stdout).toContain('150 deployments of environment pr-42 marked inactive')
    const posts = em.requests.filter(r => r.method === 'POST').length
    const second = await terminate(em)
    expect(second.outputs['outcome']).toBe('already-terminated')
    expect(em.requests.filter(r => r.method === 'POST')).toHaveLength(posts)
  }, 120_000)
})

describe('a run its budget ends names what it marked and what it did not', () => {
  it('a mark never answered: the step names the one marked before it and those not marked', async () => {
    const server = await tinyServer()
    const list = [1, 2, 3].map(id => ({ id, environment: 'pr-42' }))
    server.handle = (req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname
      if (path === DEPLOYMENTS) return reply(res, 200, JSON.stringify(list))
      if (req.method === 'GET') return reply(res, 200, '[{"id":1,"state":"success"}]')
      // Deployment 2's mark hangs until the budget ends.
      if (path !== `${DEPLOYMENTS}/2/statuses`) reply(res, 201, '{"id":9,"state":"inactive"}')
    }
    const run = await terminate(server, { QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS: '2000' })
    expect(run.exitCode).toBe(1)
    const error = messagesOf(run, 'error').join('\n')
    expect(error).toContain('GitHub did not answer within 2s')
    expect(error).toContain('marked inactive: 1; not marked: 2, 3')
  }, 60_000)
})
