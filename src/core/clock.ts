// Moved to src/kernel/: re-exported until the callers import it from there.
export type { Clock } from '../kernel/time.js'
