// The root action (action.yml, with a `mode` input): every mode, greenlight and terminate each
// loaded only when it runs. notify's driver is imported: it is the mode whose cold start is
// measured against a target (BENCHMARKS.md), and a chunk loaded on demand is one more file to read
// and compile; greenlight and terminate steps, which wait on the service anyway, carry its few
// kilobytes. notify's routes stay on demand (notify/run.ts).
import { runAction, type ModeLoaders } from './action.js'
import { notifyMode } from './notify/run.js'

const MODES: Required<ModeLoaders> = {
  notify: async () => notifyMode,
  greenlight: async () => (await import('./gate/run.js')).greenlightMode,
  terminate: async () => (await import('./terminate/run.js')).terminateMode
}

export async function run(): Promise<void> {
  await runAction(MODES)
}
