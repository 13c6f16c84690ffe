import { nftKey } from '@latch/core'
import type { NftItem } from '@latch/protocol'
import { useEffect } from 'react'
import { SkeletonRows } from '../../components/Skeleton.tsx'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { NftDetail } from './NftDetail.tsx'
import { NftImage } from './NftImage.tsx'

/**
 * The NFTs tab: the account's NFTs on its network as a grid (image, name, collection), spam out of
 * sight until "Show hidden", and one open in detail with a way to send it.
 */
export function NftsTab({ address }: { address: string }) {
  const latch = useLatchInstance()
  const { t, known } = useI18n()
  const state = useStore(latch.nfts.state)
  const network = useStore(latch.network.state).activeNetwork?.caipNetworkId

  // The list afresh each time the tab opens, and for another account or network.
  useEffect(() => {
    if (network && address) void latch.nfts.load()
  }, [latch, address, network])

  const open = state.items.find((nft) => nftKey(nft) === state.selected)
  if (open) return <NftDetail nft={open} />

  if (state.status === 'loading' && state.items.length === 0) {
    return <SkeletonRows count={3} label={t('nfts.loading')} testId="latch-nfts-loading" />
  }
  if (state.status === 'error' && state.items.length === 0) {
    return (
      <p className="latch-error-text latch-center">
        {state.error ? known(state.error) : t('nfts.unavailable')}
      </p>
    )
  }
  const hidden = state.items.filter((nft) => nft.spam).length
  const shown = state.showHidden ? state.items : state.items.filter((nft) => !nft.spam)
  return (
    <div className="latch-list" data-testid="latch-nfts">
      {shown.length === 0 ? (
        <p className="latch-muted latch-center">{t('nfts.none')}</p>
      ) : (
        <ul className="latch-nft-grid" aria-label={t('nfts.label')}>
          {shown.map((nft) => (
            <li key={nftKey(nft)}>
              <NftCard nft={nft} onOpen={() => latch.nfts.open(nftKey(nft))} />
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <button
          type="button"
          className="latch-link-button"
          aria-pressed={state.showHidden}
          onClick={() => latch.nfts.setShowHidden(!state.showHidden)}
        >
          {state.showHidden ? t('nfts.hideSpam') : t('nfts.showHidden', { count: hidden })}
        </button>
      )}
      {state.next !== null && (
        <button
          type="button"
          className="latch-button"
          data-variant="secondary"
          onClick={() => void latch.nfts.loadMore()}
        >
          {t('nfts.showMore')}
        </button>
      )}
    </div>
  )
}

function NftCard({ nft, onOpen }: { nft: NftItem; onOpen(): void }) {
  const { t } = useI18n()
  const name = nft.name ?? `#${nft.tokenId}`
  const collection = nft.collectionName ?? t('nfts.unknownCollection')
  return (
    <button
      type="button"
      className="latch-nft-card"
      data-testid="latch-nft-card"
      data-spam={nft.spam ? '' : undefined}
      onClick={onOpen}
    >
      <NftImage nft={nft} size={140} />
      {/* Names are in their own script: laid out in its direction, cut at its end. */}
      <span className="latch-nft-name" dir="auto">
        {name}
      </span>
      <span className="latch-muted latch-nft-collection" dir="auto">
        {collection}
        {nft.standard === 'erc1155' && nft.amount !== '1' ? ` · ×${nft.amount}` : ''}
      </span>
      {nft.spam && <span className="latch-nft-spam">{t('nfts.spam')}</span>}
    </button>
  )
}
