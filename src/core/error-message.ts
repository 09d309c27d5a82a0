// Moved to src/kernel/: re-exported until the callers import it from there.
export { errorMessage } from '../kernel/values.js'
