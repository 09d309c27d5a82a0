import { exitAfter } from './kernel/action.js'
import { run } from './main.js'

exitAfter(run())
