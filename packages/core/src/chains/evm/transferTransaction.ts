import { parseCaipAddress } from '@latch/protocol/caip'
import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hex } from 'viem'
import type { Transfer } from '../types.ts'

/**
 * The EVM transaction of a transfer: the native coin as the value, or an ERC-20 `transfer(to,
 * amount)` call to the token's contract.
 */
export function transferTransaction(transfer: Transfer): {
  to: Address
  value: bigint
  data?: Hex
} {
  const to = getAddress(transfer.to)
  if (!transfer.token) return { to, value: transfer.amount }
  return {
    to: getAddress(parseCaipAddress(transfer.token).address),
    value: 0n,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, transfer.amount],
    }),
  }
}
