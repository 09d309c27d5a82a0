// Reads inputs through the input table, collecting every problem instead of stopping at the first,
// so that a user fixes their workflow in one round trip.
import { InputError, InputErrors } from '../core/input-error.js'
import {
  INPUTS,
  INPUT_DEFAULTS,
  isExpression,
  isUnevaluatedExpression,
  usableDefault,
  type InputName,
  type Parsed
} from './input-table.js'

/** Returns '' when the input is unset, like @actions/core getInput (which also trims). */
export type GetInput = (name: string) => string

export class InputReader {
  readonly errors: InputError[] = []
  readonly warnings: string[] = []

  constructor(private readonly getInput: GetInput) {}

  /** The trimmed value, or the action.yml default when the input reads as empty. */
  value(name: string): string {
    const raw = this.raw(name)
    return raw === '' ? usableDefault(name) : raw
  }

  /** True when the input reads as empty, so that its action.yml default applies. */
  isEmpty(name: string): boolean {
    return this.raw(name) === ''
  }

  /** True when the user gave a value other than the action.yml default (case-insensitively). */
  isSet(name: string): boolean {
    const raw = this.raw(name)
    const fallback = INPUT_DEFAULTS[name] ?? ''
    // The runner substitutes an expression default, so its text cannot be compared to the value.
    if (raw === '' || isExpression(fallback)) return false
    return raw.toLowerCase() !== fallback.toLowerCase()
  }

  /**
   * The trimmed value, '' for an expression nothing evaluated: a runner evaluates `${{ … }}`
   * before the action starts, but a local one (`@github/local-action`) passes action.yml's
   * default `${{ github.token }}` as text. That is no value, so it reads as unset; one written
   * by hand (in a `.env` file) gets a warning. The text is not echoed: it may name a secret.
   */
  private raw(name: string): string {
    const raw = this.getInput(name).trim()
    if (!isUnevaluatedExpression(raw)) return raw
    if (raw !== INPUT_DEFAULTS[name] && !this.unevaluated.has(name)) {
      this.unevaluated.add(name)
      this.warn(
        `Input '${name}' is an expression that nothing evaluated (\${{ … }}), so it is ` +
          `treated as unset. A workflow's runner evaluates expressions; when running the action ` +
          `another way, give the value itself.`
      )
    }
    return ''
  }

  private readonly unevaluated = new Set<string>()

  /**
   * Parses the input with its parser from the table (or `parse`, for an input that a mode reads
   * its own way), recording a failure and returning `fallback` so later inputs still get checked.
   */
  read<N extends InputName, F, T = Parsed<N>>(
    name: N,
    fallback: F,
    parse?: (name: string, value: string) => T
  ): T | F {
    try {
      return (parse ?? INPUTS[name].parse)(name, this.value(name), this) as T
    } catch (error) {
      if (!(error instanceof InputError)) throw error
      // An error ends the step before the warnings are shown, so the message says it itself.
      this.errors.push(
        this.unevaluated.has(name)
          ? new InputError(
              name,
              `${error.message} (Its value was an expression that nothing evaluated, \${{ … }}, ` +
                `which counts as unset.)`
            )
          : error
      )
      return fallback
    }
  }

  warn(message: string): void {
    this.warnings.push(message)
  }

  /** Records a problem that involves several inputs at once. */
  fail(error: InputError): void {
    this.errors.push(error)
  }

  throwIfInvalid(): void {
    if (this.errors.length > 0) this.abort()
  }

  /** Throws what has been collected; only called once at least one error was recorded. */
  abort(): never {
    const [first, ...rest] = this.errors
    if (first === undefined) throw new Error('InputReader.abort() called without an error')
    throw rest.length === 0 ? first : new InputErrors(this.errors)
  }
}
