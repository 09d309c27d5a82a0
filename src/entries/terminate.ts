// The terminate/ sub-action (dist/terminate/): terminate mode alone, without a `mode` input.
import { exitAfter, runAction } from '../kernel/action.js'

exitAfter(runAction({ terminate: async () => (await import('../terminate/run.js')).terminateMode }))
