// The root action (action.yml, with a `mode` input): every mode. notify's face is imported (its
// cold start has a target, BENCHMARKS.md, and each chunk loaded on demand is one more file to
// read); greenlight and terminate are loaded only when they run.
import { runAction } from './kernel/action.js'
import { notifyMode } from './notify/run.js'

export const run = (): Promise<void> =>
  runAction({
    notify: async () => notifyMode,
    greenlight: async () => (await import('./gate/run.js')).greenlightMode,
    terminate: async () => (await import('./terminate/run.js')).terminateMode
  })
