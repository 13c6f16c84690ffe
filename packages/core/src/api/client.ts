import type {
  BuildTransactionBody,
  CaipAddress,
  CaipNetworkId,
  GasPriceResponse,
  NameRecord,
  OnrampQuoteRequest,
  OnrampUrlRequest,
  RegisterNameBody,
} from '@latch/protocol'
import { ROUTES } from '@latch/protocol/routes'
import { HttpStatusError } from './httpStatusError.ts'
import { imageUrls } from './imageUrls.ts'
import { FALLBACK_ONRAMP_OPTIONS, mockedOnrampQuote, type OnrampQuote } from './onrampFallbacks.ts'
import { createRequest } from './request.ts'
import { createSend, type Query } from './send.ts'
import { UnexpectedAnswerError } from './unexpectedAnswerError.ts'

export { HttpStatusError, UnexpectedAnswerError }

export type ApiClientOptions = {
  /** Where the Latch server runs, e.g. `http://127.0.0.1:8787`. */
  baseUrl: string
  projectId: string
  fetch?: typeof fetch
}

/** A typed client of the Latch server; adds projectId, st and sv to every call. */
export function createApiClient({ baseUrl, projectId, fetch: fetchFn = fetch }: ApiClientOptions) {
  const send = createSend(baseUrl, projectId, fetchFn)

  const request = createRequest(send)

  return {
    get: <T>(path: string, query?: Query, headers?: Record<string, string>) =>
      send('GET', path, query, undefined, headers) as Promise<T>,
    post: <T>(path: string, body: object, query?: Query, headers?: Record<string, string>) =>
      send('POST', path, query, body, headers) as Promise<T>,
    /** GET /v1/supported-chains: the chains the server serves, with their http and ws URLs. */
    supportedChains: () => request('supportedChains', {}),
    /** GET /getWallets: one page of the wallet registry. */
    getWallets: (query: {
      page: number
      entries: number
      search?: string
      include?: readonly string[]
      exclude?: readonly string[]
      /** Only wallets of these chain families (CAIP-2 namespaces), e.g. the site's. */
      namespaces?: readonly string[]
    }) =>
      request(
        'wallets',
        {},
        {
          page: query.page,
          entries: query.entries,
          search: query.search || undefined,
          include: query.include?.length ? query.include.join(',') : undefined,
          exclude: query.exclude?.length ? query.exclude.join(',') : undefined,
          namespaces: query.namespaces?.length ? query.namespaces.join(',') : undefined,
        },
      ),
    /** GET /v1/account/{address}/balance: native coin and tokens held, with prices. */
    balance: (address: string, chainId: CaipNetworkId, options: { forceUpdate?: boolean } = {}) =>
      request(
        'balance',
        { address },
        {
          currency: 'usd',
          chainId,
          forceUpdate: options.forceUpdate ? 'true' : undefined,
        },
      ),
    /** GET /v1/account/{address}/history: one page, newest first. */
    history: (
      address: string,
      query: { chainId?: CaipNetworkId; cursor?: string; onramp?: string } = {},
    ) => request('history', { address }, query),
    /** GET /v1/account/{address}/nfts: one page of the NFTs an EVM account holds on a network. */
    nfts: (address: string, query: { chainId: CaipNetworkId; cursor?: string }) =>
      request('nfts', { address }, query),
    /** POST /v1/fungible/price: USD prices of tokens. */
    fungiblePrice: (addresses: readonly CaipAddress[]) =>
      request(
        'fungiblePrice',
        {},
        {},
        {
          currency: 'usd',
          addresses,
        },
      ),
    /** GET /v1/identity/{address}: name and avatar, null when none. */
    identity: (address: string, query: { sender?: string; chainId?: CaipNetworkId } = {}) =>
      request('identity', { address }, query),
    /**
     * GET /v1/profile/account/{name}?apiVersion=2: the name's addresses and attributes,
     * or undefined when no such name is registered (the server answers `[]`).
     */
    async profileAccount(name: string): Promise<NameRecord | undefined> {
      const answer = await request('nameOf', { name }, { apiVersion: 2 })
      return Array.isArray(answer) ? undefined : answer
    },
    /** GET /v1/profile/reverse/{address}?apiVersion=2: the names of an address, `[]` when none. */
    profileReverse: (address: string, query: { sender?: string } = {}) =>
      request(
        'namesOf',
        { address },
        {
          apiVersion: 2,
          ...query,
        },
      ),
    /** GET /v1/profile/suggestions/{name}?zone: the name's own status, then free variants. */
    profileSuggestions: (name: string, query: { zone?: string } = {}) =>
      request('nameSuggestions', { name }, query),
    /** POST /v1/profile/account: registers a name by the address's signature of `message`. */
    registerName: (body: RegisterNameBody) => request('registerName', {}, {}, body),
    /** GET /v1/convert/gas-price: the chain's gas price now. */
    async gasPrice(chainId: CaipNetworkId): Promise<GasPriceResponse> {
      const answer = await request('gasPrice', {}, { chainId })
      // The route answers a Bitcoin network's fee rates too; an EVM chain's gas price is asked here.
      if ('unit' in answer) throw new UnexpectedAnswerError(chainId, 'fee rates, not a gas price')
      return answer
    },
    /** GET /v1/convert/tokens: what the chain can swap, the native coin first. */
    convertTokens: (chainId: CaipNetworkId) => request('swapTokens', {}, { chainId }),
    /** GET /v1/convert/quotes: the best route's output for selling `amount` of `from`. */
    convertQuotes: (query: {
      amount: string
      userAddress: CaipAddress
      from: CaipAddress
      to: CaipAddress
      gasPrice?: string
    }) => request('swapQuotes', {}, query),
    /** GET /v1/convert/allowance: what the swap router may spend of the owner's token. */
    convertAllowance: (query: { tokenAddress: CaipAddress; userAddress: CaipAddress }) =>
      request('swapAllowance', {}, query),
    /** GET /v1/convert/build-approve: an approval to sign, unlimited without `amount`. */
    buildApprove: (query: {
      userAddress: CaipAddress
      from: CaipAddress
      to: CaipAddress
      amount?: string
    }) => request('buildApprove', {}, query),
    /** POST /v1/convert/build-transaction: the swap as a transaction to sign. */
    buildTransaction: (body: Omit<BuildTransactionBody, 'projectId'>) =>
      request('buildSwap', {}, {}, body),
    /**
     * GET /v1/onramp/options: what can be bought and paid with. On any failure, the
     * built-in USD and EUR limits and USDC on Ethereum and Polygon, so Buy still works.
     */
    onrampOptions: () => request('onrampOptions', {}).catch(() => FALLBACK_ONRAMP_OPTIONS),
    /**
     * POST /v1/onramp/quote. A server that cannot be reached or fails (5xx) gives a
     * mocked quote (priced by the provider at checkout); a 4xx refusal throws its message.
     */
    async onrampQuote(body: OnrampQuoteRequest): Promise<OnrampQuote> {
      try {
        const quote = await request('onrampQuote', {}, {}, body)
        return { ...quote, mocked: false }
      } catch (error) {
        if (error instanceof HttpStatusError && error.status < 500) throw error
        return mockedOnrampQuote(body)
      }
    },
    /** POST /v1/generators/onrampurl: the provider's page, and the sandbox's order. */
    onrampUrl: (body: OnrampUrlRequest) => request('onrampUrl', {}, {}, body),
    /** GET /v1/onramp/orders/{orderId}: where a sandbox order stands. */
    onrampOrder: (orderId: string) => request('onrampOrder', { orderId }),
    /** GET /appkit/v1/config: the project's features. */
    projectConfig: () => request('projectConfig', {}),
    /** GET /projects/v1/origins: the page origins the project allows. */
    projectOrigins: () => request('projectOrigins', {}),
    /**
     * Whether anything answers at the server's URL: GET /health as `no-cors`, whose answer the page
     * never reads, so a server whose CORS refuses this page's origin still counts as answering.
     */
    async answers(): Promise<boolean> {
      try {
        await fetchFn(new URL(ROUTES.health.path, baseUrl), { mode: 'no-cors' })
        return true
      } catch {
        return false
      }
    },
    ...imageUrls(baseUrl, projectId),
  }
}

export type ApiClient = ReturnType<typeof createApiClient>
