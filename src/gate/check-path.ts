// `verdict-from: check`, polling: the commit's check runs of one name read until the ones that
// count are all completed; while none counts, the names of all check runs on the commit too.
import { formatDuration, type Clock } from '../kernel/time.js'
import { definedOnly, errorMessage, isRecord } from '../kernel/values.js'
import { nonBlankText, plainText } from '../kernel/text.js'
import { nearest } from '../kernel/nearest.js'
import { GITHUB_ACTIONS_APP, selectCheckRuns } from './verdict.js'
import type { CheckFacts, CheckNames, CheckRules } from './facts.js'
import { checkNamesLine, checkWaitingLine, readFailedLine } from './poll-log.js'
import type { CheckRunsAnswer } from './github-reads.js'
import { MIN_REQUEST_TIMEOUT_MS, NO_WAIT_WINDOW_MS, settle } from './run-path.js'

export const MIN_PAUSE_MS = 1000
const FAST_READ_MS = 5000
const READ_BUDGET_MS = 30_000
/** The names only inform: their read never holds the step long. */
const NAMES_BUDGET_MS = 5000
const MAX_NAME_CHARS = 50
export const MAX_CHECK_NAMES = 6

/** 1, 2, 4, then 8 s after the first, second, third and any later failure in a row. */
export function oneShotPauseMs(failuresInRow: number): number {
  return 1000 * 2 ** Math.min(failuresInRow - 1, 3)
}

export function checkNamesOf(raw: readonly unknown[], rules: CheckRules): CheckNames {
  const pairs = raw.filter(isRecord).flatMap(item => {
    const name = nonBlankText(item['name'])
    const app = isRecord(item['app']) ? nonBlankText(item['app']['slug']) : undefined
    return name === undefined || app === undefined ? [] : [{ name, app: app.toLowerCase() }]
  })
  const all = [...new Map(pairs.map(pair => [JSON.stringify(pair), pair])).values()]
  const shown = (text: string): string => plainText(text, MAX_NAME_CHARS)
  const listed = all
    .slice(0, MAX_CHECK_NAMES)
    .map(({ name, app }) => ({ name: shown(name), app: shown(app) }))
  const names: CheckNames = { listed, more: all.length - listed.length }
  const byApp = (app: string): boolean =>
    rules.app === '' ? app !== GITHUB_ACTIONS_APP : app === rules.app
  const namedApps = all
    .filter(run => run.name === rules.name && run.app !== GITHUB_ACTIONS_APP)
    .map(run => run.app)
  const near = (input: 'check-name' | 'check-app', value?: string) =>
    value === undefined ? {} : { nearest: { input, value: shown(value) } }
  if (namedApps.some(byApp)) return { ...names, cause: 'name-not-counting' }
  if (namedApps.length > 0) {
    // The name is right: perhaps check-app is not (the nearest app that posted it, or none).
    const app =
      rules.app === '' || namedApps.includes(rules.app) ? undefined : nearest(rules.app, namedApps)
    return { ...names, cause: 'other-app', ...near('check-app', app) }
  }
  if (!all.some(run => byApp(run.app))) return { ...names, cause: 'nothing-posted' }
  const name = nearest(
    rules.name,
    all.map(run => run.name)
  )
  return { ...names, cause: 'other-names', ...near('check-name', name) }
}

/**
 * Polls; while no check run counts, looks at the names on the commit once after the first read
 * that finds none (a near name is warned about then), and again at the end if read since.
 */
export async function pollCheckRuns(
  rules: CheckRules,
  options: { timeoutMs: number; pollIntervalMs: number; wait: boolean },
  deps: {
    read: (budgetMs: number, signal: AbortSignal) => Promise<CheckRunsAnswer>
    /** The commit's check runs whatever their name: shown only. */
    readNames?: (budgetMs: number, signal: AbortSignal) => Promise<CheckRunsAnswer>
    clock: Clock
    signal: AbortSignal
    onLog?: (line: string) => void
    /** The did-you-mean, at the first read that finds none counting. */
    onWarn?: (line: string) => void
  }
): Promise<CheckFacts> {
  const { clock, signal } = deps
  const facts: Omit<CheckFacts, 'ended'> = { source: 'poll', rules }
  const end = (ended: CheckFacts['ended']): CheckFacts => ({ ...facts, ended })
  let reads = 0
  let lookedAfterRead = -1
  const look = async (): Promise<void> => {
    if (deps.readNames === undefined || lookedAfterRead === reads || signal.aborted) return
    lookedAfterRead = reads
    try {
      facts.names = checkNamesOf((await deps.readNames(NAMES_BUDGET_MS, signal)).checkRuns, rules)
    } catch {
      // Shown only: a look that fails leaves the names as they were.
    }
  }
  // A token with no requests left gets no further read, not even of the names.
  const stillWaiting = async (rateLimitedAtMs?: number): Promise<CheckFacts> => {
    if (rateLimitedAtMs !== undefined) {
      facts.rateLimitedUntil = new Date(Math.ceil(rateLimitedAtMs / 1000) * 1000).toISOString()
    } else if (selectCheckRuns(facts.checkRuns ?? [], rules).counting.length === 0) await look()
    const waitedMs = options.wait ? options.timeoutMs : 0
    return { ...end({ why: 'still-waiting', wait: options.wait }), waitedMs }
  }
  const start = clock.now()
  const deadline = start + (options.wait ? options.timeoutMs : 0)
  // Without any answer the failures' window decides, and ending there is a failure: GitHub was
  // never heard from.
  const failureDeadline = options.wait ? deadline : start + NO_WAIT_WINDOW_MS
  const until = (): number => (facts.checkRuns === undefined ? failureDeadline : deadline)
  const fastMs = Math.min(FAST_READ_MS, options.pollIntervalMs)
  let lastLine = ''
  const log = (line: string): void => {
    if (line !== lastLine) deps.onLog?.(line)
    lastLine = line
  }
  // With wait: false each read but the last failed: the read's number is the failures in a row.
  for (let failuresInRow = 1; ; failuresInRow++) {
    if (signal.aborted) return end({ why: 'interrupted' })
    const readStart = clock.now()
    const budget = Math.ceil(
      Math.min(READ_BUDGET_MS, Math.max(MIN_REQUEST_TIMEOUT_MS, failureDeadline - readStart))
    )
    const outcome = await settle(() => deps.read(budget, signal), signal)
    if (outcome === undefined) return end({ why: 'interrupted' })
    let nextAt: number
    let failure: ReturnType<typeof readFailure> | undefined
    if ('value' in outcome) {
      const read = outcome.value
      facts.checkRuns = read.checkRuns
      reads += 1
      // Timed from the read's start, so a slow answer does not stretch the cadence.
      nextAt = readStart + (read.notModified < read.requests ? options.pollIntervalMs : fastMs)
      const selection = selectCheckRuns(read.checkRuns, rules)
      log(checkWaitingLine(selection, rules))
      if (selection.settled) return end({ why: 'settled' })
      const limitedMs = read.rateLimitedForMs
      if (selection.counting.length === 0 && limitedMs === undefined && lookedAfterRead < 0) {
        await look()
        const names = facts.names
        if (names !== undefined) (names.nearest ? deps.onWarn : deps.onLog)?.(checkNamesLine(names))
        if (signal.aborted) return end({ why: 'interrupted' })
      }
      if (!options.wait) return stillWaiting()
      if (limitedMs !== undefined) {
        // A read before the reset would only be refused: none is made, not even at the deadline.
        const past = clock.now() + limitedMs >= deadline
        const wait = formatDuration(limitedMs)
        log(
          `GitHub's rate limit for this token is used up${past ? ` until after the timeout (${wait}); no more reads.` : `; the next read waits ${wait} for its reset.`}`
        )
        if (past) return stillWaiting(read.rateLimitResetAtMs ?? Date.now() + limitedMs)
        nextAt = Math.max(nextAt, clock.now() + limitedMs)
      }
    } else {
      failure = readFailure(outcome.error)
      if (failure.permanent) return end({ why: 'failed', failure })
      const ownPause = options.wait ? options.pollIntervalMs : oneShotPauseMs(failuresInRow)
      const pauseMs = Math.max(MIN_PAUSE_MS, failure.retryAfterMs ?? ownPause)
      nextAt = clock.now() + pauseMs
      // A one-shot read's own pause is cut to one last read at the window's end; GitHub's wait
      // and poll-interval are not.
      if (nextAt > until() && (options.wait || failure.retryAfterMs !== undefined)) {
        if (facts.checkRuns !== undefined) {
          const limited = failure.status === 403 || failure.status === 429
          return stillWaiting(limited ? Date.now() + pauseMs : undefined)
        }
        const stoppedForWaitMs = failure.retryAfterMs === undefined ? undefined : pauseMs
        return end({ why: 'failed', failure, ...definedOnly({ stoppedForWaitMs }) })
      }
      log(readFailedLine('the check runs', pauseMs, failure.message))
    }
    const now = clock.now()
    if (now >= until()) {
      return facts.checkRuns === undefined
        ? end({ why: 'failed', failure: failure! })
        : stillWaiting()
    }
    await clock.sleep(Math.max(0, Math.min(nextAt, until()) - now), signal)
  }
}

function readFailure(error: unknown) {
  const { status, retryAfterMs, permanent }: Record<string, unknown> = isRecord(error) ? error : {}
  return {
    message: errorMessage(error),
    ...definedOnly({
      status: typeof status === 'number' ? status : undefined,
      retryAfterMs: Number.isFinite(retryAfterMs) ? (retryAfterMs as number) : undefined
    }),
    // Anything thrown that does not say is asked again: a bug in reading is bounded by the timeout.
    permanent: permanent === true
  }
}
