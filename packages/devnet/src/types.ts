import type { DevnetChain, DevnetToken } from '@latch/protocol'

type Hex = `0x${string}`

/** One transaction of the deployment, from the deployer; its nonce is its index. */
export type PlannedTx = { label: string; to: Hex | null; data: Hex; value: Hex }

/** An eth_call whose 32-byte answer must equal `expect` once everything is deployed. */
export type PlannedCheck = { label: string; to: Hex; data: Hex; expect: Hex }

/**
 * Everything needed to bring up a chain, computed ahead of time and cached as JSON: the same on
 * every chain and every start.
 */
export type Deployment = {
  accounts: { address: Hex; privateKey: Hex }[]
  multicall3Code: Hex
  deployerBalance: Hex
  /** The sandbox on-ramp's treasury (ether and USDC). */
  treasury: { address: Hex; privateKey: Hex }
  /** The key LatchPaymaster accepts sponsorships from: the server's on the devnet. */
  paymasterSigner: { address: Hex; privateKey: Hex }
  txs: PlannedTx[]
  checks: PlannedCheck[]
  contracts: DevnetChain['contracts']
  tokens: DevnetToken[]
  pairs: DevnetChain['pairs']
  nfts: NonNullable<DevnetChain['nfts']>
}
