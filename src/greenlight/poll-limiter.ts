// The shared limit on greenlight requests open at once, however many runs a step gates: 10,000
// run IDs must not mean 10,000 sockets (file descriptors, memory, a burst at the service).
import type { GreenlightResponse } from '../kernel/service.js'

/** `timeoutMs`: how long this request may take, so that it ends near the step's deadline. */
export type GreenlightQueryFn = (
  runId: string,
  signal?: AbortSignal,
  timeoutMs?: number
) => Promise<GreenlightResponse>

export const MAX_CONCURRENT_QUERIES = 16

/** `query` with at most `max` calls under way; the others wait their turn in order. */
export function limitConcurrency(query: GreenlightQueryFn, max: number): GreenlightQueryFn {
  let active = 0
  const waiting: (() => void)[] = []
  return async (runId, signal, timeoutMs) => {
    // A finishing call hands its slot straight to the next in line, so `active` never exceeds max.
    if (active < max) active++
    else await new Promise<void>(resolve => waiting.push(resolve))
    try {
      return await query(runId, signal, timeoutMs)
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active--
    }
  }
}
