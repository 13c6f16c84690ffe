import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { findFreePort, retryOnTakenPort, startAnvil } from './anvil.ts'
import { ANVIL_PORT_ATTEMPTS, DEVNET_MNEMONIC } from './constants.ts'

const host = '127.0.0.1'

/** Holds a port the way another program would between findFreePort and anvil's bind. */
function occupy(): Promise<Server & { port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen({ port: 0, host }, () => {
      const address = server.address()
      resolve(
        Object.assign(server, { port: typeof address === 'object' ? (address?.port ?? 0) : 0 }),
      )
    })
  })
}

describe('retryOnTakenPort', () => {
  const cleanup: (() => Promise<void>)[] = []
  afterEach(async () => {
    await Promise.all(cleanup.splice(0).map((stop) => stop()))
  })

  it('starts anvil on another free port when the one found free was taken meanwhile', async () => {
    const taken = await occupy()
    cleanup.push(() => new Promise((resolve) => taken.close(() => resolve())))
    const node = await retryOnTakenPort(
      (port) => startAnvil({ port, chainId: 31337, host, mnemonic: DEVNET_MNEMONIC }),
      taken.port,
      () => findFreePort(host),
    )
    cleanup.push(() => node.stop())
    expect(new URL(node.rpcUrl).port).not.toBe(String(taken.port))
    const answer = await fetch(node.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    expect(await answer.json()).toMatchObject({ result: '0x7a69' })
  })

  it('gives up after ANVIL_PORT_ATTEMPTS, and at once on any other failure', async () => {
    const tried: number[] = []
    const inUse = (port: number) => {
      tried.push(port)
      return Promise.reject(
        new Error(`anvil on port ${port}: Address already in use (os error 98)`),
      )
    }
    let next = 5000
    await expect(retryOnTakenPort(inUse, 4999, async () => next++)).rejects.toThrow(
      /Address already in use/,
    )
    expect(tried).toEqual([4999, 5000, 5001].slice(0, ANVIL_PORT_ATTEMPTS))

    tried.length = 0
    const broken = (port: number) => {
      tried.push(port)
      return Promise.reject(new Error('anvil exited: bad mnemonic'))
    }
    await expect(retryOnTakenPort(broken, 4999, async () => next++)).rejects.toThrow(/mnemonic/)
    expect(tried).toEqual([4999])
  })
})
