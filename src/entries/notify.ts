// The notify/ sub-action (dist/notify/index.js): notify mode only, with no `mode` input. Its bundle
// holds notify's code and none of the other modes'.
import { exitAfter, runAction } from '../action.js'

exitAfter(
  runAction({ notify: async () => (await import('../notify/run-notify.js')).notifyMode }, 'notify')
)
