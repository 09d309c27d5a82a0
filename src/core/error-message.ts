// One way to turn anything thrown into words, for every mode and every place that shows an error.
/** The message of anything thrown, for a log line or a summary. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
