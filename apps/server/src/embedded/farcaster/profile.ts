import type { FarcasterProfile } from '@latch/protocol'
import type { Queryable } from '../../db/index.ts'

/** The identity provider a Farcaster login is kept under; its subject is the fid. */
export const FARCASTER_PROVIDER = 'farcaster'

/** An avatar the kit may show: an https image, or a small inline PNG, JPEG, GIF or WebP. */
export function usableAvatar(url: string | undefined): string | undefined {
  if (!url) return undefined
  if (/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/.test(url))
    return url.length <= 16_384 ? url : undefined
  try {
    return new URL(url).protocol === 'https:' && url.length <= 2048 ? url : undefined
  } catch {
    return undefined
  }
}

/** Writes what the Farcaster app said of the account at this login (name, display name, avatar). */
export async function saveFarcasterProfile(
  tx: Queryable,
  profile: FarcasterProfile,
): Promise<void> {
  await tx.query(
    `update wallet_identities set username = $3, display_name = $4, avatar_url = $5
     where provider = $1 and subject = $2`,
    [
      FARCASTER_PROVIDER,
      String(profile.fid),
      profile.username,
      profile.displayName ?? null,
      profile.pfpUrl ?? null,
    ],
  )
}

/** The Farcaster account a user logged in with, if any: shown as their name and avatar. */
export async function farcasterProfileOf(
  db: Queryable,
  userId: string,
): Promise<FarcasterProfile | undefined> {
  const rows = await db.query<{
    subject: string
    username: string | null
    display_name: string | null
    avatar_url: string | null
  }>(
    `select subject, username, display_name, avatar_url from wallet_identities
     where user_id = $1 and provider = $2 order by created_at limit 1`,
    [userId, FARCASTER_PROVIDER],
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    fid: Number(row.subject),
    username: row.username ?? `fid ${row.subject}`,
    ...(row.display_name ? { displayName: row.display_name } : {}),
    ...(row.avatar_url ? { pfpUrl: row.avatar_url } : {}),
  }
}
