// Hiding the secret inputs (api-key, github-token), one rule for every place that shows text: the
// inputs' error messages, the service client's error messages and everything the action writes
// (render/action-io.ts).

/**
 * A run of this many characters of a secret is redacted wherever it appears: a key pasted into
 * another input and quoted cut short, or echoed in part, must not show even a piece of itself.
 */
export const MIN_SECRET_RUN = 8

export class Redactor {
  private readonly secrets = new Set<string>()
  /** Every MIN_SECRET_RUN-character piece of every long enough form of every secret. */
  private readonly pieces = new Set<string>()

  /**
   * Also hides the spellings the value takes when the service echoes it (JSON-escaped or
   * URL-encoded) and when the summary escapes it (`extraForms`).
   */
  add(value: string, extraForms: readonly string[] = []): void {
    // A value this short is an ordinary word (`created`, `staging`): hiding it would rewrite the
    // action's own words wherever it writes them. The api-key input refuses such keys.
    if (value.length < MIN_SECRET_RUN) return
    const forms = [
      value,
      JSON.stringify(value).slice(1, -1),
      encodeURIComponent(value),
      ...extraForms
    ]
    for (const form of forms) {
      if (form.length === 0) continue
      this.secrets.add(form)
      for (let i = 0; i + MIN_SECRET_RUN <= form.length; i++) {
        this.pieces.add(form.slice(i, i + MIN_SECRET_RUN))
      }
    }
  }

  /** `text` with every whole secret and every run of MIN_SECRET_RUN or more of one as `***`. */
  redact(text: string): string {
    if (this.secrets.size === 0 || text.length === 0) return text
    const hidden = new Uint8Array(text.length)
    let found = false
    for (let i = 0; i + MIN_SECRET_RUN <= text.length; i++) {
      if (this.pieces.has(text.slice(i, i + MIN_SECRET_RUN))) {
        hidden.fill(1, i, i + MIN_SECRET_RUN)
        found = true
      }
    }
    if (!found) return text
    let result = ''
    for (let i = 0; i < text.length; i++) {
      if (hidden[i] === 0) result += text[i]
      else if (i === 0 || hidden[i - 1] === 0) result += '***'
    }
    return result
  }

  get empty(): boolean {
    return this.secrets.size === 0
  }
}

/** A redaction function for the secrets given (none when they are empty). */
export function redactorFor(...secrets: string[]): (text: string) => string {
  const redactor = new Redactor()
  for (const secret of secrets) redactor.add(secret)
  return text => redactor.redact(text)
}
