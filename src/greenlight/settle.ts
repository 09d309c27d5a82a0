// Waiting for a query without being held by it: cancellation ends the wait at once, even when the
// query ignores its signal.

export type Settled<T> =
  { type: 'value'; value: T } | { type: 'error'; error: unknown } | { type: 'aborted' }

/** Runs a query, but stops waiting for it as soon as the signal aborts. Never rejects. */
export function settle<T>(
  run: () => Promise<T>,
  signal: AbortSignal | undefined
): Promise<Settled<T>> {
  if (signal?.aborted) return Promise.resolve({ type: 'aborted' })
  const outcome = new Promise<T>(resolve => resolve(run())).then(
    (value): Settled<T> => ({ type: 'value', value }),
    (error: unknown): Settled<T> => ({ type: 'error', error })
  )
  if (signal === undefined) return outcome
  return new Promise<Settled<T>>(resolve => {
    const onAbort = (): void => resolve({ type: 'aborted' })
    signal.addEventListener('abort', onAbort, { once: true })
    void outcome.then(result => {
      signal.removeEventListener('abort', onAbort)
      resolve(signal.aborted ? { type: 'aborted' } : result)
    })
  })
}
