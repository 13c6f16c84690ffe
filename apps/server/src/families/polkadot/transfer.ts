import {
  keepAliveRefusal,
  type PolkadotTransferResponse,
  type SignerPayloadJson,
} from '@latch/protocol'
import { formatUnits } from 'viem'
import { HttpError } from '../../errors.ts'
import { readPolkadotHoldings, transferablePlanck } from './balances.ts'
import type { PolkadotChainClient } from './clients.ts'

/** Blocks a signed transfer stays valid for: about six minutes at six-second blocks. */
const MORTAL_ERA_PERIOD = 64

/**
 * Builds a `balances.transferKeepAlive` for the wallet to sign: the payload its `signPayload`
 * takes (nonce, mortal era from the head, the runtime's versions and signed extensions), with the
 * fee the runtime estimates. Refused with a sentence: below the existential deposit to an account
 * that does not exist yet, or more than the sender's transferable balance with the fee, or leaving
 * the sender under the existential deposit.
 */
export async function buildPolkadotTransfer(
  chain: PolkadotChainClient,
  request: { from: string; to: string; amount: bigint },
): Promise<PolkadotTransferResponse> {
  const { from, to, amount } = request
  const api = await chain.api()
  const info = await chain.info()
  const units = (planck: bigint) => `${formatUnits(planck, info.decimals)} ${info.symbol}`
  const ed = info.existentialDeposit
  if (amount <= 0n) throw new HttpError(400, 'amount must be more than 0')
  if (from === to) throw new HttpError(400, 'from and to are the same account')
  const tx = api.tx.balances.transferKeepAlive(to, amount)
  const [sender, receiver, payment] = await Promise.all([
    readPolkadotHoldings(chain, from),
    readPolkadotHoldings(chain, to),
    tx.paymentInfo(from),
  ])
  const fee = payment.partialFee.toBigInt()
  // A new account must be created with at least the existential deposit, or the chain refuses it.
  if (receiver.free + receiver.reserved === 0n && amount < ed)
    throw new HttpError(
      400,
      `The receiving account is empty: send at least the existential deposit, ${units(ed)}`,
    )
  const transferable = transferablePlanck(sender, ed)
  // Said as what must stay behind when the deposit is the reason, else as what the account may move.
  const refusal = keepAliveRefusal({
    free: sender.free,
    frozen: sender.frozen,
    amount,
    fee,
    existentialDeposit: ed,
    format: units,
  })
  if (refusal) throw new HttpError(400, refusal)
  const [header, nonce] = await Promise.all([
    api.rpc.chain.getHeader(),
    api.rpc.system.accountNextIndex(from),
  ])
  const era = api.registry.createType('ExtrinsicEra', {
    current: header.number.toNumber(),
    period: MORTAL_ERA_PERIOD,
  })
  const payload = api.registry
    .createType('SignerPayload', {
      address: from,
      blockHash: header.hash,
      blockNumber: header.number,
      era,
      genesisHash: api.genesisHash,
      method: tx.method,
      nonce,
      runtimeVersion: api.runtimeVersion,
      signedExtensions: api.registry.signedExtensions,
      tip: 0,
      version: tx.version,
    })
    .toPayload() as unknown as SignerPayloadJson
  return {
    payload,
    fee: fee.toString(),
    existentialDeposit: ed.toString(),
    transferable: transferable.toString(),
  }
}
