// The error every input parser throws, and the text helpers its messages use. Imports nothing from
// the other input modules, so each of them can depend on it without a cycle.

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

/** C0 controls (tab and newline included), DEL and C1 controls. */
export function hasControlChar(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true
  }
  return false
}

const MAX_QUOTED = 80

/** A value for a message: single-quoted, control characters escaped, long values shortened. */
export function quote(value: string): string {
  const shown = value.length > MAX_QUOTED ? `${value.slice(0, MAX_QUOTED)}…` : value
  let escaped = ''
  for (const char of shown) {
    const code = char.charCodeAt(0)
    if (char === '\n') escaped += '\\n'
    else if (char === '\r') escaped += '\\r'
    else if (char === '\t') escaped += '\\t'
    else if (char.length === 1 && hasControlChar(char)) {
      escaped += `\\u${code.toString(16).padStart(4, '0')}`
    } else escaped += char
  }
  return `'${escaped}'`
}
