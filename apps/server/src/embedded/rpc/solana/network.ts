import type { SolanaNetworkInfo } from '@latch/protocol'
import { HttpError } from '../../../errors.ts'
import type { SolanaChainClient } from '../../../solana/clients.ts'

/**
 * The Solana chain a solana_* call goes to: the one `caipNetworkId` names, or the first configured
 * when the call names none; 400 'Unsupported chain' when that is not configured.
 */
export function solanaChainFor(
  chains: ReadonlyMap<string, SolanaChainClient>,
  caipNetworkId: string | undefined,
): SolanaChainClient {
  const chain =
    caipNetworkId === undefined ? chains.values().next().value : chains.get(caipNetworkId)
  if (!chain) throw new HttpError(400, 'Unsupported chain')
  return chain
}

/** What the approval screen shows of a Solana chain: its name, its coin, its known tokens. */
export function solanaNetworkInfo(chain: SolanaChainClient): SolanaNetworkInfo {
  const { name, nativeCurrency, tokens } = chain.config
  return {
    caipNetworkId: chain.caipNetworkId,
    name,
    currency: { symbol: nativeCurrency.symbol, decimals: nativeCurrency.decimals },
    tokens: tokens
      .filter((token) => !token.spam)
      .map(({ mint, symbol, decimals }) => ({ mint, symbol, decimals })),
  }
}
