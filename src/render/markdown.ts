// Safe Markdown for job summaries. GitHub renders step summaries with its Markdown pipeline, which
// also accepts some HTML, so every piece of text from the service is escaped to inert text, and
// only http(s) URLs become links. The renderers (notify/summary.ts, greenlight/summary.ts) build
// summaries from these helpers alone, so the escaping rules live in one place. Plain text is
// core/text.ts, byte budgets byte-budget.ts.
import { displayUrl } from '../core/urls.js'
import { INVISIBLE_CONTROLS, MAX_TEXT_CHARS, plainText, truncateText } from '../core/text.js'

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
  '@': '&#64;'
}
const ACTIVE_CHARS = /[&<>"'\\*_[\]()|`~$@]/g
// These only start a heading, list item or image at the beginning of a line; elsewhere they are
// left readable (run IDs and dates are full of hyphens).
const LINE_START_CHARS = /^[#+\-!]/

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
