import type { BalanceResponse, CaipNetworkId } from '@latch/protocol'
import type { SignerPayloadJson } from './injected.ts'

/** A transfer built by the server: what the extension signs, its fee and the chain's minimum balance. */
export type BuiltTransfer = {
  payload: SignerPayloadJson
  /** In planck. */
  fee: bigint
  /** The least an account may hold (planck): below it the chain reaps the account. */
  existentialDeposit: bigint
}

/** Where an extrinsic the server submitted is: in the pool, or in a block (and whether it ran). */
export type ExtrinsicStatus =
  | { status: 'pending' }
  | { status: 'included'; blockNumber: number; success: boolean }

/**
 * What the Polkadot family asks of the Latch server, which holds the chain client: the page
 * carries none, so metadata and the runtime's codecs stay off the page.
 */
export type PolkadotServer = {
  balance(
    address: string,
    caipNetworkId: CaipNetworkId,
    options: { force: boolean },
  ): Promise<BalanceResponse>
  /** Builds a `balances.transferKeepAlive` from `from` (amount in planck). */
  buildTransfer(request: {
    caipNetworkId: CaipNetworkId
    from: string
    to: string
    amount: bigint
  }): Promise<BuiltTransfer>
  /** Submits the extrinsic of `payload` with the extension's signature; its hash. */
  submit(request: {
    caipNetworkId: CaipNetworkId
    payload: SignerPayloadJson
    signature: string
  }): Promise<string>
  status(hash: string, caipNetworkId: CaipNetworkId): Promise<ExtrinsicStatus>
}
