// A scriptable node:http server on 127.0.0.1 that records what arrives on the wire, for testing
// the service client against real sockets.
import * as http from 'node:http'
import * as zlib from 'node:zlib'
import { listenOnLoopback } from './loopback.js'

export interface RecordedRequest {
  method: string
  /** The request target exactly as sent (path and query). */
  target: string
  headers: http.IncomingHttpHeaders
  body: string
}

export type Handler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  recorded: RecordedRequest
) => void

/** What startTinyServer returns: its address, what it received, and its handler. */
export type TinyServer = Awaited<ReturnType<typeof startTinyServer>>

export async function startTinyServer() {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        target: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8')
      }
      tiny.requests.push(recorded)
      tiny.handle(req, res, recorded)
    })
  })
  const { url, port, close } = await listenOnLoopback(server)
  const tiny = {
    /** http://127.0.0.1:<port> */
    url,
    port,
    requests: [] as RecordedRequest[],
    /** Replaced by each test; the default answers 500. */
    handle: ((_req, res) => {
      res.statusCode = 500
      res.end('no handler')
    }) as Handler,
    close
  }
  return tiny
}

/** Answers with `data` as sent, marked with `encoding` (Content-Encoding), as a proxy would pass it on. */
export function compressedAnswer(encoding: string, data: Buffer, status = 200): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-encoding': encoding })
    res.end(data)
  }
}

/**
 * A gzip body of about `mebibytes` kB that decodes to `mebibytes` MiB of zeros: one compressed MiB
 * repeated as gzip members, which a reader must decode one after the other (RFC 1952). Built this
 * way it costs a millisecond, where compressing 256 MiB took seconds of the suite's CPU.
 */
export function gzipBomb(mebibytes: number): Buffer {
  const member = zlib.gzipSync(Buffer.alloc(1024 * 1024))
  return Buffer.concat(Array.from({ length: mebibytes }, () => member))
}
