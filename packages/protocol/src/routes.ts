// The server's routes as the kit and the server both name them, without zod: the page imports this
// at run time (a few hundred bytes), and takes only types from the schema modules. The server
// registers each route at its `path`; the client builds its URL from the same entry with `pathOf`.

/** The HTTP methods the API uses. */
export type RouteMethod = 'GET' | 'POST'

/** One route of the server's API: its method, and its path with `:name` for each path parameter. */
export type Route<Path extends string = string> = {
  readonly method: RouteMethod
  readonly path: Path
}

const route = <const Path extends string>(method: RouteMethod, path: Path): Route<Path> => ({
  method,
  path,
})

/**
 * The server's routes by what they do: those the kit calls, the gateways a wallet library calls
 * (JSON-RPC, bundler, paymaster, Esplora), and the pages the server links to. The paths are the
 * ones existing clients call.
 */
export const ROUTES = {
  supportedChains: route('GET', '/v1/supported-chains'),
  wallets: route('GET', '/getWallets'),
  balance: route('GET', '/v1/account/:address/balance'),
  history: route('GET', '/v1/account/:address/history'),
  nfts: route('GET', '/v1/account/:address/nfts'),
  fungiblePrice: route('POST', '/v1/fungible/price'),
  identity: route('GET', '/v1/identity/:address'),
  nameOf: route('GET', '/v1/profile/account/:name'),
  namesOf: route('GET', '/v1/profile/reverse/:address'),
  nameSuggestions: route('GET', '/v1/profile/suggestions/:name'),
  registerName: route('POST', '/v1/profile/account'),
  gasPrice: route('GET', '/v1/convert/gas-price'),
  swapTokens: route('GET', '/v1/convert/tokens'),
  swapQuotes: route('GET', '/v1/convert/quotes'),
  swapAllowance: route('GET', '/v1/convert/allowance'),
  buildApprove: route('GET', '/v1/convert/build-approve'),
  buildSwap: route('POST', '/v1/convert/build-transaction'),
  onrampOptions: route('GET', '/v1/onramp/options'),
  onrampQuote: route('POST', '/v1/onramp/quote'),
  onrampUrl: route('POST', '/v1/generators/onrampurl'),
  onrampOrder: route('GET', '/v1/onramp/orders/:orderId'),
  projectConfig: route('GET', '/appkit/v1/config'),
  projectOrigins: route('GET', '/projects/v1/origins'),
  health: route('GET', '/health'),
  siwxNonce: route('GET', '/auth/v1/siwx/nonce'),
  siwxVerify: route('POST', '/auth/v1/siwx/verify'),
  siwxSession: route('GET', '/auth/v1/siwx/session'),
  siwxSignOut: route('POST', '/auth/v1/siwx/signout'),
  sessions: route('GET', '/v1/sessions/:address'),
  revokeSession: route('POST', '/v1/sessions/:address/revoke'),
  rpc: route('POST', '/v1'),
  bundler: route('POST', '/v1/bundler'),
  paymaster: route('POST', '/v1/paymaster'),
  esplora: route('GET', '/v1/esplora/*'),
  esploraBroadcast: route('POST', '/v1/esplora/tx'),
  polkadotTransfer: route('POST', '/v1/polkadot/transfer'),
  polkadotSubmit: route('POST', '/v1/polkadot/submit'),
  polkadotStatus: route('GET', '/v1/polkadot/status/:hash'),
  nameAttributes: route('POST', '/v1/profile/account/:name/attributes'),
  nameAddress: route('POST', '/v1/profile/account/:name/address'),
  nftImage: route('GET', '/v1/nft/image/:chainId/:contract/:tokenId'),
  onrampCheckout: route('GET', '/onramp/sandbox/checkout/:orderId'),
  onrampCheckoutPay: route('POST', '/onramp/sandbox/checkout/:orderId/pay'),
  projectLimits: route('GET', '/appkit/v1/project-limits'),
  analyticsConfig: route('GET', '/getAnalyticsConfig'),
  analyticsEvent: route('POST', '/e'),
  analyticsBatch: route('POST', '/batch'),
} as const

/** The names of a path's `:name` parameters, and `*` for a path that ends in a wildcard. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : Path extends `${string}/*`
      ? '*'
      : never

/** The values a path's parameters take. */
export type PathParams<Path extends string> = { readonly [Name in ParamNames<Path>]: string }

/**
 * The route's path with each `:name` replaced by its value, percent-encoded: what a client
 * requests. A value is one path segment whatever it holds (a `/` in it is encoded). A wildcard's
 * value is the rest of the path, several segments, so it goes in as it is. `encode` is for a
 * caller whose values are already safe in a path and whose URLs must keep them as written.
 */
export function pathOf<Path extends string>(
  route: Route<Path>,
  params: PathParams<Path>,
  encode: (value: string) => string = encodeURIComponent,
): string {
  const values = params as Record<string, string>
  return route.path
    .replace(/:([A-Za-z]+)/g, (_, name: string) => encode(values[name] ?? ''))
    .replace(/\/\*$/, () => `/${values['*'] ?? ''}`)
}
