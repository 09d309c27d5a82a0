// The promise that a service which cannot be reached ends the greenlight step within the minute
// (after 55 s of nothing but failures to reach it), and that the step says so. The end-to-end test
// runs the bundle on a closed port with that bound shortened through its test-only hook
// (QA_GREENLIGHT_TEST_UNREACHABLE_LIMIT_MS), so that no run of the suite waits a real minute;
// this one holds the real bound: the greenlight mode as action.ts runs it, on a fake clock.
import { describe, expect, it, jest } from '@jest/globals'
import * as core from '../../__fixtures__/core.js'
import type { ServiceClient } from '../../src/service/client.js'
import { ServiceError } from '../../src/service/errors.js'
import { FakeClock } from '../helpers/fake-clock.js'

jest.unstable_mockModule('@actions/core', () => core)
const { greenlightMode } = await import('../../src/gate/run.js')
const { readSettings } = await import('../../src/kernel/inputs.js')

const refused = () =>
  Promise.reject(
    new ServiceError('network', 'Could not reach http://127.0.0.1:9: connect ECONNREFUSED', {
      unreachable: true
    })
  )

describe('greenlight against a service it cannot reach', () => {
  it('gives up within the minute, after 55 s, not at the timeout, naming base-url', async () => {
    core.resetCore({
      mode: 'greenlight',
      'api-key': 'unreachable-unit-test-key',
      'base-url': 'http://127.0.0.1:9',
      'run-id': 'run-1',
      timeout: '2h'
    })
    const { settings } = readSettings(core.getInput)
    if (settings.mode !== 'greenlight') throw new Error(`read ${settings.mode} settings`)
    const getGreenlight = jest.fn<ServiceClient['getGreenlight']>(refused)
    const client = { getGreenlight } as unknown as ServiceClient
    const clock = new FakeClock()

    await greenlightMode.run(settings, {
      client,
      clock,
      random: () => 0.5,
      signal: new AbortController().signal,
      env: {}
    })

    expect(core.outputs()['status']).toBe('error')
    const failed = core.written.filter(w => w.kind === 'setFailed' || w.kind === 'error')
    expect(failed.map(w => w.text).join('\n')).toMatch(
      /has not been reachable for 55s; check the base-url input/
    )
    expect(clock.now()).toBeLessThanOrEqual(60_000)
    expect(getGreenlight.mock.calls.length).toBeGreaterThan(2)
  })
})
