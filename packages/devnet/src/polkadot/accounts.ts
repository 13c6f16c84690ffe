import type { DevnetPolkadotAccount } from '@latch/protocol'
import { Keyring } from '@polkadot/keyring'
import { u8aToHex } from '@polkadot/util'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { POLKADOT_DEV_ACCOUNTS } from './constants.ts'

/** The devnet's accounts with their addresses in `ss58Prefix`, derived from their secret URIs. */
export async function polkadotDevAccounts(ss58Prefix: number): Promise<DevnetPolkadotAccount[]> {
  // sr25519 and the hashes run in WebAssembly, which loads once.
  await cryptoWaitReady()
  return POLKADOT_DEV_ACCOUNTS.map(({ name, suri, type }) => {
    const pair = new Keyring({ type, ss58Format: ss58Prefix }).addFromUri(suri)
    return { name, suri, type, address: pair.address, publicKey: u8aToHex(pair.publicKey) }
  })
}
