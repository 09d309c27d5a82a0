// A real forward proxy on loopback: it answers `CONNECT host:port` with a TCP tunnel and records
// each target. It resolves names itself from `hosts` (there is no DNS for test names) and refuses
// any other (502), so a test reaches nothing beyond loopback.
import * as http from 'node:http'
import * as net from 'node:net'
import { listenOnLoopback } from './loopback.js'

/** `hosts` maps a name to the loopback address the proxy connects to for it. */
export async function startForwardProxy(hosts: Record<string, string>) {
  const connects: string[] = []
  const plainRequests: string[] = []
  const server = http.createServer((req, res) => {
    plainRequests.push(`${req.method ?? ''} ${req.url ?? ''}`)
    res.writeHead(405, { 'content-type': 'text/plain' })
    res.end('This test proxy only tunnels (CONNECT).')
  })
  const listening = await listenOnLoopback(server)
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
    listening.track(upstream)
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })
  return {
    /** http://127.0.0.1:<port>, the value for HTTP_PROXY or HTTPS_PROXY. */
    url: listening.url,
    /** The authority of every CONNECT request, in order, e.g. "qa.emulator.test:54321". */
    connects,
    /** Requests that were not CONNECT (a plain-HTTP proxy request), as "METHOD target". */
    plainRequests,
    close: listening.close
  }
}
