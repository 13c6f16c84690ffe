import {
  type CaipAddress,
  NATIVE_TOKEN_ADDRESS,
  parseCaipAddress,
  parseCaipNetworkId,
} from '@latch/protocol'
import type { Address } from 'viem'
import type { ChainClient } from '../chains/clients.ts'
import { HttpError } from '../errors.ts'

/** The message of any swap call on a network the server does not swap on. */
export const SWAP_UNSUPPORTED = 'Network not supported for Swaps'

/** A lower-case 0x address: the one form addresses are compared and keyed in. */
export type Lower = Lowercase<Address>
export const lower = (address: string) => address.toLowerCase() as Lower

/** A chain the server swaps on: its Uniswap V2 deployment and the tokens it offers. */
export type SwapChain = {
  chain: ChainClient
  chainId: number
  factory: Address
  router: Address
  multicall3: Address
  /** The wrapped native coin: routes through it, and stands for the native coin in a path. */
  weth: Lower
  /** The USD stablecoin routes may go through. */
  usd: Lower
  /** The configured non-spam tokens, by lower-case address, in config order. */
  tokens: ReadonlyMap<Lower, SwapAsset>
  native: SwapAsset
}

/** The native coin or a token, as a swap names it. */
export type SwapAsset = {
  /** CAIP-10 id, the native coin's with NATIVE_TOKEN_ADDRESS. */
  id: CaipAddress
  native: boolean
  /** The address in a Router02 path: WETH for the native coin. */
  pathAddress: Lower
  name: string
  symbol: string
  decimals: number
}

/** The chains that can swap (a Uniswap V2 deployment and Multicall3 configured), by chain id. */
export function swapChainsOf(chains: Map<number, ChainClient>): Map<number, SwapChain> {
  const swapChains = new Map<number, SwapChain>()
  for (const chain of chains.values()) {
    const { uniswapV2, multicall3, chainId, nativeCurrency } = chain.config
    if (!uniswapV2 || !multicall3) continue
    const weth = lower(uniswapV2.weth)
    const tokens = new Map<Lower, SwapAsset>()
    for (const token of chain.config.tokens) {
      if (token.spam) continue
      const address = lower(token.address)
      tokens.set(address, {
        id: `eip155:${chainId}:${token.address}`,
        native: false,
        pathAddress: address,
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
      })
    }
    swapChains.set(chainId, {
      chain,
      chainId,
      factory: uniswapV2.factory,
      router: uniswapV2.router,
      multicall3,
      weth,
      usd: lower(uniswapV2.usdToken),
      tokens,
      native: {
        id: `eip155:${chainId}:${NATIVE_TOKEN_ADDRESS}`,
        native: true,
        pathAddress: weth,
        ...nativeCurrency,
      },
    })
  }
  return swapChains
}

/** The swap chain a CAIP-2 id names, or a 400 'Network not supported for Swaps'. */
export function requireSwapChain(
  swapChains: ReadonlyMap<number, SwapChain>,
  caipNetworkId: string,
): SwapChain {
  const { namespace, reference } = parseCaipNetworkId(caipNetworkId)
  const swapChain =
    namespace === 'eip155' && /^\d+$/.test(reference)
      ? swapChains.get(Number(reference))
      : undefined
  if (!swapChain) throw new HttpError(400, SWAP_UNSUPPORTED)
  return swapChain
}

/** A CAIP-10 id split into its swap chain and 0x address; a 400 off the swap networks. */
export function requireSwapAccount(
  swapChains: ReadonlyMap<number, SwapChain>,
  id: string,
): { swapChain: SwapChain; address: Address } {
  const { namespace, reference, address } = parseCaipAddress(id)
  const swapChain = requireSwapChain(swapChains, `${namespace}:${reference}`)
  // The schema checked eip155 addresses; this guards callers that skipped it.
  if (!/^0x[0-9a-fA-F]{40}$/.test(address))
    throw new HttpError(400, `Expected a 0x address of 40 hex characters in ${id}`)
  return { swapChain, address: address as Address }
}

/** The token (or native coin) a CAIP-10 id names on its swap chain; a 400 if it is not offered. */
export function requireSwapAsset(
  swapChains: ReadonlyMap<number, SwapChain>,
  id: string,
): { swapChain: SwapChain; asset: SwapAsset } {
  const { swapChain, address } = requireSwapAccount(swapChains, id)
  const key = lower(address)
  const asset = key === NATIVE_TOKEN_ADDRESS ? swapChain.native : swapChain.tokens.get(key)
  if (!asset) throw new HttpError(400, `Token not supported for Swaps: ${id}`)
  return { swapChain, asset }
}

/** The parts of a swap call: the chain, the user and the two assets, all checked to agree. */
export type SwapRequest = {
  swapChain: SwapChain
  user: Address
  userId: CaipAddress
  from: SwapAsset
  to: SwapAsset
}

/**
 * Checks a swap call's user, `from` and `to`: on one network the server swaps on, two offered
 * assets that differ and are not the native coin and its wrapped self.
 */
export function requireSwapRequest(
  swapChains: ReadonlyMap<number, SwapChain>,
  params: { userAddress: string; from: string; to: string },
): SwapRequest {
  const from = requireSwapAsset(swapChains, params.from)
  const to = requireSwapAsset(swapChains, params.to)
  const user = requireSwapAccount(swapChains, params.userAddress)
  if (from.swapChain !== to.swapChain || user.swapChain !== from.swapChain)
    throw new HttpError(400, 'userAddress, from and to must be on the same network')
  if (from.asset === to.asset) throw new HttpError(400, 'from and to are the same token')
  if (from.asset.pathAddress === to.asset.pathAddress)
    throw new HttpError(
      400,
      `${from.asset.symbol} and ${to.asset.symbol} are the same asset: wrap or unwrap instead of swapping`,
    )
  return {
    swapChain: from.swapChain,
    user: user.address,
    userId: params.userAddress as CaipAddress,
    from: from.asset,
    to: to.asset,
  }
}
