import {
  bitcoinAddressProblem,
  bitcoinOutputScript,
  decodeBitcoinAddress,
} from '@latch/protocol/bitcoin'
import { Transaction } from '@scure/btc-signer'
import { hex } from './bytes.ts'
import type { BitcoinChain } from './chain.ts'
import { COINBASE_MATURITY, MAX_FAUCET_SATS } from './constants.ts'
import type { BitcoinKey } from './keys.ts'
import { dustThreshold } from './policy.ts'

/** The faucet pays 2 sat/vB: above the relay minimum, and mined by the next block. */
const FAUCET_FEE_RATE = 2n

/** A faucet request the devnet refuses before building anything, with a message for the caller. */
export class FaucetError extends Error {
  override name = 'FaucetError'
}

/**
 * Pays `sats` to `address` from the miner's matured coins in a transaction signed by the miner's
 * key and submitted like any other (so the node checks it); returns its txid. It confirms with
 * the next block.
 */
export function payFromMiner(
  chain: BitcoinChain,
  miner: BitcoinKey,
  address: string,
  sats: bigint,
): string {
  const problem = bitcoinAddressProblem(address, 'regtest')
  const decoded = decodeBitcoinAddress(address)
  if (problem || !decoded) throw new FaucetError(problem ?? 'Invalid Bitcoin address')
  const script = bitcoinOutputScript(decoded)
  if (sats < dustThreshold(script))
    throw new FaucetError(`sats must be at least ${dustThreshold(script)} for this address`)
  if (sats > MAX_FAUCET_SATS) throw new FaucetError(`sats must be at most ${MAX_FAUCET_SATS}`)

  const nextHeight = chain.tip.height + 1
  const coins = chain
    .unspent(miner.script)
    // The faucet's own change in the mempool may pay the next request, as a wallet's would.
    .filter(
      (coin) =>
        coin.height === undefined ||
        !coin.coinbase ||
        nextHeight - coin.height >= COINBASE_MATURITY,
    )
    .sort((a, b) => (a.value < b.value ? 1 : a.value > b.value ? -1 : 0))
  const chosen: typeof coins = []
  let total = 0n
  // Enough for the payment and a fee of a few hundred vbytes per input.
  for (const coin of coins) {
    if (total >= sats + 1_000n * BigInt(chosen.length + 1)) break
    chosen.push(coin)
    total += coin.value
  }
  if (total < sats + 1_000n * BigInt(chosen.length))
    throw new FaucetError('The faucet is out of matured coins; mine more blocks')

  const build = (fee: bigint) => {
    const tx = new Transaction()
    for (const coin of chosen)
      tx.addInput({
        txid: coin.txid,
        index: coin.vout,
        witnessUtxo: { script: coin.script, amount: coin.value },
      })
    tx.addOutput({ script, amount: sats })
    const change = total - sats - fee
    if (change >= dustThreshold(miner.script))
      tx.addOutput({ script: miner.script, amount: change })
    tx.sign(miner.privateKey)
    tx.finalize()
    return tx
  }
  const draft = build(0n)
  const signed = build(BigInt(draft.vsize) * FAUCET_FEE_RATE)
  return chain.submit(hex.encode(signed.extract()))
}
