import type { NftItem, NftsResponse } from '@latch/protocol'
import { englishText } from '@latch/protocol/i18n'
import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ActiveAccount } from '../account/activeAccount.ts'
import { createStore } from '../store.ts'
import { createNfts } from './createNfts.ts'
import { initialNftsState, nftKey } from './types.ts'

const ME = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const FRIEND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const evmAccount: ActiveAccount = {
  namespace: 'eip155',
  address: ME,
  caipAddress: `eip155:31337:${ME}`,
  caipNetworkId: 'eip155:31337',
}
const tile = (tokenId: string, spam = false): NftItem => ({
  chainId: 'eip155:31337',
  contract: '0x2c5699C543b830e05E4D367d63d79Fcbc94bC71c',
  tokenId,
  standard: 'erc721',
  amount: '1',
  name: `Latch Tile #${tokenId}`,
  collectionName: 'Latch Tiles',
  spam,
})

/** The controller over a server that answers `pages` in turn (the last one again), and a wallet. */
function setup(
  pages: NftsResponse[],
  options: { account?: ActiveAccount; minedOk?: boolean } = {},
) {
  const calls = {
    list: [] as string[],
    sent: [] as { to: string; data?: Hex }[],
    tracked: [] as string[],
  }
  const messages: string[] = []
  let answered = 0
  const nfts = createNfts({
    store: createStore(initialNftsState()),
    api: {
      async nfts(address, query) {
        calls.list.push(`${address}@${query.chainId}${query.cursor ? `#${query.cursor}` : ''}`)
        return pages[Math.min(answered++, pages.length - 1)] as NftsResponse
      },
    },
    account: { get: () => options.account ?? evmAccount, subscribe: () => () => {} },
    evm: {
      async sendTransaction(transaction) {
        calls.sent.push(transaction)
        return `0x${'ab'.repeat(32)}`
      },
      async waitForTransaction() {
        return { success: options.minedOk ?? true, blockNumber: 1n }
      },
    },
    tracking: async () => ({
      sent: (hash) => calls.tracked.push(`sent ${hash.slice(0, 6)}`),
      waited: async (_hash, _chain, mined) => {
        calls.tracked.push('waited')
        return mined
      },
    }),
    snackbar: { showSuccess: (message) => messages.push(englishText(message)) },
    sleep: async () => {},
  })
  return { nfts, calls, messages }
}

describe('the NFTs controller', () => {
  it("lists the active EVM account's NFTs on its network, and the next page once", async () => {
    const { nfts, calls } = setup([
      { data: [tile('11'), tile('12', true)], next: 'abc' },
      { data: [tile('12', true), tile('13')], next: null },
    ])
    await nfts.load()
    expect(nfts.state.get()).toMatchObject({ status: 'ready', next: 'abc' })
    await nfts.loadMore()
    expect(nfts.state.get().items.map((nft) => nft.tokenId)).toEqual(['11', '12', '13'])
    expect(calls.list).toEqual([`${ME}@eip155:31337`, `${ME}@eip155:31337#abc`])
  })

  it('asks nothing for an account of another family', async () => {
    const { nfts, calls } = setup([{ data: [], next: null }], {
      account: { ...evmAccount, namespace: 'solana' },
    })
    await nfts.load()
    expect(calls.list).toEqual([])
    expect(nfts.state.get().status).toBe('idle')
  })

  it('checks the receiver, sends through the wallet, and reads the list until the NFT moved', async () => {
    const { nfts, calls, messages } = setup([
      { data: [tile('11'), tile('12')], next: null },
      { data: [tile('11'), tile('12')], next: null },
      { data: [tile('12')], next: null },
    ])
    await nfts.load()
    nfts.open(nftKey(tile('11')))
    nfts.setReceiver('0x12')
    await nfts.send()
    expect(nfts.state.get().send.error).toBe('Invalid receiver address')
    expect(calls.sent).toEqual([])
    // One letter in the wrong case: refused with the reason, in a phrase the modal translates.
    nfts.setReceiver(FRIEND.replace('C51812', 'c51812'))
    await nfts.send()
    const mistyped = nfts.state.get().send.error
    expect(mistyped && typeof mistyped !== 'string' && mistyped.key).toBe(
      'send.invalidReceiverBecause',
    )
    expect(mistyped && englishText(mistyped)).toBe(
      "Invalid receiver address. The mix of capital and small letters does not match this address's checksum: a character is likely mistyped.",
    )
    expect(calls.sent).toEqual([])

    nfts.setReceiver(FRIEND)
    await nfts.send()
    expect(calls.sent).toHaveLength(1)
    expect(calls.sent[0]?.to).toBe(tile('11').contract)
    expect(calls.sent[0]?.data?.slice(0, 10)).toBe('0x42842e0e') // safeTransferFrom(address,address,uint256)
    expect(calls.tracked).toEqual(['sent 0xabab', 'waited'])
    expect(nfts.state.get().send.status).toBe('sent')
    expect(messages).toEqual(['Sent Latch Tile #11'])
    expect(nfts.state.get().items.map((nft) => nft.tokenId)).toEqual(['12'])
    expect(calls.list).toHaveLength(3)
  })

  it('says so when the chain refused the transfer', async () => {
    const { nfts } = setup([{ data: [tile('11')], next: null }], { minedOk: false })
    await nfts.load()
    nfts.open(nftKey(tile('11')))
    nfts.setReceiver(FRIEND)
    await nfts.send()
    expect(nfts.state.get().send).toMatchObject({
      status: 'failed',
      error: 'The network refused this transfer: nothing was sent',
    })
  })
})
