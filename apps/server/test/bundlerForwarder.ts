import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in for a bundler's address: forwards to `target` (alto) while open, refuses connections
 * while closed, so a test can take the bundler down and bring it back on the same URL.
 */
export async function startForwarder(target: string) {
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    })
    response.writeHead(answer.status, { 'content-type': 'application/json' })
    response.end(await answer.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
    reopen: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
  }
}
