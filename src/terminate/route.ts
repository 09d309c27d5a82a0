// What every terminate route is given and gives back (run.ts drives them, one module each).
import type { ModeDeps } from '../kernel/action.js'
import type { GitHubContext } from '../kernel/event.js'

export interface RouteDeps extends ModeDeps {
  context: GitHubContext
  log: (line: string) => void
  warn: (line: string, title: string) => void
}

type Outcome = 'terminated' | 'already-terminated' | 'not-found' | 'failed'

/** What a route did (or the step's failure), with the summary's line for it and how it names the
 * environment; a repeat (not found, already closed) is shown as a warning titled `warning`. */
export type Ended = ReturnType<ReturnType<typeof endedWith<Outcome>>>

export type Close<S> = (settings: S, deps: RouteDeps) => Promise<Ended>

/** How a route ends, from its summary line for each outcome and its title for a repeat. */
export const endedWith =
  <O extends Outcome>(lines: Record<O, string>, name: string, warning = '') =>
  (outcome: O, message?: string, environmentId?: string) => {
    const warned = outcome === 'already-terminated' || outcome === 'not-found' ? warning : undefined
    return { outcome, line: lines[outcome], name, message, environmentId, warning: warned }
  }
