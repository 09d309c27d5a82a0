// .env.example, the inputs of a local run, presets no commit: a pull_request event's commit is the
// pull request's head, derived from the event, as on a runner. The bundle with the file's values.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import { REPO_ROOT } from '../../scripts/node24.mjs'
import { API_KEY, PR_HEAD_SHA, loadEvent, qaService, requestsTo } from '../helpers/e2e.js'

/** The file's `NAME=value` lines: inputs (INPUT_<NAME>) and the rest of the environment. */
function example(): { inputs: Record<string, string>; env: Record<string, string> } {
  const text = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8')
  const inputs: Record<string, string> = {}
  const env: Record<string, string> = {}
  for (const [, name, value] of text.matchAll(/^([A-Z_][\w-]*)=(.*)$/gm)) {
    if (name!.startsWith('INPUT_')) inputs[name!.slice(6).toLowerCase()] = value!
    // The runner's summary file and the emulator's address stand in for the file's.
    else if (!['GITHUB_STEP_SUMMARY', 'GITHUB_API_URL'].includes(name!)) env[name!] = value!
  }
  return { inputs, env }
}

describe('.env.example', () => {
  it('sends the pull request head of a pull_request event, not a preset commit', async () => {
    const em = await qaService({ triggers: [{ id: 'web', deployment_type: 'smoke' }] })
    const { inputs, env } = example()
    const run = await runAction({
      inputs: { ...inputs, 'api-key': API_KEY, 'base-url': em.url },
      eventName: 'pull_request',
      event: loadEvent('pull_request.opened'),
      env: { ...env, GITHUB_API_URL: em.url }
    })
    expect(run.stdout.split('\n').filter(l => l.startsWith('::error'))).toEqual([])
    expect(run.exitCode).toBe(0)
    const [sent] = requestsTo(em, 'notify')
    expect((sent?.json as { sha?: string }).sha).toBe(PR_HEAD_SHA)
  })
})
