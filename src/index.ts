import { exitAfter } from './action.js'
import { run } from './main.js'

exitAfter(run())
