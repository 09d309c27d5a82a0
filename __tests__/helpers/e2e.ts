// Shared set-up for the tests of whole steps: servers that close when the test ends (emulator,
// fake GitHub, ...), event fixtures, the inputs every step needs, and readers of what a run did.
import { afterEach } from '@jest/globals'
import {
  startEmulator,
  type Emulator,
  type EmulatorConfig,
  type EmulatorOptions
} from '../../emulator/server.js'
import {
  API_KEY,
  runAction,
  type ActionRun,
  type WorkflowCommand
} from '../../scripts/action-runner.js'
import type { ChildProcess } from 'node:child_process'
import type { ServerResponse } from 'node:http'
import { startFakeGitHub, type FakeGitHub, type FakeGitHubOptions } from './fake-github.js'
import { startTinyServer, type TinyServer } from './tiny-server.js'

export { API_KEY }
export { DEPLOYED_SHA, loadEvent, PR_HEAD_SHA } from './events.js'

export function baseConfig(extra: Partial<EmulatorConfig> = {}): EmulatorConfig {
  return {
    teams: [{ apiKey: API_KEY }, { apiKey: 'dk-4417-b2c9-e5f0', disabled: true }],
    ...extra
  }
}

type Closable = { close(): Promise<void> }

const open = new Set<Closable>()

/** Closes `server` after the test; returns it. */
export function closeLater<T extends Closable>(server: T): T {
  open.add(server)
  return server
}

// Every test of whole steps imports this module: whatever servers a test started close when it
// ends, without each file having to remember to ask.
afterEach(async () => {
  const servers = [...open]
  open.clear()
  await Promise.all(servers.map(server => server.close()))
})

export async function emulator(
  config: EmulatorConfig,
  options?: EmulatorOptions
): Promise<Emulator> {
  return closeLater(await startEmulator(config, options))
}

/** The emulator with baseConfig(extra): the QA service (and its GitHub side), closed after the test. */
export function qaService(extra: Partial<EmulatorConfig> = {}): Promise<Emulator> {
  return emulator(baseConfig(extra))
}

export async function fakeGitHub(options?: FakeGitHubOptions): Promise<FakeGitHub> {
  return closeLater(await startFakeGitHub(options))
}

/** A loopback server whose handler each test sets (`server.handle`), closed after the test. */
export async function tinyServer(): Promise<TinyServer> {
  return closeLater(await startTinyServer())
}

/** A loopback service that answers each request with the next of `answers` (the last repeats). */
export async function scriptedService(
  answers: { status: number; body: unknown; headers?: Record<string, string> }[]
): Promise<TinyServer> {
  const server = await tinyServer()
  let n = 0
  server.handle = (_req, res) => {
    const answer = answers[Math.min(n++, answers.length - 1)]!
    sendJson(res, JSON.stringify(answer.body), answer.status, answer.headers)
  }
  return server
}

export function sendJson(
  res: ServerResponse,
  body: string,
  status = 200,
  headers: Record<string, string> = {}
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(body)
}

/** Any service on loopback: the emulator or a scripted server. */
type Service = { url: string }

/** A step's inputs, by name. */
export type Inputs = Record<string, string>

export function notifyInputs(em: Service, extra: Inputs = {}): Inputs {
  return { mode: 'notify', 'api-key': API_KEY, 'base-url': em.url, ...extra }
}

export function terminateInputs(em: Service, extra: Inputs = {}): Inputs {
  return { mode: 'terminate', 'api-key': API_KEY, 'base-url': em.url, ...extra }
}

export function greenlightInputs(em: Service, runId: string, extra: Inputs = {}): Inputs {
  return {
    mode: 'greenlight',
    'api-key': API_KEY,
    'base-url': em.url,
    'run-id': runId,
    'poll-interval': '100ms',
    timeout: '20s',
    ...extra
  }
}

/** The step each mode runs against `em` with these inputs, as a runner runs it. */
export const notifyStep = (em: Service, extra: Inputs = {}): Promise<ActionRun> =>
  runAction({ inputs: notifyInputs(em, extra) })
export const greenlightStep = (
  em: Service,
  runId: string,
  extra: Inputs = {}
): Promise<ActionRun> => runAction({ inputs: greenlightInputs(em, runId, extra) })
export const terminateStep = (em: Service, extra: Inputs = {}): Promise<ActionRun> =>
  runAction({ inputs: terminateInputs(em, extra) })

/** A request's deadline (30 s; 5 s at least for greenlight), shortened by its test-only hook. */
export const SHORT_DEADLINE = { QA_GREENLIGHT_TEST_REQUEST_TIMEOUT_MS: '1500' }

/** A greenlight step against `em` with a short timeout: for services that may never give a verdict. */
export const quickGate = (em: Service, runId: string, extra: Inputs = {}): Promise<ActionRun> =>
  greenlightStep(em, runId, { timeout: '3s', ...extra })

/** The API requests the emulator saw for one route. */
export function requestsTo(em: Emulator, route: 'notify' | 'greenlight') {
  const prefix = route === 'notify' ? '/api/webhooks/deploy_success' : '/api/v0/ci-greenlight/'
  return em.requests.filter(r => r.path.startsWith(prefix))
}

/** The workflow commands of one kind (`error`, `warning`, ...) that the run printed. */
export function commandsOf(run: ActionRun, command: string): WorkflowCommand[] {
  return run.commands.filter(c => c.command === command)
}

/** The messages of those commands. */
export function messagesOf(run: ActionRun, command: string): string[] {
  return commandsOf(run, command).map(c => c.message)
}

/**
 * Cancels the step as a runner does: `signal` once `ready()` holds (checked every 20 ms), and
 * SIGKILL 20 s later if it is still alive: a guard against a hang, so such a run fails its test
 * (`run.signal`), never a measure of speed (how soon a step stops is the bench's to time).
 * Pass `onSpawn` to runAction; `signalled()` says whether the signal was sent.
 */
export function cancelWhen(
  ready: () => boolean,
  signal: NodeJS.Signals = 'SIGTERM'
): { onSpawn: (child: ChildProcess) => void; signalled: () => boolean } {
  let sent = false
  return {
    signalled: () => sent,
    onSpawn: child => {
      let deadline: NodeJS.Timeout | undefined
      const timer = setInterval(() => {
        if (!ready()) return
        clearInterval(timer)
        sent = true
        child.kill(signal)
        deadline = setTimeout(() => child.kill('SIGKILL'), 20_000)
      }, 20)
      // However the child ends (signalled, crashed, finished early), no timer outlives it.
      child.once('exit', () => {
        clearInterval(timer)
        clearTimeout(deadline)
      })
    }
  }
}
