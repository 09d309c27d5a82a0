// The terminate/ sub-action (dist/terminate/index.js): terminate mode only, with no `mode` input. Its bundle
// holds terminate's code and none of the other modes'.
import { exitAfter, runAction } from '../action.js'

exitAfter(
  runAction(
    { terminate: async () => (await import('../terminate/run.js')).terminateMode },
    'terminate'
  )
)
