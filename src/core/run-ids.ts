// The `run-id` input of greenlight mode: the IDs of the runs the notify step started.
import { InputError } from './input-error.js'
import { unshownValue } from '../kernel/text.js'

const MAX_RUN_ID_LENGTH = 200
const RUN_ID = /^[A-Za-z0-9._:-]+$/
const RUN_ID_FORMS =
  `Run IDs are letters, digits, '-', '_', '.' and ':' (at most ${MAX_RUN_ID_LENGTH} characters ` +
  `each), separated by commas, whitespace or newlines, or a JSON array such as ["id1","id2"] ` +
  `(the notify step's run-ids output).`

/** Comma/whitespace/newline separated, or a JSON array of strings; repeats dropped, order kept. */
export function parseRunIds(name: string, value: string): string[] {
  const ids = value.startsWith('[') ? runIdsFromJson(name, value) : value.split(/[\s,]+/)
  const unique = [...new Set(ids.map(id => id.trim()).filter(id => id !== ''))]
  if (unique.length === 0 && value.startsWith('[')) {
    // notify's run-ids output when no trigger started a run: the value was passed, so asking
    // for the notify step's output would send the user to what they already did.
    throw new InputError(
      name,
      `Input '${name}' is an empty list: the notify step started no run, so there is no ` +
        `verdict to wait for. Skip the greenlight step when that happens, with ` +
        `if: steps.notify.outputs.run-id != '' on it (notify's run-id output is empty when it ` +
        `started no run; with fail-on-no-run: true, the default, notify fails instead).`
    )
  }
  if (unique.length === 0) {
    throw new InputError(
      name,
      `Input '${name}' is required in greenlight mode and lists no run ID: pass the notify ` +
        `step's output, e.g. ${name}: \${{ steps.notify.outputs.run-ids }}. ${RUN_ID_FORMS}`
    )
  }
  unique.forEach((id, index) => {
    if (!isSafeRunId(id)) {
      throw new InputError(
        name,
        `Input '${name}' has entry ${index + 1}, which is not a run ID (${unshownValue(id)}). ${RUN_ID_FORMS}`
      )
    }
  })
  return unique
}

/** Run IDs become a URL path segment, so anything that could change the path is refused. */
export function isSafeRunId(id: string): boolean {
  return id.length <= MAX_RUN_ID_LENGTH && RUN_ID.test(id) && id !== '.' && id !== '..'
}

function runIdsFromJson(name: string, value: string): string[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    throw new InputError(
      name,
      `Input '${name}' starts with [ but is not a valid JSON array. ${RUN_ID_FORMS}`
    )
  }
  if (!Array.isArray(parsed) || !parsed.every(item => typeof item === 'string')) {
    throw new InputError(
      name,
      `Input '${name}' must be a JSON array of strings when it starts with [. ${RUN_ID_FORMS}`
    )
  }
  return parsed
}
