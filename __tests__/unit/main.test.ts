// Unit tests of main's wiring: @actions/core and the service client are replaced, so these check
// the order of things (mask first, validate before sending) and how errors reach the step.
import { beforeEach, describe, expect, it, jest } from '@jest/globals'
import * as core from '../../__fixtures__/core.js'
import type { ServiceClient } from '../../src/service/client.js'
import { GREENLIGHT_OUTPUT_NAMES } from '../../src/greenlight/verdict.js'

const notifyDeploySuccess = jest.fn<ServiceClient['notifyDeploySuccess']>()
const getGreenlight = jest.fn<ServiceClient['getGreenlight']>()
const terminateEnvironment = jest.fn<ServiceClient['terminateEnvironment']>()
const createServiceClient = jest.fn((): ServiceClient => ({
  notifyDeploySuccess,
  getGreenlight,
  terminateEnvironment
}))

jest.unstable_mockModule('@actions/core', () => core)
jest.unstable_mockModule('../../src/service/client.js', () => ({ createServiceClient }))

const { run } = await import('../../src/main.js')

const KEY = 'main-unit-test-key-123'

beforeEach(() => {
  notifyDeploySuccess.mockReset()
  getGreenlight.mockReset()
  terminateEnvironment.mockReset()
  createServiceClient.mockClear()
  delete process.env['GITHUB_STEP_SUMMARY']
  process.env['GITHUB_EVENT_NAME'] = 'workflow_dispatch'
  process.env['GITHUB_SHA'] = 'abcdef0123456789abcdef0123456789abcdef01'
  process.env['GITHUB_REF_NAME'] = 'main'
  process.env['GITHUB_REF_TYPE'] = 'branch'
  delete process.env['GITHUB_EVENT_PATH']
})

describe('run', () => {
  it('masks the API key before anything else is written', async () => {
    core.resetCore({ mode: 'notify', 'api-key': KEY, 'base-url': 'https://qa.example.com' })
    notifyDeploySuccess.mockResolvedValue({
      results: [{ trigger_id: 't', created_suite_id: 'r1' }]
    })
    await run()

    expect(core.written[0]).toEqual({ kind: 'setSecret', text: KEY })
    expect(core.outputs()['run-id']).toBe('r1')
    expect(core.setFailed).not.toHaveBeenCalled()
  })

  it('refuses bad input before creating a client, naming the input', async () => {
    core.resetCore({ mode: 'notify', 'api-key': KEY, 'base-url': 'ftp://qa.example.com' })
    await run()

    expect(createServiceClient).not.toHaveBeenCalled()
    expect(notifyDeploySuccess).not.toHaveBeenCalled()
    expect(core.setFailed).toHaveBeenCalledTimes(1)
    expect(String(core.setFailed.mock.calls[0]?.[0])).toContain("'base-url'")
  })

  it('sets every greenlight output with status=error when greenlight input is bad', async () => {
    core.resetCore({
      mode: 'greenlight',
      'api-key': KEY,
      'base-url': 'https://qa.example.com',
      'run-id': 'a/b'
    })
    await run()

    expect(getGreenlight).not.toHaveBeenCalled()
    const outputs = core.outputs()
    expect(outputs['status']).toBe('error')
    expect(outputs['greenlight']).toBe('false')
    expect(Object.keys(outputs).sort()).toEqual([...GREENLIGHT_OUTPUT_NAMES].sort())
    expect(String(core.setFailed.mock.calls[0]?.[0])).toContain("'run-id'")
  })

  it('turns an unexpected exception into a failed step, not a silent success', async () => {
    core.resetCore({ mode: 'notify', 'api-key': KEY, 'base-url': 'https://qa.example.com' })
    notifyDeploySuccess.mockRejectedValue(new TypeError('boom'))
    await run()

    expect(core.setFailed).toHaveBeenCalledTimes(1)
    expect(String(core.setFailed.mock.calls[0]?.[0])).toContain('boom')
  })

  it('redacts the key when the service echoes it', async () => {
    core.resetCore({ mode: 'notify', 'api-key': KEY, 'base-url': 'https://qa.example.com' })
    notifyDeploySuccess.mockResolvedValue({
      results: [{ trigger_id: 't', failure_reason: `bad key ${KEY}` }]
    })
    await run()

    const leaked = core.written.filter(w => w.kind !== 'setSecret' && w.text.includes(KEY))
    expect(leaked).toEqual([])
    expect(core.setFailed).toHaveBeenCalledTimes(1)
  })
})
