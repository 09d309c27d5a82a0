// Moved to src/kernel/: re-exported until the callers import it from there.
export { InputError, InputErrors } from '../kernel/settings.js'
