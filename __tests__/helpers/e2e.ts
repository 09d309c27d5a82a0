// Shared set-up for end-to-end tests: an emulator per test, event fixtures, and the inputs that
// every step needs.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { startEmulator, type Emulator, type EmulatorConfig } from '../../emulator/server.js'
import { REPO_ROOT } from '../../scripts/node24.mjs'
import { API_KEY } from '../../scripts/action-runner.js'

export { API_KEY }

export function loadEvent(name: string): Record<string, unknown> {
  const file = path.join(REPO_ROOT, '__tests__', 'fixtures', 'events', `${name}.json`)
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
}

export function baseConfig(extra: Partial<EmulatorConfig> = {}): EmulatorConfig {
  return {
    teams: [{ apiKey: API_KEY }, { apiKey: 'disabled-team-key-123', disabled: true }],
    ...extra
  }
}

const running = new Set<Emulator>()

export async function emulator(config: EmulatorConfig): Promise<Emulator> {
  const started = await startEmulator(config)
  running.add(started)
  return started
}

/** Call from afterEach: closes every emulator a test started. */
export async function closeEmulators(): Promise<void> {
  await Promise.all([...running].map(e => e.close()))
  running.clear()
}

export function notifyInputs(
  em: Emulator,
  extra: Record<string, string> = {}
): Record<string, string> {
  return { mode: 'notify', 'api-key': API_KEY, 'base-url': em.url, ...extra }
}

export function greenlightInputs(
  em: Emulator,
  runId: string,
  extra: Record<string, string> = {}
): Record<string, string> {
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

/** The API requests the emulator saw for one route. */
export function requestsTo(em: Emulator, route: 'notify' | 'greenlight') {
  const prefix = route === 'notify' ? '/api/webhooks/deploy_success' : '/api/v0/ci-greenlight/'
  return em.requests.filter(r => r.path.startsWith(prefix))
}
