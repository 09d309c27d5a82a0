// The one place where text leaves the action (logs, annotations, outputs, summary), so that the
// API key is redacted everywhere, even when the service echoes it back in a body we show.
import * as core from '@actions/core'
import { summaryForms } from './markdown.js'

const secrets = new Set<string>()

/** Masks the value in the runner's logs and redacts it from everything this module writes. */
export function registerSecret(value: string): void {
  if (value === '') return
  core.setSecret(value)
  // The service may echo the key JSON-escaped or URL-encoded, not only verbatim.
  // The summary escapes text, which changes the key's spelling there too.
  const forms = [
    value,
    JSON.stringify(value).slice(1, -1),
    encodeURIComponent(value),
    ...summaryForms(value)
  ]
  for (const form of forms) {
    if (form.length > 0) secrets.add(form)
  }
}

export function redact(text: string): string {
  let result = text
  for (const secret of secrets) result = result.split(secret).join('***')
  return result
}

/**
 * Redacts service data before it is rendered: rendering shortens long text, which could cut an
 * echoed key in two where redaction of the finished text would no longer find it.
 */
export function redactDeep<T>(value: T): T {
  if (secrets.size === 0) return value
  // String by string: redacting serialised JSON could cut an escape sequence in two.
  return redactValue(value) as T
}

function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redact(value)
  if (Array.isArray(value)) return value.map(redactValue)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k), redactValue(v)]))
  }
  return value
}

/**
 * `core.info` writes text as it is, and the runner reads any line that starts with `::` as a
 * workflow command; service text in a log line must not be able to issue one.
 */
export function info(message: string): void {
  const oneLine = redact(message).replace(/[\r\n]+/g, ' ')
  core.info(/^\s*::/.test(oneLine) ? `» ${oneLine}` : oneLine)
}

export function debug(message: string): void {
  core.debug(redact(message))
}

export function notice(message: string, title?: string): void {
  core.notice(redact(message), title === undefined ? undefined : { title: redact(title) })
}

export function warning(message: string, title?: string): void {
  core.warning(redact(message), title === undefined ? undefined : { title: redact(title) })
}

export function error(message: string, title?: string): void {
  core.error(redact(message), title === undefined ? undefined : { title: redact(title) })
}

export function setFailed(message: string): void {
  core.setFailed(redact(message))
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
    warning(
      `The job summary could not be written: ${error instanceof Error ? error.message : String(error)}`
    )
  }
}
