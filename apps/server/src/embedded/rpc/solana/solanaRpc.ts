import type { SolanaChainClient } from '../../../families/solana/clients.ts'
import type { EmbeddedContext } from '../../context.ts'
import type { SolanaSigner } from '../../solanaKeys.ts'
import { type WalletUser, WalletUserStore } from '../../users.ts'
import { solanaChainFor } from './network.ts'
import { solanaSignAndSendTransaction } from './signAndSend.ts'
import { solanaSignMessage } from './signMessage.ts'
import { solanaSignAllTransactions, solanaSignTransaction } from './signTransaction.ts'

/** `chain` resolves the call's network: only a method that sends needs one configured. */
type SolanaMethod = (
  signer: SolanaSigner,
  chain: () => SolanaChainClient,
  params: unknown,
) => Promise<unknown>

/** The Solana calls that need the user's key; each was approved by the user in the frame. */
export const SOLANA_SIGNING_METHODS: Record<string, SolanaMethod> = {
  solana_signMessage: (signer, _chain, params) => solanaSignMessage(signer, params),
  solana_signTransaction: (signer, _chain, params) => solanaSignTransaction(signer, params),
  solana_signAllTransactions: (signer, _chain, params) => solanaSignAllTransactions(signer, params),
  solana_signAndSendTransaction: (signer, chain, params) =>
    solanaSignAndSendTransaction(signer, chain(), params),
}

/**
 * One Solana call of the user on the network `caipNetworkId` names (else the first configured):
 * the user's Solana key (created on first use) is decrypted for this call only. Signing needs no
 * network, so a server without Solana chains still signs; a named network must be configured.
 */
export async function solanaWalletRpc(
  context: Pick<EmbeddedContext, 'db' | 'vault' | 'solanaChains'>,
  user: WalletUser,
  request: { method: string; params?: unknown; caipNetworkId?: string | undefined },
  method: SolanaMethod,
): Promise<unknown> {
  const chain = () => solanaChainFor(context.solanaChains, request.caipNetworkId)
  if (request.caipNetworkId !== undefined) chain()
  const key = await new WalletUserStore(context.db).ensureSolanaKey(context.vault, user)
  return context.vault.withSolanaSigner(user.id, key.encryptedKey, (signer) =>
    method(signer, chain, request.params),
  )
}
