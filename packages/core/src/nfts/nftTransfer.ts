import type { NftItem } from '@latch/protocol'
import { type Address, encodeFunctionData, getAddress, type Hex, parseAbi } from 'viem'
import { LatchError } from '../errors.ts'
import { parseEvmReceiver } from '../validation/evmReceiver.ts'

const abi = parseAbi([
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
])

/** The transaction that sends an NFT: a call to its contract, moving no ether. */
export type NftTransferTransaction = { to: Address; data: Hex; receiver: Address; amount: bigint }

/**
 * Checks a send of `nft` from `from` (receiver, and for an ERC-1155 how many of the held) and builds
 * its call: ERC-721 `safeTransferFrom(from, to, id)`, ERC-1155 `safeTransferFrom(from, to, id,
 * amount, "")`. The receiver is an EVM address with or without 0x, in one case or in its EIP-55
 * checksum's.
 * @throws LatchError 'An amount and receiver address are required', 'Invalid receiver address', 'Invalid amount'
 * @example nftTransferOf(tile, me, { receiver: '0x7099…', amount: '1' })
 */
export function nftTransferOf(
  nft: Pick<NftItem, 'contract' | 'tokenId' | 'standard' | 'amount'>,
  from: Address,
  request: { receiver?: string; amount?: string },
): NftTransferTransaction {
  const receiverText = request.receiver?.trim() ?? ''
  // An ERC-721 is one of a kind: its amount is 1 whatever the form says.
  const amountText = nft.standard === 'erc721' ? '1' : (request.amount?.trim() ?? '')
  if (!receiverText || !amountText)
    throw new LatchError('An amount and receiver address are required')
  const receiver = parseEvmReceiver(receiverText)
  if (!/^[0-9]+$/.test(amountText))
    throw new LatchError('Invalid amount', { details: 'Write how many as a whole number, e.g. 2' })
  const amount = BigInt(amountText)
  if (amount === 0n)
    throw new LatchError('Invalid amount', { details: 'The amount must be above 0' })
  if (amount > BigInt(nft.amount))
    throw new LatchError('Invalid amount', { details: `This account holds ${nft.amount} of it` })
  const contract = getAddress(nft.contract)
  const id = BigInt(nft.tokenId)
  const data =
    nft.standard === 'erc721'
      ? encodeFunctionData({ abi, functionName: 'safeTransferFrom', args: [from, receiver, id] })
      : encodeFunctionData({
          abi,
          functionName: 'safeTransferFrom',
          args: [from, receiver, id, amount, '0x'],
        })
  return { to: contract, data, receiver, amount }
}
