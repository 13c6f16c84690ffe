import { secp256k1 } from '@noble/curves/secp256k1.js'
import { hex } from '@scure/base'
import { NETWORK, p2sh, p2tr, p2wpkh, TEST_NETWORK } from '@scure/btc-signer'

/** The address encodings the wallet can run on: `bc1`, `tb1` or `bcrt1` segwit addresses. */
export type BitcoinNetworkName = 'mainnet' | 'testnet' | 'regtest'

/** Each network's address and key encodings, as @scure/btc-signer takes them. */
export const BTC_NETWORKS = {
  mainnet: NETWORK,
  testnet: TEST_NETWORK,
  regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
} as const

/** The Wallet Standard chain name of each network (`bitcoin:mainnet`, ...). */
export const STANDARD_CHAINS: Record<BitcoinNetworkName, `bitcoin:${string}`> = {
  mainnet: 'bitcoin:mainnet',
  testnet: 'bitcoin:testnet',
  regtest: 'bitcoin:regtest',
}

/** What an address is for, as sats-connect and the Bitcoin Wallet Standard name it. */
export type AddressPurpose = 'payment' | 'ordinals'

/** The output kinds the wallet's addresses can be: native segwit, nested segwit, taproot. */
export type AddressType = 'p2wpkh' | 'p2sh' | 'p2tr'

/** One of the wallet's keys with the address it receives at, as the wallet reports it. */
export type WalletKey = {
  purpose: AddressPurpose
  addressType: AddressType
  privateKey: Uint8Array
  /**
   * As wallets report it: the compressed key (33 bytes) for P2WPKH and P2SH-P2WPKH, the x-only
   * internal key (32 bytes, before the taproot tweak) for P2TR.
   */
  publicKey: Uint8Array
  /** The output script the address pays to. */
  script: Uint8Array
  /** P2SH-P2WPKH only: the P2WPKH script the P2SH commits to. */
  redeemScript?: Uint8Array
  address: string
}

/**
 * The key of `privateKeyHex` as an address of `addressType` on `network`. P2TR is BIP-86's
 * key-path-only output: the internal key tweaked with no script tree.
 */
export function walletKey(
  purpose: AddressPurpose,
  addressType: AddressType,
  privateKeyHex: string,
  network: BitcoinNetworkName,
): WalletKey {
  const privateKey = hex.decode(privateKeyHex)
  const compressed = secp256k1.getPublicKey(privateKey, true)
  const params = BTC_NETWORKS[network]
  if (addressType === 'p2tr') {
    const publicKey = compressed.subarray(1)
    const payment = p2tr(publicKey, undefined, params)
    return {
      purpose,
      addressType,
      privateKey,
      publicKey,
      script: payment.script,
      address: payment.address as string,
    }
  }
  if (addressType === 'p2sh') {
    const inner = p2wpkh(compressed, params)
    const payment = p2sh(inner, params)
    return {
      purpose,
      addressType,
      privateKey,
      publicKey: compressed,
      script: payment.script,
      redeemScript: inner.script,
      address: payment.address as string,
    }
  }
  const payment = p2wpkh(compressed, params)
  return {
    purpose,
    addressType,
    privateKey,
    publicKey: compressed,
    script: payment.script,
    address: payment.address as string,
  }
}
