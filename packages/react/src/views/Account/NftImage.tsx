import type { NftItem } from '@latch/protocol'
import { useState } from 'react'

/** An NFT's image through the server, or a plain tile where it has none or it fails to load. */
export function NftImage({ nft, size }: { nft: NftItem; size: number }) {
  const [failed, setFailed] = useState(false)
  if (!nft.imageUrl || failed) {
    return <span className="latch-nft-image" data-testid="latch-nft-no-image" aria-hidden="true" />
  }
  return (
    <img
      className="latch-nft-image"
      src={nft.imageUrl}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  )
}
