// Moved to src/kernel/: re-exported until the callers import it from there.
export { USER_AGENT, VERSION } from '../kernel/values.js'
