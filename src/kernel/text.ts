// Text from outside (service bodies, GitHub data, inputs) made fit to show, as plain text;
// Markdown is markdown.ts.

/** Default length of a piece of service text (a bug name, a run ID) before it is shortened. */
export const MAX_TEXT_CHARS = 200
/** A service's note for people (a `warning`) is shown up to this length: any longer is a fault. */
export const MAX_NOTE_CHARS = 4000

// C0 and C1 controls other than whitespace (which is flattened instead); the bidirectional marks,
// overrides and isolates, which can make displayed text read differently from what it is; and the
// characters that show nothing at all (zero-width spaces and joiners, word joiners, invisible
// operators, the byte-order mark, soft hyphens, Hangul fillers, variation selectors, tag
// characters), which can hide text or make two names look alike.
export const INVISIBLE_CONTROLS =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- removing them is the point
  /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\u{e0000}-\u{e007f}]/gu

/**
 * Bidirectional marks and isolates, zero-width characters, word joiners and the byte-order mark:
 * narrower than INVISIBLE_CONTROLS, since the action's own emoji use variation selectors.
 */
const HIDDEN_MARKS = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu

/** Text with HIDDEN_MARKS removed: io.ts applies it to everything it writes. */
export function withoutHiddenMarks(text: string): string {
  return text.replace(HIDDEN_MARKS, '')
}

/** Shortens to `maxChars` code points (never splitting a surrogate pair), marking the cut with '…'. */
export function truncateText(value: string, maxChars: number = MAX_TEXT_CHARS): string {
  if (value.length <= maxChars) return value
  // A code point is at most two UTF-16 units, so this slice holds the first `maxChars` whole.
  const points = Array.from(value.slice(0, maxChars * 2 + 1))
  if (points.length <= maxChars) return value
  return `${points.slice(0, maxChars).join('').trimEnd()}…`
}

/** Service text as one plain line (controls removed, whitespace collapsed), not escaped. */
export function plainText(value: string, maxChars: number = MAX_TEXT_CHARS): string {
  const flat = value.replace(INVISIBLE_CONTROLS, '').replace(/\s+/g, ' ').trim()
  return truncateText(flat, maxChars)
}

/** `1 query`, `2 queries`: a count and its noun, for plain text and Markdown alike. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`
}

/** Length of an excerpt of an answer quoted in a message. */
const EXCERPT_CHARS = 200

/** One line of untrusted text for a log: redacted before and after flattening, capped. */
export function excerpt(
  text: string,
  redact: (text: string) => string,
  max = EXCERPT_CHARS
): string {
  return truncateText(redact(plainText(redact(text), Number.MAX_SAFE_INTEGER)), max - 1)
}

/** A line break inside a value would shift every later line of a one-line-per-run output. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, ' ')
}

/** A string with something in it, as it is; anything else (blank, another type) is no text. */
export function nonBlankText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** An identifier as text: a non-blank string, or a finite number as the service may spell one. */
export function idText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return nonBlankText(value)
}

/** C0 controls (tab and newline included), DEL and C1 controls. */
export function hasControlChar(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true
  }
  return false
}

const MAX_QUOTED = 80

/** What a refused input value was like, never the value (it may hold an unmasked secret). */
export function unshownValue(value: string): string {
  if (value === '') return 'an empty value'
  const lines = value.split(/\r?\n|\r/).length
  const size = lines > 1 ? `${lines} lines` : plural([...value].length, 'character')
  return `a value of ${size} (not shown)`
}

/**
 * A refused value of a choice, duration, boolean or number: quoted when it is a few short words
 * (`report_status`), else described as `unshownValue` does (a pasted key is one long word).
 */
export function refusedValue(value: string): string {
  const wordLike = /^[\w .:#+-]{1,40}$/.test(value)
  const longestWord = Math.max(...value.split(/[^a-zA-Z0-9]+/).map(word => word.length))
  return wordLike && longestWord <= MAX_QUOTED_WORD ? quote(value) : unshownValue(value)
}

/** Longer than any word of a valid choice (`environment`, `greenlight`): more like a key. */
const MAX_QUOTED_WORD = 15

/** A value for a message: single-quoted, controls escaped, hidden marks removed, shortened. */
export function quote(value: string): string {
  const visible = withoutHiddenMarks(value)
  const shown = visible.length > MAX_QUOTED ? `${visible.slice(0, MAX_QUOTED)}…` : visible
  let escaped = ''
  for (const char of shown) {
    const code = char.charCodeAt(0)
    if (char === '\n') escaped += '\\n'
    else if (char === '\r') escaped += '\\r'
    else if (char === '\t') escaped += '\\t'
    else if (char.length === 1 && hasControlChar(char)) {
      escaped += `\\u${code.toString(16).padStart(4, '0')}`
    } else escaped += char
  }
  return `'${escaped}'`
}
