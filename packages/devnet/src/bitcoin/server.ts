import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { DevnetBitcoinAccount } from '@latch/protocol'
import {
  bitcoinAddressProblem,
  bitcoinOutputScript,
  decodeBitcoinAddress,
} from '@latch/protocol/bitcoin'
import { BITCOIN_REGTEST } from '@latch/protocol/bitcoin-networks'
import { headerHex } from './block.ts'
import { hex } from './bytes.ts'
import { BitcoinChain } from './chain.ts'
import {
  BITCOIN_CHAIN_NAME,
  DEFAULT_BITCOIN_PORT,
  FEE_ESTIMATES,
  MAX_MINE_BLOCKS,
} from './constants.ts'
import {
  addressJson,
  blockJson,
  chainTxsPage,
  mempoolTxs,
  outspendJson,
  outspendsJson,
  statusJson,
  transactionJson,
  utxoJson,
} from './esplora.ts'
import { FaucetError, payFromMiner } from './faucet.ts'
import { fundAccounts } from './funding.ts'
import { type BitcoinKeys, deriveBitcoinKeys, manifestAccount } from './keys.ts'
import { NodeRejection } from './nodeError.ts'

export type BitcoinDevnetOptions = {
  /** HTTP port of the Esplora API; 0 picks a free one. Default 8555. */
  port?: number
  host?: string
  /** The mnemonic the funded accounts derive from (BIP-84 and BIP-86, coin type 1). */
  mnemonic: string
  /** Mines a block every this many ms; 0 (the default) mines only on demand. */
  blockIntervalMs?: number
  log?: (line: string) => void
}

export type BitcoinDevnet = {
  chain: BitcoinChain
  keys: BitcoinKeys
  /** The funded accounts as the manifest lists them. */
  accounts: DevnetBitcoinAccount[]
  name: string
  caipNetworkId: typeof BITCOIN_REGTEST
  esploraUrl: string
  blockIntervalMs: number
  /** Mines `count` blocks paying the miner; returns their hashes. */
  mine(count?: number): string[]
  stop(): Promise<void>
}

// Bodies larger than this are refused: a standard transaction is at most 400,000 weight units.
const MAX_BODY_BYTES = 1_000_000

type Reply = { status: number; body: string; type: 'json' | 'text' }
const json = (value: unknown, status = 200): Reply => ({
  status,
  body: JSON.stringify(value),
  type: 'json',
})
const text = (value: string, status = 200): Reply => ({ status, body: value, type: 'text' })

const TXID = /^[0-9a-f]{64}$/

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

/**
 * Answers one request of Esplora's REST API, plus the devnet's own `/latch/*` calls: the paths,
 * status codes, bodies and content types Blockstream's and mempool.space's explorers answer.
 */
function route(
  devnet: Pick<BitcoinDevnet, 'chain' | 'keys' | 'mine'>,
  method: string,
  url: URL,
  body: string,
): Reply {
  const { chain } = devnet
  const parts = url.pathname.split('/').filter(Boolean)
  const [head, id, sub, extra] = parts

  if (method === 'POST') {
    if (parts.length === 1 && head === 'tx') {
      try {
        return text(chain.submit(body.trim()))
      } catch (error) {
        if (error instanceof NodeRejection) return text(error.esploraText, 400)
        throw error
      }
    }
    if (head === 'latch' && id === 'mine' && parts.length === 2) {
      const blocks = Number(url.searchParams.get('blocks') ?? '1')
      if (!Number.isInteger(blocks) || blocks < 1 || blocks > MAX_MINE_BLOCKS)
        return text(`blocks must be a whole number from 1 to ${MAX_MINE_BLOCKS}`, 400)
      return json(devnet.mine(blocks))
    }
    if (head === 'latch' && id === 'faucet' && parts.length === 2) {
      let request: { address?: unknown; sats?: unknown }
      try {
        request = JSON.parse(body) as typeof request
      } catch {
        return text('Expected a JSON body {"address": "bcrt1...", "sats": 100000}', 400)
      }
      const { address, sats } = request ?? {}
      if (typeof address !== 'string') return text('address must be a string', 400)
      if (typeof sats !== 'number' || !Number.isSafeInteger(sats) || sats <= 0)
        return text('sats must be a positive whole number', 400)
      try {
        return text(payFromMiner(chain, devnet.keys.miner, address, BigInt(sats)))
      } catch (error) {
        if (error instanceof FaucetError) return text(error.message, 400)
        if (error instanceof NodeRejection) return text(error.esploraText, 400)
        throw error
      }
    }
    return text('Not Found', 404)
  }
  if (method !== 'GET') return text('Method Not Allowed', 405)

  if (head === 'blocks' && id === 'tip' && parts.length === 3) {
    if (sub === 'height') return text(String(chain.tip.height))
    if (sub === 'hash') return text(chain.tip.hash)
  }
  if (head === 'blocks' && parts.length <= 2) {
    const start = id === undefined ? chain.tip.height : Number(id)
    if (!Number.isInteger(start) || start < 0) return text('Invalid height', 400)
    const list = []
    for (let height = Math.min(start, chain.tip.height); height >= 0 && list.length < 10; height--)
      list.push(blockJson(chain.block(height) as NonNullable<ReturnType<typeof chain.block>>))
    return json(list)
  }
  if (head === 'block-height' && id !== undefined && parts.length === 2) {
    const block = /^\d+$/.test(id) ? chain.block(Number(id)) : undefined
    return block ? text(block.hash) : text('Block not found', 404)
  }
  if (head === 'block' && id !== undefined) {
    const block = chain.block(id)
    if (!block) return text('Block not found', 404)
    if (parts.length === 2) return json(blockJson(block))
    if (sub === 'status' && parts.length === 3) {
      const next = chain.block(block.height + 1)
      return json({
        in_best_chain: true,
        height: block.height,
        ...(next ? { next_best: next.hash } : { next_best: null }),
      })
    }
    if (sub === 'txids' && parts.length === 3) return json(block.txids)
    if (sub === 'header' && parts.length === 3) return text(headerHex(block))
    if (sub === 'txid' && extra !== undefined && parts.length === 4) {
      const txid = /^\d+$/.test(extra) ? block.txids[Number(extra)] : undefined
      return txid ? text(txid) : text('Transaction not found', 404)
    }
  }

  if (head === 'tx' && id !== undefined) {
    if (!TXID.test(id)) return text('Invalid hex string', 400)
    const entry = chain.transaction(id)
    if (!entry) return text('Transaction not found', 404)
    if (parts.length === 2) return json(transactionJson(entry))
    if (sub === 'status' && parts.length === 3) return json(statusJson(entry))
    if (sub === 'hex' && parts.length === 3) return text(hex.encode(entry.parsed.raw))
    if (sub === 'outspends' && parts.length === 3) return json(outspendsJson(chain, entry))
    if (sub === 'outspend' && extra !== undefined && parts.length === 4) {
      const vout = Number(extra)
      if (!Number.isInteger(vout) || vout < 0 || vout >= entry.parsed.tx.outputs.length)
        return text('Transaction output not found', 404)
      return json(outspendJson(chain, id, vout))
    }
  }

  if (head === 'address' && id !== undefined) {
    const decoded = decodeBitcoinAddress(id)
    if (!decoded) return text('Invalid Bitcoin address', 400)
    if (bitcoinAddressProblem(id, 'regtest')) return text('Address on invalid network', 400)
    const script = bitcoinOutputScript(decoded)
    if (parts.length === 2) return json(addressJson(chain, id, script))
    if (sub === 'utxo' && parts.length === 3) return json(utxoJson(chain, script))
    if (sub === 'txs' && parts.length === 3)
      return json([...mempoolTxs(chain, script), ...(chainTxsPage(chain, script) ?? [])])
    if (sub === 'txs' && extra === 'mempool' && parts.length === 4)
      return json(mempoolTxs(chain, script))
    if (sub === 'txs' && extra === 'chain' && parts.length <= 5) {
      const lastSeen = parts[4]
      if (lastSeen !== undefined && !TXID.test(lastSeen)) return text('Invalid hex string', 400)
      const page = chainTxsPage(chain, script, lastSeen)
      // A txid not in the address's history leaves nothing to continue from.
      return json(page ?? [])
    }
  }

  if (head === 'fee-estimates' && parts.length === 1) return json(FEE_ESTIMATES)
  if (head === 'mempool' && parts.length === 1) {
    const entries = chain.mempool
    return json({
      count: entries.length,
      vsize: entries.reduce((sum, entry) => sum + entry.parsed.vsize, 0),
      total_fee: Number(entries.reduce((sum, entry) => sum + entry.fee, 0n)),
      fee_histogram: [],
    })
  }
  if (head === 'mempool' && id === 'txids' && parts.length === 2)
    return json(chain.mempool.map((entry) => entry.parsed.txid))
  if (head === 'health' && parts.length === 1) return text('ok')
  return text('Not Found', 404)
}

function send(response: ServerResponse, reply: Reply): void {
  response.writeHead(reply.status, {
    'content-type': reply.type === 'json' ? 'application/json' : 'text/plain',
    // Wallets and pages call an Esplora API from the browser, as they do Blockstream's.
    'access-control-allow-origin': '*',
    'access-control-allow-headers': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
  })
  response.end(reply.body)
}

/**
 * Starts the local Bitcoin chain behind an Esplora REST API, with the accounts funded from
 * coinbases and matured, and (with `blockIntervalMs`) a block mined on a timer.
 */
export async function startBitcoinDevnet(options: BitcoinDevnetOptions): Promise<BitcoinDevnet> {
  const { host = '127.0.0.1', port = DEFAULT_BITCOIN_PORT, mnemonic } = options
  const blockIntervalMs = options.blockIntervalMs ?? 0
  const log = options.log ?? (() => {})
  const started = performance.now()
  // The keys and the start-up blocks take a few hundred ms of CPU: let the caller's other
  // services (anvil's processes, listeners) get going first.
  await new Promise((resolve) => setImmediate(resolve))
  const chain = new BitcoinChain()
  const keys = deriveBitcoinKeys(mnemonic)
  fundAccounts(chain, keys)
  const mine = (count = 1) =>
    Array.from({ length: count }, () => chain.mine([{ script: keys.miner.script }]).hash)

  const server = createServer(async (request, response) => {
    if (request.method === 'OPTIONS') return send(response, text('', 204))
    const url = new URL(request.url ?? '/', 'http://devnet')
    const body = request.method === 'POST' ? await readBody(request).catch(() => undefined) : ''
    if (body === undefined) return send(response, text('Payload Too Large', 413))
    try {
      send(response, route({ chain, keys, mine }, request.method ?? 'GET', url, body))
    } catch (error) {
      log(`bitcoin devnet: ${request.method} ${url.pathname} failed: ${String(error)}`)
      send(response, text('Internal Server Error', 500))
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  const bound = (server.address() as AddressInfo).port
  const esploraUrl = `http://${host}:${bound}`
  const timer = blockIntervalMs > 0 ? setInterval(() => mine(1), blockIntervalMs) : undefined
  timer?.unref()
  log(
    `Bitcoin devnet (Esplora) listening on ${esploraUrl}; height ${chain.tip.height}; ready in ${Math.round(performance.now() - started)} ms`,
  )

  let stopped: Promise<void> | undefined
  const stop = () => {
    stopped ??= new Promise<void>((resolve) => {
      clearInterval(timer)
      server.closeAllConnections()
      server.close(() => resolve())
    })
    return stopped
  }
  return {
    chain,
    keys,
    accounts: keys.accounts.map(manifestAccount),
    name: BITCOIN_CHAIN_NAME,
    caipNetworkId: BITCOIN_REGTEST,
    esploraUrl,
    blockIntervalMs,
    mine,
    stop,
  }
}
