// What polling and deciding both need to know about a run's progress, and nothing else: the
// stages the action knows, which of them end polling, and which run an answer is about. Polling
// reads it to know when to stop and whom to ask next; the verdict module reads it to decide. Neither
// imports the other.
import { RUN_STAGES, type GreenlightResponse } from '../kernel/answers.js'

/** The stages that end polling. Any other stage, one the action does not know included, does not. */
const TERMINAL_STAGES: ReadonlySet<string> = new Set(['completed', 'canceled'])
const KNOWN_STAGES: ReadonlySet<string> = new Set(RUN_STAGES)

/** Whether an answer's stage ends polling. Green only ever comes from `completed`. */
export function isTerminalStage(stage: string): boolean {
  return TERMINAL_STAGES.has(stage)
}

/** Whether the action knows a stage; an unknown one is named in a warning and polled on. */
export function isKnownStage(stage: string): boolean {
  return KNOWN_STAGES.has(stage)
}

/**
 * The run an answer is about: its `relevantRunId`, or, when that is blank, the run that was asked
 * (a blank `relevantRunId` means "this run itself", so once polling follows a newer run, a blank
 * one keeps the newer run, never falls back to the root).
 */
export function relevantRunOf(
  response: Pick<GreenlightResponse, 'relevantRunId'>,
  askedRunId: string
): string {
  const relevant = response.relevantRunId
  return relevant.trim() === '' ? askedRunId : relevant
}

/** The run that superseded the root, when the answer (asked of `askedRunId`) is about another. */
export function supersedingRunId(
  response: Pick<GreenlightResponse, 'relevantRunId'> | undefined,
  rootRunId: string,
  askedRunId: string = rootRunId
): string | undefined {
  if (response === undefined) return undefined
  const relevant = relevantRunOf(response, askedRunId)
  return relevant === rootRunId ? undefined : relevant
}
