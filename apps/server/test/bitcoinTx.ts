import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { DevnetManifest, EsploraUtxo } from '@latch/protocol'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { hex } from '@scure/base'
import { p2tr, p2wpkh, Transaction } from '@scure/btc-signer'

type BitcoinDevnet = NonNullable<DevnetManifest['bitcoin']>

/** Regtest's address encodings, for btc-signer. */
export const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

/** A key with its address: P2WPKH (payment) or key-path P2TR (ordinals). */
export type BitcoinTestKey = {
  privateKey: Uint8Array
  publicKey: Uint8Array
  script: Uint8Array
  address: string
  taproot: boolean
}

export function bitcoinKey(
  kind: 'p2wpkh' | 'p2tr',
  privateKey = secp256k1.utils.randomSecretKey(),
) {
  const compressed = secp256k1.getPublicKey(privateKey, true)
  const taproot = kind === 'p2tr'
  const publicKey = taproot ? compressed.subarray(1) : compressed
  const payment = taproot ? p2tr(publicKey, undefined, REGTEST) : p2wpkh(publicKey, REGTEST)
  return {
    privateKey,
    publicKey,
    script: payment.script,
    address: payment.address as string,
    taproot,
  } satisfies BitcoinTestKey
}

/** Real transactions on the test devnet's Bitcoin chain: the faucet, mining, signed payments. */
export function bitcoinDevnet(chain: BitcoinDevnet) {
  const base = chain.esploraUrl
  const post = async (path: string, body: string) => {
    const response = await fetch(`${base}${path}`, { method: 'POST', body })
    const text = await response.text()
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text}`)
    return text
  }
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${base}${path}`)
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }
  return {
    /** Pays `sats` to `address` from the devnet's faucet; in the mempool until mined. */
    fund: (address: string, sats: number) =>
      post('/latch/faucet', JSON.stringify({ address, sats })),
    mine: async (blocks = 1) => JSON.parse(await post(`/latch/mine?blocks=${blocks}`, '')),
    utxos: (address: string) => get<EsploraUtxo[]>(`/address/${address}/utxo`),
    /**
     * A signed payment of `sats` from `key`'s coins to `to`, change back to `key`, paying
     * `feeSats`; the raw hex (not broadcast).
     */
    async payment(key: BitcoinTestKey, to: string, sats: bigint, feeSats = 1_000n) {
      const coins = await get<EsploraUtxo[]>(`/address/${key.address}/utxo`)
      const tx = new Transaction()
      let total = 0n
      for (const coin of coins) {
        tx.addInput({
          txid: coin.txid,
          index: coin.vout,
          witnessUtxo: { script: key.script, amount: BigInt(coin.value) },
          ...(key.taproot ? { tapInternalKey: key.publicKey } : {}),
        })
        total += BigInt(coin.value)
      }
      tx.addOutputAddress(to, sats, REGTEST)
      if (total - sats - feeSats > 0n)
        tx.addOutputAddress(key.address, total - sats - feeSats, REGTEST)
      tx.sign(key.privateKey)
      tx.finalize()
      return hex.encode(tx.extract())
    },
    broadcast: (rawHex: string) => post('/tx', rawHex),
  }
}

/** What a counting proxy in front of an Esplora API saw: `GET /address/...` per request. */
export type CountingEsplora = {
  url: string
  requests: string[]
  close(): Promise<void>
}

/** An HTTP proxy in front of the devnet's Esplora API that records every request it passes on. */
export async function startCountingEsplora(target: string): Promise<CountingEsplora> {
  const requests: string[] = []
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    requests.push(`${request.method} ${request.url}`)
    try {
      const answer = await fetch(`${target}${request.url}`, {
        method: request.method,
        ...(request.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
      })
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'text/plain',
      })
      response.end(await answer.text())
    } catch {
      if (!response.headersSent) response.writeHead(502)
      response.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
