/** Jest's sequencer, with the end-to-end and chaos files first when no timings exist. */
export default class LongestFirst {
  constructor(options: unknown)
  /** The duration of the test's last run, from jest's cache. */
  time(test: unknown): number | undefined
  hasFailed(test: unknown): boolean
  sort<T>(tests: T[]): T[]
}
