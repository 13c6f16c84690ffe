import { randomUUID } from 'node:crypto'
import type { Hex } from 'viem'
import type { Queryable } from '../db/index.ts'
import type { EncryptedKey, KeyVault } from './keys.ts'

/** A user's Solana account: its base58 address and its encrypted ed25519 seed. */
export type SolanaKey = { address: string; encryptedKey: EncryptedKey }

/**
 * An embedded-wallet user: an EVM address and its encrypted key, and a Solana account (null for a
 * user created before Solana accounts existed, until ensureSolanaKey gives one).
 */
export type WalletUser = {
  id: string
  address: Hex
  encryptedKey: EncryptedKey
  solana: SolanaKey | null
  createdAt: Date
}

/** A way into a user's wallet: ('email', address) or (social provider, its subject). */
export type Identity = {
  provider: string
  subject: string
  userId: string
  email: string | null
  emailVerified: boolean
  username: string | null
}

type UserRow = {
  id: string
  address: string
  key_iv: Uint8Array
  key_ciphertext: Uint8Array
  key_tag: Uint8Array
  solana_address: string | null
  solana_key_iv: Uint8Array | null
  solana_key_ciphertext: Uint8Array | null
  solana_key_tag: Uint8Array | null
  created_at: Date
}

type IdentityRow = {
  provider: string
  subject: string
  user_id: string
  email: string | null
  email_verified: boolean
  username: string | null
}

const USER_COLUMNS =
  'u.id, u.address, u.key_iv, u.key_ciphertext, u.key_tag, u.solana_address, u.solana_key_iv, ' +
  'u.solana_key_ciphertext, u.solana_key_tag, u.created_at'

const toUser = (row: UserRow): WalletUser => ({
  id: row.id,
  address: row.address as Hex,
  encryptedKey: { iv: row.key_iv, ciphertext: row.key_ciphertext, tag: row.key_tag },
  solana:
    row.solana_address && row.solana_key_iv && row.solana_key_ciphertext && row.solana_key_tag
      ? {
          address: row.solana_address,
          encryptedKey: {
            iv: row.solana_key_iv,
            ciphertext: row.solana_key_ciphertext,
            tag: row.solana_key_tag,
          },
        }
      : null,
  createdAt: new Date(row.created_at),
})

const toIdentity = (row: IdentityRow): Identity => ({
  provider: row.provider,
  subject: row.subject,
  userId: row.user_id,
  email: row.email,
  emailVerified: row.email_verified,
  username: row.username,
})

/** Users, their identities and their known devices; pass a transaction to write atomically. */
export class WalletUserStore {
  readonly #db: Queryable

  constructor(db: Queryable) {
    this.#db = db
  }

  async get(id: string): Promise<WalletUser | null> {
    const rows = await this.#db.query<UserRow>(
      `select ${USER_COLUMNS} from wallet_users u where u.id = $1`,
      [id],
    )
    return rows[0] ? toUser(rows[0]) : null
  }

  async findByIdentity(provider: string, subject: string): Promise<WalletUser | null> {
    const rows = await this.#db.query<UserRow>(
      `select ${USER_COLUMNS} from wallet_users u
       join wallet_identities i on i.user_id = u.id
       where i.provider = $1 and i.subject = $2`,
      [provider, subject],
    )
    return rows[0] ? toUser(rows[0]) : null
  }

  /** A new user with fresh keys (EVM and Solana) from `vault`. */
  async create(vault: KeyVault, now: Date): Promise<WalletUser> {
    const id = randomUUID()
    const { address, encrypted } = vault.createKey(id)
    const solana = vault.createSolanaKey(id)
    await this.#db.query(
      `insert into wallet_users (id, address, key_iv, key_ciphertext, key_tag, solana_address,
         solana_key_iv, solana_key_ciphertext, solana_key_tag, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        id,
        address,
        encrypted.iv,
        encrypted.ciphertext,
        encrypted.tag,
        solana.address,
        solana.encrypted.iv,
        solana.encrypted.ciphertext,
        solana.encrypted.tag,
        now,
      ],
    )
    return {
      id,
      address,
      encryptedKey: encrypted,
      solana: { address: solana.address, encryptedKey: solana.encrypted },
      createdAt: now,
    }
  }

  /**
   * The user's Solana account, created on first use for a user who has none yet (made before
   * Solana accounts existed). Two first uses at once store one key: the second reads it back.
   */
  async ensureSolanaKey(vault: KeyVault, user: WalletUser): Promise<SolanaKey> {
    if (user.solana) return user.solana
    const { address, encrypted } = vault.createSolanaKey(user.id)
    const rows = await this.#db.query(
      `update wallet_users set solana_address = $2, solana_key_iv = $3,
         solana_key_ciphertext = $4, solana_key_tag = $5
       where id = $1 and solana_address is null
       returning id`,
      [user.id, address, encrypted.iv, encrypted.ciphertext, encrypted.tag],
    )
    if (rows.length === 1) return { address, encryptedKey: encrypted }
    const stored = (await this.get(user.id))?.solana
    if (!stored) throw new Error(`user ${user.id} has no Solana key after creating one`)
    return stored
  }

  /**
   * Links an identity to a user; false when the identity already belongs to someone (a
   * concurrent login created it first: the caller reads it again).
   */
  async addIdentity(identity: Identity, now: Date): Promise<boolean> {
    const rows = await this.#db.query(
      `insert into wallet_identities
         (provider, subject, user_id, email, email_verified, username, created_at)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (provider, subject) do nothing
       returning subject`,
      [
        identity.provider,
        identity.subject,
        identity.userId,
        identity.email,
        identity.emailVerified,
        identity.username,
        now,
      ],
    )
    return rows.length === 1
  }

  /** Refreshes what a social provider says of an identity at each login. */
  async updateProfile(
    provider: string,
    subject: string,
    profile: { email: string | null; emailVerified: boolean; username: string | null },
  ): Promise<void> {
    await this.#db.query(
      `update wallet_identities set email = $3, email_verified = $4, username = $5
       where provider = $1 and subject = $2`,
      [provider, subject, profile.email, profile.emailVerified, profile.username],
    )
  }

  async identities(userId: string): Promise<Identity[]> {
    const rows = await this.#db.query<IdentityRow>(
      `select provider, subject, user_id, email, email_verified, username
       from wallet_identities where user_id = $1 order by created_at, provider`,
      [userId],
    )
    return rows.map(toIdentity)
  }

  async identity(provider: string, subject: string): Promise<Identity | null> {
    const rows = await this.#db.query<IdentityRow>(
      `select provider, subject, user_id, email, email_verified, username
       from wallet_identities where provider = $1 and subject = $2`,
      [provider, subject],
    )
    return rows[0] ? toIdentity(rows[0]) : null
  }

  /** Moves the user's email identity to a new address (the email update's last step). */
  async changeEmail(userId: string, from: string, to: string): Promise<boolean> {
    const rows = await this.#db.query(
      `update wallet_identities set subject = $3, email = $3
       where provider = 'email' and subject = $2 and user_id = $1
       returning subject`,
      [userId, from, to],
    )
    return rows.length === 1
  }

  async isKnownDevice(userId: string, deviceHash: string): Promise<boolean> {
    const rows = await this.#db.query(
      'select 1 from wallet_devices where user_id = $1 and device_hash = $2',
      [userId, deviceHash],
    )
    return rows.length === 1
  }

  /** Records a completed login on the device: later email logins on it skip the approval. */
  async rememberDevice(userId: string, deviceHash: string, now: Date): Promise<void> {
    await this.#db.query(
      `insert into wallet_devices (user_id, device_hash, created_at, last_login_at)
       values ($1, $2, $3, $3)
       on conflict (user_id, device_hash) do update set last_login_at = excluded.last_login_at`,
      [userId, deviceHash, now],
    )
  }
}
