import { createPublicClient, createWalletClient, type Hex, http, parseAbi } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { StackInfo } from './fixtures.ts'

const abi = parseAbi([
  'function mint(address to) returns (uint256 id)',
  'function mint(address to, uint256 id, uint256 amount)',
])

/**
 * Mints to the account of `privateKey` (which pays the gas) one NFT of every devnet collection on
 * the first chain: a tile, a spam voucher and three badges (ERC-1155, id 1). The collections'
 * `mint` is open to anyone, so no devnet account's holdings change under another spec.
 */
export async function mintOneOfEach(stack: StackInfo, privateKey: Hex): Promise<void> {
  const chain = stack.devnet.chains[0]
  if (!chain?.nfts) throw new Error('the devnet has no NFTs')
  const account = privateKeyToAccount(privateKey)
  const viemChain = {
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  }
  const wallet = createWalletClient({ account, chain: viemChain, transport: http(chain.rpcUrl) })
  const client = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) })
  const hashes: Hex[] = []
  for (const nft of chain.nfts) {
    hashes.push(
      nft.standard === 'erc721'
        ? await wallet.writeContract({
            address: nft.address,
            abi,
            functionName: 'mint',
            args: [account.address],
          })
        : await wallet.writeContract({
            address: nft.address,
            abi,
            functionName: 'mint',
            args: [account.address, 1n, 3n],
          }),
    )
  }
  for (const hash of hashes) {
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`minting an NFT reverted: ${hash}`)
  }
}
