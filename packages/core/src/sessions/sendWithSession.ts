import { aaErrorMessage } from '@latch/protocol/aa-errors'
import { type AccountCall, encodeLatchAccountCalls } from '@latch/protocol/latch-account'
import {
  encodeSessionSignature,
  sessionNonceKey,
  stubSessionSignature,
} from '@latch/protocol/session-signature'
import {
  type Address,
  createClient,
  createPublicClient,
  type Hex,
  http,
  type LocalAccount,
  parseAbi,
} from 'viem'
import {
  createBundlerClient,
  entryPoint08Address,
  getUserOperationHash,
  type UserOperation,
} from 'viem/account-abstraction'

/** What the site is told when the session's policy refused the operation (AA23/AA24 on chain). */
export const SESSION_REFUSED_MESSAGE =
  'The smart session does not allow this: another contract or function, over its limit, expired or revoked'

const entryPointAbi = parseAbi([
  'function getNonce(address sender, uint192 key) view returns (uint256)',
])

/** A failed session send, with the sentence to show and the bundler's own words. */
export class SessionSendError extends Error {
  readonly detail: string
  constructor(message: string, detail: string) {
    super(message)
    this.name = 'SessionSendError'
    this.detail = detail
  }
}

export type SendWithSessionOptions = {
  /** The Latch server (its /v1 routes): the chain's gateway and bundler route. */
  serverUrl: string
  projectId: string
  chainId: number
  /** The smart account the session was granted on. */
  account: Address
  /** LatchSessionValidator on the chain (the devnet manifest's `latchSessionValidator`). */
  validator: Address
  /** The session id, GrantResponse.context. */
  pci: Hex
  /** The session key the site holds; it signs the operation, never leaves the page. */
  sessionKey: LocalAccount
  calls: readonly AccountCall[]
  /** How long to wait for the receipt, ms. */
  timeoutMs?: number
  /** How often to poll for the receipt, ms. */
  pollingIntervalMs?: number
  /** The chain's JSON-RPC, instead of the server's gateway. */
  rpcUrl?: string
  /** An ERC-4337 bundler (EntryPoint v0.8), instead of the server's bundler route. */
  bundlerUrl?: string
}

export type SessionSendResult = { userOperationHash: Hex; transactionHash: Hex; success: boolean }

type GasPrice = { standard?: { maxFeePerGas?: Hex; maxPriorityFeePerGas?: Hex } }

/** Where the operation goes: the server's routes, or (`rpcUrl`, `bundlerUrl`) a chain and bundler of the site's own. */
function endpointsOf(options: SendWithSessionOptions) {
  const query = `chainId=eip155:${options.chainId}&projectId=${encodeURIComponent(options.projectId)}`
  const rpcUrl = options.rpcUrl ?? `${options.serverUrl}/v1?${query}`
  const bundlerUrl = options.bundlerUrl ?? `${options.serverUrl}/v1/bundler?${query}`
  return {
    chain: createPublicClient({ transport: http(rpcUrl) }),
    bundler: createBundlerClient({
      client: createClient({ transport: http(rpcUrl) }),
      transport: http(bundlerUrl),
      pollingInterval: options.pollingIntervalMs ?? 250,
    }),
  }
}

/**
 * Builds and signs the user operation of `calls` with the session key: the nonce key names
 * LatchSessionValidator (so the account asks it, not the owner), gas is estimated by the bundler
 * at its own price (or taken from `gas`), and the signature packs the session id and the time the
 * operation claims (the chain's latest block's) with the key's EIP-191 signature of its hash.
 */
export async function prepareSessionUserOperation(
  options: SendWithSessionOptions & {
    gas?: Pick<UserOperation<'0.8'>, 'callGasLimit' | 'verificationGasLimit' | 'preVerificationGas'>
  },
): Promise<UserOperation<'0.8'>> {
  const { chain, bundler } = endpointsOf(options)
  const [block, nonce, price] = await Promise.all([
    chain.getBlock({ blockTag: 'latest' }),
    chain.readContract({
      address: entryPoint08Address,
      abi: entryPointAbi,
      functionName: 'getNonce',
      args: [options.account, sessionNonceKey(options.validator)],
    }),
    bundler.request({ method: 'pimlico_getUserOperationGasPrice' as never }) as Promise<GasPrice>,
  ])
  const { maxFeePerGas, maxPriorityFeePerGas } = price.standard ?? {}
  if (!maxFeePerGas || !maxPriorityFeePerGas) throw new Error('The bundler gave no gas price')
  const claimedTime = Number(block.timestamp)
  const draft = {
    sender: options.account,
    nonce,
    callData: encodeLatchAccountCalls(options.calls),
    maxFeePerGas: BigInt(maxFeePerGas),
    maxPriorityFeePerGas: BigInt(maxPriorityFeePerGas),
    signature: stubSessionSignature(options.pci, claimedTime),
  }
  const gas =
    options.gas ??
    (await bundler.estimateUserOperationGas({ ...draft, entryPointAddress: entryPoint08Address }))
  const operation: UserOperation<'0.8'> = {
    ...draft,
    callGasLimit: gas.callGasLimit,
    verificationGasLimit: gas.verificationGasLimit,
    preVerificationGas: gas.preVerificationGas,
  }
  const hash = getUserOperationHash({
    userOperation: operation,
    entryPointAddress: entryPoint08Address,
    entryPointVersion: '0.8',
    chainId: options.chainId,
  })
  operation.signature = encodeSessionSignature({
    pci: options.pci,
    claimedTime,
    signature: await options.sessionKey.signMessage({ message: { raw: hash } }),
  })
  return operation
}

/**
 * Sends `calls` from a smart account as one user operation signed by a session key, with no
 * prompt (see prepareSessionUserOperation), and waits for its receipt. A refusal is a
 * SessionSendError with a plain sentence: the chain checks the session's policy, so anything
 * outside it fails here, whoever forwards it.
 */
export async function sendWithSession(options: SendWithSessionOptions): Promise<SessionSendResult> {
  const { bundler } = endpointsOf(options)
  try {
    const operation = await prepareSessionUserOperation(options)
    const userOperationHash = await bundler.sendUserOperation({
      ...operation,
      entryPointAddress: entryPoint08Address,
    })
    const receipt = await bundler.waitForUserOperationReceipt({
      hash: userOperationHash,
      timeout: options.timeoutMs ?? 60_000,
    })
    return {
      userOperationHash,
      transactionHash: receipt.receipt.transactionHash,
      success: receipt.success,
    }
  } catch (error) {
    throw sessionSendError(error)
  }
}

/** The plain sentence for a failed session send: the policy's refusal, another AA code, or as is. */
export function sessionSendError(error: unknown): SessionSendError {
  const detail = detailOf(error)
  // AA23 (the validator reverted: a call or amount outside the policy) and AA24 (unknown or
  // revoked session, wrong key) and AA22 or a bundler's "expires too soon" (outside the
  // session's or period's window) are the session's own refusals.
  if (/\bAA2[234]\b|expires too soon/.test(detail))
    return new SessionSendError(SESSION_REFUSED_MESSAGE, detail)
  return new SessionSendError(
    aaErrorMessage(detail) ?? 'The operation could not be sent: try again',
    detail,
  )
}

function detailOf(error: unknown): string {
  const parts: string[] = []
  for (let link = error; link instanceof Error; link = link.cause) {
    const { details, shortMessage } = link as { details?: unknown; shortMessage?: unknown }
    for (const text of [details, shortMessage, link.message])
      if (typeof text === 'string' && !parts.includes(text)) parts.push(text)
  }
  return parts.join(' | ') || String(error)
}
