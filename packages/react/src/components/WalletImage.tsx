/** A wallet's image, or its initial on a neutral tile while none is known. */
export function WalletImage({
  src,
  name,
  size,
}: {
  src: string | undefined
  name: string
  size?: 'lg'
}) {
  if (!src) {
    return (
      <span className="latch-wallet-image latch-wallet-tile" data-size={size} aria-hidden="true">
        {name.slice(0, 1)}
      </span>
    )
  }
  return (
    <img className="latch-wallet-image" data-size={size} src={src} alt="" width={40} height={40} />
  )
}
