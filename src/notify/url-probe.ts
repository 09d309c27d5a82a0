// The one request `wait-for-url` makes, again and again: a GET of the deployment URL, read up to
// its status line and then dropped. It carries no API key (the URL is the user's deployment, not
// the service), follows no redirect (a 3xx already says the server is up) and goes through the
// runner's proxy settings (HTTPS_PROXY, NO_PROXY) like every other request of the action.
import { HttpClient } from '@actions/http-client'
import { formatDuration } from '../core/durations.js'
import { errorMessage } from '../core/error-message.js'
import { oneLine } from '../kernel/text.js'
import { USER_AGENT } from '../core/version.js'
import { SignalHandler } from '../service/transport.js'
import * as io from '../kernel/io.js'
import type { Clock } from '../core/clock.js'
import { logPrefix, type NotifySettings } from '../inputs/settings.js'
import { waitForUrl, type UrlProbe } from './wait-for-url.js'

const probeUrl: UrlProbe = async (url, givenMs, callerSignal) => {
  // Whole milliseconds: the clock is fractional, and AbortSignal.timeout throws a RangeError for a
  // fractional delay, before anything is sent.
  const timeoutMs = Math.max(1, Math.ceil(givenMs))
  const signal = AbortSignal.any([callerSignal, AbortSignal.timeout(timeoutMs)])
  const client = new HttpClient(USER_AGENT, [new SignalHandler(signal)], {
    allowRedirects: false,
    allowRetries: false,
    keepAlive: false,
    socketTimeout: timeoutMs
  })
  try {
    const response = await client.request('GET', url, null, {})
    // Only the status matters: the body (a whole web page) is not read.
    response.message.destroy()
    return response.message.statusCode ?? 0
  } catch (error) {
    if (signal.aborted && !callerSignal.aborted) {
      throw new Error(`no answer within ${formatDuration(timeoutMs)}`)
    }
    throw new Error(oneLine(errorMessage(error)))
  } finally {
    client.dispose()
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
