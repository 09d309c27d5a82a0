// Reading the service's answers: the one place a response body becomes data, so that it is
// validated once and the same way for every endpoint. Pure: text in, value or ServiceError out.
import { boundDepth } from './bounded-depth.js'
import { describeForeignAnswer, ServiceError } from './errors.js'
import { findRepeatedKey } from './repeated-keys.js'
import { excerpt } from '../kernel/text.js'

/**
 * An endpoint's shape check: the value as its type, or what is wrong with it, one problem per
 * entry in the form "field 'x': expected …" (or "the body: …"). Each endpoint brings its own, so
 * that the reader needs no validation library: only greenlight's check loads one.
 */
export type AnswerCheck<T> = (
  data: unknown
) => { ok: true; value: T } | { ok: false; problems: string[] }

/**
 * A 200 body as the check's type, or a ServiceError that says what is wrong with it: text that
 * cannot be read (not JSON, cut off, a key repeated within an object) is 'unreadable', well-formed
 * data of the wrong shape 'invalid-response' (what each means for a retry: retry-policy.ts).
 * Nesting deeper than any documented field is cut (bounded-depth.ts) before anything walks it.
 */
export function parseServiceJson<T>(
  body: string,
  contentType: string | undefined,
  check: AnswerCheck<T>,
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
    const foreign = foreignAnswer(text, contentType, redact)
    if (foreign !== undefined) {
      throw new ServiceError('unreadable', redact(describeForeignAnswer(foreign)))
    }
    const type = contentType?.split(';')[0]?.trim().toLowerCase()
    const cause =
      type && !/^application\/([\w.-]+\+)?json$/.test(type)
        ? `expected JSON but got ${excerpt(type, redact)}`
        : text.trim() === ''
          ? 'expected JSON but the body was empty'
          : `the body is not valid JSON (${(error as Error).message}); it may be truncated`
    throw new ServiceError(
      'unreadable',
      redact(`Invalid response from the QA service: ${cause}.${suffix}`)
    )
  }
  const repeated = findRepeatedKey(text)
  if (repeated !== undefined) {
    throw new ServiceError(
      'unreadable',
      redact(
        `Invalid response from the QA service: the key "${excerpt(repeated, redact, 60)}" appears twice in one object, so the body cannot be read unambiguously.`
      )
    )
  }
  const result = check(boundDepth(data))
  if (result.ok) return result.value
  const problems = result.problems.length ? result.problems : ['the body: not as documented']
  const issues = problems.slice(0, 3)
  const more = problems.length > 3 ? ` (and ${problems.length - 3} more problems)` : ''
  throw new ServiceError(
    'invalid-response',
    redact(
      `Invalid response from the QA service: it does not have the documented shape: ${excerpt(issues.join('; '), redact, 600)}${more}.${suffix}`
    )
  )
}

/**
 * What an answer is when it is not JSON at all, for people (never markup: an HTML page is named
 * by the text of its title or first heading), or undefined when it is JSON, looks like JSON cut
 * off (it starts with `{` or `[`), or is empty: those may still be the service's own answer.
 */
export function foreignAnswer(
  body: string,
  contentType: string | undefined,
  redact: (text: string) => string
): string | undefined {
  const text = body.replace(/^\uFEFF/, '').trim()
  if (text === '' || /^[{[]/.test(text)) return undefined
  const type = contentType?.split(';')[0]?.trim().toLowerCase()
  if ((type !== undefined && /html|xml/.test(type)) || /^</.test(text)) {
    const said = excerpt(pageHeading(text), redact, 120)
    return said ? `an HTML page saying "${said}"` : 'an HTML page'
  }
  const said = excerpt(text, redact, 120)
  const kind = type && !/json/.test(type) ? excerpt(type, redact, 60) : 'text'
  return said ? `${kind} saying "${said}"` : kind
}

/** The title, else the first heading or preformatted block, of a page, as plain text. */
function pageHeading(html: string): string {
  const page = html.slice(0, 64 * 1024)
  for (const tag of ['title', 'h1', 'h2', 'pre']) {
    const match = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}\\s*>`, 'i').exec(page)
    const inner = match?.[1]
      ?.replace(/<[^>]*>/g, ' ')
      .replace(/&(lt|gt|amp|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? ' ')
      .replace(/\s+/g, ' ')
      .trim()
    if (inner) return inner
  }
  return ''
}

const ENTITIES: Record<string, string> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  '#39': "'",
  nbsp: ' '
}

export interface ErrorBody {
  /** What the body says, for people; the body itself when it has no message field. */
  message: string
  /** The service's reference for this failure (`eventId`), for its support. */
  eventId?: string
}

/**
 * What an error body says: its message in any of the documented spellings (`error` on 400;
 * `failureMessage` with or without `failureCode` on 402, 429 and 503; their snake-case forms; a
 * generic `message`; tRPC's `error.json.message` with its code), with the code after it, and the
 * `eventId` the service gives for support.
 * Anything else (an HTML page, plain text) is returned as it is, to be quoted. Still untrusted:
 * the caller excerpts and redacts it.
 */
export function errorBody(body: string): ErrorBody {
  let data: unknown
  try {
    data = JSON.parse(body)
  } catch {
    return { message: body }
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { message: body }
  const fields = trpcError(data as Record<string, unknown>)
  const text = (...keys: string[]): string | undefined =>
    keys
      .map(key => fields[key])
      .find((value): value is string => typeof value === 'string' && value.trim() !== '')
      ?.trim()
  const eventId = text('eventId', 'event_id')
  const said = text('failureMessage', 'failure_message', 'error', 'message')
  const code = text('failureCode', 'failure_code', 'trpcCode')
  const message =
    said === undefined
      ? (code ?? body)
      : code === undefined || said.includes(code)
        ? said
        : `${said} (${code})`
  return eventId === undefined ? { message } : { message, eventId }
}

/**
 * tRPC's error envelope (`{ error: { json: { message, code, data: { code } } } }`, or without the
 * `json` layer) as the flat fields above; any other body as it is.
 */
function trpcError(fields: Record<string, unknown>): Record<string, unknown> {
  const error = fields['error']
  if (typeof error !== 'object' || error === null || Array.isArray(error)) return fields
  const outer = error as Record<string, unknown>
  const inner = outer['json']
  const shape = (
    typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? inner : outer
  ) as Record<string, unknown>
  const data = shape['data']
  const dataCode =
    typeof data === 'object' && data !== null
      ? (data as Record<string, unknown>)['code']
      : undefined
  // tRPC's own `code` is a JSON-RPC number; the name (`CONFLICT`) is under `data`.
  return { message: shape['message'], trpcCode: dataCode }
}
