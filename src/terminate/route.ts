// What every terminate route is given and gives back (run.ts drives them, one module each).
import type { ModeDeps } from '../kernel/action.js'
import type { GitHubContext } from '../kernel/event.js'

export interface RouteDeps extends ModeDeps {
  context: GitHubContext
  log: (line: string) => void
  warn: (line: string, title: string) => void
}

/** What a route did: its outcome and words (a warning for a repeat), or the step's failure. */
export interface Ended {
  outcome: 'terminated' | 'already-terminated' | 'not-found' | 'failed'
  message?: string
  /** The summary's line for the outcome, and how it names the environment. */
  line: string
  name: string
  environmentId?: string
  /** A repeat (not found, already closed): shown as a warning with this title. */
  warning?: string
}

export type Close<S> = (settings: S, deps: RouteDeps) => Promise<Ended>

export const failedWith =
  (line: string, name: string) =>
  (message: string): Ended => ({ outcome: 'failed', line, name, message })
