import { createConnection, createServer, type Socket } from 'node:net'

export type FrozenUpstream = {
  /** Where the server is told the chain's RPC is. */
  url: string
  /**
   * From now on nothing is passed either way, as with a node stopped by SIGSTOP; or, given
   * `methods`, only requests naming one of them are held (and nothing after them on their
   * connection), as with a node that stops answering between two calls of one route.
   */
  freeze(methods?: readonly string[]): void
  /**
   * Passes on again, what was held first (as a resumed node reads its backlog); answers how many
   * requests were waiting for it.
   */
  thaw(): number
  /** Requests held so far while frozen. */
  held(): number
  /**
   * Down: stops listening and drops every connection, so calls are refused at once, as with a
   * node that is not running; `accept` listens again on the same port.
   */
  refuse(): Promise<void>
  accept(): Promise<void>
  close(): Promise<void>
}

/**
 * A TCP proxy in front of a chain's RPC that can freeze: connections are still accepted (the
 * kernel does that for a stopped process too) but no byte goes through until it thaws. The
 * shared devnet's anvil is never stopped itself, since every test uses it.
 */
export async function startFrozenUpstream(target: string): Promise<FrozenUpstream> {
  const { hostname, port } = new URL(target)
  let frozen = false
  let only: readonly string[] | undefined
  // Connections holding a request of a partial freeze: what follows it on them waits behind it.
  const holding = new Set<Socket>()
  const held: { to: Socket; chunk: Buffer; request: boolean }[] = []
  const sockets = new Set<Socket>()
  const names = (chunk: Buffer) => {
    const text = chunk.toString('latin1')
    return only?.some((method) => text.includes(`"method":"${method}"`)) ?? false
  }
  const pass = (from: Socket, to: Socket, towardNode: boolean) => {
    from.on('data', (chunk: Buffer) => {
      const named = frozen && towardNode && names(chunk)
      if (frozen && (!only || holding.has(from) || named)) {
        if (only) holding.add(from)
        const request = named || chunk.toString('latin1').startsWith('POST ')
        held.push({ to, chunk, request })
      } else if (!to.destroyed) to.write(chunk)
    })
    from.on('close', () => to.destroy())
    from.on('error', () => to.destroy())
  }
  const connect = (client: Socket) => {
    const node = createConnection({ host: hostname, port: Number(port) })
    for (const socket of [client, node]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    }
    pass(client, node, true)
    pass(node, client, false)
  }
  const heldRequests = () => held.filter(({ request }) => request).length
  let server = createServer(connect)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const proxyPort = typeof address === 'object' && address ? address.port : 0
  const stopListening = () => {
    for (const socket of sockets) socket.destroy()
    return new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    freeze(methods) {
      frozen = true
      only = methods
    },
    held: heldRequests,
    thaw() {
      frozen = false
      only = undefined
      holding.clear()
      const waiting = heldRequests()
      for (const { to, chunk } of held.splice(0)) if (!to.destroyed) to.write(chunk)
      return waiting
    },
    refuse: stopListening,
    async accept() {
      server = createServer(connect)
      await new Promise<void>((resolve) => server.listen(proxyPort, '127.0.0.1', resolve))
    },
    close: () => (server.listening ? stopListening() : Promise.resolve()),
  }
}
