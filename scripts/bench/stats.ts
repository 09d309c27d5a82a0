// Small statistics and formatting helpers shared by the benchmark sections.

export function median(values: readonly number[]): number {
  return quantile(values, 0.5)
}

/** Linear-interpolated quantile (q in [0, 1]) of a non-empty list. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) throw new Error('quantile of an empty list')
  const sorted = [...values].sort((a, b) => a - b)
  const at = (sorted.length - 1) * q
  const low = sorted[Math.floor(at)] ?? 0
  const high = sorted[Math.ceil(at)] ?? low
  return low + (high - low) * (at - Math.floor(at))
}

export function max(values: readonly number[]): number {
  return values.reduce((a, b) => Math.max(a, b), -Infinity)
}

export const ms = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`
export const mib = (kib: number): string => `${(kib / 1024).toFixed(1)} MiB`
export const times = (ratio: number): string => `${ratio.toFixed(2)}×`
export const bytes = (n: number): string =>
  n >= 1_000_000 ? `${(n / 1_000_000).toFixed(3)} MB` : `${(n / 1000).toFixed(1)} kB`

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
      results[index]?.push(await (variants[index] as () => Promise<T>)())
    }
  }
  return results
}

/** Runs `tasks` with at most `limit` in flight, keeping result order. */
export async function pool<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const index = next++
      results[index] = await (tasks[index] as () => Promise<T>)()
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker))
  return results
}
