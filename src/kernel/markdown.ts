// Safe Markdown for summaries and comments: GitHub's pipeline also accepts some HTML, so text from
// outside is escaped to inert text, only http(s) URLs become links, and every summary and comment
// stays within its byte budget (a step summary 1 MiB, a comment 65,536 characters, outputs 1 MB).
import { InputErrors, type InputError } from './settings.js'
import { displayUrl } from './parsers.js'
import { INVISIBLE_CONTROLS, MAX_TEXT_CHARS, plainText, truncateText } from './text.js'

/**
 * A string that is already safe to render (built by this module). Only a naming aid: TypeScript
 * cannot tell it apart from plain text, so parameters say which of the two they take.
 */
export type Markdown = string

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
  '@': '&#64;',
  '=': '&#61;'
}
const ACTIVE_CHARS = /[&<>"'\\*_[\]()|`~$@]/g
// These only start a heading, list item or image (`=` a heading's underline) at the beginning of a
// line; elsewhere they are left readable (run IDs and dates are full of hyphens).
const LINE_START_CHARS = /^[#+\-!=]/

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

/**
 * Outside text as a code span, as it is (a code span shows character references literally): one
 * line, fenced by a run of backticks longer than any inside it.
 */
export function codeSpan(value: string, maxChars: number = MAX_TEXT_CHARS): Markdown {
  const text = plainText(value, maxChars)
  const fence = '`'.repeat(Math.max(0, ...(text.match(/`+/g) ?? []).map(run => run.length)) + 1)
  const pad = /^`|`$/.test(text) ? ' ' : ''
  return `${fence}${pad}${text}${pad}${fence}`
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
  // The text is often the URL itself: shown, like every URL, without a user:password@.
  const label =
    escapeText(displayUrl(text), maxChars) || escapeText(displayUrl(url ?? ''), maxChars)
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

/** A link, an autolink, a bare URL, bold or a code span in outside Markdown, in that order. */
const OUTSIDE_INLINE =
  /\[([^\]\n]{1,500})\]\(\s*<?([^\s()<>]*(?:\([^\s()<>]*\)[^\s()<>]*)*)>?(?:\s+"[^"\n]*")?\s*\)|<(https?:\/\/[^\s<>]+)>|(https?:\/\/[^\s<>()[\]"'`|]+)|\*\*([^*\n]+)\*\*|__([^_\n]+)__|`([^`\n]+)`/gi

/**
 * A piece of outside text between the pieces kept: whitespace flattened, nothing trimmed, and a
 * last `!` escaped, since before a link it would make the link an image.
 */
function escapeSpan(text: string): Markdown {
  return escapeLine(text.replace(/\s+/g, ' ')).replace(/!$/, '&#33;')
}

/** One line of outside Markdown: its http(s) links, bold and code kept, the rest escaped. */
function outsideInline(line: string): Markdown {
  let out = ''
  let last = 0
  for (const match of line.matchAll(OUTSIDE_INLINE)) {
    const [whole, label, target, autolink, bare, strong, strongAlt, code] = match
    out += escapeSpan(line.slice(last, match.index))
    last = match.index + whole.length
    if (label !== undefined) {
      // A label's own emphasis would show as escaped asterisks: it is read as its words.
      out += link(label.replace(/\*\*|__|`/g, '').trim() || (target ?? ''), target ?? '', 500)
    } else if (autolink !== undefined) {
      out += link('', autolink, 500)
    } else if (bare !== undefined) {
      // Sentence punctuation after a bare URL is the sentence's, as GitHub reads it.
      const url = bare.replace(/[.,;:!?*_~]+$/, '')
      out += link('', url, 500) + escapeSpan(bare.slice(url.length))
    } else if (strong !== undefined || strongAlt !== undefined) {
      out += `**${outsideInline(strong ?? strongAlt ?? '')}**`
    } else if (code !== undefined) {
      out += `<code>${escapeSpan(code)}</code>`
    }
  }
  return (out + escapeSpan(line.slice(last))).trim()
}

type OutsideBlock = 'paragraph' | 'list' | 'quote' | 'blank'

/**
 * Markdown-ish text from outside, read tolerantly: a GitHub check run's `output.summary` is
 * Markdown the app wrote, and no public source shows what QA Wolf's App writes there. Its shape is
 * kept (paragraphs, list items, quotes, headings as bold lines, line breaks) and so are its
 * `http(s)` links (`[text](url)`, `<url>`, a bare URL), bold and code; everything else (HTML,
 * images, other link schemes, tables) is escaped text. At most `maxChars` of it, marked when cut.
 */
export function outsideMarkdown(value: string, maxChars = 4000): Markdown {
  const text = truncateText(
    value
      .replace(INVISIBLE_CONTROLS, '')
      .replace(/\r\n?/g, '\n')
      .replace(/<br\s*\/?>/gi, '\n'),
    maxChars
  )
  const lines: Markdown[] = []
  let previous: OutsideBlock = 'blank'
  let fenced = false
  const push = (kind: OutsideBlock, line: Markdown): void => {
    if (line === '') return
    if (kind === 'paragraph' && previous === 'paragraph') {
      lines[lines.length - 1] += '<br>'
    } else if (previous !== 'blank' && (kind !== previous || kind === 'paragraph')) {
      // A paragraph after a list item would join the item; a blank line keeps them apart.
      lines.push('')
    }
    lines.push(line)
    previous = kind
  }
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (/^(```|~~~)/.test(line)) {
      fenced = !fenced
      continue
    }
    if (line === '') {
      if (previous !== 'blank') lines.push('')
      previous = 'blank'
      continue
    }
    if (fenced) {
      push('paragraph', `<code>${escapeSpan(line)}</code>`)
      continue
    }
    // A rule, or a table's alignment row: nothing to read.
    if (
      /^([-*_])(\s*\1){2,}$/.test(line) ||
      /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/.test(line)
    ) {
      continue
    }
    const heading = /^#{1,6}\s+(.*?)(\s+#+)?$/.exec(line)
    const bullet = /^[-*+]\s+(.*)$/.exec(line)
    const numbered = /^(\d{1,9})[.)]\s+(.*)$/.exec(line)
    const quoted = /^>\s?(.*)$/.exec(line)
    if (heading?.[1] !== undefined) push('paragraph', `**${outsideInline(heading[1])}**`)
    else if (bullet?.[1] !== undefined) push('list', `- ${outsideInline(bullet[1])}`)
    else if (numbered?.[2] !== undefined) {
      push('list', `${numbered[1]}. ${outsideInline(numbered[2])}`)
    } else if (quoted?.[1] !== undefined) push('quote', `> ${outsideInline(quoted[1])}`)
    else push('paragraph', outsideInline(line))
  }
  return lines.join('\n').trim()
}

/** GitHub rejects a step summary larger than this. */
const STEP_SUMMARY_LIMIT_BYTES = 1024 * 1024

/**
 * The default budget of `limitSummary`: the margin leaves room for the newline the writer adds
 * and for anything else the step appends to the same summary file.
 */
export const SUMMARY_MAX_BYTES = STEP_SUMMARY_LIMIT_BYTES - 8 * 1024

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

/**
 * `items` as a JSON array of at most `maxBytes` bytes of UTF-8: whole items from the start, then,
 * when some were left out (here, or `omittedBefore` of them earlier), `marker(omitted)` as the last
 * element, so that a cut list says it was cut. Items are serialised one at a time and never all at
 * once: a list far over the budget costs only what is kept.
 */
export function fitJsonList<T>(
  items: Iterable<T>,
  maxBytes: number,
  marker: (omitted: number) => unknown,
  omittedBefore = 0
): string {
  const kept: string[] = []
  let bytes = 2
  let total = 0
  let full = false
  for (const item of items) {
    total++
    if (full) continue
    const json = JSON.stringify(item) ?? 'null'
    const next = bytes + utf8Length(json) + (kept.length > 0 ? 1 : 0)
    if (next > maxBytes) full = true
    else {
      kept.push(json)
      bytes = next
    }
  }
  if (!full && omittedBefore === 0) return `[${kept.join(',')}]`
  // Room for the marker: drop kept items from the end until it fits.
  for (;;) {
    const end = JSON.stringify(marker(omittedBefore + total - kept.length))
    if (bytes + utf8Length(end) + 1 <= maxBytes || kept.length === 0) {
      return `[${[...kept, end].join(',')}]`
    }
    bytes -= utf8Length(kept.pop() ?? '') + (kept.length > 0 ? 1 : 0)
  }
}

/**
 * `items` as a JSON array of at most `maxBytes` bytes of UTF-8, whole items from the start and
 * nothing else: a list that must stay readable as data (notify's `run-ids`, which greenlight reads)
 * says it was cut elsewhere, by `omitted`.
 */
export function fitJsonData<T>(
  items: readonly T[],
  maxBytes: number
): { json: string; omitted: number } {
  const kept: string[] = []
  let bytes = 2
  for (const item of items) {
    const json = JSON.stringify(item) ?? 'null'
    const next = bytes + utf8Length(json) + (kept.length > 0 ? 1 : 0)
    if (next > maxBytes) break
    kept.push(json)
    bytes = next
  }
  return { json: `[${kept.join(',')}]`, omitted: items.length - kept.length }
}

/**
 * Lines (one per run) within `maxBytes` bytes: whole lines from the start, then one last line
 * `marker(omitted)` when some did not fit.
 */
export function fitLines(
  lines: readonly string[],
  maxBytes: number,
  marker: (omitted: number) => string
): string {
  let bytes = 0
  let kept = 0
  for (const line of lines) {
    const next = bytes + utf8Length(line) + (kept > 0 ? 1 : 0)
    if (next > maxBytes) break
    bytes = next
    kept++
  }
  if (kept === lines.length) return lines.join('\n')
  for (;;) {
    const end = marker(lines.length - kept)
    const head = lines.slice(0, kept)
    const text = [...head, end].join('\n')
    if (utf8Length(text) <= maxBytes || kept === 0) return text
    kept--
  }
}

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
