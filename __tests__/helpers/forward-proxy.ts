// A real forward proxy on loopback for the end-to-end proxy test: it answers `CONNECT host:port`
// by opening a TCP tunnel to that port, and records each CONNECT target. There is no DNS for test
// names, so the proxy resolves them itself from `hosts`; any other name is refused (502), which
// also keeps the test from reaching anything beyond loopback.
import * as http from 'node:http'
import * as net from 'node:net'

export interface ForwardProxy {
  /** http://127.0.0.1:<port>, the value for HTTPS_PROXY. */
  url: string
  /** The authority of every CONNECT request, in order, e.g. "qa.emulator.test:54321". */
  connects: string[]
  /** Requests that were not CONNECT (a plain-HTTP proxy request), as "METHOD target". */
  plainRequests: string[]
  close(): Promise<void>
}

/** `hosts` maps a name to the loopback address the proxy connects to for it. */
export async function startForwardProxy(hosts: Record<string, string>): Promise<ForwardProxy> {
  const sockets = new Set<net.Socket>()
  const connects: string[] = []
  const plainRequests: string[] = []
  const server = http.createServer((req, res) => {
    plainRequests.push(`${req.method ?? ''} ${req.url ?? ''}`)
    res.writeHead(405, { 'content-type': 'text/plain' })
    res.end('This test proxy only tunnels (CONNECT).')
  })
  server.on('connection', socket => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const target = req.url ?? ''
    connects.push(target)
    const match = /^(.+):(\d+)$/.exec(target)
    const address = match ? hosts[(match[1] ?? '').toLowerCase()] : undefined
    if (match === null || address === undefined) {
      client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n')
      return
    }
    const upstream = net.connect(Number(match[2]), address, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length > 0) upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    sockets.add(upstream)
    upstream.on('close', () => sockets.delete(upstream))
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    connects,
    plainRequests,
    close: () =>
      new Promise<void>(resolve => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}
