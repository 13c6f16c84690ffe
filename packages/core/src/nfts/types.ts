import type { NftItem } from '@latch/protocol'
import type { Text } from '@latch/protocol/i18n'

export type NftSendState = {
  receiver: string
  /** How many, for an ERC-1155; an ERC-721 is always one. */
  amount: string
  status: 'idle' | 'sending' | 'confirming' | 'sent' | 'failed'
  /** What the form says is wrong, in the visitor's language when it has values (a reason). */
  error: Text | undefined
  hash: string | undefined
}

export type NftsState = {
  /** Whose list this is (`caipNetworkId:address`): another account or network loads afresh. */
  owner: string | undefined
  status: 'idle' | 'loading' | 'ready' | 'error'
  items: NftItem[]
  /** The cursor of the next page; null on the last. */
  next: string | null
  error: string | undefined
  /** Whether spam (airdrop lures, collections the site flagged) is shown. */
  showHidden: boolean
  /** The NFT open in detail, `contract:tokenId`. */
  selected: string | undefined
  send: NftSendState
}

export const nftKey = (nft: Pick<NftItem, 'contract' | 'tokenId'>) =>
  `${nft.contract.toLowerCase()}:${nft.tokenId}`

export const initialNftSend = (): NftSendState => ({
  receiver: '',
  amount: '1',
  status: 'idle',
  error: undefined,
  hash: undefined,
})

export const initialNftsState = (): NftsState => ({
  owner: undefined,
  status: 'idle',
  items: [],
  next: null,
  error: undefined,
  showHidden: false,
  selected: undefined,
  send: initialNftSend(),
})
