import { Avatar, isImageUrl } from './Avatar.tsx'
import { Identicon } from './Identicon.tsx'

/** The account's own avatar when it has a usable one, else the picture drawn from its address. */
export function AccountAvatar({
  address,
  profileImage,
  size,
}: {
  address: string
  profileImage: string | null | undefined
  size: number
}) {
  return profileImage && isImageUrl(profileImage) ? (
    <Avatar src={profileImage} size={size} />
  ) : (
    <Identicon address={address} size={size} />
  )
}
