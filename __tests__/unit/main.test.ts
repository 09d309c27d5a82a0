// Unit tests of main's wiring: @actions/core and the service client are replaced, so these check
// the order of things (mask first, validate before sending) and how errors reach the step.
import { beforeEach, expect, it, jest } from '@jest/globals'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as core from '../../__fixtures__/core.js'
import type { ServiceClient } from '../../src/kernel/service.js'
import { parse } from 'yaml'

const notifyDeploySuccess = jest.fn<ServiceClient['notifyDeploySuccess']>()
const getGreenlight = jest.fn<ServiceClient['getGreenlight']>()
const createServiceClient = () =>
  ({ notifyDeploySuccess, getGreenlight }) as unknown as ServiceClient

jest.unstable_mockModule('@actions/core', () => core)
const service = await import('../../src/kernel/service.js')
jest.unstable_mockModule('../../src/kernel/service.js', () => ({ ...service, createServiceClient }))

const { run } = await import('../../src/main.js')

const KEY = 'main-unit-test-key-123'

/** The step's inputs: the key, the service's address and `inputs`. */
const given = (inputs: Record<string, string>) =>
  core.resetCore({ 'api-key': KEY, 'base-url': 'https://qa.example.com', ...inputs })

/** A fresh job summary file for this step; returns a reader of what was appended to it. */
function summaryFile(): () => string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'main-summary-')), 'summary.md')
  process.env['GITHUB_STEP_SUMMARY'] = file
  return () => (existsSync(file) ? readFileSync(file, 'utf8') : '')
}

beforeEach(() => {
  notifyDeploySuccess.mockReset()
  getGreenlight.mockReset()
  delete process.env['GITHUB_STEP_SUMMARY']
  process.env['GITHUB_EVENT_NAME'] = 'workflow_dispatch'
  process.env['GITHUB_SHA'] = 'abcdef0123456789abcdef0123456789abcdef01'
  process.env['GITHUB_REF_NAME'] = 'main'
  process.env['GITHUB_REF_TYPE'] = 'branch'
  delete process.env['GITHUB_EVENT_PATH']
})

it('sets every greenlight output for bad input, and sends nothing', async () => {
  given({ mode: 'greenlight', 'api-key': '', 'base-url': 'qa.example.com', 'run-id': 'a/b' })
  await run()

  expect(getGreenlight).not.toHaveBeenCalled()
  const outputs = core.outputs()
  expect(outputs).toMatchObject({ status: 'error', greenlight: 'false' })
  const declared = parse(readFileSync('greenlight/action.yml', 'utf8')) as { outputs: object }
  expect(Object.keys(outputs).sort()).toEqual(Object.keys(declared.outputs).sort())
  // The summary's list of each bad input, escaped: behaviour/inputs-refused.test.ts.
})

it.each([
  ['FALSE', 0],
  ['', 1],
  // The summary input is itself the bad one: its default applies.
  ['sometimes', 1]
])('with summary %j, writes %d input-error summaries', async (summary, count) => {
  const written = summaryFile()
  given({ mode: 'notify', 'base-url': 'ftp://x', summary })
  await run()

  expect(written().split('## ⛔ qa-greenlight: invalid input')).toHaveLength(count + 1)
  expect(core.setFailed).toHaveBeenCalledTimes(1)
})

it('warns when the job summary cannot be written, and still fails the step for the input', async () => {
  // A directory where the summary file should be: every append to it fails.
  process.env['GITHUB_STEP_SUMMARY'] = mkdtempSync(path.join(tmpdir(), 'main-summary-dir-'))
  given({ mode: 'notify', 'base-url': 'ftp://x' })
  await run()

  const warnings = core.written.filter(w => w.kind === 'warning').map(w => w.text)
  expect(warnings).toEqual([expect.stringContaining('The job summary could not be written')])
  expect(core.setFailed).toHaveBeenCalledTimes(1)
  expect(String(core.setFailed.mock.calls[0]?.[0])).toContain("'base-url'")
})

it('turns an unexpected exception into a failed step, not a silent success', async () => {
  given({ mode: 'notify' })
  notifyDeploySuccess.mockRejectedValue(new TypeError('boom'))
  await run()

  expect(core.setFailed).toHaveBeenCalledTimes(1)
  expect(String(core.setFailed.mock.calls[0]?.[0])).toContain('boom')
})
