import { createHash, pbkdf2Sync } from 'node:crypto'
import type { DevnetBitcoinAccount } from '@latch/protocol'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { HDKey } from '@scure/bip32'
import { p2tr, p2wpkh, WIF } from '@scure/btc-signer'
import { hex } from './bytes.ts'
import { BITCOIN_ACCOUNT_COUNT, MINER_SEED_TEXT } from './constants.ts'

/** Regtest's address and key encodings: `bcrt` segwit, testnet's base58 versions and WIF prefix. */
export const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef } as const

/** A key with the output script and address it pays to. */
export type BitcoinKey = {
  privateKey: Uint8Array
  /** Compressed (33 bytes) for P2WPKH; the x-only internal key (32 bytes) for P2TR. */
  publicKey: Uint8Array
  script: Uint8Array
  address: string
}

export function p2wpkhKey(privateKey: Uint8Array): BitcoinKey {
  const publicKey = secp256k1.getPublicKey(privateKey, true)
  const payment = p2wpkh(publicKey, REGTEST)
  return { privateKey, publicKey, script: payment.script, address: payment.address as string }
}

/** A BIP-86 key-path-only taproot key: the output key is the internal key tweaked with no script tree. */
export function p2trKey(privateKey: Uint8Array): BitcoinKey {
  const publicKey = secp256k1.getPublicKey(privateKey, true).subarray(1)
  const payment = p2tr(publicKey, undefined, REGTEST)
  return { privateKey, publicKey, script: payment.script, address: payment.address as string }
}

/** The devnet's accounts and the miner, derived the same way on every start. */
export type BitcoinKeys = {
  accounts: { payment: BitcoinKey; ordinals: BitcoinKey; index: number }[]
  /** Receives every coinbase but the funding ones; the faucet pays from its coins. */
  miner: BitcoinKey
}

export const paymentPath = (index: number) => `m/84'/1'/${index}'/0/0`
export const ordinalsPath = (index: number) => `m/86'/1'/${index}'/0/0`

/**
 * The accounts of `mnemonic` as wallets derive them on test networks (coin type 1): account i's
 * payment key on BIP-84, its ordinals key on BIP-86.
 */
export function deriveBitcoinKeys(mnemonic: string, count = BITCOIN_ACCOUNT_COUNT): BitcoinKeys {
  // BIP-39's seed, by Node's PBKDF2 (a JavaScript one takes a noticeable part of the start-up).
  const seed = pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
  const root = HDKey.fromMasterSeed(seed)
  // Each purpose's coin-type node once, then the accounts under it.
  const payment = root.derive("m/84'/1'")
  const ordinals = root.derive("m/86'/1'")
  const privateKeyAt = (parent: HDKey, index: number) => {
    const key = parent.derive(`m/${index}'/0/0`).privateKey
    if (!key) throw new Error(`no private key for account ${index}`)
    return key
  }
  const accounts = Array.from({ length: count }, (_, index) => ({
    index,
    payment: p2wpkhKey(privateKeyAt(payment, index)),
    ordinals: p2trKey(privateKeyAt(ordinals, index)),
  }))
  const minerKey = new Uint8Array(createHash('sha256').update(MINER_SEED_TEXT).digest())
  return { accounts, miner: p2wpkhKey(minerKey) }
}

const wif = WIF(REGTEST)

/** The manifest's entry for an account: addresses, purposes and keys as wallets import them. */
export function manifestAccount(account: BitcoinKeys['accounts'][number]): DevnetBitcoinAccount {
  const entry = (key: BitcoinKey) => ({
    address: key.address,
    publicKey: hex.encode(key.publicKey),
    privateKey: hex.encode(key.privateKey),
    wif: wif.encode(key.privateKey),
  })
  return {
    payment: {
      ...entry(account.payment),
      purpose: 'payment',
      addressType: 'p2wpkh',
      derivationPath: paymentPath(account.index),
    },
    ordinals: {
      ...entry(account.ordinals),
      purpose: 'ordinals',
      addressType: 'p2tr',
      derivationPath: ordinalsPath(account.index),
    },
  }
}
