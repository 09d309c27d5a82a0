// The one redactor: built once from the secret inputs (kernel/action.ts) and handed to whatever
// shows text (io, the inputs' messages, the service client's errors).

// A run of this many characters of a secret is hidden wherever it appears, so that a key quoted
// cut short or echoed in part shows no piece of itself. Shorter secrets are ordinary words.
export const MIN_SECRET_RUN = 8

export class Redactor {
  /** Every MIN_SECRET_RUN-character piece of every form of every secret. */
  private readonly pieces = new Set<string>()

  /** Also hides its JSON-escaped and URL-encoded spellings (an echo), and `extraForms`. */
  add(value: string, extraForms: readonly string[] = []): this {
    if (value.length < MIN_SECRET_RUN) return this
    const forms = [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]
    for (const form of [...forms, ...extraForms])
      for (let i = 0; i + MIN_SECRET_RUN <= form.length; i++)
        this.pieces.add(form.slice(i, i + MIN_SECRET_RUN))
    return this
  }

  /** `text` with every run of MIN_SECRET_RUN or more characters of a secret as `***`. */
  redact(text: string): string {
    const hidden = new Uint8Array(this.empty ? 0 : text.length)
    for (let i = 0; i + MIN_SECRET_RUN <= hidden.length; i++) {
      if (this.pieces.has(text.slice(i, i + MIN_SECRET_RUN))) hidden.fill(1, i, i + MIN_SECRET_RUN)
    }
    // Most text holds no secret: returned as it is, not rebuilt character by character.
    if (!hidden.includes(1)) return text
    return text.replace(/[^]/g, (char, i: number) =>
      hidden[i] === 0 ? char : hidden[i - 1] === 1 ? '' : '***'
    )
  }

  get empty(): boolean {
    return this.pieces.size === 0
  }
}
