// The notify/ sub-action (dist/notify/): notify mode alone, without a `mode` input. Its face is
// imported, not loaded on demand (cold start, BENCHMARKS.md); its routes stay on demand.
import { exitAfter, runAction } from '../kernel/action.js'
import { notifyMode } from '../notify/run.js'

exitAfter(runAction({ notify: async () => notifyMode }))
