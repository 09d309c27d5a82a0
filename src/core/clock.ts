// Time is injected so the polling engine can be driven by a fake clock in tests.
export interface Clock {
  now(): number
  /** Resolves after `ms`, or early (without rejecting) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

export const realClock: Clock = {
  // Monotonic: a wall-clock step (NTP) must not stretch or cut the wait for a verdict.
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise(resolve => {
      if (signal?.aborted || ms <= 0) return resolve()
      const timer = setTimeout(done, ms)
      function done(): void {
        clearTimeout(timer)
        signal?.removeEventListener('abort', done)
        resolve()
      }
      signal?.addEventListener('abort', done, { once: true })
    })
}
