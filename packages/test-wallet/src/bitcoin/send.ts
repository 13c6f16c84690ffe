import { selectUTXO } from '@scure/btc-signer'
import { invalidParams, WalletRpcError } from '../errors.ts'
import { type BitcoinNetworkName, BTC_NETWORKS, type WalletKey } from './keys.ts'

/** A payment asked of the wallet: satoshis to each address. */
export type Recipient = { address: string; amount: bigint }

type Utxo = { txid: string; vout: number; value: number }

async function esplora(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init)
  if (!response.ok)
    throw new WalletRpcError(-32603, `The Bitcoin node refused: ${(await response.text()).trim()}`)
  return response
}

/**
 * Pays `recipients` from the payment key's coins, as a wallet's own Send does: its UTXOs from the
 * chain's Esplora API, the fee rate Esplora estimates for 3 blocks, change back to the payment
 * address, signed and broadcast. Resolves with the txid.
 */
export async function sendTransfer(
  esploraUrl: string,
  network: BitcoinNetworkName,
  payment: WalletKey,
  recipients: readonly Recipient[],
): Promise<string> {
  const base = esploraUrl.replace(/\/+$/, '')
  const [utxos, estimates] = await Promise.all([
    esplora(`${base}/address/${payment.address}/utxo`).then((r) => r.json() as Promise<Utxo[]>),
    esplora(`${base}/fee-estimates`).then((r) => r.json() as Promise<Record<string, number>>),
  ])
  const feePerByte = BigInt(Math.max(1, Math.ceil(estimates['3'] ?? 1)))
  const selected = selectUTXO(
    utxos.map((utxo) => ({
      txid: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script: payment.script, amount: BigInt(utxo.value) },
      ...(payment.addressType === 'p2tr' ? { tapInternalKey: payment.publicKey } : {}),
      ...(payment.redeemScript ? { redeemScript: payment.redeemScript } : {}),
    })),
    recipients.map(({ address, amount }) => ({ address, amount })),
    'default',
    {
      feePerByte,
      changeAddress: payment.address,
      network: BTC_NETWORKS[network],
      createTx: true,
    },
  )
  if (!selected?.tx) throw invalidParams('the payment address cannot pay this amount and its fee')
  selected.tx.sign(payment.privateKey)
  selected.tx.finalize()
  return broadcast(esploraUrl, selected.tx.hex)
}

/** Sends a signed transaction (hex) to the chain through its Esplora API; resolves with the txid. */
export async function broadcast(esploraUrl: string, transactionHex: string): Promise<string> {
  const response = await esplora(`${esploraUrl.replace(/\/+$/, '')}/tx`, {
    method: 'POST',
    body: transactionHex,
  })
  return (await response.text()).trim()
}
