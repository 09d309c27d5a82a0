// `wait-for-url: true`: before notifying, wait until the deployment answers. A host often reports
// a deployment before its URL serves (DNS, a cold start, a load balancer), and runs started
// against it would fail for a reason that is no bug. Any status below 500 is an answer (a
// redirect, a login page's 401, a 404 at the root); 5xx and no answer at all are tried again
// until `wait-for-url-timeout`. The probe is a GET read up to its status line, with no API key,
// no redirect followed, through the runner's proxy settings.
import type { Clock } from '../kernel/time.js'
import { formatDuration } from '../kernel/time.js'
import { errorMessage } from '../kernel/values.js'
import { oneLine, plural } from '../kernel/text.js'
import { displayUrl } from '../kernel/parsers.js'
import { logPrefix, type NotifySettings } from '../kernel/settings.js'
import * as io from '../kernel/io.js'
import { openRequest } from '../kernel/http.js'

/** One request to the URL: its HTTP status, or a thrown error when none arrived. */
export type UrlProbe = (url: string, timeoutMs: number, signal: AbortSignal) => Promise<number>

export interface WaitForUrlDeps {
  clock: Clock
  signal: AbortSignal
  probe: UrlProbe
  log: (line: string) => void
}

/** The pause after the n-th failed try: 1 s, 2 s, 4 s, then every 5 s. */
const PAUSES_MS = [1000, 2000, 4000, 5000]
/** One try never waits longer than this for a status line, nor less than the minimum. */
const TRY_TIMEOUT_MS = 10_000
const MIN_TRY_MS = 1000
/** A failed try is logged at most this often, with the first one always shown. */
const LOG_EVERY_MS = 30_000

/**
 * Resolves when `url` answers with a status below 500; returns why not otherwise (the time-out
 * passed, or the job was cancelled), for the step's failure message. Nothing has been sent then.
 */
export async function waitForUrl(
  url: string,
  timeoutMs: number,
  deps: WaitForUrlDeps
): Promise<string | undefined> {
  const shown = displayUrl(url)
  const start = deps.clock.now()
  const deadline = start + timeoutMs
  deps.log(
    `Waiting up to ${formatDuration(timeoutMs)} for ${shown} to answer (any HTTP status below 500) before notifying.`
  )
  let lastProblem = 'no try finished'
  let lastLogged = -Infinity
  for (let tries = 1; ; tries++) {
    // The try at the deadline still gets a fair chance to hear back.
    const remaining = deadline - deps.clock.now()
    const budget = Math.min(TRY_TIMEOUT_MS, Math.max(remaining, MIN_TRY_MS))
    const problem = await tryOnce(url, budget, deps)
    if (deps.signal.aborted) {
      return `the job was cancelled while waiting for ${shown} to answer; nothing was sent.`
    }
    if (problem === undefined) {
      deps.log(`${shown} answered after ${plural(tries, 'try', 'tries')}.`)
      return undefined
    }
    lastProblem = problem
    const now = deps.clock.now()
    if (now >= deadline) break
    if (now - lastLogged >= LOG_EVERY_MS) {
      lastLogged = now
      deps.log(`${shown} does not answer yet (${problem}); trying again.`)
    }
    // The last pause ends at the deadline, where one more try is made.
    const pause = PAUSES_MS[Math.min(tries - 1, PAUSES_MS.length - 1)] ?? 5000
    await deps.clock.sleep(Math.min(pause, deadline - now), deps.signal)
  }
  return (
    `${shown} did not answer with a status below 500 within ${formatDuration(timeoutMs)} ` +
    `(wait-for-url-timeout; last try: ${lastProblem}), so nothing was sent to the service. ` +
    `Check that the deployment is up, or give it longer with wait-for-url-timeout.`
  )
}

/** Undefined when the URL answered; else what went wrong, for the log. */
async function tryOnce(
  url: string,
  timeoutMs: number,
  deps: WaitForUrlDeps
): Promise<string | undefined> {
  try {
    const status = await deps.probe(url, timeoutMs, deps.signal)
    return status < 500 ? undefined : `HTTP ${status}`
  } catch (error) {
    return error instanceof Error && error.message !== '' ? error.message : 'no answer'
  }
}

const probeUrl: UrlProbe = async (url, givenMs, callerSignal) => {
  // Whole milliseconds: the clock is fractional, and AbortSignal.timeout throws a RangeError for a
  // fractional delay, before anything is sent.
  const timeoutMs = Math.max(1, Math.ceil(givenMs))
  const signal = AbortSignal.any([callerSignal, AbortSignal.timeout(timeoutMs)])
  try {
    const message = await openRequest('GET', url, {}, undefined, signal)
    // Only the status matters: the body (a whole web page) is not read.
    message.destroy()
    return message.statusCode ?? 0
  } catch (error) {
    if (signal.aborted && !callerSignal.aborted) {
      throw new Error(`no answer within ${formatDuration(timeoutMs)}`)
    }
    throw new Error(oneLine(errorMessage(error)))
  }
}

/**
 * `wait-for-url`, before any route tells anyone: undefined when it is off or the deployment
 * answered, else why nothing is sent.
 */
export async function waitUntilDeployed(
  settings: NotifySettings,
  url: string | undefined,
  deps: { clock: Clock; signal: AbortSignal }
): Promise<string | undefined> {
  if (settings.waitForUrl === undefined) return undefined
  if (url === undefined) {
    return `'wait-for-url' is true but there is no deployment URL to wait for: set 'deployment-url' (the event gives none).`
  }
  return waitForUrl(url, settings.waitForUrl.timeoutMs, {
    clock: deps.clock,
    signal: deps.signal,
    probe: probeUrl,
    log: line => io.info(`${logPrefix(settings)}${line}`)
  })
}
