// The one typed settings object every mode works from, read and checked in kernel/inputs.ts (whose
// readers the types are inferred from).
export * from './inputs.js'
export { MODES, type Mode, type RepositoryPath } from './parsers.js'
export { InputError, InputErrors } from './values.js'
