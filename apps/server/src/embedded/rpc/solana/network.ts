import type { SolanaNetworkInfo } from '@latch/protocol'
import { HttpError } from '../../../errors.ts'
import type { SolanaChainClient } from '../../../families/solana/clients.ts'

/** A call that needs a Solana network on a server that has none. */
export const NO_SOLANA_NETWORK = 'No Solana network is configured'

/**
 * The Solana chain a solana_* call goes to: the one `caipNetworkId` names, or the first configured
 * when the call names none; 400 'Unsupported chain' when that is not configured (or
 * NO_SOLANA_NETWORK when the server has none).
 */
export function solanaChainFor(
  chains: ReadonlyMap<string, SolanaChainClient>,
  caipNetworkId: string | undefined,
): SolanaChainClient {
  if (caipNetworkId === undefined) {
    const first = chains.values().next().value
    if (!first) throw new HttpError(400, NO_SOLANA_NETWORK)
    return first
  }
  const chain = chains.get(caipNetworkId)
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
