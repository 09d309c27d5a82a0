// Malformed inputs, end to end: the bundled action refuses each one before sending anything, with
// an error that names the input and says what it accepts (the whole table: unit/bad-input.test.ts).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Emulator } from '../../emulator/server.js'
import { runAction } from '../../scripts/action-runner.js'
import {
  API_KEY,
  baseConfig,
  emulator,
  greenlightInputs,
  messagesOf,
  notifyInputs
} from '../helpers/e2e.js'
import { BAD_INPUT_ROWS, type BadInputRow } from '../helpers/bad-inputs.js'

/**
 * Wiring rows: one per mode and per kind of message (a parsed value, a URL that must not be echoed,
 * a choice, the key, the mode itself, two inputs that exclude each other). Every row of the table
 * runs through readSettings in the unit tests.
 */
const WIRING_CASES = [
  'timeout not a duration',
  'run-id with a slash',
  'base-url with credentials',
  'hosting-service Bitbucket',
  'terminate naming two environments',
  'mode deploy',
  'api-key with a Bearer prefix'
]
const ROWS = BAD_INPUT_ROWS.filter(row => WIRING_CASES.includes(row.case))

let em: Emulator

beforeAll(async () => {
  // A service that would accept every valid request: a row that slips through is seen as a request.
  em = await emulator(
    baseConfig({
      triggers: [{ id: 'web' }],
      runs: [{ id: 'run-1', timeline: [{ stage: 'completed' }] }]
    })
  )
})

afterAll(() => em.close())

function inputsFor(row: BadInputRow): Record<string, string> {
  // A short timeout, so that a row that slips through fails fast rather than polling for long.
  const valid =
    row.mode === 'notify'
      ? notifyInputs(em)
      : row.mode === 'terminate'
        ? { mode: 'terminate', 'api-key': API_KEY, 'base-url': em.url, 'environment-id': 'env-1' }
        : greenlightInputs(em, 'run-1', { timeout: '2s' })
  return { ...valid, ...row.inputs }
}

describe('malformed inputs, end to end', () => {
  it('runs every wiring row', () => {
    expect(ROWS.map(row => row.case)).toEqual(WIRING_CASES)
  })

  it('control: the same valid inputs do reach the service, so "nothing sent" means something', async () => {
    const before = em.requests.length
    const greenlight = await runAction({ inputs: greenlightInputs(em, 'run-1') })
    expect(greenlight.exitCode).toBe(0)
    const notify = await runAction({ inputs: notifyInputs(em) })
    expect(notify.exitCode).toBe(0)
    expect(em.requests.length).toBe(before + 2)
  })

  it.each(ROWS)('$case: exit 1, names $input and its accepted form, sends nothing', async row => {
    const before = em.requests.length
    const run = await runAction({ inputs: inputsFor(row) })

    expect(em.requests.length).toBe(before)
    expect(run.exitCode).toBe(1)
    const messages = messagesOf(run, 'error')
    expect(messages).toHaveLength(1)
    const [message] = messages as [string]
    expect(message).toContain(`'${row.input}'`)
    expect(message).toContain(row.accepts)
    if (row.hides !== undefined) expect(run.allText).not.toContain(row.hides)
    // A greenlight step that cannot start still reports a status, so later steps can branch on it.
    if (row.mode === 'greenlight' && row.inputs['mode'] === undefined) {
      expect(run.outputs['status']).toBe('error')
      expect(run.outputs['greenlight']).toBe('false')
    }
    // The input error is the whole story: no stack trace, no summary pretending something ran.
    expect(run.stdout + run.stderr).not.toMatch(/^\s+at /m)
  })

  it('lists every bad input of one step in a single error, still sending nothing', async () => {
    const before = em.requests.length
    const run = await runAction({
      inputs: greenlightInputs(em, 'run/1', { timeout: 'abc', 'fail-on-red': 'maybe' })
    })

    expect(em.requests.length).toBe(before)
    expect(run.exitCode).toBe(1)
    const [message] = messagesOf(run, 'error')
    expect(message?.split('\n').map(line => /^Input '([^']+)'/.exec(line)?.[1])).toEqual([
      'run-id',
      'timeout',
      'fail-on-red'
    ])
  })
})
