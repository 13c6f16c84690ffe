import type { NftItem } from '@latch/protocol'
import { useId } from 'react'
import { useLatchInstance } from '../../context.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { NftImage } from './NftImage.tsx'

const STANDARD_NAMES = { erc721: 'ERC-721', erc1155: 'ERC-1155' } as const

/** One NFT: its image, name, collection, token id, standard and contract, and sending it. */
export function NftDetail({ nft }: { nft: NftItem }) {
  const latch = useLatchInstance()
  const { t, known } = useI18n()
  const { send } = useStore(latch.nfts.state)
  const ids = { receiver: useId(), amount: useId() }
  const busy = send.status === 'sending' || send.status === 'confirming'
  const name = nft.name ?? `#${nft.tokenId}`
  return (
    <div className="latch-list" data-testid="latch-nft-detail">
      <button type="button" className="latch-link-button" onClick={() => latch.nfts.close()}>
        {t('nfts.back')}
      </button>
      <div className="latch-center">
        <NftImage nft={nft} size={200} />
        <h3 className="latch-nft-title">{name}</h3>
        {nft.spam && <p className="latch-error-text">{t('nfts.spamWarning')}</p>}
      </div>
      <dl className="latch-nft-facts">
        <dt className="latch-nft-fact-name">{t('nfts.collection')}</dt>
        <dd className="latch-nft-fact-value">
          {nft.collectionName ?? t('nfts.unknownCollection')}
        </dd>
        <dt className="latch-nft-fact-name">{t('nfts.tokenId')}</dt>
        <dd className="latch-nft-fact-value" data-testid="latch-nft-token-id">
          {nft.tokenId}
        </dd>
        <dt className="latch-nft-fact-name">{t('nfts.standard')}</dt>
        <dd className="latch-nft-fact-value">{STANDARD_NAMES[nft.standard]}</dd>
        {nft.standard === 'erc1155' && (
          <>
            <dt className="latch-nft-fact-name">{t('nfts.held')}</dt>
            <dd className="latch-nft-fact-value">{nft.amount}</dd>
          </>
        )}
        <dt className="latch-nft-fact-name">{t('nfts.contract')}</dt>
        <dd className="latch-nft-fact-value">{nft.contract}</dd>
      </dl>
      {send.status === 'sent' ? (
        <p className="latch-muted" role="status" data-testid="latch-nft-sent">
          {t('nfts.sent', { name })}
        </p>
      ) : (
        <form
          className="latch-list"
          aria-label={t('nfts.sendLabel', { name })}
          onSubmit={(event) => {
            event.preventDefault()
            void latch.nfts.send()
          }}
        >
          {nft.standard === 'erc1155' && (
            <>
              <label htmlFor={ids.amount}>{t('send.amount')}</label>
              <input
                id={ids.amount}
                className="latch-input"
                inputMode="numeric"
                value={send.amount}
                disabled={busy}
                onChange={(event) => latch.nfts.setAmount(event.target.value)}
              />
            </>
          )}
          <label htmlFor={ids.receiver}>{t('send.receiver')}</label>
          <input
            id={ids.receiver}
            className="latch-input"
            placeholder="0x…"
            autoComplete="off"
            spellCheck={false}
            value={send.receiver}
            disabled={busy}
            onChange={(event) => latch.nfts.setReceiver(event.target.value)}
          />
          {send.error && (
            <p className="latch-error-text" role="alert">
              {known(send.error)}
            </p>
          )}
          <button type="submit" className="latch-button" disabled={busy}>
            {send.status === 'sending'
              ? t('send.confirmInWallet')
              : send.status === 'confirming'
                ? t('nfts.sending')
                : t('send.send')}
          </button>
        </form>
      )}
    </div>
  )
}
