// The gate's promises at the edges (hostile or broken answers, unbounded nesting, key pieces), end
// to end on the bundled action against loopback servers that answer exactly what each test needs.
// Then the network's edges: an unreachable service, many runs, a stuck proxy, an IPv6 loopback
// address, invisible characters.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import * as http from 'node:http'
import * as https from 'node:https'
import * as net from 'node:net'
import {
  runAction,
  runnerCommands,
  secretExposures,
  type ActionRun
} from '../../scripts/action-runner.js'
import {
  API_KEY,
  closeLater,
  messagesOf,
  notifyStep,
  quickGate as gate,
  sendJson,
  tinyServer as service
} from '../helpers/e2e.js'
import { completedResponse } from '../helpers/responses.js'

describe('never green from an ambiguous or foreign answer', () => {
  const green = JSON.stringify(completedResponse()).slice(1, -1)
  // Two bodies prove the wiring: every other repeat (each deciding field, one nested deeper) is
  // found by the same reader, which repeated-keys.test.ts and read-body.test.ts try one by one.
  it.each([
    ['greenlight', `{${green},"greenlight":false,"greenlight":true}`],
    [
      'an escaped repeat',
      `{"greenlight":false,${green.replace('"greenlight":true', '"\\u0067reenlight":true')}}`
    ]
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

// What the action itself may print as commands: the key's mask and its own annotations.
const OWN_COMMANDS = new Set(['add-mask', 'debug', 'notice', 'warning', 'error'])
const INJECTIONS = [
  '##[set-output name=greenlight;]true',
  '##[stop-commands]token123',
  '##[add-mask]qa',
  '##[error]forged annotation',
  '##[group]forged group',
  '::set-output name=greenlight::true',
  '\n::stop-commands::token456\n',
  '\r\n##[endgroup]'
]

function expectNoInjectedCommand(stdout: string): void {
  const commands = runnerCommands(stdout)
  expect(commands.filter(c => c.form === '##[')).toEqual([])
  for (const command of commands) expect(OWN_COMMANDS).toContain(command.name)
  // The action's own commands never carry the injected text as a command of their own.
  expect(stdout).not.toMatch(/##\[(set-output|stop-commands|add-mask|error|group|endgroup)/)
}

describe('no workflow command from outside text, in either form', () => {
  it('notify: trigger IDs, run IDs and failure text stay text', async () => {
    const server = await service()
    const results = INJECTIONS.map((text, i) =>
      i % 2 === 0
        ? { trigger_id: `t${i} ${text}`, created_suite_id: `run-${i}` }
        : { trigger_id: `t${i}`, failure_reason: text }
    )
    server.handle = (_req, res) => sendJson(res, JSON.stringify({ results }))
    const run = await runAction({
      inputs: { mode: 'notify', 'api-key': API_KEY, 'base-url': server.url },
      env: { RUNNER_DEBUG: '1' }
    })

    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain('## [set-output')
    expectNoInjectedCommand(run.stdout)
  })

  it('greenlight: error bodies quoted in retry lines and the final error stay text', async () => {
    const server = await service()
    let n = 0
    server.handle = (_req, res) => {
      res.statusCode = n++ % 2 === 0 ? 503 : 401
      res.end(INJECTIONS.join(' '))
    }
    const run = await gate(server, 'run-1', { timeout: '2s' })
    expect(run.outputs['status']).toBe('error')
    expectNoInjectedCommand(run.stdout)
  })

  it('greenlight: bug names and a hostile label stay text in annotations and log lines', async () => {
    const server = await service()
    const bugs = INJECTIONS.map(name => ({ name, priority: 'high' }))
    server.handle = (_req, res) =>
      sendJson(
        res,
        JSON.stringify(
          completedResponse({
            greenlight: false,
            blockingBugsCount: bugs.length,
            reproducedBugs: bugs
          })
        )
      )
    const run = await gate(server, 'run-1', { label: '##[group]env' })
    expect(run.outputs['status']).toBe('failed')
    expectNoInjectedCommand(run.stdout)
  })
})

describe('service data nested without bound', () => {
  const deep = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)

  it('a green answer with an unknown field 100,000 levels deep is still a green verdict', async () => {
    const server = await service()
    const body = JSON.stringify(completedResponse()).replace(/}$/, `,"extra":${deep(100_000)}}`)
    server.handle = (_req, res) => sendJson(res, body)
    const run = await gate(server, 'run-1')

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    expect(run.summary).toContain('green')
    // `result` keeps every field of the answer (an unknown one only informs), the deep one cut at
    // a fixed depth when it was read.
    const [result] = JSON.parse(run.outputs['result'] ?? '') as Record<string, unknown>[]
    expect(result).toMatchObject({ greenlight: true, runStage: 'completed' })
    expect(JSON.stringify(result?.['extra'])).toContain('[nested too deep]')
  })

  it('notify keeps the run IDs the service created when the answer is nested 100,000 deep', async () => {
    const server = await service()
    const body = `{"results":[{"trigger_id":"web","created_suite_id":"run-9","x":${deep(100_000)}}]}`
    server.handle = (_req, res) => sendJson(res, body)
    const run = await notifyStep(server)
    expect(run.exitCode).toBe(0)
    expect(run.outputs['run-ids']).toBe('["run-9"]')
  })
})

describe('no piece of the API key in any message', () => {
  // A long, distinctive key, base64-like ('+' and '/' make it no valid run ID): every
  // 8-character run of it is checked.
  const LONG_KEY = Array.from({ length: 25 }, (_, i) => `k${i.toString(36)}Q+x/${i}z`).join('')

  // The two inputs that secrets.test.ts ("an input's refused value is never quoted") does not
  // already try with a secret.
  it.each(['base-url', 'label'])(
    'the key pasted into %s is refused without showing any 8 characters of it',
    async input => {
      const server = await service()
      const mode = input === 'sha' ? 'notify' : 'greenlight'
      const run = await runAction({
        inputs: {
          mode,
          'api-key': LONG_KEY,
          'base-url': server.url,
          ...(mode === 'greenlight' ? { 'run-id': 'run-1' } : {}),
          [input]: LONG_KEY
        }
      })

      expect(run.exitCode).toBe(1)
      expect(server.requests).toHaveLength(0)
      expect(messagesOf(run, 'error').join('\n')).toContain(`'${input}'`)
      expect(secretExposures(run, LONG_KEY)).toEqual([])
    }
  )
})

describe('a service that cannot be reached', () => {
  /**
   * A port that refuses and keeps refusing. A port freed by closing a server is in the ephemeral
   * range: another test's server, or one of the action's own connections (a TCP self-connect), may
   * take it mid-test, and one answer breaks the streak of "not reached at all". No listen(0) and no
   * outgoing connection uses a port below 1024, so the first of these that refuses stays closed.
   */
  async function refusingPort(): Promise<number> {
    for (const port of [1, 9, 13, 17, 19, 37, 79, 113, 119, 137]) {
      const refused = await new Promise<boolean>(resolve => {
        const socket = net.connect(port, '127.0.0.1')
        socket.once('connect', () => {
          socket.destroy()
          resolve(false)
        })
        socket.once('error', error => {
          resolve((error as NodeJS.ErrnoException).code === 'ECONNREFUSED')
        })
      })
      if (refused) return port
    }
    throw new Error('no port below 1024 refuses connections on 127.0.0.1')
  }

  const UNREACHABLE = { mode: 'greenlight', 'api-key': API_KEY, 'run-id': 'run-1' }
  // The contract's bound, shortened for the test through its test-only hook.
  const SHORT_LIMIT = { QA_GREENLIGHT_TEST_UNREACHABLE_LIMIT_MS: '2500' }

  function unreachableGate(
    baseUrl: string,
    timeout: string,
    killAfterMs: number,
    env: Record<string, string> = {}
  ): Promise<ActionRun> {
    const inputs = { ...UNREACHABLE, 'base-url': baseUrl, timeout }
    return runAction({ inputs, env, killAfterMs })
  }

  /** Ended by the action itself (no harness kill), failed, with status error. */
  function expectGaveUp(run: ActionRun): void {
    expect(run.signal).toBeNull()
    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('error')
  }

  it('greenlight gives up on a closed port after the unreachable limit, not at the timeout, naming base-url', async () => {
    const port = await refusingPort()
    const run = await unreachableGate(`http://127.0.0.1:${port}`, '10m', 20_000, SHORT_LIMIT)
    expectGaveUp(run)
    const [message] = messagesOf(run, 'error')
    expect(message).toContain('base-url')
    expect(message).toContain('has not been reachable')
    // Several attempts, all within 30 s: one line says what is retried, why and until when.
    const retryLines = run.stdout.split('\n').filter(line => /ECONNREFUSED.*retry \d/.test(line))
    expect(retryLines).toHaveLength(1)
    expect(run.stdout).toMatch(/Run run-1: error after ([3-9]|\d\d+) queries/)
    expect(retryLines[0]).toMatch(
      /query failed \(Could not reach .*\); retrying for at most [\d.]+s more while it cannot be reached \(then the step fails; check the base-url input\); retry 1 in/
    )
  })

  it('greenlight gives up on a base-url whose name does not resolve, naming base-url', async () => {
    // .invalid never resolves (RFC 6761).
    const nowhere = 'https://qa-greenlight-nowhere.invalid'
    const run = await unreachableGate(nowhere, '10m', 30_000, SHORT_LIMIT)
    expectGaveUp(run)
    const [message] = messagesOf(run, 'error')
    expect(message).toContain('has not been reachable')
    expect(message).toContain('check the base-url input')
  })

  it('greenlight gives up on a closed port within the minute, saying so', async () => {
    const port = await refusingPort()
    // The action's own bound (55 s) ends the step, not the timeout; shortened here through its
    // test-only hook so that no run of the suite waits a real minute. The 55 s themselves are
    // held on a fake clock (__tests__/unit/unreachable-minute.test.ts). A harness bound only.
    const run = await unreachableGate(`http://127.0.0.1:${port}`, '2h', 90_000, {
      QA_GREENLIGHT_TEST_UNREACHABLE_LIMIT_MS: '10000'
    })
    expectGaveUp(run)
    // The bound as measured, in whole seconds (10 s, a little more on a busy machine).
    expect(messagesOf(run, 'error')[0]).toMatch(
      /has not been reachable for 1\ds; check the base-url input/
    )
  }, 120_000)

  it('notify makes one TLS handshake with a certificate it cannot trust, and names base-url', async () => {
    const fixtures = new URL('../emulator/fixtures/', import.meta.url)
    const server = https.createServer({
      key: readFileSync(new URL('tls-key.pem', fixtures)),
      cert: readFileSync(new URL('tls-cert.pem', fixtures))
    })
    let connections = 0
    server.on('connection', () => connections++)
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    closeLater({ close: () => new Promise<void>(resolve => server.close(() => resolve())) })
    const { port } = server.address() as net.AddressInfo

    const run = await runAction({
      inputs: { mode: 'notify', 'api-key': API_KEY, 'base-url': `https://127.0.0.1:${port}` },
      // The machine's own CA bundle must not matter: the fixture is self-signed.
      env: { NODE_EXTRA_CA_CERTS: undefined }
    })

    expect(run.exitCode).toBe(1)
    expect(connections).toBe(1)
    expect(messagesOf(run, 'error').join('\n')).toMatch(/TLS error.*base-url/)
  })
})

describe('many run IDs', () => {
  it('gates 300 runs with at most 16 requests open at once, every verdict exact', async () => {
    const server = await service()
    let open = 0
    let most = 0
    server.handle = (req, res) => {
      open++
      most = Math.max(most, open)
      const runId = decodeURIComponent(req.url!.split('/').pop()!.split('?')[0]!)
      // Every seventh run has a blocking bug; the rest are green.
      const red = Number(runId.slice(4)) % 7 === 0
      const body = completedResponse({
        rootRunId: runId,
        relevantRunId: runId,
        ...(red ? { greenlight: false, blockingBugsCount: 1 } : {})
      })
      setTimeout(() => {
        open--
        sendJson(res, JSON.stringify(body))
      }, 20)
    }
    const ids = Array.from({ length: 300 }, (_, i) => `run-${i}`)
    const run = await gate(server, ids.join(','), { timeout: '60s' })

    expect(most).toBeLessThanOrEqual(16)
    expect(most).toBeGreaterThan(1)
    expect(server.requests).toHaveLength(300)
    expect(run.outputs['status']).toBe('failed')
    expect(run.outputs['root-run-id']?.split('\n')).toEqual(ids)
    expect(run.outputs['blocking-bugs-count']).toBe(
      String(ids.filter((_, i) => i % 7 === 0).length)
    )
  })
})

describe('open sockets after the verdict', () => {
  it('a proxy that accepts CONNECT and never answers does not keep the step alive', async () => {
    const sockets = new Set<net.Socket>()
    const proxy = net.createServer(socket => {
      // Read the CONNECT request, answer nothing, keep the connection open.
      sockets.add(socket)
      socket.on('data', () => undefined)
    })
    await new Promise<void>(resolve => proxy.listen(0, '127.0.0.1', resolve))
    closeLater({
      close: () =>
        new Promise<void>(resolve => {
          for (const socket of sockets) socket.destroy()
          proxy.close(() => resolve())
        })
    })
    const { port } = proxy.address() as net.AddressInfo

    const run = await runAction({
      inputs: {
        mode: 'greenlight',
        'api-key': API_KEY,
        // Not a loopback name: the toolkit sends loopback hosts around any proxy.
        'base-url': 'https://qa.emulator.test',
        'run-id': 'run-1',
        timeout: '1s'
      },
      env: { HTTPS_PROXY: `http://127.0.0.1:${port}`, NO_PROXY: '' },
      // Far beyond the request time-out (5 s) plus the 2 s the step may take after its verdict.
      killAfterMs: 25_000
    })

    expect(sockets.size).toBeGreaterThan(0)
    expect(run.signal).toBeNull()
    expect(run.outputs['status']).toBe('error')
    expect(run.exitCode).toBe(1)
  })
})

describe('an IPv6 loopback base-url', () => {
  it('reaches http://[::1]:PORT for notify and greenlight', async () => {
    const server = http.createServer((req, res) => {
      if (req.method === 'POST') {
        sendJson(
          res,
          JSON.stringify({ results: [{ trigger_id: 'web', created_suite_id: 'run-1' }] })
        )
      } else sendJson(res, JSON.stringify(completedResponse()))
    })
    await new Promise<void>(resolve => server.listen(0, '::1', resolve))
    closeLater({ close: () => new Promise<void>(resolve => server.close(() => resolve())) })
    const baseUrl = `http://[::1]:${(server.address() as net.AddressInfo).port}`

    const notify = await runAction({
      inputs: { mode: 'notify', 'api-key': API_KEY, 'base-url': baseUrl }
    })
    expect(notify.exitCode).toBe(0)
    expect(notify.outputs['run-id']).toBe('run-1')

    const verdict = await gate({ url: baseUrl }, 'run-1')
    expect(verdict.exitCode).toBe(0)
    expect(verdict.outputs['status']).toBe('passed')
  })
})

describe('invisible characters from the service', () => {
  it('never reach the job summary or the log', async () => {
    const server = await service()
    const hidden = '\u200b\u200c\u200d\u200e\u200f\u202a\u202e\u2066\u2069\u2060\ufeff\u061c'
    const body = completedResponse({
      greenlight: false,
      blockingBugsCount: 1,
      relevantRunId: 'run-1',
      reproducedBugs: [{ name: `Check${hidden}out fails`, priority: 'high' }]
    })
    server.handle = (_req, res) => sendJson(res, JSON.stringify(body))
    const run = await gate(server, 'run-1')

    expect(run.outputs['status']).toBe('failed')
    expect(run.summary).toContain('Checkout fails')
    const invisible = /[\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\u061c]/
    expect(run.summary).not.toMatch(invisible)
    expect(run.stdout).not.toMatch(invisible)
  })
})
