// The one place where text leaves the action (logs, annotations, outputs, summary), so that the
// API key is redacted everywhere, even when the service echoes it back in a body we show.
import * as core from '@actions/core'
import { summaryForms } from './markdown.js'
import { Redactor } from '../core/redaction.js'
import { errorMessage } from '../core/error-message.js'

const secrets = new Redactor()

/** Masks the value in the runner's logs and redacts it from everything this module writes. */
export function registerSecret(value: string): void {
  if (value === '') return
  core.setSecret(value)
  // The summary escapes text, which changes the key's spelling there too.
  secrets.add(value, summaryForms(value))
}

export function redact(text: string): string {
  return secrets.redact(text)
}

/**
 * Redacts service data before it is rendered: rendering shortens long text, which could cut an
 * echoed key in two where redaction of the finished text would no longer find it.
 */
export function redactDeep<T>(value: T): T {
  if (secrets.empty) return value
  // String by string: redacting serialised JSON could cut an escape sequence in two.
  return redactValue(value) as T
}

// Recursive, but over service data the client has already cut to MAX_DATA_DEPTH levels.
function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redact(value)
  if (Array.isArray(value)) return value.map(redactValue)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k), redactValue(v)]))
  }
  return value
}

/**
 * Text from outside (service bodies, GitHub data, inputs) made inert for the log: redacted, and
 * unable to issue a workflow command in either form the runner reads: `::name::` at the start of
 * a line, and the legacy `##[name]` anywhere in a line.
 */
function inert(text: string): string {
  return redact(text).replace(/##\[/g, '## [')
}

/** `core.info` writes text as it is: one line, and never a `::` command at its start. */
export function info(message: string): void {
  const oneLine = inert(message).replace(/[\r\n]+/g, ' ')
  core.info(/^\s*::/.test(oneLine) ? `» ${oneLine}` : oneLine)
}

// The toolkit escapes line breaks in these, so `::` can only come first as the command itself.
export function debug(message: string): void {
  core.debug(inert(message))
}

export function notice(message: string, title?: string): void {
  core.notice(inert(message), title === undefined ? undefined : { title: inert(title) })
}

export function warning(message: string, title?: string): void {
  core.warning(inert(message), title === undefined ? undefined : { title: inert(title) })
}

export function error(message: string, title?: string): void {
  core.error(inert(message), title === undefined ? undefined : { title: inert(title) })
}

export function setFailed(message: string): void {
  core.setFailed(inert(message))
}

export function setOutputs(outputs: Record<string, string>): void {
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, redact(value))
}

/**
 * Writes (appends) the job summary unless the step has no summary file, e.g. when run locally.
 * A summary that cannot be written is a warning: it must not change the verdict or the outputs.
 */
export async function writeSummary(markdown: string): Promise<void> {
  if (!process.env['GITHUB_STEP_SUMMARY']) {
    core.debug('GITHUB_STEP_SUMMARY is not set; no job summary written.')
    return
  }
  try {
    await core.summary.addRaw(redact(markdown), true).write()
  } catch (error) {
    core.summary.emptyBuffer()
    warning(`The job summary could not be written: ${errorMessage(error)}`)
  }
}
