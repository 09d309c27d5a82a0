// The error every input parser throws. Its messages quote values with `quote` (core/text.ts).

export class InputError extends Error {
  constructor(
    readonly input: string,
    message: string
  ) {
    super(message)
    this.name = 'InputError'
  }
}

/** Several invalid inputs at once: `errors` holds each, the message lists them one per line. */
export class InputErrors extends InputError {
  constructor(readonly errors: readonly InputError[]) {
    super(errors[0]?.input ?? '', errors.map(e => e.message).join('\n'))
    this.name = 'InputErrors'
  }
}
