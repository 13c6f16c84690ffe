import type { NftItem } from '@latch/protocol'
import type { Address, Hex } from 'viem'
import type { ActiveAccount } from '../account/activeAccount.ts'
import type { ApiClient } from '../api/client.ts'
import type { EvmAdapter } from '../chains/evm/createEvmAdapter.ts'
import { evmChainIdOf } from '../chains/serves.ts'
import { displayMessage } from '../displayMessage.ts'
import { phrase } from '../i18n/phrases.ts'
import type { TransactionTracking } from '../rules/refreshAfterMined.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import type { ReadableStore, Store } from '../store.ts'
import { evmChecksumRefusal } from '../validation/evmReceiver.ts'
import { nftTransferOf } from './nftTransfer.ts'
import { initialNftSend, type NftsState, nftKey } from './types.ts'

/** After a send, the list is read again this often until the server's indexer has the move. */
const MOVED_POLL_MS = 500
const MOVED_POLLS = 20

export type NftsDeps = {
  store: Store<NftsState>
  api: Pick<ApiClient, 'nfts'>
  account: ReadableStore<ActiveAccount | undefined>
  evm: Pick<EvmAdapter, 'sendTransaction' | 'waitForTransaction'>
  /** The kit's pending-then-mined tracking: Tokens and Activity refresh once it is mined. */
  tracking(): Promise<Pick<TransactionTracking, 'sent' | 'waited'>>
  snackbar: Pick<SnackbarController, 'showSuccess'>
  sleep?(ms: number): Promise<void>
}

export type NftsController = {
  readonly state: ReadableStore<NftsState>
  /** The first page for the active EVM account, afresh. */
  load(): Promise<void>
  /** The next page, when there is one. */
  loadMore(): Promise<void>
  setShowHidden(show: boolean): void
  /** Opens an NFT's detail (`contract:tokenId`), with a fresh send form. */
  open(key: string): void
  close(): void
  setReceiver(receiver: string): void
  setAmount(amount: string): void
  /** Checks the form and sends the open NFT through the wallet; then waits until it is mined. */
  send(): Promise<void>
}

/**
 * The Account view's NFTs: the active EVM account's NFTs on its network (from the server), spam
 * hidden unless asked for, one open in detail, and sending it through the wallet.
 */
export function createNfts(deps: NftsDeps): NftsController {
  const { store } = deps
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)))
  const current = () => {
    const account = deps.account.get()
    return account?.namespace === 'eip155' ? account : undefined
  }
  const ownerOf = (account: ActiveAccount) =>
    `${account.caipNetworkId}:${account.address.toLowerCase()}`
  const selected = (): NftItem | undefined => {
    const key = store.get().selected
    return store.get().items.find((nft) => nftKey(nft) === key)
  }

  async function readAll(
    account: ActiveAccount,
  ): Promise<{ items: NftItem[]; next: string | null }> {
    const page = await deps.api.nfts(account.address, { chainId: account.caipNetworkId })
    return { items: page.data, next: page.next }
  }

  async function load() {
    const account = current()
    if (!account) return
    const owner = ownerOf(account)
    const same = store.get().owner === owner
    store.set({
      owner,
      status: same && store.get().items.length > 0 ? 'ready' : 'loading',
      ...(same ? {} : { items: [], next: null, selected: undefined, send: initialNftSend() }),
      error: undefined,
    })
    try {
      const { items, next } = await readAll(account)
      if (store.get().owner !== owner) return
      store.set({ status: 'ready', items, next })
    } catch (error) {
      if (store.get().owner !== owner) return
      store.set({ status: 'error', error: displayMessage(error) })
    }
  }

  async function loadMore() {
    const account = current()
    const { next, owner } = store.get()
    if (!account || !next || owner !== ownerOf(account)) return
    const page = await deps.api.nfts(account.address, {
      chainId: account.caipNetworkId,
      cursor: next,
    })
    if (store.get().owner !== owner) return
    const known = new Set(store.get().items.map(nftKey))
    store.set({
      items: [...store.get().items, ...page.data.filter((nft) => !known.has(nftKey(nft)))],
      next: page.next,
    })
  }

  /** Reads the list again until the sent NFT's count there changed (the indexer caught up). */
  async function refreshUntilMoved(account: ActiveAccount, sent: NftItem) {
    for (let poll = 0; poll < MOVED_POLLS; poll++) {
      const { items, next } = await readAll(account).catch(() => ({ items: undefined, next: null }))
      if (store.get().owner !== ownerOf(account)) return
      if (items) {
        const now = items.find((nft) => nftKey(nft) === nftKey(sent))
        if (!now || now.amount !== sent.amount) {
          store.set({ items, next })
          return
        }
      }
      await sleep(MOVED_POLL_MS)
    }
  }

  const setSend = (patch: Partial<NftsState['send']>) =>
    store.set({ send: { ...store.get().send, ...patch } })

  return {
    state: store,
    load,
    loadMore,
    setShowHidden: (showHidden) => store.set({ showHidden }),
    open: (key) => store.set({ selected: key, send: initialNftSend() }),
    close: () => store.set({ selected: undefined, send: initialNftSend() }),
    setReceiver: (receiver) => setSend({ receiver, error: undefined }),
    setAmount: (amount) => setSend({ amount, error: undefined }),
    async send() {
      const account = current()
      const nft = selected()
      const { send } = store.get()
      if (!account || !nft || send.status === 'sending' || send.status === 'confirming') return
      let transfer: ReturnType<typeof nftTransferOf>
      try {
        transfer = nftTransferOf(nft, account.address as Address, send)
      } catch (error) {
        setSend({ error: evmChecksumRefusal(error) ?? displayMessage(error) })
        return
      }
      setSend({ status: 'sending', error: undefined })
      try {
        const hash: Hex = await deps.evm.sendTransaction({ to: transfer.to, data: transfer.data })
        const tracking = await deps.tracking()
        tracking.sent(hash)
        setSend({ status: 'confirming', hash })
        const chainId = evmChainIdOf(account.caipNetworkId)
        const receipt = await tracking.waited(
          hash,
          account.caipNetworkId,
          deps.evm.waitForTransaction(hash, chainId),
        )
        if (!receipt.success) {
          setSend({
            status: 'failed',
            error: 'The network refused this transfer: nothing was sent',
          })
          return
        }
        setSend({ status: 'sent' })
        deps.snackbar.showSuccess(phrase('nfts.sent', { name: nft.name ?? `#${nft.tokenId}` }))
        await refreshUntilMoved(account, nft)
      } catch (error) {
        setSend({ status: 'failed', error: displayMessage(error) })
      }
    },
  }
}
