// The gate's promises at the edges (hostile or broken answers, unbounded nesting, key pieces), end
// to end on the bundled action against loopback servers that answer exactly what each test needs.
// The network edges (unreachable service, many runs, stuck proxy, IPv6) are in edges-network.
import { describe, expect, it } from '@jest/globals'
import { runAction, runnerCommands, secretExposures } from '../../scripts/action-runner.js'
import {
  API_KEY,
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
