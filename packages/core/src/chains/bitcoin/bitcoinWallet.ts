import type { CaipNetworkId } from '@latch/protocol'
import type { AddressPurpose } from './walletStandard.ts'

export type { AddressPurpose } from './walletStandard.ts'

/** One address the wallet shares with the site, with the purpose the wallet gives it. */
export type BitcoinAccount = {
  address: string
  /**
   * Hex, as the wallet reports it: compressed (33 bytes) for P2WPKH and P2SH-P2WPKH, x-only
   * (32 bytes, the internal key) for P2TR. Empty when the wallet gave none.
   */
  publicKey: string
  purpose: AddressPurpose
}

/** The inputs of a PSBT one of the wallet's addresses is asked to sign. */
export type InputsToSign = { account: BitcoinAccount; indexes: number[] }[]

/**
 * A Bitcoin wallet whatever protocol it speaks (the Bitcoin Wallet Standard, sats-connect): what
 * the adapter asks of it. Every call a visitor declines rejects with a UserRejectedError.
 */
export type BitcoinWallet = {
  /** The adapter's wallet id: the protocol and the wallet's own name or provider id. */
  id: string
  name: string
  icon: string | undefined
  /**
   * The wallet's payment and ordinals addresses. `silent` asks the visitor nothing (a reload): it
   * gives the addresses the site already holds, or none; `known` are purposes the wallet gave
   * before, by address, for wallets that do not repeat them.
   */
  connect(options: {
    silent: boolean
    known?: ReadonlyMap<string, AddressPurpose>
  }): Promise<BitcoinAccount[]>
  /** Ends the site's access where the wallet can; never fails. */
  disconnect(): Promise<void>
  /** Signs a text message as `account` (BIP-322 or BIP-137, as the wallet does); base64. */
  signMessage(account: BitcoinAccount, message: string): Promise<string>
  /** Signs the inputs asked of a PSBT, on `caipNetworkId`; the PSBT back, as the wallet left it. */
  signPsbt(
    psbt: Uint8Array,
    inputs: InputsToSign,
    caipNetworkId: CaipNetworkId,
  ): Promise<Uint8Array>
  /**
   * Follows the wallet: the addresses it now shares, [] when the site lost access, undefined when
   * it only said something changed.
   */
  onChange(listener: (accounts: BitcoinAccount[] | undefined) => void): () => void
}

const PURPOSES: readonly string[] = ['payment', 'ordinals']

/** Whether the wallet named a purpose the kit uses. */
export const isPurpose = (value: unknown): value is AddressPurpose =>
  typeof value === 'string' && PURPOSES.includes(value)

/** Bytes as base64, without Node's Buffer (this runs in the page). */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

export const toHex = (bytes: ArrayLike<number>) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
