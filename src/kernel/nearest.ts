// The one "did you mean": the candidate a mistyped value most likely meant, or none. Pure.

/** Values longer than this are not compared: the table grows with the product of the lengths. */
const MAX_CHARS = 200

/** Case, spaces, '-' and '_' never make two names different to a reader. */
function folded(text: string): string {
  return text.toLowerCase().replace(/[\s_-]+/g, '')
}

/**
 * The candidate nearest to `typed` (the first of equals): one equal to it once case, spaces, '-'
 * and '_' are ignored, else one at most a third of its length (and at most 3) edits away.
 */
export function nearest<T extends string>(typed: string, candidates: readonly T[]): T | undefined {
  const wanted = folded(typed)
  const allowed = Math.min(3, Math.floor(wanted.length / 3))
  let best: { candidate: T; distance: number } | undefined
  for (const candidate of candidates) {
    const distance = editDistance(wanted, folded(candidate))
    if (distance <= allowed && (best === undefined || distance < best.distance)) {
      best = { candidate, distance }
    }
  }
  return best?.candidate
}

/** Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  if (a.length > MAX_CHARS || b.length > MAX_CHARS) return Number.POSITIVE_INFINITY
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0))
  )
  const at = (i: number, j: number): number => d[i]?.[j] ?? Number.POSITIVE_INFINITY
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let best = Math.min(
        at(i - 1, j) + 1,
        at(i, j - 1) + 1,
        at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1)
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1)
      }
      ;(d[i] as number[])[j] = best
    }
  }
  return at(a.length, b.length)
}
