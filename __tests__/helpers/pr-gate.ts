// A greenlight step that comments on the pull request, as the end-to-end tests of the comment's
// exchanges with GitHub run it.
import { runAction, type ActionRun } from '../../scripts/action-runner.js'
import { greenlightInputs, loadEvent } from './e2e.js'

export interface CommentingStep {
  /** The event fixture (its name's first part is the event's name); pull_request.opened by default. */
  event?: string
  inputs?: Record<string, string>
  env?: Record<string, string>
}

/** A greenlight step for `runId` with comment-on-pr: true, GitHub's API at `githubApi`. */
export function commentingGate(
  service: { url: string },
  runId: string,
  githubApi: string,
  { event = 'pull_request.opened', inputs = {}, env = {} }: CommentingStep = {}
): Promise<ActionRun> {
  return runAction({
    inputs: greenlightInputs(service, runId, { 'comment-on-pr': 'true', ...inputs }),
    eventName: event.split('.')[0]!,
    event: loadEvent(event),
    env: { GITHUB_API_URL: githubApi, ...env }
  })
}
