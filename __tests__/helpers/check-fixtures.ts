// Shared set-up for the end-to-end tests of verdict-from: check: the pushed commit, the job, and a
// greenlight step that reads QA Wolf's check run from GitHub's API at `github`.
import { runAction, type ActionRun } from '../../scripts/action-runner.js'
import { API_KEY, loadEvent } from './e2e.js'

export const PUSH = loadEvent('push.branch')
export const SHA = PUSH['after'] as string
export const REPO = 'acme/shop'
export const RUN = { GITHUB_RUN_ID: '9123456789', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'deploy' }
/** The token the runner gives every step (scripts/action-runner.ts). */
export const TOKEN = 'ghs_e2eFakeToken'

/** A greenlight step with verdict-from: check, on a push of SHA unless `event` says otherwise. */
export function checkGate(
  github: { url: string },
  extra: Record<string, string>,
  event: { name: string; payload: unknown } = { name: 'push', payload: PUSH },
  env: Record<string, string> = {}
): Promise<ActionRun> {
  return runAction({
    inputs: {
      mode: 'greenlight',
      'api-key': API_KEY,
      'base-url': github.url,
      'verdict-from': 'check',
      'poll-interval': '100ms',
      ...extra
    },
    eventName: event.name,
    event: event.payload,
    env: { ...RUN, GITHUB_REPOSITORY: REPO, GITHUB_API_URL: github.url, ...env }
  })
}
