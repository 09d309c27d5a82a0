// Plain text from outside (service bodies, GitHub data, inputs) made fit to show: one line, no
// invisible or control characters, shortened. For log lines, annotations and, escaped by
// markdown.ts, for summaries.

/** Default length of a piece of service text (a bug name, a run ID) before it is shortened. */
export const MAX_TEXT_CHARS = 200

// C0 and C1 controls other than whitespace (which is flattened instead); the bidirectional marks,
// overrides and isolates, which can make displayed text read differently from what it is; and the
// characters that show nothing at all (zero-width spaces and joiners, word joiners, invisible
// operators, the byte-order mark, soft hyphens, Hangul fillers, variation selectors, tag
// characters), which can hide text or make two names look alike.
export const INVISIBLE_CONTROLS =
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
