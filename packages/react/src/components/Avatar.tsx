/** Whether an avatar URL is one to load: http(s) or an inline image, never a script or other scheme. */
export function isImageUrl(value: string): boolean {
  if (/^data:image\/(png|jpeg|gif|webp|avif);/i.test(value)) return true
  try {
    const { protocol } = new URL(value)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

/** An account's avatar (its profileImage), round; nothing for a missing or unusable URL. */
export function Avatar({ src, size }: { src: string | null | undefined; size: number }) {
  if (!src || !isImageUrl(src)) return null
  return (
    <img
      className="latch-avatar"
      src={src}
      alt=""
      width={size}
      height={size}
      referrerPolicy="no-referrer"
    />
  )
}
