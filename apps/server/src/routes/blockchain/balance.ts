import {
  accountAddressParams,
  balanceQuery,
  balanceResponse,
  errorResponse,
  isBitcoinAccount,
  isEvmAccount,
  isPolkadotAccount,
} from '@latch/protocol'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type PricedBalance, pricedBalances, readHoldings } from '../../balances/readBalances.ts'
import type { ReadThroughCache } from '../../cache/ttlCache.ts'
import { BALANCE_CACHE_MS } from '../../constants.ts'
import { HttpError } from '../../errors.ts'
import { requireBitcoinAddress } from '../../families/bitcoin/address.ts'
import { bitcoinBalances, readBitcoinHoldings } from '../../families/bitcoin/balances.ts'
import type { BitcoinChainClient } from '../../families/bitcoin/clients.ts'
import { requirePolkadotAddress } from '../../families/polkadot/address.ts'
import { polkadotBalances, readPolkadotHoldings } from '../../families/polkadot/balances.ts'
import { onChain } from '../../families/polkadot/chainCall.ts'
import type { PolkadotChainClient } from '../../families/polkadot/clients.ts'
import { solanaBalances } from '../../families/solana/balances.ts'
import type { SolanaChainClient } from '../../families/solana/clients.ts'
import { readSolanaHoldings } from '../../families/solana/holdings.ts'
import type { Prices } from '../../prices/prices.ts'
import { tokenIconUrl } from '../../registry/tokenIcon.ts'
import { chainUnavailable, evmAddressOf, type Networks, requireChain } from './chainParam.ts'

/**
 * GET /v1/account/{address}/balance?currency=usd&chainId: the native coin and every
 * configured token the address holds on the chain, priced in USD. On EVM one Multicall3
 * `eth_call` reads all the balances; on Solana one JSON-RPC batch reads SOL and the token
 * accounts of both token programs; the answer is cached BALANCE_CACHE_MS per (chain, address), in Redis when
 * REDIS_URL is set, unless `forceUpdate=true`.
 */
export const balanceRoute =
  (deps: {
    networks: Networks
    solanaNetworks: ReadonlyMap<string, SolanaChainClient>
    bitcoinNetworks: ReadonlyMap<string, BitcoinChainClient>
    polkadotNetworks: ReadonlyMap<string, PolkadotChainClient>
    cache: ReadThroughCache
    prices: Prices
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/account/:address/balance',
      {
        schema: {
          tags: ['blockchain'],
          summary: 'Balances of an address on a chain: native coin and tokens, priced in USD',
          description:
            'Zero balances and tokens the chain config flags as spam are left out. `price` is 0 and `value` absent where no price is known. ' +
            'Cached 30 s per address and chain; `forceUpdate=true` reads the chain again.',
          params: accountAddressParams,
          querystring: balanceQuery,
          response: {
            200: balanceResponse,
            400: errorResponse,
            401: errorResponse,
            403: errorResponse,
            503: errorResponse,
          },
        },
        // The answer is built here from config and the chain: no zod walk over it on the way out.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request) => {
        const { address } = request.params
        const refresh = request.query.forceUpdate === 'true'
        const withIcons = (balances: PricedBalance[]) => ({
          balances: balances.map((entry) => ({
            ...entry,
            iconUrl: tokenIconUrl(request, entry.symbol),
          })),
        })
        const polkadot = deps.polkadotNetworks.get(request.query.chainId)
        if (polkadot) {
          await requirePolkadotAddress(polkadot, address)
          const load = async () => {
            const [[info, holdings], prices] = await Promise.all([
              onChain(
                polkadot,
                'Token balances',
                () => Promise.all([polkadot.info(), readPolkadotHoldings(polkadot, address)]),
                request.log,
              ),
              deps.prices.ofPolkadot(polkadot),
            ])
            return polkadotBalances(polkadot, info, holdings, prices)
          }
          const key = `balance:${polkadot.caipNetworkId}:${address}`
          return withIcons(await deps.cache.get(key, load, { ttlMs: BALANCE_CACHE_MS, refresh }))
        }
        const bitcoin = deps.bitcoinNetworks.get(request.query.chainId)
        if (bitcoin) {
          requireBitcoinAddress(bitcoin, address)
          const load = async () => {
            const [holdings, prices] = await Promise.all([
              readBitcoinHoldings(bitcoin, address).catch((error: unknown) => {
                request.log.warn(
                  { err: error, chain: bitcoin.caipNetworkId },
                  'balance read failed',
                )
                throw new HttpError(
                  503,
                  `Token balances unavailable: ${bitcoin.caipNetworkId} did not answer`,
                )
              }),
              deps.prices.ofBitcoin(bitcoin),
            ])
            return bitcoinBalances(bitcoin, holdings, prices)
          }
          const key = `balance:${bitcoin.caipNetworkId}:${address}`
          return withIcons(await deps.cache.get(key, load, { ttlMs: BALANCE_CACHE_MS, refresh }))
        }
        const solana = deps.solanaNetworks.get(request.query.chainId)
        if (solana) {
          if (isEvmAccount(address) || isBitcoinAccount(address) || isPolkadotAccount(address))
            throw new HttpError(400, `Expected a Solana address for ${solana.caipNetworkId}`)
          const load = async () => {
            const [holdings, prices] = await Promise.all([
              readSolanaHoldings(solana.rpc, address).catch((error: unknown) => {
                request.log.warn({ err: error, chain: solana.caipNetworkId }, 'balance read failed')
                throw new HttpError(
                  503,
                  `Token balances unavailable: ${solana.caipNetworkId} did not answer`,
                )
              }),
              deps.prices.ofSolana(solana),
            ])
            return solanaBalances(solana, holdings, prices)
          }
          const key = `balance:${solana.caipNetworkId}:${address}`
          return withIcons(await deps.cache.get(key, load, { ttlMs: BALANCE_CACHE_MS, refresh }))
        }
        const chain = requireChain(deps.networks, request.query.chainId)
        if (!isEvmAccount(address))
          throw new HttpError(400, `Expected an EVM address for ${chain.caipNetworkId}`)
        const owner = evmAddressOf(address)
        const load = async (): Promise<PricedBalance[]> => {
          const [holdings, prices] = await Promise.all([
            readHoldings(chain, owner).catch((error: unknown) => {
              request.log.warn({ err: error, chain: chain.caipNetworkId }, 'balance read failed')
              throw chainUnavailable(chain, 'Token balances')
            }),
            deps.prices.of(chain),
          ])
          return pricedBalances(chain, holdings, prices)
        }
        const balances = await deps.cache.get(`balance:${chain.config.chainId}:${owner}`, load, {
          ttlMs: BALANCE_CACHE_MS,
          refresh,
        })
        return withIcons(balances)
      },
    )
  }
