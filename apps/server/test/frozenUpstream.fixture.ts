import { createConnection, createServer, type Socket } from 'node:net'

export type FrozenUpstream = {
  /** Where the server is told the chain's RPC is. */
  url: string
  /** From now on nothing is passed either way, as with a node stopped by SIGSTOP. */
  freeze(): void
  /**
   * Passes on again, what was held first (as a resumed node reads its backlog); answers how many
   * requests were waiting for it.
   */
  thaw(): number
  /** Requests held so far while frozen. */
  held(): number
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
  const held: { to: Socket; chunk: Buffer }[] = []
  const sockets = new Set<Socket>()
  const pass = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (frozen) held.push({ to, chunk })
      else if (!to.destroyed) to.write(chunk)
    })
    from.on('close', () => to.destroy())
    from.on('error', () => to.destroy())
  }
  const server = createServer((client) => {
    const node = createConnection({ host: hostname, port: Number(port) })
    for (const socket of [client, node]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    }
    pass(client, node)
    pass(node, client)
  })
  const heldRequests = () =>
    held.filter(({ chunk }) => chunk.toString('latin1').startsWith('POST ')).length
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const proxyPort = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    freeze() {
      frozen = true
    },
    held: heldRequests,
    thaw() {
      frozen = false
      const waiting = heldRequests()
      for (const { to, chunk } of held.splice(0)) if (!to.destroyed) to.write(chunk)
      return waiting
    },
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
