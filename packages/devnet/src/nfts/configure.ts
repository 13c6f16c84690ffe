import { encodeFunctionData, parseAbi } from 'viem'
import { DEPLOYER_ADDRESS } from '../constants.ts'
import { rpc, rpcBatch } from '../rpc.ts'
import type { Deployment } from '../types.ts'

const abi = parseAbi(['function setBaseURI(string uri)', 'function setURI(string uri)'])

/**
 * Points each collection's metadata at the devnet's metadata server, whose port is known only once
 * it listens: after the planned deployment, from the deployer (their owner), one call each.
 */
export async function pointNftsAt(
  rpcUrl: string,
  nfts: Deployment['nfts'],
  metadataUrl: string,
): Promise<void> {
  await rpc(rpcUrl, 'anvil_impersonateAccount', [DEPLOYER_ADDRESS])
  const hashes: string[] = []
  for (const nft of nfts) {
    const data =
      nft.standard === 'erc721'
        ? encodeFunctionData({
            abi,
            functionName: 'setBaseURI',
            args: [`${metadataUrl}/${nft.key}/`],
          })
        : encodeFunctionData({
            abi,
            functionName: 'setURI',
            args: [`${metadataUrl}/${nft.key}/{id}.json`],
          })
    hashes.push(
      await rpc<string>(rpcUrl, 'eth_sendTransaction', [
        { from: DEPLOYER_ADDRESS, to: nft.address, data, gas: '0x989680' },
      ]),
    )
  }
  await rpc(rpcUrl, 'anvil_stopImpersonatingAccount', [DEPLOYER_ADDRESS])
  for (let attempt = 0; ; attempt++) {
    const receipts = (await rpcBatch(
      rpcUrl,
      hashes.map((hash) => ({ method: 'eth_getTransactionReceipt', params: [hash] })),
    )) as ({ status: string } | null)[]
    if (receipts.every((receipt) => receipt !== null)) {
      if (receipts.some((receipt) => receipt?.status !== '0x1'))
        throw new Error('setting the NFT metadata URIs reverted')
      return
    }
    if (attempt > 2000) throw new Error('setting the NFT metadata URIs was not mined')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
