/** A small QR-code glyph on the accent tile: WalletConnect's entry in the wallet list. */
export function QrGlyph() {
  return (
    <span className="latch-wallet-image latch-qr-glyph" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor" aria-hidden="true">
        <path d="M3 3h8v8H3zm2 2v4h4V5zm8-2h8v8h-8zm2 2v4h4V5zM3 13h8v8H3zm2 2v4h4v-4zm8-2h2v2h-2zm4 0h4v2h-4zm-4 4h2v4h-2zm4 0h2v2h2v4h-4zm-2 2h2v2h-2z" />
      </svg>
    </span>
  )
}
