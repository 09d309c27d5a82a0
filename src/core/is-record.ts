// Moved to src/kernel/: re-exported until the callers import it from there.
export { isRecord } from '../kernel/values.js'
