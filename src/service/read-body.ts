// Reading the service's answers: the one place a response body becomes data, so that it is
// validated once and the same way for every endpoint. Pure: text in, value or ServiceError out.
import * as v from 'valibot'
import { boundDepth } from './bounded-depth.js'
import { ServiceError } from './errors.js'
import { findRepeatedKey } from './repeated-keys.js'

const EXCERPT_CHARS = 200

/**
 * A 200 body as the schema's type, or a ServiceError that says what is wrong with it. Unreadable
 * text (not JSON, cut off, a key repeated within an object) is transient, like the proxy trouble
 * that usually causes it; well-formed data of the wrong shape is not. Nesting deeper than any
 * documented field is cut (bounded-depth.ts) before anything walks it.
 */
export function parseServiceJson<T>(
  body: string,
  contentType: string | undefined,
  schema: v.GenericSchema<unknown, T>,
  redact: (text: string) => string
): T {
  const text = body.replace(/^\uFEFF/, '')
  const shown = excerpt(text, redact)
  const suffix = shown ? ` Response: "${shown}"` : ''
  let data: unknown
  try {
    if (text.trim() === '') throw new Error('empty body')
    data = JSON.parse(text)
  } catch (error) {
    const type = contentType?.split(';')[0]?.trim().toLowerCase()
    const cause =
      type && !/^application\/([\w.-]+\+)?json$/.test(type)
        ? `expected JSON but got ${excerpt(type, redact)}`
        : text.trim() === ''
          ? 'expected JSON but the body was empty'
          : `the body is not valid JSON (${(error as Error).message}); it may be truncated`
    throw new ServiceError(
      'invalid-response',
      redact(`Invalid response from the QA service: ${cause}.${suffix}`)
    )
  }
  const repeated = findRepeatedKey(text)
  if (repeated !== undefined) {
    throw new ServiceError(
      'invalid-response',
      redact(
        `Invalid response from the QA service: the key "${excerpt(repeated, redact, 60)}" appears twice in one object, so the body cannot be read unambiguously.`
      )
    )
  }
  const result = v.safeParse(schema, boundDepth(data))
  if (result.success) return result.output
  const issues = result.issues.slice(0, 3).map(issue => {
    const path = v.getDotPath(issue)
    const problem =
      issue.received === 'undefined'
        ? 'missing'
        : issue.type === 'check'
          ? issue.message
          : `expected ${issue.expected ?? 'a valid value'}`
    return `${path ? `field '${path}'` : 'the body'}: ${problem}`
  })
  const more = result.issues.length > 3 ? ` (and ${result.issues.length - 3} more problems)` : ''
  throw new ServiceError(
    'invalid-response',
    redact(
      `Invalid response from the QA service: it does not have the documented shape: ${excerpt(issues.join('; '), redact, 600)}${more}.${suffix}`
    ),
    { transient: false }
  )
}

/**
 * What an error body says, for people: its message in any of the documented spellings (`error`
 * on 400; `failureMessage` with `failureCode` on 402, 429 and 503; their snake-case forms; a
 * generic `message`), with the code after it. Anything else (an HTML page, plain text) is
 * returned as it is, to be quoted.
 */
export function errorBodyMessage(body: string): string {
  let data: unknown
  try {
    data = JSON.parse(body)
  } catch {
    return body
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return body
  const fields = data as Record<string, unknown>
  const text = (key: string): string | undefined => {
    const value = fields[key]
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
  }
  const message =
    text('failureMessage') ?? text('failure_message') ?? text('error') ?? text('message')
  const code = text('failureCode') ?? text('failure_code')
  if (message === undefined) return code ?? body
  return code === undefined || message.includes(code) ? message : `${message} (${code})`
}

/** One line of untrusted text, safe for a log: redacted, no control characters, capped. */
export function excerpt(
  text: string,
  redact: (text: string) => string,
  max = EXCERPT_CHARS
): string {
  const line = redact(redact(text).replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' '))
    .replace(/\s+/g, ' ')
    .trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}
