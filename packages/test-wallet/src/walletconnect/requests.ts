import {
  type Chain,
  createWalletClient,
  defineChain,
  type Hex,
  type HttpTransport,
  http,
  isAddressEqual,
  isHex,
  type LocalAccount,
  toHex,
  type WalletClient,
} from 'viem'
import {
  invalidParams,
  unauthorized,
  unrecognizedChain,
  unsupportedMethod,
  userRejected,
} from '../errors.ts'
import { addressParam, chainIdParam, transactionParam, typedDataParam } from '../params.ts'
import { eip155ChainId } from './namespaces.ts'

export type Decision = 'approve' | 'reject'

/** What the request handler reads from and asks of the wallet. */
export type RequestContext = {
  /** The active account. */
  account(): LocalAccount
  activeChainId(): number
  rpcUrl(chainId: number): string | undefined
  /** Makes a known chain active, telling the dapp. */
  switchChain(chainId: number): Promise<void>
  /** How the user answers a request for `method` that needs consent. */
  decide(method: string): Decision
}

export type SessionRequest = { method: string; params: unknown; chainId: string }

function paramList(params: unknown): unknown[] {
  if (params === undefined || params === null) return []
  if (!Array.isArray(params)) throw invalidParams('params must be an array')
  return params
}

/**
 * Answers session requests with the active account's key, the way a wallet app would: signs
 * locally, sends transactions through the chain's JSON-RPC, refuses what the user rejects.
 */
export function createRequestHandler(context: RequestContext) {
  const clients = new Map<number, WalletClient<HttpTransport, Chain>>()
  let sendQueue: Promise<unknown> = Promise.resolve()

  const clientFor = (chainId: number): WalletClient<HttpTransport, Chain> => {
    const rpcUrl = context.rpcUrl(chainId)
    if (!rpcUrl) throw unrecognizedChain(toHex(chainId))
    let client = clients.get(chainId)
    if (!client) {
      const chain = defineChain({
        id: chainId,
        name: `Chain ${chainId}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
      })
      client = createWalletClient({ chain, transport: http(rpcUrl, { retryCount: 0 }) })
      clients.set(chainId, client)
    }
    return client
  }

  const requireActive = (value: unknown): LocalAccount => {
    const account = context.account()
    const signer = addressParam(value)
    if (!isAddressEqual(signer, account.address)) {
      throw unauthorized(`${signer} is not the active account`)
    }
    return account
  }

  /** Asks the user, once the request is known to be valid; throws 4001 if they reject. */
  const ask = (method: string) => {
    if (context.decide(method) === 'reject') throw userRejected()
  }

  const handlers: Record<string, (params: unknown[], chainId: number) => Promise<unknown>> = {
    eth_accounts: async () => [context.account().address],
    eth_requestAccounts: async () => [context.account().address],
    eth_chainId: async () => toHex(context.activeChainId()),

    personal_sign: async ([message, address]) => {
      if (typeof message !== 'string') throw invalidParams('message must be a string')
      const account = requireActive(address)
      ask('personal_sign')
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    },

    // As geth does: the same prefixed signature as personal_sign, with the params swapped.
    eth_sign: async ([address, data]) => {
      if (typeof data !== 'string' || !isHex(data)) throw invalidParams('data must be hex')
      const account = requireActive(address)
      ask('eth_sign')
      return account.signMessage({ message: { raw: data as Hex } })
    },

    eth_signTypedData_v4: async ([address, data]) => {
      const account = requireActive(address)
      const typedData = typedDataParam(data)
      ask('eth_signTypedData_v4')
      try {
        return await account.signTypedData(typedData)
      } catch (error) {
        throw invalidParams(`cannot sign typed data: ${(error as Error).message.split('\n')[0]}`)
      }
    },

    eth_sendTransaction: async ([tx], chainId) => {
      const { from, fields } = transactionParam(tx)
      const account = from === undefined ? context.account() : requireActive(from)
      const client = clientFor(chainId)
      ask('eth_sendTransaction')
      // Built field by field; viem's parameter type is a union keyed on the fee fields.
      const parameters = { ...fields, account, chain: client.chain } as Parameters<
        typeof client.sendTransaction
      >[0]
      // One at a time, so two sends never race for the same nonce.
      const send = sendQueue.then(() => client.sendTransaction(parameters))
      sendQueue = send.catch(() => undefined)
      return send
    },

    wallet_switchEthereumChain: async ([target]) => {
      const chainId = chainIdParam(target)
      if (!context.rpcUrl(chainId)) throw unrecognizedChain(toHex(chainId))
      if (chainId === context.activeChainId()) return null
      ask('wallet_switchEthereumChain')
      await context.switchChain(chainId)
      return null
    },

    // The test wallet's chains are fixed: a chain it has is already added, any other is refused.
    wallet_addEthereumChain: async ([target]) => {
      const chainId = chainIdParam(target)
      if (!context.rpcUrl(chainId)) {
        throw unsupportedMethod(`wallet_addEthereumChain for unknown chain ${toHex(chainId)}`)
      }
      return null
    },
  }

  return async (request: SessionRequest): Promise<unknown> => {
    const handler = Object.hasOwn(handlers, request.method) ? handlers[request.method] : undefined
    if (!handler) throw unsupportedMethod(request.method)
    const params = paramList(request.params)
    const chainId = eip155ChainId(request.chainId) ?? context.activeChainId()
    return handler(params, chainId)
  }
}
