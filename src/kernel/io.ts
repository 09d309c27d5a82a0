// The only writer of logs, annotations, outputs and the summary: everything through the redactor.
import * as core from '@actions/core'
import { appendFileSync } from 'node:fs'
import { EOL } from 'node:os'
import type { Redactor } from './secrets.js'
import { errorMessage } from './values.js'
import { withoutHiddenMarks } from './text.js'

let secrets: Pick<Redactor, 'redact' | 'empty'> = { redact: text => text, empty: true }

/** The one redactor (kernel/action.ts), hiding the secrets in everything this module writes. */
export const useRedactor = (redactor: Redactor): void => void (secrets = redactor)

export const redact = (text: string): string => secrets.redact(text)

// Service data with its strings redacted, never its keys (a key cannot rename a field): string by
// string, as redacting serialised JSON could cut an escape sequence in two. Recursive, but over
// service data the client has already cut to boundDepth's 32 levels.
export function redactDeep<T>(value: T): T {
  if (secrets.empty || value === null || typeof value !== 'object')
    return (typeof value === 'string' ? redact(value) : value) as T
  if (Array.isArray(value)) return value.map(redactDeep) as T
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v)])) as T
}

/** An output value already redacted: not redacted again as text. */
export class Redacted {
  constructor(readonly text: string) {}
}

// Text made inert for the log: redacted, without hidden marks (first: one between `#` and `[`
// would hide a `##[`), and no `##[name]` command anywhere (`::` at a line start: info()).
const inert = (text: string): string => redact(withoutHiddenMarks(text)).replace(/##\[/g, '## [')

/** `core.info` writes text as it is: one line, and never a `::` command at its start. */
export function info(message: string): void {
  const oneLine = inert(message).replace(/[\r\n]+/g, ' ')
  core.info(/^\s*::/.test(oneLine) ? `» ${oneLine}` : oneLine)
}

// The toolkit escapes line breaks in these, so `::` can only come first as the command itself.
export const debug = (message: string): void => core.debug(inert(message))
const annotation =
  (kind: 'notice' | 'warning' | 'error') =>
  (message: string, title?: string): void =>
    core[kind](inert(message), title === undefined ? undefined : { title: inert(title) })
export const notice = annotation('notice')
export const warning = annotation('warning')
export const error = annotation('error')
export const setFailed = (message: string): void => core.setFailed(inert(message))

export function setOutputs(outputs: Record<string, string | Redacted>): void {
  for (const [name, value] of Object.entries(outputs)) {
    core.setOutput(name, value instanceof Redacted ? value.text : redact(value))
  }
}

export async function writeSummary(markdown: string): Promise<void> {
  const file = process.env['GITHUB_STEP_SUMMARY']
  if (!file) return core.debug('GITHUB_STEP_SUMMARY is not set; no job summary written.')
  try {
    appendFileSync(file, `${redact(withoutHiddenMarks(markdown))}${EOL}`, { encoding: 'utf8' })
  } catch (error) {
    warning(`The job summary could not be written: ${errorMessage(error)}`)
  }
}
