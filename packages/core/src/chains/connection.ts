import type { CaipAddress, CaipNetworkId } from '@latch/protocol'

/** A wallet the visitor can pick: an EIP-6963 announcement, the legacy injected provider, ... */
export type WalletOption = {
  /** The connector id: the rdns for an EIP-6963 wallet, `injected` for window.ethereum. */
  id: string
  name: string
  icon: string | undefined
  rdns: string | undefined
  kind: 'announced' | 'injected' | 'walletConnect'
}

/**
 * One family's wallet connection in CAIP form: the account as a CAIP-10 id and its network as a
 * CAIP-2 id, so the kit's rules read every family the same way.
 */
export type ChainConnection =
  | { status: 'disconnected' }
  | { status: 'connecting' | 'reconnecting'; wallet: WalletOption | undefined }
  | {
      status: 'connected'
      address: string
      caipNetworkId: CaipNetworkId
      caipAddress: CaipAddress
      wallet: WalletOption
    }

/** Whether the account or its network changed between two connections (a new one to load). */
export function accountMoved(current: ChainConnection, previous: ChainConnection): boolean {
  if (current.status !== 'connected') return false
  return previous.status !== 'connected' || previous.caipAddress !== current.caipAddress
}
