// A request that failed before its header block was read, as the ServiceError that names the
// cause: not reached at all, TLS, a time-out, an answer Node's HTTP parser refused, or a
// connection that broke after the status line (the service got the request).
import { ServiceError } from './errors.js'
import { errorMessage } from '../core/error-message.js'
import { formatDuration } from '../core/durations.js'

/** Error codes that mean the service was not reached at all (as opposed to a dropped answer). */
const UNREACHABLE_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL'
])

/**
 * A failure before the whole header block was read. `statusLineArrived`: the status line had come
 * (the transport watches the socket), so the service received the request, whatever broke next.
 */
export function requestError(
  error: unknown,
  origin: string,
  timeoutMs: number,
  statusLineArrived = false
): ServiceError {
  if (error instanceof ServiceError) return error
  const code = (error as { code?: unknown } | null)?.code
  const detail = errorMessage(error)
  if (statusLineArrived && !(typeof code === 'string' && code.startsWith('HPE_'))) {
    const codeText = typeof code === 'string' && !detail.includes(code) ? ` (${code})` : ''
    const timedOut = /^Request timeout/.test(detail)
    return new ServiceError(
      timedOut ? 'timeout' : 'network',
      timedOut
        ? `The answer from ${origin} did not arrive in full within ${formatDuration(timeoutMs)} (request time-out): its status line came, its headers did not.`
        : `${origin} sent its status line, then the connection broke before the headers were complete: ${detail}${codeText}.`,
      { cause: error, answered: true }
    )
  }
  // http-client's own idle timer (socketTimeout) is a backstop to our deadline.
  if (/^Request timeout/.test(detail)) {
    return new ServiceError(
      'timeout',
      `No response from ${origin} within ${formatDuration(timeoutMs)} (request time-out).`,
      { cause: error }
    )
  }
  const codeText = typeof code === 'string' && !detail.includes(code) ? ` (${code})` : ''
  if (typeof code === 'string' && code.startsWith('HPE_')) {
    // Node's HTTP parser refused what came back (a header too large, a malformed status line):
    // bytes meant as an answer arrived, so the request was received.
    return new ServiceError(
      'unreadable',
      `${origin} answered, but its answer could not be parsed as HTTP: ${detail}${codeText}.`,
      { cause: error }
    )
  }
  if (typeof code === 'string' && /CERT|SSL|TLS|SELF_SIGNED/.test(code)) {
    return new ServiceError(
      'tls',
      `TLS error talking to ${origin}: ${detail}${codeText}. Check 'base-url'; if the service uses a private CA, set NODE_EXTRA_CA_CERTS.`,
      { cause: error }
    )
  }
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) {
    return new ServiceError(
      'network',
      `Could not reach ${origin}: ${detail}${codeText}. Check 'base-url' (host name and port).`,
      { cause: error, unreachable: true }
    )
  }
  return new ServiceError('network', `Could not reach ${origin}: ${detail}${codeText}.`, {
    cause: error
  })
}
