// A virtual clock for the polling engine: time moves only when every piece of concurrent work is
// blocked on a timer, and then jumps straight to the earliest one. Tests run in no real time and
// concurrent runs still see a consistent timeline (two 30 s sleeps side by side end at +30 s,
// not +60 s). No jest dependency, so the chaos CLI can use it too.
import type { Clock } from '../../src/kernel/time.js'

interface Timer {
  at: number
  seq: number
  fire: () => void
}

export class FakeClock implements Clock {
  private time: number
  private seq = 0
  private timers: Timer[] = []
  private tickScheduled = false
  /** Every `sleep` request in order, in milliseconds as asked (before any shortening by abort). */
  readonly sleeps: number[] = []

  constructor(startMs = 0) {
    this.time = startMs
  }

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
        this.cancel(timer)
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

  /** Sleeps recorded so far, summed. */
  get sleptMs(): number {
    return this.sleeps.reduce((a, b) => a + b, 0)
  }

  private schedule(atMs: number, fire: () => void): Timer {
    const timer: Timer = { at: Math.max(atMs, this.time), seq: this.seq++, fire }
    this.timers.push(timer)
    this.scheduleTick()
    return timer
  }

  private cancel(timer: Timer): void {
    this.timers = this.timers.filter(t => t !== timer)
  }

  // setImmediate runs after all pending promise callbacks, i.e. once every concurrent task has
  // reached its next timer; only then is it safe to move time forward.
  private scheduleTick(): void {
    if (this.tickScheduled) return
    this.tickScheduled = true
    setImmediate(() => {
      this.tickScheduled = false
      this.fireEarliest()
    })
  }

  private fireEarliest(): void {
    if (this.timers.length === 0) return
    let earliest = this.timers[0] as Timer
    for (const t of this.timers) {
      if (t.at < earliest.at || (t.at === earliest.at && t.seq < earliest.seq)) earliest = t
    }
    this.cancel(earliest)
    this.time = Math.max(this.time, earliest.at)
    earliest.fire()
    if (this.timers.length > 0) this.scheduleTick()
  }
}
