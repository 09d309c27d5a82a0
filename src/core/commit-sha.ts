// Moved to src/kernel/: re-exported until the callers import it from there.
export { isCommitSha, isFullCommitSha, isZeroSha } from '../kernel/parsers.js'
