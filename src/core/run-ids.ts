// Moved to src/kernel/: re-exported until the callers import it from there.
export { isSafeRunId, parseRunIds } from '../kernel/parsers.js'
