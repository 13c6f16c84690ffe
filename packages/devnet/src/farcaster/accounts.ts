import type { DevnetFarcasterAccount } from '@latch/protocol'
import { getAddress, keccak256, toBytes } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { solidPngDataUrl } from './avatar.ts'
import { FARCASTER_ACCOUNTS, smartCustodyAddress } from './constants.ts'

/** The devnet's Farcaster accounts with their keys, custody addresses and avatars. */
export function farcasterAccounts(): DevnetFarcasterAccount[] {
  return FARCASTER_ACCOUNTS.map((account) => {
    const privateKey = keccak256(toBytes(`latch devnet farcaster ${account.username}`))
    const owner = privateKeyToAddress(privateKey)
    const smart = 'smartCustody' in account && account.smartCustody
    return {
      fid: account.fid,
      username: account.username,
      displayName: account.displayName,
      pfpUrl: solidPngDataUrl(account.color),
      custody: smart ? getAddress(smartCustodyAddress(account.fid)) : owner,
      custodyType: smart ? 'contract' : 'eoa',
      signer: { address: owner, privateKey },
    }
  })
}
