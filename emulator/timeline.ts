// Where a run is on its timeline, as pure functions of (timeline, progress, now). Stages that last
// `durationMs` end on the clock; stages that last `polls` end when that many queries were answered.
import { TERMINAL_STAGES, type Stage, type TimelineEntry } from './config.js'

export interface Progress {
  index: number
  enteredAt: number
  polls: number
}

export function startProgress(now: number): Progress {
  return { index: 0, enteredAt: now, polls: 0 }
}

/** Moves past every entry that has run out by `now`. The last entry never runs out. */
export function settle(
  timeline: readonly TimelineEntry[],
  progress: Progress,
  now: number
): Progress {
  let { index, enteredAt, polls } = progress
  for (;;) {
    const entry = timeline[index]
    if (entry === undefined || index >= timeline.length - 1) break
    if (entry.durationMs !== undefined && now >= enteredAt + entry.durationMs) {
      // The boundary is exact, so a run observed late is where it would be if watched constantly.
      enteredAt += entry.durationMs
    } else if (entry.polls !== undefined && polls >= entry.polls) {
      enteredAt = now
    } else {
      break
    }
    index += 1
    polls = 0
  }
  return { index, enteredAt, polls }
}

/** Counts one answered query in the current entry, then moves on if that used it up. */
export function recordPoll(
  timeline: readonly TimelineEntry[],
  progress: Progress,
  now: number
): Progress {
  return settle(timeline, { ...progress, polls: progress.polls + 1 }, now)
}

export function stageOf(timeline: readonly TimelineEntry[], progress: Progress): Stage {
  return entryOf(timeline, progress).stage
}

export function entryOf(timeline: readonly TimelineEntry[], progress: Progress): TimelineEntry {
  const entry = timeline[Math.min(progress.index, timeline.length - 1)]
  if (entry === undefined) throw new Error('a run timeline must have at least one entry')
  return entry
}

export function isTerminal(stage: Stage): boolean {
  return TERMINAL_STAGES.includes(stage)
}
