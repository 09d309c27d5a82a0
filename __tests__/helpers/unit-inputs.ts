// The inputs as the runner hands them to readSettings, for the unit tests of reading them.
import { InputError } from '../../src/kernel/settings.js'
import { INPUT_DEFAULTS, readSettings, type ReadSettingsResult } from '../../src/kernel/inputs.js'

// Distinctive, so that any echo of it in a message is caught.
export const API_KEY = 'qak_SENTINEL_7f3a9c2e5b1d8046'
export const RUNNER_TOKEN = 'ghs_runnerFilledToken0123456789'

/** Like the runner: every input with a default is filled in; values are trimmed like core.getInput. */
export function readInputs(given: Record<string, string>): ReadSettingsResult {
  const values: Record<string, string> = {
    ...INPUT_DEFAULTS,
    'github-token': RUNNER_TOKEN,
    'api-key': API_KEY,
    'base-url': 'https://qa.example.com',
    ...given
  }
  return readSettings(name => (values[name] ?? '').trim())
}

/** The InputError (or InputErrors) that reading `given` throws. */
export function refusal(given: Record<string, string>): InputError {
  try {
    readInputs(given)
  } catch (error) {
    if (error instanceof InputError) return error
    throw error
  }
  throw new Error(`expected ${JSON.stringify(given)} to be refused`)
}
