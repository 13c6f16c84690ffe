import type { HistoryResponse } from '@latch/protocol'
import { tokenIconUrl } from '../registry/tokenIcon.ts'
import type { ServerFamily } from './types.ts'

/** A family's history store that pages an account on one of its networks or on all of them. */
type HistoryPages = {
  page(
    address: string,
    query: { chainId?: string; cursor?: string },
    iconUrl: (symbol: string) => string,
  ): Promise<HistoryResponse>
}

/**
 * The history of a family without on-ramp payouts (they land on EVM chains only, so its accounts
 * have no orders), read from its own store with icons on the asking page's origin.
 */
export function withoutOrders(pages: HistoryPages): ServerFamily['history'] {
  return async (account, { caipNetworkId, cursor, onramp }, request) => {
    if (onramp !== undefined) return { data: [], next: null }
    return pages.page(
      account,
      { ...(caipNetworkId && { chainId: caipNetworkId }), ...(cursor && { cursor }) },
      (symbol) => tokenIconUrl(request, symbol),
    )
  }
}
