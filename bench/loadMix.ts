/**
 * The calls one page visit makes to the server, as the load bench sends them: the kit's config
 * and origins once, the wallet list's two pages, balances on each EVM chain, history, identity,
 * and the JSON-RPC calls a connected page polls through the gateway (the largest share, as on a
 * real page). `{address}` in a path or body stands for the visitor's address.
 */
export type PageCall = {
  /** A short name for the table of statuses. */
  name: string
  method: 'GET' | 'POST'
  path: string
  body?: string
}

export const VISITOR = '{address}'

export type PageMixOptions = {
  projectId: string
  /** The EVM chains' ids (balances on each, the gateway on the first). */
  evmChainIds: readonly number[]
}

function query(params: Record<string, string>): string {
  return new URLSearchParams(params).toString()
}

function rpcCall(id: number, method: string, params: unknown[]): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params })
}

/** One page visit's calls, in the order a page makes them. */
export function pageCalls({ projectId, evmChainIds }: PageMixOptions): PageCall[] {
  const [first] = evmChainIds
  if (first === undefined) throw new Error('the page mix needs an EVM chain')
  const kit = { projectId, st: 'latch', sv: 'bench' }
  const gateway = `/v1?${query({ chainId: `eip155:${first}`, projectId })}`
  return [
    { name: 'config', method: 'GET', path: `/appkit/v1/config?${query(kit)}` },
    { name: 'origins', method: 'GET', path: `/projects/v1/origins?${query(kit)}` },
    {
      name: 'wallets',
      method: 'GET',
      path: `/getWallets?${query({ ...kit, page: '1', entries: '4' })}`,
    },
    {
      name: 'wallets',
      method: 'GET',
      path: `/getWallets?${query({ ...kit, page: '1', entries: '40' })}`,
    },
    { name: 'rpc', method: 'POST', path: gateway, body: rpcCall(1, 'eth_chainId', []) },
    ...evmChainIds.map(
      (chainId): PageCall => ({
        name: 'balance',
        method: 'GET',
        path: `/v1/account/${VISITOR}/balance?${query({ ...kit, currency: 'usd', chainId: `eip155:${chainId}` })}`,
      }),
    ),
    {
      name: 'identity',
      method: 'GET',
      path: `/v1/identity/${VISITOR}?${query({ ...kit, chainId: `eip155:${first}` })}`,
    },
    { name: 'history', method: 'GET', path: `/v1/account/${VISITOR}/history?${query(kit)}` },
    // A connected page polls the block number and reads its account through the gateway.
    { name: 'rpc', method: 'POST', path: gateway, body: rpcCall(2, 'eth_blockNumber', []) },
    {
      name: 'rpc',
      method: 'POST',
      path: gateway,
      body: rpcCall(3, 'eth_getBalance', [VISITOR, 'latest']),
    },
    { name: 'rpc', method: 'POST', path: gateway, body: rpcCall(4, 'eth_blockNumber', []) },
    {
      name: 'rpc',
      method: 'POST',
      path: gateway,
      body: rpcCall(5, 'eth_getTransactionCount', [VISITOR, 'latest']),
    },
    { name: 'rpc', method: 'POST', path: gateway, body: rpcCall(6, 'eth_blockNumber', []) },
  ]
}

/** The call with the visitor's address in place of `{address}`. */
export function forVisitor(call: PageCall, address: string): PageCall {
  return {
    ...call,
    path: call.path.replaceAll(VISITOR, address),
    ...(call.body === undefined ? {} : { body: call.body.replaceAll(VISITOR, address) }),
  }
}

/** How many of a page's calls go to each named route: the mix the table is weighted by. */
export function callShares(calls: readonly PageCall[]): Record<string, number> {
  const shares: Record<string, number> = {}
  for (const call of calls) shares[call.name] = (shares[call.name] ?? 0) + 1
  return shares
}
