// Safe Markdown for summaries and comments: text from outside is escaped to inert text, only
// http(s) URLs become links, and every summary and comment stays within its byte budget.
import { InputErrors, type InputError } from './settings.js'
import { displayUrl } from './parsers.js'
import { INVISIBLE_CONTROLS, MAX_TEXT_CHARS, plainText, truncateText } from './text.js'

/** A string already safe to render (built here): a naming aid only. */
export type Markdown = string

/** Longer URLs are shown as text: no real run or bug link is this long. */
export const MAX_URL_CHARS = 8192

// Character references, not backslashes: they are decoded in Markdown text and in HTML blocks
// alike, and a decoded reference never forms syntax. `$` starts math, `|` ends a table cell, `@`
// mentions people; the rest only at a line's start (a heading, list item, image or underline).
const NAMED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }
const reference = (c: string): string => NAMED[c] ?? `&#${c.charCodeAt(0)};`

function escapeLine(line: string): Markdown {
  return line
    .replace(/[&<>"'\\*_[\]()|`~$@]/g, reference)
    .replace(/^[#+\-!=]/, reference)
    .replace(/^(\d+)\./, '$1&#46;')
}

export const escapeText = (value: string, maxChars: number = MAX_TEXT_CHARS): Markdown =>
  escapeLine(plainText(value, maxChars))

/** Like `escapeText`, but keeps line breaks (as `<br>`), for multi-line messages such as errors. */
export function escapeMultilineText(value: string): Markdown {
  return truncateText(value.replace(INVISIBLE_CONTROLS, '').replace(/\r\n?/g, '\n'), 2000)
    .split('\n')
    .map(line => escapeLine(line.replace(/\s+/g, ' ').trim()))
    .filter(line => line !== '')
    .join('<br>')
}

export function codeSpan(value: string): Markdown {
  const text = plainText(value)
  const fence = '`'.repeat(Math.max(0, ...(text.match(/`+/g) ?? []).map(run => run.length)) + 1)
  const pad = /^`|`$/.test(text) ? ' ' : ''
  return `${fence}${pad}${text}${pad}${fence}`
}

/** A character as `%XX`, as a URL spells it. */
export const percentEncoded = (c: string): string =>
  `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`

/** Percent-encodes what could end a link destination or a table cell; `&` becomes a reference. */
const encodeUrlDelimiters = (url: string): string =>
  url.replace(/[()\s<>"'`|\\]/g, percentEncoded).replace(/&/g, '&amp;')

/** How `secret` can appear in a summary built here (escaped, or in a link): for the redactor. */
export function summaryForms(secret: string): string[] {
  if (secret === '') return []
  const forms = [
    escapeLine(secret.replace(INVISIBLE_CONTROLS, '')),
    encodeUrlDelimiters(secret),
    encodeUrlDelimiters(encodeURIComponent(secret))
  ]
  return [...new Set(forms)]
}

export function safeHttpUrl(raw: string): string | undefined {
  if (typeof raw !== 'string' || raw.length > MAX_URL_CHARS) return undefined
  const url = URL.parse(displayUrl(raw.trim()))
  if (url === null || !/^https?:$/.test(url.protocol) || url.hostname === '') return undefined
  return encodeUrlDelimiters(url.href)
}

export function link(text: string, url: string | undefined, maxChars = MAX_TEXT_CHARS): Markdown {
  // The text is often the URL itself: shown, like every URL, without a user:password@.
  const label =
    escapeText(displayUrl(text), maxChars) || escapeText(displayUrl(url ?? ''), maxChars)
  const href = url === undefined ? undefined : safeHttpUrl(url)
  if (href === undefined) return label
  return `[${label || escapeText(href, maxChars)}](${href})`
}

const flatten = (markdown: Markdown): Markdown => markdown.replace(/\s*[\r\n]+\s*/g, ' ')

/** A GitHub table: `headers` plain text, cells inline Markdown; rows padded or cut to the headers. */
export function table(
  headers: readonly string[],
  rows: readonly (readonly Markdown[])[]
): Markdown {
  const cell = (markdown = ''): string => flatten(markdown).replace(/\|/g, '\\|').trim() || ' '
  const line = (cells: readonly Markdown[]): string =>
    `| ${headers.map((_, i) => cell(cells[i])).join(' | ')} |`
  return [
    line(headers.map(header => escapeText(header))),
    `|${headers.map(() => ' --- ').join('|')}|`,
    ...rows.map(line)
  ].join('\n')
}

export const bulletList = (items: readonly Markdown[]): Markdown =>
  items.map(item => `- ${flatten(item)}`).join('\n')

/** A collapsed section; the blank lines let GitHub render `body` as Markdown inside the HTML. */
export const details = (summary: string, body: Markdown): Markdown =>
  `<details>\n<summary>${escapeText(summary)}</summary>\n\n${body}\n\n</details>`

/** A link, an autolink, a bare URL, bold or a code span in outside Markdown, in that order. */
const OUTSIDE_INLINE =
  /\[([^\]\n]{1,500})\]\(\s*<?([^\s()<>]*(?:\([^\s()<>]*\)[^\s()<>]*)*)>?(?:\s+"[^"\n]*")?\s*\)|<(https?:\/\/[^\s<>]+)>|(https?:\/\/[^\s<>()[\]"'`|]+)|\*\*([^*\n]+)\*\*|__([^_\n]+)__|`([^`\n]+)`/gi

/** Outside text between the pieces kept; a last `!` escaped, since it would make a link an image. */
const escapeSpan = (text: string): Markdown =>
  escapeLine(text.replace(/\s+/g, ' ')).replace(/!$/, '&#33;')

function outsideInline(line: string): Markdown {
  let out = ''
  let last = 0
  for (const match of line.matchAll(OUTSIDE_INLINE)) {
    const [whole, label, target, autolink, bare, strong, strongAlt, code] = match
    out += escapeSpan(line.slice(last, match.index))
    last = match.index + whole.length
    if (label !== undefined) {
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

// Markdown an app wrote, read tolerantly: paragraphs, list items, quotes, headings (as bold),
// http(s) links, bold and code kept; anything else escaped text.
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
      // A paragraph after a list item would join the item.
      lines.push('')
    }
    lines.push(line)
    previous = kind
  }
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (/^(```|~~~)/.test(line)) {
      fenced = !fenced
    } else if (line === '') {
      if (previous !== 'blank') lines.push('')
      previous = 'blank'
    } else if (fenced) {
      push('paragraph', `<code>${escapeSpan(line)}</code>`)
    } else if (
      // A rule, or a table's alignment row: nothing to read.
      !/^([-*_])(\s*\1){2,}$/.test(line) &&
      !/^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/.test(line)
    ) {
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
  }
  return lines.join('\n').trim()
}

/** GitHub's 1 MiB step-summary limit, less room for what else the step appends. */
export const SUMMARY_MAX_BYTES = 1024 * 1024 - 8 * 1024

export const TRUNCATION_NOTE =
  "⚠️ **This summary was truncated** to stay within GitHub's 1 MiB step-summary limit. Open the run in the QA service for the full details."

export const utf8Length = (text: string): number => Buffer.byteLength(text, 'utf8')

// Within `maxBytes`, on a whole character, moved back to a line end, or at least out of an HTML
// tag or a character reference.
function safeCut(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8')
  let end = Math.max(0, maxBytes)
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--
  const prefix = bytes.subarray(0, end).toString('utf8')
  const lastNewline = prefix.lastIndexOf('\n')
  if (lastNewline >= prefix.length / 2) return prefix.slice(0, lastNewline)
  const openTag = prefix.lastIndexOf('<')
  const cut = openTag > prefix.lastIndexOf('>') ? prefix.slice(0, openTag) : prefix
  return cut.replace(/&#?[0-9A-Za-z]*$/, '')
}

/** Cut at a safe place when over `maxBytes`, every open `<details>` closed, the note at the end. */
export function limitSummary(
  markdown: Markdown,
  maxBytes: number = SUMMARY_MAX_BYTES,
  truncationNote: Markdown = TRUNCATION_NOTE
): Markdown {
  if (utf8Length(markdown) <= maxBytes) return markdown
  const note = `\n\n${truncationNote}\n`
  let budget = maxBytes - utf8Length(note)
  for (;;) {
    const kept = safeCut(markdown, budget).trimEnd()
    const count = (pattern: string): number => kept.match(new RegExp(pattern, 'gi'))?.length ?? 0
    const open = (tag: string): number => Math.max(0, count(`<${tag}[\\s>]`) - count(`</${tag}>`))
    const closing = '</summary>'.repeat(open('summary')) + '\n\n</details>'.repeat(open('details'))
    const result = `${kept}${closing}${note}`
    const overflow = utf8Length(result) - maxBytes
    // A budget smaller than the note itself ends with the note rather than looping.
    if (overflow <= 0 || budget <= 0) return result
    budget -= overflow
  }
}

const json = (item: unknown): string => JSON.stringify(item) ?? 'null'
const jsonArray = (parts: string[]): string => `[${parts.join(',')}]`

// Whole parts from the start, then, when some were left out (here, or `omittedBefore` earlier)
// and there is a `marker`, `marker(omitted)` as the last part.
function fit(
  parts: readonly string[],
  maxBytes: number,
  wrap: (parts: string[]) => string,
  marker?: (omitted: number) => string,
  omittedBefore = 0
): { text: string; omitted: number } {
  const kept: string[] = []
  // Each part and one byte to join it, within what `wrap` leaves of the budget.
  let bytes = utf8Length(wrap([]))
  for (const part of parts) {
    bytes += utf8Length(part) + (kept.length > 0 ? 1 : 0)
    if (bytes > maxBytes) break
    kept.push(part)
  }
  for (;;) {
    const omitted = parts.length - kept.length
    if (marker === undefined || omitted + omittedBefore === 0) return { text: wrap(kept), omitted }
    const text = wrap([...kept, marker(omittedBefore + omitted)])
    if (utf8Length(text) <= maxBytes || kept.length === 0) return { text, omitted }
    kept.pop()
  }
}

export function fitJsonList<T>(
  items: Iterable<T>,
  maxBytes: number,
  marker: (omitted: number) => unknown,
  omittedBefore = 0
): string {
  return fit([...items].map(json), maxBytes, jsonArray, n => json(marker(n)), omittedBefore).text
}

/** `items` as a JSON array within `maxBytes`, whole items only: the caller says what was cut. */
export function fitJsonData<T>(items: readonly T[], maxBytes: number) {
  const { text, omitted } = fit(items.map(json), maxBytes, jsonArray)
  return { json: text, omitted }
}

export const fitLines = (lines: string[], maxBytes: number, marker: (n: number) => string) =>
  fit(lines, maxBytes, parts => parts.join('\n'), marker).text

/** `label` is the raw input (it may itself be the invalid one): escaped here. */
export function renderInputErrorSummary(error: InputError, label = ''): Markdown {
  const shownLabel = escapeText(label, 100)
  const heading = `⛔ qa-greenlight: invalid input${shownLabel === '' ? '' : ` — ${shownLabel}`}`
  // Input messages quote at most 80 characters of a value.
  const messages = (error instanceof InputErrors ? error.errors : [error]).map(e =>
    escapeText(e.message, 1000)
  )
  const body = messages.length === 1 ? (messages[0] ?? '') : bulletList(messages)
  return [`## ${heading}`, '', body, '', 'Nothing was sent to the service.', ''].join('\n')
}
