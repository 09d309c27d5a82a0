// The emulator, also recording when each response was finished, on the same clock as its
// `receivedAt` (Date.now): the verdict-latency benchmark measures to the terminal response.
import { startEmulator, type Emulator, type EmulatorConfig } from '../../emulator/server.js'

export interface TimedEmulator extends Emulator {
  /** When the response to each recorded request was finished (or abandoned). */
  respondedAt: Map<object, number>
}

export async function startTimedEmulator(config: EmulatorConfig): Promise<TimedEmulator> {
  const respondedAt = new Map<object, number>()
  const emulator = await startEmulator(config, {
    onRequest: request => respondedAt.set(request, Date.now())
  })
  return Object.assign(emulator, { respondedAt })
}
