/** True for 0x and 64 hex characters. @example isTransactionHash(receipt.transactionHash) */
export function isTransactionHash(value: string): value is `0x${string}` {
  return /^0x[0-9a-fA-F]{64}$/.test(value)
}
