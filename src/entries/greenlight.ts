// The greenlight/ sub-action (dist/greenlight/): greenlight mode alone, without a `mode` input.
import { exitAfter, runAction } from '../kernel/action.js'

exitAfter(runAction({ greenlight: async () => (await import('../gate/run.js')).greenlightMode }))
