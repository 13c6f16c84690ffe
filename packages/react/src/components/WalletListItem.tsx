import type { ConnectableWallet } from '@latch/core'
import { WalletImage } from './WalletImage.tsx'

/** One wallet as a list button, with an optional tag (Recent, Installed, ...). */
export function WalletListItem({
  wallet,
  tag,
  onSelect,
}: {
  wallet: ConnectableWallet
  tag?: { label: string; accent?: boolean }
  onSelect(wallet: ConnectableWallet): void
}) {
  return (
    <li>
      <button
        type="button"
        className="latch-list-item"
        onClick={() => onSelect(wallet)}
        data-wallet-id={wallet.id}
      >
        <WalletImage src={wallet.imageUrl} name={wallet.name} />
        <span className="latch-list-item-label">{wallet.name}</span>
        {tag && (
          <span className="latch-tag" data-variant={tag.accent ? 'accent' : undefined}>
            {tag.label}
          </span>
        )}
      </button>
    </li>
  )
}
