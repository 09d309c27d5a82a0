// What every reader of outside data asks first.

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error)

/** Without the fields that are undefined: "not given" is absent, not present-but-undefined. */
export function definedOnly<T extends object>(record: T): DefinedOnly<T> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as never
}
export type DefinedOnly<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>
}

export class InputError extends Error {
  constructor(
    readonly input: string,
    message: string
  ) {
    super(message)
    this.name = 'InputError'
  }
}

/** Several refused inputs: each in `errors`, one per line in the message. */
export class InputErrors extends InputError {
  constructor(readonly errors: readonly InputError[]) {
    super(errors[0]?.input ?? '', errors.map(e => e.message).join('\n'))
    this.name = 'InputErrors'
  }
}

// Kept in step with package.json by a test; a constant keeps package.json out of the bundle.
export const VERSION = '1.3.0'
export const USER_AGENT = `qa-greenlight/${VERSION}`
