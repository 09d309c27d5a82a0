// terminate `via: report-status` says what QA Wolf's answer tells and what it does not: a report
// taken is not a preview known and stopped, and an answer cut off is worded for terminate, not
// for notify's report of a deployment.
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import { messagesOf, qaService, terminateInputs, tinyServer } from '../helpers/e2e.js'

const RUN = { GITHUB_RUN_ID: '9123456789', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'clean-up' }

function terminate(service: { url: string }) {
  return runAction({
    inputs: terminateInputs(service, {
      via: 'report-status',
      environment: 'pr-42',
      'workspace-id': 'ws-1'
    }),
    env: RUN
  })
}

describe('terminate via: report-status', () => {
  it('for an environment never reported, says the answer does not tell whether QA Wolf knew it', async () => {
    const em = await qaService()
    const run = await terminate(em)
    expect(run.exitCode).toBe(0)
    expect(run.outputs['outcome']).toBe('terminated')
    const said = 'does not say whether QA Wolf knew environment pr-42'
    expect(run.stdout).toContain(said)
    expect(run.summary).toContain(said)
    expect(run.stdout).not.toContain('environment pr-42 is inactive')
  })

  it('an answer cut off is worded for terminate, sent once', async () => {
    const server = await tinyServer()
    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' })
      res.write('{"result":{"data":{"json":{"deploy')
      setTimeout(() => res.destroy(), 50)
    }
    const run = await terminate(server)
    expect(run.exitCode).toBe(1)
    expect(server.requests).toHaveLength(1)
    const error = messagesOf(run, 'error').join('\n')
    expect(error).not.toContain('triggers evaluated')
    expect(error).toContain('may have taken the inactive report of environment pr-42')
  })
})
