import { useState } from 'react'

/**
 * A wallet's image, or its initial on a neutral tile while none is known or when the image
 * cannot be loaded (the server unreachable, an extension's broken icon).
 */
export function WalletImage({
  src,
  name,
  size,
}: {
  src: string | undefined
  name: string
  size?: 'lg' | 'sm'
}) {
  const [failed, setFailed] = useState<string>()
  if (!src || failed === src) {
    return (
      <span className="latch-wallet-image latch-wallet-tile" data-size={size} aria-hidden="true">
        {name.slice(0, 1)}
      </span>
    )
  }
  return (
    <img
      className="latch-wallet-image"
      data-size={size}
      src={src}
      alt=""
      width={40}
      height={40}
      onError={() => setFailed(src)}
    />
  )
}
