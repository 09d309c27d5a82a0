// `wait-for-url: true`: before notifying, wait until the deployment answers (a host often reports a
// deployment before its URL serves, and runs started against it would fail for no bug). Any status
// below 500 is an answer (a redirect, a login page's 401); 5xx and no answer are tried again until
// `wait-for-url-timeout`. The probe is a GET read up to its status line, with no API key, no
// redirect followed, through the runner's proxy settings.
import { formatDuration, type Clock } from '../kernel/time.js'
import { errorMessage } from '../kernel/values.js'
import { oneLine, plural } from '../kernel/text.js'
import { displayUrl } from '../kernel/parsers.js'
import { openRequest } from '../kernel/http.js'

export type UrlProbe = (url: string, timeoutMs: number, signal: AbortSignal) => Promise<number>

const PAUSES_MS = [1000, 2000, 4000, 5000]
/** One try waits at most this long for a status line, and at least 1 s. */
const TRY_TIMEOUT_MS = 10_000
/** A failed try is logged at most this often, with the first one always shown. */
const LOG_EVERY_MS = 30_000

/** Undefined once `url` answers below 500; else why not (the time-out passed, or a cancel). */
export async function waitForUrl(
  url: string,
  timeoutMs: number,
  deps: { clock: Clock; signal: AbortSignal; probe: UrlProbe; log: (line: string) => void }
): Promise<string | undefined> {
  const shown = displayUrl(url)
  const deadline = deps.clock.now() + timeoutMs
  deps.log(
    `Waiting up to ${formatDuration(timeoutMs)} for ${shown} to answer (any HTTP status below 500) before notifying.`
  )
  let lastLogged = -Infinity
  for (let tries = 1; ; tries++) {
    // The try at the deadline still gets a fair chance to hear back.
    const budget = Math.min(TRY_TIMEOUT_MS, Math.max(deadline - deps.clock.now(), 1000))
    const problem = await deps.probe(url, budget, deps.signal).then(
      status => (status < 500 ? '' : `HTTP ${status}`),
      (error: unknown) =>
        error instanceof Error && error.message !== '' ? error.message : 'no answer'
    )
    if (deps.signal.aborted) {
      return `the job was cancelled while waiting for ${shown} to answer; nothing was sent.`
    }
    if (problem === '') {
      deps.log(`${shown} answered after ${plural(tries, 'try', 'tries')}.`)
      return undefined
    }
    const now = deps.clock.now()
    if (now >= deadline) {
      return `${shown} did not answer with a status below 500 within ${formatDuration(timeoutMs)} (wait-for-url-timeout; last try: ${problem}), so nothing was sent to the service. Check that the deployment is up, or give it longer with wait-for-url-timeout.`
    }
    if (now - lastLogged >= LOG_EVERY_MS) {
      lastLogged = now
      deps.log(`${shown} does not answer yet (${problem}); trying again.`)
    }
    // The last pause ends at the deadline, where one more try is made.
    const pause = PAUSES_MS[Math.min(tries, PAUSES_MS.length) - 1]!
    await deps.clock.sleep(Math.min(pause, deadline - now), deps.signal)
  }
}

export const probeUrl: UrlProbe = async (url, givenMs, callerSignal) => {
  // Whole milliseconds: AbortSignal.timeout throws a RangeError for a fractional delay.
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
