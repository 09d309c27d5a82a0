// runAction (scripts/action-runner.ts) plus the two instants the benchmarks need: when the process
// was spawned and when it exited, on the same clock as the emulator's records (Date.now).
import { runAction, type ActionRun, type ActionRunOptions } from '../action-runner.js'
import { startEmulator, type Emulator, type EmulatorConfig } from '../../emulator/server.js'

export interface TimedRun {
  run: ActionRun
  spawnedAt: number
  exitedAt: number
  /** Spawn to exit on the monotonic clock. */
  wallMs: number
}

export async function timedAction(options: ActionRunOptions): Promise<TimedRun> {
  let spawnedAt = 0
  let exitedAt = 0
  let started = 0
  let wallMs = 0
  const run = await runAction({
    ...options,
    onSpawn: child => {
      started = performance.now()
      spawnedAt = Date.now()
      child.once('exit', () => {
        wallMs = performance.now() - started
        exitedAt = Date.now()
      })
    }
  })
  return { run, spawnedAt, exitedAt, wallMs }
}

export interface TimedEmulator extends Emulator {
  /** When the response to each recorded request was finished (or abandoned), in Date.now time. */
  respondedAt: Map<object, number>
}

export async function startTimedEmulator(config: EmulatorConfig): Promise<TimedEmulator> {
  const respondedAt = new Map<object, number>()
  const emulator = await startEmulator(config, {
    onRequest: request => respondedAt.set(request, Date.now())
  })
  return Object.assign(emulator, { respondedAt })
}
