import type { DevnetFarcasterAccount } from '@latch/protocol'
import { encodeAbiParameters, keccak256, numberToHex, pad } from 'viem'
import { rpcBatch } from '../rpc.ts'
import { ID_REGISTRY_ADDRESS } from './constants.ts'
import type { FarcasterContracts } from './contracts.ts'

/** Ether each custody holds on the chain, so it can register or move its fid like a real one. */
const CUSTODY_BALANCE = numberToHex(100n * 10n ** 18n)

/** The storage slot of `mapping[key]` declared at `slot` (Solidity's layout). */
const mappingSlot = (keyType: 'address' | 'uint256', key: `0x${string}` | bigint, slot: bigint) =>
  keccak256(
    encodeAbiParameters([{ type: keyType }, { type: 'uint256' }], [key as never, slot] as never),
  )

const word = (value: `0x${string}` | bigint) =>
  pad(typeof value === 'bigint' ? numberToHex(value) : value, { size: 32 })

/**
 * Places the ID Registry at its canonical address and gives each account its fid, straight in
 * storage (idCounter at slot 0, idOf at slot 1, custodyOf at slot 2): a contract custody gets its
 * code and its owner (slot 0) first. Every custody and signer is funded.
 */
export async function placeIdRegistry(
  rpcUrl: string,
  contracts: FarcasterContracts,
  accounts: readonly DevnetFarcasterAccount[],
): Promise<void> {
  const highest = accounts.reduce((max, account) => Math.max(max, account.fid), 0)
  const calls = [
    { method: 'anvil_setCode', params: [ID_REGISTRY_ADDRESS, contracts.idRegistry] },
    {
      method: 'anvil_setStorageAt',
      params: [ID_REGISTRY_ADDRESS, word(0n), word(BigInt(highest))],
    },
  ]
  for (const account of accounts) {
    const fid = BigInt(account.fid)
    if (account.custodyType === 'contract') {
      calls.push(
        { method: 'anvil_setCode', params: [account.custody, contracts.custodyWallet] },
        {
          method: 'anvil_setStorageAt',
          params: [account.custody, word(0n), word(account.signer.address)],
        },
      )
    }
    calls.push(
      {
        method: 'anvil_setStorageAt',
        params: [ID_REGISTRY_ADDRESS, mappingSlot('address', account.custody, 1n), word(fid)],
      },
      {
        method: 'anvil_setStorageAt',
        params: [ID_REGISTRY_ADDRESS, mappingSlot('uint256', fid, 2n), word(account.custody)],
      },
      { method: 'anvil_setBalance', params: [account.custody, CUSTODY_BALANCE] },
      { method: 'anvil_setBalance', params: [account.signer.address, CUSTODY_BALANCE] },
    )
  }
  await rpcBatch(rpcUrl, calls)
}
