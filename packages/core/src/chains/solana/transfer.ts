import type { CaipNetworkId } from '@latch/protocol'
import type { SentTransfer, Transfer, TransferReceipt } from '../types.ts'
import type { SolanaGatewayRpc } from './rpc.ts'

export type SolanaSigner = {
  address: string
  signAndSendTransaction?(wire: Uint8Array): Promise<Uint8Array /* signature */>
  signTransaction?(wire: Uint8Array): Promise<Uint8Array /* signed wire */>
}

// Placeholders with the final signatures: sending is written elsewhere.
export async function sendSolanaTransfer(
  _deps: { rpc: SolanaGatewayRpc; signer: SolanaSigner; caipNetworkId: CaipNetworkId },
  _transfer: Transfer,
): Promise<SentTransfer> {
  throw new Error('Solana sending is not available yet')
}

export async function waitForSolanaTransfer(
  _deps: { rpc: SolanaGatewayRpc },
  _sent: SentTransfer,
): Promise<TransferReceipt> {
  throw new Error('Solana sending is not available yet')
}
