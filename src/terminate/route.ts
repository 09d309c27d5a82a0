// What every terminate route is given and gives back (run.ts drives them, one module each).
import type { Clock } from '../kernel/time.js'
import type { GitHubContext } from '../kernel/event.js'
import type { ServiceClient } from '../kernel/service.js'

export type TerminateOutcome = 'terminated' | 'already-terminated' | 'not-found'

export interface TerminateDeps {
  client: ServiceClient
  clock: Clock
  random: () => number
  signal: AbortSignal
  env: NodeJS.ProcessEnv
}

export interface RouteDeps extends TerminateDeps {
  context: GitHubContext
  log: (line: string) => void
  warn: (line: string, title: string) => void
}

/** What a route did: its outcome and words (a warning for a repeat), or the step's failure. */
export interface Ended {
  outcome: TerminateOutcome | 'failed'
  message?: string
  /** The summary's line for the outcome. */
  line: string
  /** How the environment is named in the summary. */
  name: string
  environmentId?: string
  /** A repeat (not found, already closed): shown as a warning with this title. */
  warning?: string
}
