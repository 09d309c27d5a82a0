// The one request `wait-for-url` makes, again and again: a GET of the deployment URL, read up to
// its status line and then dropped. It carries no API key (the URL is the user's deployment, not
// the service), follows no redirect (a 3xx already says the server is up) and goes through the
// runner's proxy settings (HTTPS_PROXY, NO_PROXY) like every other request of the action.
import { HttpClient } from '@actions/http-client'
import { formatDuration } from '../core/durations.js'
import { errorMessage } from '../core/error-message.js'
import { oneLine } from '../core/text.js'
import { USER_AGENT } from '../core/version.js'
import { SignalHandler } from '../service/transport.js'
import type { UrlProbe } from './wait-for-url.js'

export const probeUrl: UrlProbe = async (url, timeoutMs, callerSignal) => {
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
