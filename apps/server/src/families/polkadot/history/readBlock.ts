import type { ApiPromise } from '@polkadot/api'
import { u8aToHex } from '@polkadot/util'
import { decodeAddress } from '@polkadot/util-crypto'

export type IndexedExtrinsic = {
  extrinsicIndex: number
  hash: string
  signer: string
  nonce: number
  success: boolean
}

export type IndexedTransfer = {
  eventIndex: number
  extrinsicIndex: number | undefined
  from: string
  to: string
  amount: bigint
}

export type IndexedBlock = {
  number: number
  hash: string
  time: number
  extrinsics: IndexedExtrinsic[]
  transfers: IndexedTransfer[]
}

/** The hex account id of an address or AccountId: the same under every SS58 prefix. */
export const accountIdHex = (value: string | Uint8Array): string => u8aToHex(decodeAddress(value))

/**
 * One block as the indexer keeps it: its signed extrinsics with their outcome
 * (System.ExtrinsicSuccess or ExtrinsicFailed) and its Balances.Transfer events.
 */
export async function readPolkadotBlock(api: ApiPromise, number: number): Promise<IndexedBlock> {
  const hash = await api.rpc.chain.getBlockHash(number)
  const [block, at] = await Promise.all([api.rpc.chain.getBlock(hash), api.at(hash)])
  const [events, now] = await Promise.all([at.query.system.events(), at.query.timestamp.now()])
  const outcome = new Map<number, boolean>()
  const transfers: IndexedTransfer[] = []
  events.forEach(({ event, phase }, eventIndex) => {
    const extrinsicIndex = phase.isApplyExtrinsic ? phase.asApplyExtrinsic.toNumber() : undefined
    if (extrinsicIndex !== undefined && api.events.system.ExtrinsicSuccess.is(event))
      outcome.set(extrinsicIndex, true)
    if (extrinsicIndex !== undefined && api.events.system.ExtrinsicFailed.is(event))
      outcome.set(extrinsicIndex, false)
    if (api.events.balances.Transfer.is(event)) {
      const [from, to, amount] = event.data
      transfers.push({
        eventIndex,
        extrinsicIndex,
        from: accountIdHex(from.toU8a()),
        to: accountIdHex(to.toU8a()),
        amount: amount.toBigInt(),
      })
    }
  })
  const extrinsics: IndexedExtrinsic[] = []
  block.block.extrinsics.forEach((extrinsic, extrinsicIndex) => {
    if (!extrinsic.isSigned) return
    extrinsics.push({
      extrinsicIndex,
      hash: extrinsic.hash.toHex(),
      signer: accountIdHex(extrinsic.signer.toString()),
      nonce: extrinsic.nonce.toNumber(),
      success: outcome.get(extrinsicIndex) ?? false,
    })
  })
  return { number, hash: hash.toHex(), time: now.toNumber(), extrinsics, transfers }
}
