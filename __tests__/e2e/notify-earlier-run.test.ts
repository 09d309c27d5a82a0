// notify's `reported-at` can always be passed to greenlight's `since`: when deploy-success is
// answered only with an earlier run of the commit (duplicate_suite_id), whose check should count,
// it is `any`, said in a notice, never empty.
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import { messagesOf, notifyInputs, qaService } from '../helpers/e2e.js'

const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'

describe('reported-at after an answer that names only an earlier run', () => {
  it('is any, with a notice; a new run gets a time', async () => {
    const em = await qaService({ triggers: [{ id: 'web' }] })
    const notify = () => runAction({ inputs: notifyInputs(em, { sha: SHA }) })
    const first = await notify()
    expect(first.outputs['reported-at']).toMatch(/^\d{4}-\d\d-\d\dT/)
    const second = await notify()
    expect(second.exitCode).toBe(0)
    expect(second.outputs['run-ids']).toBe('["run-1"]')
    expect(second.outputs['reported-at']).toBe('any')
    const notice = messagesOf(second, 'notice').join('\n')
    expect(notice).toContain('run-1')
    expect(notice).toContain('reported-at is any')
  })
})
