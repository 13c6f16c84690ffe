import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'
import { accountMethods } from './accountMethods.ts'
import { SolanaChain } from './chain.ts'
import { clusterMethods } from './clusterMethods.ts'
import { DEFAULT_SOLANA_PORT, SOLANA_CHAIN_NAME } from './constants.ts'
import { fundGenesis, genesisKeys, type SolanaGenesis } from './genesis.ts'
import { historyMethods } from './historyMethods.ts'
import { stringifyWithBigInts } from './json.ts'
import type { Methods } from './methods.ts'
import { answerBody } from './rpc.ts'
import { serveSubscriptions } from './subscriptions.ts'
import { transactionMethods } from './transactionMethods.ts'

export type SolanaDevnetOptions = {
  /** HTTP and WebSocket port; 0 picks a free one. Default 8550. */
  port?: number
  host?: string
  /** The mnemonic the funded accounts derive from (m/44'/501'/i'/0'). */
  mnemonic: string
  /** Milliseconds per slot. Default 400, a real cluster's pace. */
  slotMs?: number
  log?: (line: string) => void
}

export type SolanaDevnet = {
  chain: SolanaChain
  keys: SolanaGenesis
  name: string
  /** `solana:` + the first 32 characters of the genesis hash. */
  caipNetworkId: `solana:${string}`
  rpcUrl: string
  wsUrl: string
  stop(): Promise<void>
}

// A request body larger than this is refused: a transaction is at most 1232 bytes.
const MAX_BODY_BYTES = 1_000_000

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        resolve(undefined)
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function reply(response: ServerResponse, status: number, body: string, type = 'application/json') {
  response.writeHead(status, {
    'content-type': type,
    // Wallets and pages in the browser call a Solana RPC directly, as they do a public node.
    'access-control-allow-origin': '*',
    'access-control-allow-headers': '*',
    'access-control-allow-methods': 'POST, OPTIONS',
  })
  response.end(body)
}

/**
 * Starts the local Solana chain: Solana's JSON-RPC over HTTP and its subscriptions over a
 * WebSocket on the same port, with USDC minted and the devnet accounts funded.
 */
export async function startSolanaDevnet(options: SolanaDevnetOptions): Promise<SolanaDevnet> {
  const { host = '127.0.0.1', port = DEFAULT_SOLANA_PORT, mnemonic } = options
  const log = options.log ?? (() => {})
  const started = performance.now()
  const chain = new SolanaChain({ slotMs: options.slotMs })
  const keys = genesisKeys(mnemonic)
  try {
    await fundGenesis(chain, keys)
  } catch (error) {
    chain.stop()
    throw error
  }
  const methods: Methods = {
    ...accountMethods,
    ...clusterMethods,
    ...historyMethods,
    ...transactionMethods(keys.faucet),
  }

  const server = createServer(async (request, response) => {
    if (request.method === 'OPTIONS') return reply(response, 204, '')
    if (request.method === 'GET' && request.url === '/health')
      return reply(response, 200, 'ok', 'text/plain')
    if (request.method !== 'POST') {
      return reply(
        response,
        405,
        'Used HTTP Method is not allowed. POST or OPTIONS is required',
        'text/plain',
      )
    }
    const body = await readBody(request).catch(() => undefined)
    if (body === undefined) return reply(response, 413, 'Payload Too Large', 'text/plain')
    const answer = await answerBody(body, methods, chain)
    reply(response, 200, stringifyWithBigInts(answer ?? null))
  })
  const sockets = new WebSocketServer({ server })
  sockets.on('connection', (socket) => serveSubscriptions(socket, chain))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  }).catch((error: unknown) => {
    chain.stop()
    throw error
  })
  const bound = (server.address() as AddressInfo).port
  const rpcUrl = `http://${host}:${bound}`
  const wsUrl = `ws://${host}:${bound}`
  log(
    `Solana devnet listening on ${rpcUrl} (ws ${wsUrl}); ready in ${Math.round(performance.now() - started)} ms`,
  )

  let stopped: Promise<void> | undefined
  const stop = () => {
    stopped ??= new Promise<void>((resolve) => {
      chain.stop()
      for (const client of sockets.clients) client.terminate()
      sockets.close()
      server.closeAllConnections()
      server.close(() => resolve())
    })
    return stopped
  }
  return {
    chain,
    keys,
    name: SOLANA_CHAIN_NAME,
    caipNetworkId: `solana:${chain.genesisHash.slice(0, 32)}`,
    rpcUrl,
    wsUrl,
    stop,
  }
}
