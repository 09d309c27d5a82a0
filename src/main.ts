// The root action (action.yml, with a `mode` input): every mode, each loaded only when it runs.
import { runAction, type ModeLoaders } from './action.js'

const MODES: Required<ModeLoaders> = {
  notify: async () => (await import('./notify/run-notify.js')).notifyMode,
  greenlight: async () => (await import('./greenlight/run-greenlight.js')).greenlightMode,
  terminate: async () => (await import('./terminate/run-terminate.js')).terminateMode
}

export async function run(): Promise<void> {
  await runAction(MODES)
}
