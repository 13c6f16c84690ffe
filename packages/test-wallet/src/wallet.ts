import {
  type Address,
  type Chain,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  isAddressEqual,
  isHex,
  type LocalAccount,
  type SendTransactionParameters,
  toHex,
  type WalletClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { batchHandlers } from './batches.ts'
import {
  disconnected,
  invalidParams,
  unauthorized,
  unrecognizedChain,
  unsupportedMethod,
  userRejected,
} from './errors.ts'
import type { PageState } from './pageScript.ts'
import { addressParam, chainIdParam, isRecord, transactionParam, typedDataParam } from './params.ts'
import { forwardRpc, RpcUnreachableError } from './rpc.ts'

export type WalletRequest = { method: string; params: unknown[]; origin: string }
export type Decision = 'approve' | 'reject'
export type DecideFn = (request: WalletRequest) => Decision | Promise<Decision>

export type ChainConfig = { chainId: number; rpcUrl: string; name?: string }

export type WalletCoreOptions = {
  privateKey: Hex
  chains: ChainConfig[]
  decide?: DecideFn
  /**
   * An ERC-7821 executor on the chains: the wallet then offers EIP-5792 atomic batches, sent as
   * one transaction through it once the account delegates to it (EIP-7702).
   */
  batchExecutor?: Address
}

type KnownChain = {
  chainId: number
  rpcUrl: string
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
}

type Permission = {
  parentCapability: 'eth_accounts'
  invoker: string
  date: number
  caveats: { type: 'restrictReturnedAccounts'; value: Address[] }[]
}

/** Methods that would sign with the node's own unlocked accounts (anvil!) if forwarded. */
const neverForward = new Set([
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_getEncryptionPublicKey',
  'eth_decrypt',
  'eth_subscribe',
  'eth_unsubscribe',
])

/**
 * The Node half of the wallet: key, chains, per-origin permissions and request handling.
 * Knows nothing about Playwright; `onChange` is awaited after every state change so the caller
 * can push the new state into pages before the triggering request resolves.
 */
export function createWalletCore(options: WalletCoreOptions, onChange: () => Promise<void>) {
  const account = privateKeyToAccount(options.privateKey)
  const address = account.address
  if (options.chains.length === 0) throw new Error('installTestWallet: `chains` must not be empty')

  const chains = new Map<number, KnownChain>()
  for (const chain of options.chains) {
    if (!Number.isSafeInteger(chain.chainId) || chain.chainId <= 0) {
      throw new Error(`installTestWallet: invalid chainId ${chain.chainId}`)
    }
    chains.set(chain.chainId, {
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      name: chain.name ?? `Chain ${chain.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    })
  }
  // biome-ignore lint/style/noNonNullAssertion: checked non-empty above
  let currentChainId = options.chains[0]!.chainId
  let rpcReachable = true
  let seq = 0

  const permissions = new Map<string, Permission>()
  const requests: WalletRequest[] = []
  let decide: DecideFn = options.decide ?? (() => 'approve')
  const pendingRejections: (string | undefined)[] = []
  const clients = new Map<number, WalletClient<ReturnType<typeof http>, Chain, LocalAccount>>()
  let sendQueue: Promise<unknown> = Promise.resolve()

  const currentChain = (): KnownChain => {
    const chain = chains.get(currentChainId)
    if (!chain) throw new Error('unreachable: current chain is not known')
    return chain
  }

  const changed = async () => {
    seq++
    await onChange()
  }

  const stateFor = (origin: string): PageState => ({
    seq,
    chainId: toHex(currentChainId),
    accounts: permissions.has(origin) ? [address] : [],
    connected: rpcReachable,
  })

  const approved = async (request: WalletRequest): Promise<boolean> => {
    const index = pendingRejections.findIndex((m) => m === undefined || m === request.method)
    if (index >= 0) {
      pendingRejections.splice(index, 1)
      return false
    }
    return (await decide(request)) === 'approve'
  }

  const ask = async (request: WalletRequest) => {
    if (!(await approved(request))) throw userRejected()
  }

  const requireConnected = (origin: string) => {
    if (!permissions.has(origin)) throw unauthorized(`${origin} is not connected`)
  }

  const requireOwnAddress = (value: unknown) => {
    const signer = addressParam(value)
    if (!isAddressEqual(signer, address)) throw unauthorized(`unknown account ${signer}`)
  }

  const connect = async (origin: string) => {
    if (permissions.has(origin)) return
    permissions.set(origin, {
      parentCapability: 'eth_accounts',
      invoker: origin,
      date: Date.now(),
      caveats: [{ type: 'restrictReturnedAccounts', value: [address] }],
    })
    await changed()
  }

  const revoke = async (origin: string) => {
    if (!permissions.delete(origin)) return
    await changed()
  }

  const switchTo = async (chainId: number) => {
    if (chainId === currentChainId) return
    currentChainId = chainId
    rpcReachable = true
    await changed()
  }

  const forward = async (method: string, params: unknown[]) => {
    try {
      const result = await forwardRpc(currentChain().rpcUrl, method, params)
      if (!rpcReachable) {
        rpcReachable = true
        await changed()
      }
      return result
    } catch (error) {
      if (!(error instanceof RpcUnreachableError)) throw error
      if (rpcReachable) {
        rpcReachable = false
        await changed()
      }
      throw disconnected()
    }
  }

  const clientFor = (chain: KnownChain) => {
    let client = clients.get(chain.chainId)
    if (!client) {
      const viemChain = defineChain({
        id: chain.chainId,
        name: chain.name,
        nativeCurrency: chain.nativeCurrency,
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      })
      client = createWalletClient({
        account,
        chain: viemChain,
        transport: http(chain.rpcUrl, { retryCount: 0 }),
      })
      clients.set(chain.chainId, client)
    }
    return client
  }

  /** Sends are serialized so concurrent requests never race for the same nonce. */
  const sendSerialized = <T>(task: () => Promise<T>): Promise<T> => {
    const run = sendQueue.then(task, task)
    sendQueue = run.catch(() => undefined)
    return run
  }

  const handlers: Record<string, (request: WalletRequest) => Promise<unknown>> = {
    eth_accounts: async ({ origin }) => (permissions.has(origin) ? [address] : []),
    eth_coinbase: async ({ origin }) => (permissions.has(origin) ? address : null),
    eth_chainId: async () => toHex(currentChainId),
    net_version: async () => String(currentChainId),

    eth_requestAccounts: async (request) => {
      if (!permissions.has(request.origin)) {
        await ask(request)
        await connect(request.origin)
      }
      return [address]
    },

    wallet_getPermissions: async ({ origin }) => {
      const permission = permissions.get(origin)
      return permission ? [permission] : []
    },

    wallet_requestPermissions: async (request) => {
      const requested = permissionRequest(request.params[0])
      if (requested.length === 0) throw invalidParams('no permissions requested')
      await ask(request)
      await connect(request.origin)
      return [permissions.get(request.origin)]
    },

    wallet_revokePermissions: async (request) => {
      permissionRequest(request.params[0])
      await revoke(request.origin)
      return null
    },

    wallet_switchEthereumChain: async (request) => {
      const chainId = chainIdParam(request.params[0])
      // Named as the page spelled it; chainIdParam has checked it is a hex string.
      if (!chains.has(chainId)) {
        throw unrecognizedChain((request.params[0] as { chainId: string }).chainId)
      }
      if (chainId === currentChainId) return null
      await ask(request)
      await switchTo(chainId)
      return null
    },

    wallet_addEthereumChain: async (request) => {
      const added = addChainParam(request.params[0])
      if (added.chainId === currentChainId) return null
      await ask(request)
      // An already known chain keeps its configuration: a page cannot re-point a chain the test set up.
      if (!chains.has(added.chainId)) chains.set(added.chainId, added)
      await switchTo(added.chainId)
      return null
    },

    personal_sign: async (request) => {
      requireConnected(request.origin)
      const [message, signer] = request.params
      if (typeof message !== 'string') throw invalidParams('message must be a string')
      requireOwnAddress(signer)
      await ask(request)
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    },

    eth_signTypedData_v4: async (request) => {
      requireConnected(request.origin)
      const [signer, raw] = request.params
      requireOwnAddress(signer)
      const typedData = typedDataParam(raw)
      await ask(request)
      try {
        return await account.signTypedData(typedData)
      } catch (error) {
        throw invalidParams(`cannot sign typed data: ${(error as Error).message.split('\n')[0]}`)
      }
    },

    eth_sendTransaction: async (request) => {
      requireConnected(request.origin)
      const tx = transactionParam(request.params[0], { chainId: currentChainId })
      if (tx.from !== undefined) requireOwnAddress(tx.from)
      await ask(request)
      const chain = currentChain()
      const client = clientFor(chain)
      // The fields were validated one by one; viem's parameter type is a union keyed on the
      // fee fields that a dynamically built object cannot be narrowed to.
      const parameters = {
        ...tx.fields,
        account,
        chain: client.chain,
      } as SendTransactionParameters<Chain, LocalAccount>
      return sendSerialized(() => client.sendTransaction(parameters))
    },
  }

  if (options.batchExecutor)
    Object.assign(
      handlers,
      batchHandlers({
        account,
        executor: options.batchExecutor,
        chainIds: () => [...chains.keys()],
        currentChainId: () => currentChainId,
        client: () => clientFor(currentChain()),
        forward,
        ask,
        requireConnected,
        requireOwnAddress,
        sendSerialized,
      }),
    )

  const handle = async (origin: string, method: string, params: unknown[]): Promise<unknown> => {
    const request: WalletRequest = { method, params, origin }
    requests.push(request)
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
    if (handler) return handler(request)
    if (method.startsWith('wallet_') || neverForward.has(method)) throw unsupportedMethod(method)
    if (method.startsWith('eth_') || method.startsWith('net_') || method.startsWith('web3_')) {
      return forward(method, params)
    }
    throw unsupportedMethod(method)
  }

  return {
    address,
    requests,
    handle,
    stateFor,
    setDecision(next: DecideFn) {
      decide = next
    },
    rejectNext(method?: string) {
      pendingRejections.push(method)
    },
    chainId: () => currentChainId,
    async disconnect() {
      if (permissions.size === 0) return
      permissions.clear()
      await changed()
    },
  }
}

export type WalletCore = ReturnType<typeof createWalletCore>

function addChainParam(value: unknown): KnownChain {
  const chainId = chainIdParam(value)
  const params = value as Record<string, unknown>
  const { rpcUrls, chainName, nativeCurrency } = params
  if (!Array.isArray(rpcUrls) || rpcUrls.length === 0) {
    throw invalidParams('rpcUrls must be a non-empty array of http(s) URLs')
  }
  for (const url of rpcUrls) {
    if (typeof url !== 'string' || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
      throw invalidParams(`invalid rpcUrl ${JSON.stringify(url)}`)
    }
  }
  if (chainName !== undefined && typeof chainName !== 'string') {
    throw invalidParams('chainName must be a string')
  }
  let currency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
  if (nativeCurrency !== undefined) {
    if (
      !isRecord(nativeCurrency) ||
      typeof nativeCurrency.name !== 'string' ||
      typeof nativeCurrency.symbol !== 'string' ||
      typeof nativeCurrency.decimals !== 'number'
    ) {
      throw invalidParams('nativeCurrency must be { name, symbol, decimals }')
    }
    currency = {
      name: nativeCurrency.name,
      symbol: nativeCurrency.symbol,
      decimals: nativeCurrency.decimals,
    }
  }
  return {
    chainId,
    rpcUrl: rpcUrls[0] as string,
    name: chainName ?? `Chain ${chainId}`,
    nativeCurrency: currency,
  }
}

function permissionRequest(value: unknown): string[] {
  if (!isRecord(value)) throw invalidParams('expected [{ eth_accounts: {} }]')
  const names = Object.keys(value)
  for (const name of names) {
    if (name !== 'eth_accounts') throw invalidParams(`unsupported permission ${name}`)
  }
  return names
}
