// Shared set-up for the behaviour tests of verdict-from: check: the pushed commit, the job, QA
// Wolf's check run on it, and a greenlight step that reads that check run from GitHub's API.
import { runAction, type ActionRun, type ActionRunOptions } from '../../scripts/action-runner.js'
import { API_KEY, loadEvent, type Inputs } from './e2e.js'
import { checkRunJson } from './check-run-json.js'

export const PUSH = loadEvent('push.branch')
export const SHA = PUSH['after'] as string
export const REPO = 'acme/shop'
export const RUN = { GITHUB_RUN_ID: '9123456789', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'deploy' }
/** The token the runner gives every step (scripts/action-runner.ts). */
export const TOKEN = 'ghs_e2eFakeToken'

/** What a step ended with, its outputs and exit code, for one `toMatchObject`. */
export const outcome = (run: ActionRun) => ({ ...run.outputs, exitCode: run.exitCode })

/** A greenlight step's inputs with verdict-from: check against `github` (also the service). */
export function checkInputs(github: { url: string }, extra: Inputs = {}): Inputs {
  // `since: any`: these commits get one check each (a polling gate must say which counts).
  const check = { mode: 'greenlight', 'verdict-from': 'check', since: 'any' }
  return { ...check, 'api-key': API_KEY, 'base-url': github.url, ...extra }
}

/** A greenlight step with verdict-from: check, on a push of SHA unless `event` says otherwise. */
export function checkGate(
  github: { url: string },
  extra: Record<string, string> = {},
  event: { name: string; payload: unknown } = { name: 'push', payload: PUSH },
  env: Record<string, string> = {},
  more: Partial<ActionRunOptions> = {}
): Promise<ActionRun> {
  return runAction({
    inputs: checkInputs(github, { 'poll-interval': '100ms', ...extra }),
    eventName: event.name,
    event: event.payload,
    env: { ...RUN, GITHUB_REPOSITORY: REPO, GITHUB_API_URL: github.url, ...env },
    ...more
  })
}

/** QA Wolf's successful check run on SHA as GitHub's REST API lists it; `over` replaces fields. */
export function checkRun(over: Record<string, unknown> = {}): Record<string, unknown> {
  return checkRunJson({
    id: 4242,
    head_sha: SHA,
    completed_at: '2026-11-26T12:10:00Z',
    html_url: `https://github.com/${REPO}/runs/4242`,
    details_url: 'https://app.qawolf.com/runs/r-1',
    output: { title: 'All tests passed', summary: '12 passed' },
    ...over
  })
}

/** A completed `check_run` event for QA Wolf's check, with `over` on its check run. */
export function checkRunEvent(over: Record<string, unknown> = {}): Record<string, unknown> {
  const event = loadEvent('check_run.completed')
  const run = event['check_run'] as Record<string, unknown>
  return {
    ...event,
    check_run: {
      ...run,
      name: 'QA Wolf Test Results',
      app: { ...(run['app'] as object), slug: 'qawolf', name: 'QA Wolf' },
      details_url: 'https://app.qawolf.com/runs/r-5',
      ...over
    }
  }
}

/** The emulator's QA Wolf check run on SHA, there from the start; `over` replaces fields. */
export function preset(over: Record<string, unknown> = {}) {
  return { repository: REPO, sha: SHA, startedAt: '2026-11-26T12:00:00Z', ...over }
}
