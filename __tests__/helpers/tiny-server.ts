// A scriptable node:http server on 127.0.0.1 that records what arrives on the wire, and a tiny
// CONNECT forward proxy, for testing the service client against real sockets.
import * as http from 'node:http'
import * as net from 'node:net'

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

export interface TinyServer {
  /** http://127.0.0.1:<port> */
  url: string
  port: number
  requests: RecordedRequest[]
  /** Replaced by each test; the default answers 500. */
  handle: Handler
  close(): Promise<void>
}

export async function startTinyServer(): Promise<TinyServer> {
  const sockets = new Set<net.Socket>()
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
  server.on('connection', socket => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  const tiny: TinyServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    requests: [],
    handle: (_req, res) => {
      res.statusCode = 500
      res.end('no handler')
    },
    close: () =>
      new Promise<void>(resolve => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
  return tiny
}

export interface ConnectProxy {
  /** http://127.0.0.1:<port> */
  url: string
  /** The authority of every CONNECT request, e.g. "qa.example.test:443". */
  connects: string[]
  close(): Promise<void>
}

/**
 * A forward proxy that understands only CONNECT (which is what http-client's tunnel agent sends
 * for both http and https targets). Every tunnel goes to `targetPort` on 127.0.0.1, whatever
 * host was asked for, so tests can use names that need no DNS; without a target it refuses.
 */
export async function startConnectProxy(targetPort?: number): Promise<ConnectProxy> {
  const sockets = new Set<net.Socket>()
  const server = http.createServer((_req, res) => {
    res.statusCode = 405
    res.end('CONNECT only')
  })
  const connects: string[] = []
  server.on('connect', (req: http.IncomingMessage, client: net.Socket) => {
    connects.push(req.url ?? '')
    sockets.add(client)
    if (targetPort === undefined) {
      client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n')
      return
    }
    const upstream = net.connect(targetPort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.pipe(client)
      client.pipe(upstream)
    })
    sockets.add(upstream)
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    connects,
    close: () =>
      new Promise<void>(resolve => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}
