// The job summary of a step refused for invalid input: what is wrong, and that nothing was sent.
// Input messages quote what the user typed, so they are escaped like any other outside text.
import { InputErrors, type InputError } from '../core/input-error.js'
import { bulletList, escapeText, type Markdown } from './markdown.js'

const INPUT_ERROR_HEADING = '⛔ qa-greenlight: invalid input'

/** Long enough for any input message, which quote at most 80 characters of a value. */
const MAX_MESSAGE_CHARS = 1000
const MAX_LABEL_CHARS = 100

/** `label` is the raw input (it may itself be the invalid one): plain text, escaped here. */
export function renderInputErrorSummary(error: InputError, label = ''): Markdown {
  const shownLabel = escapeText(label, MAX_LABEL_CHARS)
  const heading = shownLabel === '' ? INPUT_ERROR_HEADING : `${INPUT_ERROR_HEADING} — ${shownLabel}`
  const messages = error instanceof InputErrors ? error.errors.map(e => e.message) : [error.message]
  const body =
    messages.length === 1
      ? escapeText(messages[0] ?? '', MAX_MESSAGE_CHARS)
      : bulletList(messages.map(message => escapeText(message, MAX_MESSAGE_CHARS)))
  return [`## ${heading}`, '', body, '', 'Nothing was sent to the service.', ''].join('\n')
}
