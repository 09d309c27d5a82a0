// When an answer counts as given: once its status line has arrived, before its headers are
// complete. The service got the request then, so a POST is never sent again (retry-policy.ts).
import type { ClientRequest } from 'node:http'
import type { Socket } from 'node:net'

/**
 * A final status line (not a 1xx interim one), as the first bytes of an answer carry it: its
 * status code whole, followed by the reason phrase, the line ending or the end of what arrived.
 */
const STATUS_LINE = /^HTTP\/\d(?:\.\d)? +[2-9]\d\d(?![0-9])/
/** Past this many bytes without a status line, stop looking: Node's parser will have refused it. */
const STATUS_LINE_SCAN_BYTES = 16 * 1024

/**
 * Calls `onStatusLine` once the answer's status code has arrived, before its headers are
 * complete: Node reports a connection closed in the middle of the headers as "socket hang up",
 * exactly like one closed before any answer, and only the bytes on the socket tell them apart.
 * http-client gives each HttpClient its own agent (a plain one, or a tunnel through a proxy,
 * whose socket carries the answer after CONNECT), and this transport makes one client per
 * request, so the agent's addRequest is wrapped for this request only.
 */
export function watchForStatusLine(agent: unknown, onStatusLine: () => void): void {
  const target = agent as { addRequest?: (...args: unknown[]) => unknown } | undefined
  const addRequest = target?.addRequest
  if (typeof addRequest !== 'function') return
  target!.addRequest = function (this: unknown, ...args: unknown[]): unknown {
    const request = args[0] as ClientRequest
    request.once('socket', (socket: Socket) => {
      let seen = ''
      const onData = (chunk: Buffer): void => {
        seen += chunk.toString('latin1')
        // A 1xx interim answer's lines are skipped. The last line may still be arriving: its
        // version and final status code are enough (the service decided to answer), so a status
        // line cut before its line ending counts too.
        if (seen.split('\n').some(line => STATUS_LINE.test(line))) {
          socket.off('data', onData)
          onStatusLine()
        } else if (seen.length > STATUS_LINE_SCAN_BYTES) socket.off('data', onData)
      }
      socket.on('data', onData)
    })
    return addRequest.apply(this, args)
  }
}
