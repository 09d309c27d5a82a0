// The one "did you mean": the candidate a mistyped value most likely meant, or none. Pure.

/** Case, spaces, '-' and '_' never make two names different to a reader. */
const folded = (text: string): string => text.toLowerCase().replace(/[\s_-]+/g, '')

// The candidate nearest to `typed` (the first of equals): one equal to it once case, spaces, '-'
// and '_' are ignored, else one at most a third of its length (and at most 3) edits away.
export function nearest<T extends string>(typed: string, candidates: readonly T[]): T | undefined {
  const wanted = folded(typed)
  const distances = candidates.map(candidate => editDistance(wanted, folded(candidate)))
  const best = Math.min(...distances)
  return best <= Math.min(3, Math.floor(wanted.length / 3))
    ? candidates[distances.indexOf(best)]
    : undefined
}

// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`. Values longer than
// 200 characters are not compared: the table grows with the product of the lengths.
export function editDistance(a: string, b: string): number {
  if (a.length > 200 || b.length > 200) return Number.POSITIVE_INFINITY
  // d[i][j]: the distance between the first i characters of a and the first j of b.
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => i + j)
  )
  const at = (i: number, j: number): number => d[i]?.[j] ?? Number.POSITIVE_INFINITY
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const swap = a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] ? at(i - 2, j - 2) + 1 : Infinity
      const replace = at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1)
      d[i]![j] = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, replace, swap)
    }
  }
  return at(a.length, b.length)
}
