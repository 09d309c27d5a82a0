// Every malformed input of the table, through readSettings as the action reads inputs: refused
// with one message that names the input and states its accepted form, never echoing what it hides.
import { describe, expect, it } from '@jest/globals'
import { COMMON_INPUTS, INPUT_DEFAULTS, MODE_INPUTS } from '../../src/inputs/defaults.js'
import { InputError, InputErrors } from '../../src/core/input-error.js'
import { readSettings } from '../../src/inputs/read-settings.js'
import { BAD_INPUT_ROWS, type BadInputRow } from '../helpers/bad-inputs.js'

const API_KEY = 'qak_SENTINEL_5c1f0e9a'

const VALID: Record<BadInputRow['mode'], Record<string, string>> = {
  notify: { mode: 'notify' },
  greenlight: { mode: 'greenlight', 'run-id': 'run-1' },
  terminate: { mode: 'terminate', 'environment-id': 'env-1' }
}

/** The inputs as the runner passes them: defaults filled in, values trimmed. */
function refusal(row: BadInputRow): InputError {
  const values: Record<string, string> = {
    ...INPUT_DEFAULTS,
    'github-token': 'ghs_runnerFilledToken0123456789',
    'api-key': API_KEY,
    'base-url': 'https://qa.example.com',
    ...VALID[row.mode],
    ...row.inputs
  }
  try {
    readSettings(name => (values[name] ?? '').trim())
  } catch (error) {
    if (error instanceof InputError) return error
    throw error
  }
  throw new Error(`expected ${row.case} to be refused`)
}

describe('malformed inputs', () => {
  it('has a row for every input of action.yml', () => {
    const covered = new Set(BAD_INPUT_ROWS.map(row => row.input))
    for (const name of [...COMMON_INPUTS, ...Object.values(MODE_INPUTS).flat()]) {
      expect(covered).toContain(name)
    }
  })

  it.each(BAD_INPUT_ROWS)('$case: one message naming $input and its accepted form', row => {
    const error = refusal(row)
    expect(error).not.toBeInstanceOf(InputErrors)
    expect(error.message).toContain(`'${row.input}'`)
    expect(error.message).toContain(row.accepts)
    if (row.hides !== undefined) expect(error.message).not.toContain(row.hides)
    expect(error.message).not.toContain(API_KEY)
  })
})
