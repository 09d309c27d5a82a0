// What every reader of outside data asks first.

/** A plain object (not null, not an array), whose fields can be read one by one. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The message of anything thrown, for a log line or a summary. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Without the fields that are undefined: "not given" is absent, not present-but-undefined. */
export function definedOnly<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T
}

// Kept in step with package.json by a test; a constant keeps package.json out of the bundle.
export const VERSION = '1.3.0'
export const USER_AGENT = `qa-greenlight/${VERSION}`
