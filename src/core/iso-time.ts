// Moved to src/kernel/: re-exported until the callers import it from there.
export { isoTimeMs } from '../kernel/time.js'
