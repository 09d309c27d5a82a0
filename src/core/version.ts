// Kept in step with package.json by a test; a constant avoids bundling package.json.
export const VERSION = '1.3.0'
export const USER_AGENT = `qa-greenlight/${VERSION}`
