// Text from outside (service bodies, GitHub data, inputs) made fit to show as plain text.

/** Default length of a piece of service text (a bug name, a run ID) before it is shortened. */
export const MAX_TEXT_CHARS = 200
/** A service's note for people (a `warning`) is shown up to this length. */
export const MAX_NOTE_CHARS = 4000

// Controls other than whitespace, bidirectional marks, overrides and isolates (displayed text
// could read differently from what it is), and characters that show nothing (zero-width, joiners,
// BOM, soft hyphen, Hangul fillers, variation selectors, tags), which can make two names look alike.
export const INVISIBLE_CONTROLS =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- removing them is the point
  /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\u{e0000}-\u{e007f}]/gu

/** Narrower than INVISIBLE_CONTROLS: the action's own emoji use variation selectors. */
const HIDDEN_MARKS = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu

export const withoutHiddenMarks = (text: string): string => text.replace(HIDDEN_MARKS, '')

/** Shortens to `maxChars` code points (never splitting a surrogate pair), marking the cut with '…'. */
export function truncateText(value: string, maxChars: number = MAX_TEXT_CHARS): string {
  if (value.length <= maxChars) return value
  const points = Array.from(value.slice(0, maxChars * 2 + 1))
  if (points.length <= maxChars) return value
  return `${points.slice(0, maxChars).join('').trimEnd()}…`
}

export const plainText = (value: string, maxChars: number = MAX_TEXT_CHARS): string =>
  truncateText(value.replace(INVISIBLE_CONTROLS, '').replace(/\s+/g, ' ').trim(), maxChars)

export const plural = (count: number, noun: string, nouns = `${noun}s`): string =>
  `${count} ${count === 1 ? noun : nouns}`

/** One line of untrusted text for a log: redacted before and after flattening, capped. */
export const excerpt = (text: string, redact: (text: string) => string, max = 200): string =>
  truncateText(redact(plainText(redact(text), Number.MAX_SAFE_INTEGER)), max - 1)

/** A line break inside a value would shift every later line of a one-line-per-run output. */
export const oneLine = (value: string): string => value.replace(/[\r\n\u2028\u2029]+/g, ' ')

export const nonBlankText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined

/** A non-blank string, or a finite number as the service may spell an identifier. */
export const idText = (value: unknown): string | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : nonBlankText(value)

// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g

export const hasControlChar = (value: string): boolean => value.search(CONTROL_CHARS) !== -1

/** What a refused input value was like, never the value (it may hold an unmasked secret). */
export function unshownValue(value: string): string {
  if (value === '') return 'an empty value'
  const lines = value.split(/\r?\n|\r/).length
  const size = lines > 1 ? `${lines} lines` : plural([...value].length, 'character')
  return `a value of ${size} (not shown)`
}

// Quoted when it is a few short words (`report_status`): a word longer than any valid choice's is
// more like a pasted key.
export function refusedValue(value: string): string {
  const wordLike = /^[\w .:#+-]{1,40}$/.test(value)
  const longestWord = Math.max(...value.split(/[^a-zA-Z0-9]+/).map(word => word.length))
  return wordLike && longestWord <= 15 ? quote(value) : unshownValue(value)
}

/** A value for a message: single-quoted, controls escaped, hidden marks removed, shortened. */
export function quote(value: string): string {
  const visible = withoutHiddenMarks(value)
  const shown = visible.length > 80 ? `${visible.slice(0, 80)}…` : visible
  const escapes: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }
  const escaped = shown.replace(
    CONTROL_CHARS,
    c => escapes[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
  return `'${escaped}'`
}
