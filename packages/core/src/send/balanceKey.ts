import type { TokenBalance } from '@latch/protocol'

/**
 * The key of a balance entry, stable across refreshes: its token contract's CAIP-10 id, or the
 * native coin's symbol.
 * @example balanceKey(usdcEntry) // 'eip155:31337:0x5FbD…'
 */
export const balanceKey = (entry: TokenBalance): string => entry.address ?? `native:${entry.symbol}`
