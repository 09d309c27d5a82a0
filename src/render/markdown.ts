// Safe Markdown for job summaries. GitHub renders step summaries with its Markdown pipeline, which
// also accepts some HTML, so every piece of text from the service is escaped to inert text, and
// only http(s) URLs become links. The renderers (notify/summary.ts, greenlight/summary.ts) build
// summaries from these helpers alone, so the escaping rules live in one place.
import { displayUrl } from '../core/urls.js'

/**
 * A string that is already safe to render (built by this module). Only a naming aid: TypeScript
 * cannot tell it apart from plain text, so parameters say which of the two they take.
 */
export type Markdown = string

/** Default length of a piece of service text (a bug name, a run ID) before it is shortened. */
const MAX_TEXT_CHARS = 200

/** GitHub rejects a step summary larger than this. */
const STEP_SUMMARY_LIMIT_BYTES = 1024 * 1024

/**
 * The default budget of `limitSummary`: the margin leaves room for the newline the writer adds
 * and for anything else the step appends to the same summary file.
 */
export const SUMMARY_MAX_BYTES = STEP_SUMMARY_LIMIT_BYTES - 8 * 1024

/** Longer URLs are shown as text: no real run or bug link is this long. */
const MAX_URL_CHARS = 8192

/**
 * Character references rather than backslash escapes: they are decoded both in Markdown text and
 * inside HTML blocks (where a backslash would show literally), and a decoded reference never forms
 * Markdown syntax (CommonMark, "Entity and numeric character references"). `$` starts GitHub's
 * math syntax; `|` would end a table cell.
 */
const REFERENCES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '\\': '&#92;',
  '*': '&#42;',
  _: '&#95;',
  '[': '&#91;',
  ']': '&#93;',
  '(': '&#40;',
  ')': '&#41;',
  '#': '&#35;',
  '+': '&#43;',
  '-': '&#45;',
  '!': '&#33;',
  '|': '&#124;',
  '`': '&#96;',
  '~': '&#126;',
  $: '&#36;',
  // @name and @org/team would mention people in a pull request comment.
  '@': '&#64;'
}
const ACTIVE_CHARS = /[&<>"'\\*_[\]()|`~$@]/g
// These only start a heading, list item or image at the beginning of a line; elsewhere they are
// left readable (run IDs and dates are full of hyphens).
const LINE_START_CHARS = /^[#+\-!]/

// C0 and C1 controls other than whitespace (which is flattened instead); the bidirectional marks,
// overrides and isolates, which can make displayed text read differently from what it is; and the
// characters that show nothing at all (zero-width spaces and joiners, word joiners, invisible
// operators, the byte-order mark, soft hyphens, Hangul fillers, variation selectors, tag
// characters), which can hide text or make two names look alike.
const INVISIBLE_CONTROLS =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- removing them is the point
  /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\u{e0000}-\u{e007f}]/gu

/** Shortens to `maxChars` code points (never splitting a surrogate pair), marking the cut with '…'. */
export function truncateText(value: string, maxChars: number = MAX_TEXT_CHARS): string {
  if (value.length <= maxChars) return value
  // A code point is at most two UTF-16 units, so this slice holds the first `maxChars` whole.
  const points = Array.from(value.slice(0, maxChars * 2 + 1))
  if (points.length <= maxChars) return value
  return `${points.slice(0, maxChars).join('').trimEnd()}…`
}

/**
 * Service text as one plain line: control characters removed, whitespace (newlines included)
 * collapsed to single spaces, shortened to `maxChars`. Not escaped: for log lines and annotations,
 * whose writers escape for their own syntax.
 */
export function plainText(value: string, maxChars: number = MAX_TEXT_CHARS): string {
  const flat = value.replace(INVISIBLE_CONTROLS, '').replace(/\s+/g, ' ').trim()
  return truncateText(flat, maxChars)
}

/** `1 query`, `2 queries`: a count and its noun, for plain text and Markdown alike. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`
}

function escapeLine(line: string): Markdown {
  // "1. x" at the start of a line (a list item's content, say) would begin an ordered list.
  return line
    .replace(ACTIVE_CHARS, c => REFERENCES[c] ?? c)
    .replace(LINE_START_CHARS, c => REFERENCES[c] ?? c)
    .replace(/^(\d+)\./, '$1&#46;')
}

/** Service text as inert inline Markdown: `plainText`, then every active character escaped. */
export function escapeText(value: string, maxChars: number = MAX_TEXT_CHARS): Markdown {
  return escapeLine(plainText(value, maxChars))
}

/** Like `escapeText`, but keeps line breaks (as `<br>`), for multi-line messages such as errors. */
export function escapeMultilineText(value: string, maxChars = 2000): Markdown {
  const text = truncateText(value.replace(INVISIBLE_CONTROLS, '').replace(/\r\n?/g, '\n'), maxChars)
  return text
    .split('\n')
    .map(line => escapeLine(line.replace(/\s+/g, ' ').trim()))
    .filter(line => line !== '')
    .join('<br>')
}

/** Percent-encodes what could end a link destination or a table cell; `&` becomes a reference. */
function encodeUrlDelimiters(url: string): string {
  return url
    .replace(
      /[()\s<>"'`|\\]/g,
      c => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
    )
    .replace(/&/g, '&amp;')
}

/**
 * How `secret` can appear in a summary built here: as escaped text and inside a link destination.
 * A redactor that knows only the verbatim value misses these (`a_b-c` is written `a&#95;b&#45;c`).
 */
export function summaryForms(secret: string): string[] {
  if (secret === '') return []
  const forms = [
    escapeLine(secret.replace(INVISIBLE_CONTROLS, '')),
    encodeUrlDelimiters(secret),
    encodeUrlDelimiters(encodeURIComponent(secret))
  ]
  return [...new Set(forms)]
}

/**
 * The URL ready for a Markdown link destination, or undefined unless it is an absolute http(s)
 * URL. The WHATWG parser percent-encodes spaces, `<`, `>` and quotes; the rest of what could end
 * the destination or the surrounding table cell is encoded here, and `&` is written as a
 * reference because references are decoded in destinations.
 */
export function safeHttpUrl(raw: string): string | undefined {
  if (typeof raw !== 'string' || raw.length > MAX_URL_CHARS) return undefined
  let url: URL
  try {
    url = new URL(displayUrl(raw.trim()))
  } catch {
    return undefined
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
    return undefined
  }
  return encodeUrlDelimiters(url.href)
}

/**
 * `[text](url)` when `url` is an absolute http(s) URL; otherwise the text alone, escaped (or the
 * URL as escaped text when `text` is empty), so that `javascript:`, `data:`, relative and
 * malformed URLs never become links.
 */
export function link(text: string, url: string | undefined, maxChars = MAX_TEXT_CHARS): Markdown {
  const label = escapeText(text, maxChars) || escapeText(displayUrl(url ?? ''), maxChars)
  const href = url === undefined ? undefined : safeHttpUrl(url)
  if (href === undefined) return label
  return `[${label || escapeText(href, maxChars)}](${href})`
}

/** One table cell: a cell ends at a newline or an unescaped `|`. */
function tableCell(cell: Markdown): Markdown {
  const flat = cell
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim()
  return flat === '' ? ' ' : flat
}

/**
 * A GitHub table. `headers` are plain text (escaped here); cells are inline Markdown, such as the
 * results of `escapeText` and `link`. Short rows are padded and long ones cut to the headers.
 */
export function table(
  headers: readonly string[],
  rows: readonly (readonly Markdown[])[]
): Markdown {
  const line = (cells: readonly Markdown[]): string =>
    `| ${headers.map((_, i) => tableCell(cells[i] ?? '')).join(' | ')} |`
  return [
    line(headers.map(header => escapeText(header))),
    `|${headers.map(() => ' --- ').join('|')}|`,
    ...rows.map(line)
  ].join('\n')
}

/** A bulleted list of inline Markdown items. */
export function bulletList(items: readonly Markdown[]): Markdown {
  return items.map(item => `- ${item.replace(/\s*[\r\n]+\s*/g, ' ')}`).join('\n')
}

/**
 * A collapsed section. `summary` is plain text (escaped here), `body` is Markdown; the blank lines
 * let GitHub render the body as Markdown inside the HTML block.
 */
export function details(summary: string, body: Markdown, open = false): Markdown {
  return `<details${open ? ' open' : ''}>\n<summary>${escapeText(summary)}</summary>\n\n${body}\n\n</details>`
}

export const TRUNCATION_NOTE =
  "⚠️ **This summary was truncated** to stay within GitHub's 1 MiB step-summary limit. " +
  'Open the run in the QA service for the full details.'

export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8')
}

/** The longest prefix of `text` within `maxBytes` bytes of UTF-8 that ends on a whole character. */
function prefixWithinBytes(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8')
  if (bytes.length <= maxBytes) return text
  let end = Math.max(0, maxBytes)
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--
  return bytes.subarray(0, end).toString('utf8')
}

/** Moves a cut back so that it does not split an HTML tag, a character reference or a line. */
function safeCut(prefix: string): string {
  const lastNewline = prefix.lastIndexOf('\n')
  // A line boundary is the cleanest cut; fall back to a mid-line one only for a huge line.
  if (lastNewline >= prefix.length / 2) return prefix.slice(0, lastNewline)
  let cut = prefix
  const openTag = cut.lastIndexOf('<')
  if (openTag > cut.lastIndexOf('>')) cut = cut.slice(0, openTag)
  const reference = /&#?[0-9A-Za-z]*$/.exec(cut)
  if (reference) cut = cut.slice(0, reference.index)
  return cut
}

function closingTags(kept: string): string {
  const count = (pattern: RegExp): number => kept.match(pattern)?.length ?? 0
  const openSummaries = count(/<summary[\s>]/gi) - count(/<\/summary>/gi)
  const openDetails = count(/<details[\s>]/gi) - count(/<\/details>/gi)
  return (
    '</summary>'.repeat(Math.max(0, openSummaries)) +
    '\n\n</details>'.repeat(Math.max(0, openDetails))
  )
}

/**
 * `markdown` unchanged when it fits in `maxBytes` bytes of UTF-8; otherwise cut at a safe place
 * (a line end where possible, never inside a tag or character reference), with every open
 * `<details>` closed and `truncationNote` (Markdown) at the end.
 */
export function limitSummary(
  markdown: Markdown,
  maxBytes: number = SUMMARY_MAX_BYTES,
  truncationNote: Markdown = TRUNCATION_NOTE
): Markdown {
  if (utf8Length(markdown) <= maxBytes) return markdown
  const note = `\n\n${truncationNote}\n`
  const minimum = utf8Length(note) + 256
  if (!Number.isFinite(maxBytes) || maxBytes < minimum) {
    throw new RangeError(
      `limitSummary: maxBytes must be a number of at least ${minimum} bytes (room for the truncation note); got ${maxBytes}`
    )
  }
  let budget = maxBytes - utf8Length(note)
  for (;;) {
    const kept = safeCut(prefixWithinBytes(markdown, budget)).trimEnd()
    const result = `${kept}${closingTags(kept)}${note}`
    const overflow = utf8Length(result) - maxBytes
    if (overflow <= 0) return result
    budget -= overflow
  }
}
