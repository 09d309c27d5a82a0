// What every reader of outside JSON asks first: is this value an object with fields?

/** A plain object (not null, not an array), whose fields can be read one by one. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
