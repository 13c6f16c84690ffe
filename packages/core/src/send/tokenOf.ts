import type { TokenBalance } from '@latch/protocol'
import type { Address } from 'viem'

/** A balance entry as a send's token: its contract or mint (none for the native coin), decimals, symbol. */
export function tokenOf(entry: TokenBalance): {
  address?: Address
  decimals: number
  symbol: string
} {
  const address = entry.address?.split(':')[2] as Address | undefined
  return {
    decimals: Number(entry.quantity.decimals),
    symbol: entry.symbol,
    ...(address ? { address } : {}),
  }
}
