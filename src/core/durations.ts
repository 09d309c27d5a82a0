// Moved to src/kernel/: re-exported until the callers import it from there.
export { formatDuration, MAX_DURATION_MS, parseDuration } from '../kernel/time.js'
