// Listening on loopback for the test servers (tiny server, forward proxy, fake GitHub): an
// ephemeral port on 127.0.0.1, and a close that does not wait for keep-alive or tunnelled
// connections to end on their own.
import type * as http from 'node:http'
import type * as net from 'node:net'

export async function listenOnLoopback(server: http.Server) {
  const sockets = new Set<net.Socket>()
  const track = (socket: net.Socket): void => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  }
  server.on('connection', track)
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    /** Also destroy `socket` on close (e.g. the upstream end of a tunnel). */
    track,
    /** Destroys every open connection, then stops listening. */
    close: (): Promise<void> =>
      new Promise<void>(resolve => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}
