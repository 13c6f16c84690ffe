/** ERC-721 and ERC-1155 transfer logs as transfers with a token id. */

export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
// TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id,
// uint256 value) and TransferBatch(..., uint256[] ids, uint256[] values).
export const TRANSFER_SINGLE_TOPIC =
  '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'
export const TRANSFER_BATCH_TOPIC =
  '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb'

export type NftTransfer = {
  token: string
  from: string
  to: string
  amount: bigint
  tokenId: bigint
  standard: 'erc721' | 'erc1155'
}

type Log = { address: string; topics: string[]; data: string }

const topicAddress = (topic: string) => `0x${topic.slice(26)}`.toLowerCase()

/** The 32-byte words of ABI-encoded data, as numbers. */
function words(data: string): bigint[] {
  const hex = data.startsWith('0x') ? data.slice(2) : data
  if (hex.length % 64 !== 0) return []
  return Array.from({ length: hex.length / 64 }, (_, index) =>
    BigInt(`0x${hex.slice(index * 64, index * 64 + 64)}`),
  )
}

/** A dynamic uint256[] at byte offset `offset` of `all`; undefined when it does not fit. */
function uintArray(all: bigint[], offset: bigint): bigint[] | undefined {
  if (offset % 32n !== 0n) return undefined
  const start = Number(offset / 32n)
  const length = all[start]
  if (length === undefined || length > BigInt(all.length - start - 1)) return undefined
  return all.slice(start + 1, start + 1 + Number(length))
}

/**
 * The NFT transfers of one log, or none when it is not one: an ERC-721 Transfer has the token id
 * as a fourth topic (an ERC-20's has three), ERC-1155's carry ids and amounts in their data. A
 * malformed log is skipped rather than trusted.
 */
export function nftTransfersOfLog(log: Log): NftTransfer[] {
  const token = log.address.toLowerCase()
  const [topic, first, second, third] = log.topics
  if (topic === TRANSFER_TOPIC && log.topics.length === 4 && first && second && third) {
    if (log.data !== '0x' && log.data !== '') return []
    return [
      {
        token,
        from: topicAddress(first),
        to: topicAddress(second),
        amount: 1n,
        tokenId: BigInt(third),
        standard: 'erc721',
      },
    ]
  }
  if (log.topics.length !== 4 || !second || !third) return []
  const from = topicAddress(second)
  const to = topicAddress(third)
  const data = words(log.data)
  if (topic === TRANSFER_SINGLE_TOPIC) {
    const [tokenId, amount] = data
    if (data.length !== 2 || tokenId === undefined || !amount) return []
    return [{ token, from, to, amount, tokenId, standard: 'erc1155' }]
  }
  if (topic === TRANSFER_BATCH_TOPIC) {
    const ids = uintArray(data, data[0] ?? 1n)
    const amounts = uintArray(data, data[1] ?? 1n)
    if (!ids || !amounts || ids.length !== amounts.length) return []
    return ids.flatMap((tokenId, index) => {
      const amount = amounts[index] ?? 0n
      return amount > 0n ? [{ token, from, to, amount, tokenId, standard: 'erc1155' as const }] : []
    })
  }
  return []
}
