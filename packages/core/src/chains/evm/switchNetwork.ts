import { type Chain, numberToHex } from 'viem'
import {
  ADD_CHAIN_CODES,
  ChainNotSupportedError,
  errorCode,
  USER_REJECTED_CODE,
  UserRejectedError,
} from './errors.ts'

export type Eip1193Requester = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

/**
 * Asks the wallet to switch to `chain`; when the wallet does not know it (4902, 5000, 32603) asks it
 * to add the chain, which switches to it. A failed add is "Chain is not supported".
 */
export async function switchOrAddChain(provider: Eip1193Requester, chain: Chain): Promise<void> {
  const chainId = numberToHex(chain.id)
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    return
  } catch (error) {
    const code = errorCode(error)
    if (code === USER_REJECTED_CODE)
      throw new UserRejectedError('User rejected the request', { cause: error })
    if (code === undefined || !ADD_CHAIN_CODES.has(code)) throw error
  }
  try {
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId,
          chainName: chain.name,
          nativeCurrency: chain.nativeCurrency,
          rpcUrls: chain.rpcUrls.default.http,
          blockExplorerUrls: chain.blockExplorers ? [chain.blockExplorers.default.url] : undefined,
        },
      ],
    })
  } catch (error) {
    if (errorCode(error) === USER_REJECTED_CODE) {
      throw new UserRejectedError('User rejected the request', { cause: error })
    }
    throw new ChainNotSupportedError({ cause: error })
  }
}
