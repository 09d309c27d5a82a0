// A virtual clock for the polling engine: time moves only when every piece of concurrent work is
// blocked on a timer, and then jumps straight to the earliest one. Tests run in no real time and
// concurrent runs still see a consistent timeline (two 30 s sleeps side by side end at +30 s,
// not +60 s). No jest dependency, so the chaos CLI can use it too.
import type { Clock } from '../../src/kernel/time.js'

type Timer = { at: number; fire: () => void }

export class FakeClock implements Clock {
  /** Pending timers, earliest first (equal times in the order they were set). */
  private timers: Timer[] = []
  private tickScheduled = false
  /** Every `sleep` request in order, in milliseconds as asked (before any shortening by abort). */
  readonly sleeps: number[] = []

  constructor(private time = 0) {}

  now(): number {
    return this.time
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms)
    return this.delay(ms, signal)
  }

  /** Like `sleep` but not recorded: time spent by a simulated service or network. */
  delay(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted || ms <= 0) return Promise.resolve()
    return new Promise(resolve => {
      const onAbort = (): void => {
        this.timers = this.timers.filter(t => t !== timer)
        resolve()
      }
      const timer = this.schedule(this.time + ms, () => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      })
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }

  /** Runs `fn` when virtual time reaches `atMs`, e.g. to abort in the middle of a wait. */
  at(atMs: number, fn: () => void): void {
    this.schedule(atMs, fn)
  }

  private schedule(atMs: number, fire: () => void): Timer {
    const timer = { at: Math.max(atMs, this.time), fire }
    const index = this.timers.findIndex(t => t.at > timer.at)
    this.timers.splice(index < 0 ? this.timers.length : index, 0, timer)
    this.scheduleTick()
    return timer
  }

  // setImmediate runs after all pending promise callbacks, i.e. once every concurrent task has
  // reached its next timer; only then is it safe to move time forward.
  private scheduleTick(): void {
    if (this.tickScheduled) return
    this.tickScheduled = true
    setImmediate(() => {
      this.tickScheduled = false
      const earliest = this.timers.shift()
      if (earliest === undefined) return
      this.time = Math.max(this.time, earliest.at)
      earliest.fire()
      if (this.timers.length > 0) this.scheduleTick()
    })
  }
}
