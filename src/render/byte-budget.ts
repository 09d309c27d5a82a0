// Byte budgets: GitHub caps a step summary at 1 MiB, a comment at 65,536 characters and a job's
// outputs at 1 MB. These cut Markdown and JSON lists to a number of UTF-8 bytes, marking the cut.
import type { Markdown } from './markdown.js'

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
