import type {
  PaymasterDataResult,
  PaymasterStubResult,
  PaymasterUserOperation,
  SponsorshipRefusal,
} from '@latch/protocol'
import type { FastifyBaseLogger } from 'fastify'
import { type Address, getAddress, type Hex, numberToHex, parseAbi, size } from 'viem'
import {
  entryPoint08Abi,
  entryPoint08Address,
  getUserOperationHash,
} from 'viem/account-abstraction'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import type { ChainClient } from '../chains/clients.ts'
import type { Database } from '../db/index.ts'
import type { Project } from '../projects.ts'
import { decodeLatchAccountCalls } from '../smartAccounts/latchAccount.ts'
import {
  PAYMASTER_VERIFICATION_GAS_BASE,
  PAYMASTER_VERIFICATION_GAS_PER_BYTE,
  SPONSORSHIP_VALIDITY_SECONDS,
} from './constants.ts'
import {
  maxCostOf,
  type SponsoredOperation,
  signPaymasterData,
  stubPaymasterData,
  type ValidityWindow,
} from './paymasterData.ts'
import { refusalOf } from './policy.ts'
import { SenderCheck } from './senderCheck.ts'
import { readUsage, reserve } from './store.ts'

/** The project will not pay for the operation: the kit tells the visitor why and pays itself. */
export class SponsorshipRefusedError extends Error {
  override name = 'SponsorshipRefusedError'
  constructor(
    readonly reason: SponsorshipRefusal,
    /** For the developer reading the JSON-RPC error: what exactly was missing. */
    readonly detail?: string,
  ) {
    super(detail ?? reason)
  }
}

/** The call's params are not an operation this service can sign: the caller's mistake. */
export class PaymasterParamsError extends Error {
  override name = 'PaymasterParamsError'
}

const paymasterAbi = parseAbi(['function signer() view returns (address)'])

// EIP-7702 operations name this marker as their factory; their hash needs the authorization,
// which ERC-7677's params do not carry.
const EIP7702_FACTORY = /^0x7702(0{36})$/i

export type PaymasterServiceOptions = {
  db: Database
  /** The chains with a paymaster (their config's `paymaster`), by chain id. */
  chains: ReadonlyMap<number, ChainClient>
  /** PAYMASTER_SIGNER_KEY: the key LatchPaymaster takes sponsorships from. Never logged. */
  signerKey: Hex
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>
  validitySeconds?: number
  now?: () => Date
}

/**
 * ERC-7677's paymaster service for LatchPaymaster: a stub to estimate gas with, then the signed
 * paymasterData once the gas is known, each only for an operation the project's policy pays for.
 * Signing reserves the most the operation can cost against the project's budget, the
 * visitor's daily cap and the asking client's share, so no number of parallel requests can commit
 * more than the budget, nor one client hold more than its share; and only for a LatchAccount of
 * the chain's factory that can validate the operation, whose calls are the ones its calldata names.
 */
export class PaymasterService {
  readonly #options: PaymasterServiceOptions
  readonly #signer: PrivateKeyAccount
  readonly #now: () => Date
  /** Whether each chain's paymaster takes this key's signatures, asked once per chain. */
  readonly #signerMatches = new Map<number, Promise<boolean>>()
  readonly #senders = new SenderCheck()

  constructor(options: PaymasterServiceOptions) {
    this.#options = options
    this.#signer = privateKeyToAccount(options.signerKey)
    this.#now = options.now ?? (() => new Date())
  }

  /** The chains this service signs for. */
  get chainIds(): number[] {
    return [...this.#options.chains.keys()]
  }

  /** The clients of the chains this service signs for (their sponsorships are settled on them). */
  get chains(): ChainClient[] {
    return [...this.#options.chains.values()]
  }

  /**
   * pm_getPaymasterStubData: refuses early what the policy would refuse, else a stub. `client`
   * is who asks (clientKey.ts).
   */
  async stubData(
    project: Project,
    chainId: number,
    params: readonly [PaymasterUserOperation, Address, bigint, ...unknown[]],
    client: string,
  ): Promise<PaymasterStubResult> {
    const { paymaster, operation } = this.#checked(chainId, params)
    const { policy, usage } = await readUsage(
      this.#options.db,
      project.id,
      { sender: operation.sender, client },
      this.#now(),
    )
    const refusal = refusalOf(policy, { targets: callTargets(operation.callData) }, usage)
    if (refusal) throw new SponsorshipRefusedError(refusal)
    const window = this.#window(this.#nowSeconds())
    return {
      sponsor: { name: project.name },
      paymaster,
      paymasterData: stubPaymasterData(window),
      paymasterVerificationGasLimit: numberToHex(operation.paymasterVerificationGasLimit),
      paymasterPostOpGasLimit: numberToHex(operation.paymasterPostOpGasLimit),
      isFinal: false,
    }
  }

  /**
   * pm_getPaymasterData: checks the sender, reserves the operation's most against the policy for
   * `client` (clientKey.ts), then signs it.
   */
  async paymasterData(
    project: Project,
    chainId: number,
    params: readonly [PaymasterUserOperation, Address, bigint, ...unknown[]],
    client: string,
  ): Promise<PaymasterDataResult> {
    const { chain, paymaster, operation } = this.#checked(chainId, params)
    const factory = chain.config.accountFactory
    if (!factory)
      throw new SponsorshipRefusedError(
        'unavailable',
        `eip155:${chainId} has no account factory on this server: no sender can be checked`,
      )
    const maxCostWei = maxCostOf(operation)
    const [senderProblem, block, deposit, signerMatches] = await Promise.all([
      this.#senders.problemOf(chain, factory, operation),
      chain.client.getBlock({ blockTag: 'latest' }),
      chain.client.readContract({
        address: entryPoint08Address,
        abi: entryPoint08Abi,
        functionName: 'balanceOf',
        args: [paymaster],
      }),
      this.#signerMatchesOn(chain, paymaster),
    ])
    if (senderProblem) throw new PaymasterParamsError(senderProblem)
    if (!signerMatches)
      throw new SponsorshipRefusedError(
        'unavailable',
        `the paymaster on eip155:${chainId} does not take this server's signatures`,
      )
    if (deposit < maxCostWei) {
      this.#options.log.warn(
        { chainId, paymaster, deposit: deposit.toString(), maxCostWei: maxCostWei.toString() },
        "the paymaster's deposit in the EntryPoint cannot pay for an operation: fund it",
      )
      throw new SponsorshipRefusedError(
        'unavailable',
        `the paymaster's deposit on eip155:${chainId} is too low`,
      )
    }
    const now = this.#now()
    // The chain's clock, should it run ahead of the server's, decides when the signature expires.
    const window = this.#window(Math.max(this.#nowSeconds(), Number(block.timestamp)))
    const paymasterData = await signPaymasterData({
      signer: this.#signer,
      chainId,
      paymaster,
      operation,
      window,
    })
    const userOpHash = getUserOperationHash({
      chainId,
      entryPointAddress: entryPoint08Address,
      entryPointVersion: '0.8',
      userOperation: { ...operation, paymaster, paymasterData, signature: '0x' },
    })
    const targets = callTargets(operation.callData)
    const refusal = await reserve(
      this.#options.db,
      {
        projectId: project.id,
        chainId,
        userOpHash,
        sender: operation.sender,
        client,
        nonce: operation.nonce,
        maxCostWei,
        fromBlock: block.number ?? 0n,
        validUntil: new Date(window.validUntil * 1000),
        now,
      },
      (policy, usage) => refusalOf(policy, { targets, maxCostWei }, usage),
    )
    if (refusal) throw new SponsorshipRefusedError(refusal)
    return {
      paymaster,
      paymasterData,
      paymasterVerificationGasLimit: numberToHex(operation.paymasterVerificationGasLimit),
      paymasterPostOpGasLimit: numberToHex(operation.paymasterPostOpGasLimit),
    }
  }

  /** The chain, its paymaster and the operation with the paymaster's gas set, once the params hold. */
  #checked(
    chainId: number,
    params: readonly [PaymasterUserOperation, Address, bigint, ...unknown[]],
  ): { chain: ChainClient; paymaster: Address; operation: SponsoredOperation } {
    const [request, entryPoint, requestChainId] = params
    if (entryPoint.toLowerCase() !== entryPoint08Address.toLowerCase())
      throw new PaymasterParamsError(
        `Only operations for EntryPoint v0.8 (${entryPoint08Address}) are sponsored`,
      )
    if (requestChainId !== BigInt(chainId))
      throw new PaymasterParamsError(
        `The operation is for chain ${requestChainId}, but this call is for eip155:${chainId}`,
      )
    if (request.factory && EIP7702_FACTORY.test(request.factory))
      throw new PaymasterParamsError('EIP-7702 operations are not sponsored')
    const chain = this.#options.chains.get(chainId)
    const paymaster = chain?.config.paymaster
    if (!chain || !paymaster)
      throw new SponsorshipRefusedError(
        'unavailable',
        `eip155:${chainId} has no paymaster on this server`,
      )
    const hashed = size(request.callData) + (request.factoryData ? size(request.factoryData) : 0)
    const operation: SponsoredOperation = {
      sender: getAddress(request.sender),
      nonce: request.nonce,
      factory: request.factory,
      factoryData: request.factory ? (request.factoryData ?? '0x') : undefined,
      callData: request.callData,
      callGasLimit: request.callGasLimit,
      verificationGasLimit: request.verificationGasLimit,
      preVerificationGas: request.preVerificationGas,
      maxFeePerGas: request.maxFeePerGas,
      maxPriorityFeePerGas: request.maxPriorityFeePerGas,
      // The service sets the paymaster's limits (what it signs); the caller's are ignored.
      paymasterVerificationGasLimit:
        PAYMASTER_VERIFICATION_GAS_BASE + PAYMASTER_VERIFICATION_GAS_PER_BYTE * BigInt(hashed),
      paymasterPostOpGasLimit: 0n,
    }
    return { chain, paymaster: getAddress(paymaster), operation }
  }

  #nowSeconds(): number {
    return Math.floor(this.#now().getTime() / 1000)
  }

  #window(fromSeconds: number): ValidityWindow {
    return {
      validAfter: 0,
      validUntil: fromSeconds + (this.#options.validitySeconds ?? SPONSORSHIP_VALIDITY_SECONDS),
    }
  }

  #signerMatchesOn(chain: ChainClient, paymaster: Address): Promise<boolean> {
    const chainId = chain.config.chainId
    let known = this.#signerMatches.get(chainId)
    if (!known) {
      known = chain.client
        .readContract({ address: paymaster, abi: paymasterAbi, functionName: 'signer' })
        .then((signer) => {
          const matches = signer.toLowerCase() === this.#signer.address.toLowerCase()
          if (!matches)
            this.#options.log.error(
              { chainId, paymaster, paymasterSigner: signer, serverSigner: this.#signer.address },
              "the paymaster's signer is not PAYMASTER_SIGNER_KEY's address: nothing is sponsored on this chain",
            )
          return matches
        })
      // A failed read is asked again next time, not remembered.
      known.catch(() => this.#signerMatches.delete(chainId))
      this.#signerMatches.set(chainId, known)
    }
    return known
  }
}

/**
 * The contracts an operation of a LatchAccount calls (its ERC-7579 execute, single or batch), or
 * undefined when its calldata is not that: an allowlist cannot pass calls it cannot read.
 */
export function callTargets(callData: Hex): Address[] | undefined {
  try {
    return decodeLatchAccountCalls(callData).map((call) => call.to)
  } catch {
    return undefined
  }
}

/**
 * The server's sponsor: a paymaster service on the chains that have a paymaster, when the server
 * has the key that signs for it; else undefined (nobody is sponsored). The kit's routes and the
 * wallet frame each make one; both keep budgets in the same database.
 */
export function sponsorOf(deps: {
  config: { paymaster: { signerKey: Hex } | undefined }
  chains: ReadonlyMap<number, ChainClient>
  db: PaymasterServiceOptions['db']
  log: PaymasterServiceOptions['log']
}): PaymasterService | undefined {
  const { paymaster } = deps.config
  const sponsored = [...deps.chains.values()].filter((chain) => chain.config.paymaster)
  if (!paymaster || sponsored.length === 0) return undefined
  return new PaymasterService({
    db: deps.db,
    chains: new Map(sponsored.map((chain) => [chain.config.chainId, chain])),
    signerKey: paymaster.signerKey,
    log: deps.log,
  })
}
