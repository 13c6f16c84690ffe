import { decodeFunctionData, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { nftTransferOf } from './nftTransfer.ts'

const me = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const friend = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const tile = {
  contract: '0x2c5699C543b830e05E4D367d63d79Fcbc94bC71c',
  tokenId: '11',
  standard: 'erc721' as const,
  amount: '1',
}
const badges = { ...tile, tokenId: '1', standard: 'erc1155' as const, amount: '5' }
const abi = parseAbi([
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
])

describe('sending an NFT', () => {
  it('calls safeTransferFrom(from, to, id) on an ERC-721, the receiver with or without 0x', () => {
    const call = nftTransferOf(tile, me, { receiver: friend.slice(2) })
    expect(call.to).toBe(tile.contract)
    expect(decodeFunctionData({ abi, data: call.data }).args).toEqual([
      me,
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      11n,
    ])
  })

  it('sends how many of an ERC-1155 the form says, up to what is held', () => {
    const call = nftTransferOf(badges, me, { receiver: friend, amount: '3' })
    expect(decodeFunctionData({ abi, data: call.data }).args).toEqual([
      me,
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      1n,
      3n,
      '0x',
    ])
    expect(() => nftTransferOf(badges, me, { receiver: friend, amount: '6' })).toThrow(
      expect.objectContaining({
        shortMessage: 'Invalid amount',
        details: 'This account holds 5 of it',
      }),
    )
    expect(() => nftTransferOf(badges, me, { receiver: friend, amount: '1.5' })).toThrow(
      'Invalid amount',
    )
    expect(() => nftTransferOf(badges, me, { receiver: friend, amount: '0' })).toThrow(
      'Invalid amount',
    )
  })

  it("says what is wrong in the send flow's words", () => {
    expect(() => nftTransferOf(tile, me, { receiver: ' ' })).toThrow(
      'An amount and receiver address are required',
    )
    expect(() => nftTransferOf(badges, me, { receiver: friend, amount: '' })).toThrow(
      'An amount and receiver address are required',
    )
    expect(() => nftTransferOf(tile, me, { receiver: '0x1234' })).toThrow(
      expect.objectContaining({
        shortMessage: 'Invalid receiver address',
        details: 'An EVM address is 40 hex characters, with or without 0x.',
      }),
    )
  })

  it('refuses a receiver whose mixed case is not its checksum, saying it is likely mistyped', () => {
    // The friend's checksummed address with one letter in the wrong case.
    const typo = '0x70997970c51812dc3A010C7d01b50e0d17dc79C8'
    expect(() => nftTransferOf(tile, me, { receiver: typo })).toThrow(
      expect.objectContaining({
        shortMessage: 'Invalid receiver address',
        details:
          "The mix of capital and small letters does not match this address's checksum: a character is likely mistyped.",
      }),
    )
    expect(
      nftTransferOf(tile, me, { receiver: friend.toUpperCase().replace('0X', '0x') }).receiver,
    ).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  })
})
