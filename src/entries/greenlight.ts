// The greenlight/ sub-action (dist/greenlight/index.js): greenlight mode only, with no `mode` input. Its bundle
// holds greenlight's code and none of the other modes'.
import { exitAfter, runAction } from '../action.js'

exitAfter(
  runAction(
    { greenlight: async () => (await import('../gate/run.js')).greenlightMode },
    'greenlight'
  )
)
