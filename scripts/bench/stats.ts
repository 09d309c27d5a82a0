// Small statistics and formatting helpers shared by the benchmark sections.

/** The linear-interpolated median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (sorted.length - 1) / 2
  const low = sorted[Math.floor(at)] ?? NaN
  return low + ((sorted[Math.ceil(at)] ?? low) - low) * (at - Math.floor(at))
}

export const ms = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`
export const mib = (kib: number): string => `${(kib / 1024).toFixed(1)} MiB`
export const times = (ratio: number): string => `${ratio.toFixed(2)}×`

/**
 * Runs each variant `rounds` times, interleaved and rotated (A B C, B C A, C A B, …), so drift
 * and position effects land on every variant alike.
 */
export async function interleaved<T>(
  variants: readonly (() => Promise<T>)[],
  rounds: number
): Promise<T[][]> {
  const results: T[][] = variants.map(() => [])
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < variants.length; k++) {
      const index = (round + k) % variants.length
      results[index]?.push(await variants[index]!())
    }
  }
  return results
}
