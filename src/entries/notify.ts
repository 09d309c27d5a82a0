// The notify/ sub-action (dist/notify/index.js): notify mode only, with no `mode` input. Its bundle
// holds notify's code and none of the other modes'. notify is the one mode here, so its driver is
// imported, not loaded on demand: each chunk loaded on demand is one more file to read and compile
// at cold start (BENCHMARKS.md). The routes stay on demand (notify/run.ts).
import { exitAfter, runAction } from '../action.js'
import { notifyMode } from '../notify/run.js'

exitAfter(runAction({ notify: async () => notifyMode }, 'notify'))
