import type { Address, Chain, Client, Hex, Transport } from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  type PaymasterActions,
  type UserOperation,
} from 'viem/account-abstraction'
import type { ChainClient } from '../../chains/clients.ts'
import {
  type AccountCall,
  type AccountOwner,
  type LatchSmartAccount,
  toLatchSmartAccount,
} from '../../smartAccounts/latchAccount.ts'
import { USER_OPERATION_POLL_MS, USER_OPERATION_WAIT_MS } from '../constants.ts'
import type { SmartAccountChain } from './chains.ts'
import { onBundler } from './errors.ts'

/** The user's smart account on a chain, owned by `owner` (their key, or only its address). */
export function userSmartAccount(
  smart: SmartAccountChain,
  chain: ChainClient,
  owner: AccountOwner,
): Promise<LatchSmartAccount> {
  return toLatchSmartAccount({
    client: chain.client as Client<Transport, Chain, undefined>,
    owner,
    factory: smart.factory,
  })
}

/**
 * An owner that knows only its address: enough to estimate a user operation (which carries a
 * stub signature), never to sign one. Costing a transaction decrypts no key.
 */
export const addressOnlyOwner = (address: Address): AccountOwner => ({
  address,
  sign: () => {
    throw new Error('This owner cannot sign: it only estimates')
  },
})

type BundlerGasPrice = { standard?: { maxFeePerGas?: Hex; maxPriorityFeePerGas?: Hex } }

/** A sponsor's part of a user operation: viem's paymaster actions (see sponsor.ts). */
export type Sponsorship = Required<
  Pick<PaymasterActions, 'getPaymasterStubData' | 'getPaymasterData'>
>

/**
 * viem's bundler client for `account`, priced at the bundler's own standard gas price
 * (pimlico_getUserOperationGasPrice): viem's default doubles the chain's suggested tip, which
 * the bundler would then bid with every bundle. With `sponsorship`, a paymaster pays.
 */
export function bundlerClientFor(
  smart: SmartAccountChain,
  chain: ChainClient,
  account: LatchSmartAccount,
  sponsorship?: Sponsorship,
): BundlerClient<Transport, Chain, LatchSmartAccount> {
  return createBundlerClient({
    account,
    client: chain.client as Client<Transport, Chain>,
    transport: smart.bundler,
    pollingInterval: USER_OPERATION_POLL_MS,
    ...(sponsorship && { paymaster: sponsorship }),
    userOperation: {
      async estimateFeesPerGas({ bundlerClient }) {
        const price = (await bundlerClient.request({
          // The bundler route's allowlist has it; viem's method types do not.
          method: 'pimlico_getUserOperationGasPrice' as never,
        })) as BundlerGasPrice
        const { maxFeePerGas, maxPriorityFeePerGas } = price.standard ?? {}
        if (!maxFeePerGas || !maxPriorityFeePerGas)
          throw new Error('The bundler gave no standard gas price')
        return {
          maxFeePerGas: BigInt(maxFeePerGas),
          maxPriorityFeePerGas: BigInt(maxPriorityFeePerGas),
        }
      },
    },
  }) as BundlerClient<Transport, Chain, LatchSmartAccount>
}

/**
 * Sends `calls` as one user operation of the user's smart account (the first one deploys it
 * through the factory): signed by the owner's key, submitted to the bundler, its fee paid by
 * `sponsorship` when given. Resolves with the user operation's hash once the bundler took it.
 */
export function sendUserOperation(
  smart: SmartAccountChain,
  chain: ChainClient,
  owner: AccountOwner,
  calls: readonly AccountCall[],
  sponsorship?: Sponsorship,
): Promise<Hex> {
  return onBundler(async () => {
    const account = await userSmartAccount(smart, chain, owner)
    return bundlerClientFor(smart, chain, account, sponsorship).sendUserOperation({
      calls: [...calls],
    })
  })
}

/**
 * The receipt of a user operation: waits for it (USER_OPERATION_WAIT_MS at most), then the
 * transaction that carried it and whether its calls succeeded.
 */
export function waitForUserOperation(
  smart: SmartAccountChain,
  chain: ChainClient,
  owner: Address,
  hash: Hex,
): Promise<{ transactionHash: Hex; success: boolean }> {
  return onBundler(async () => {
    const account = await userSmartAccount(smart, chain, addressOnlyOwner(owner))
    const receipt = await bundlerClientFor(smart, chain, account).waitForUserOperationReceipt({
      hash,
      timeout: USER_OPERATION_WAIT_MS,
    })
    return { transactionHash: receipt.receipt.transactionHash, success: receipt.success }
  })
}

/** The most gas a user operation may use, all parts: what its prefund is computed on. */
export function userOperationGas(operation: UserOperation<'0.8'>): bigint {
  return (
    operation.callGasLimit +
    operation.verificationGasLimit +
    operation.preVerificationGas +
    (operation.paymasterVerificationGasLimit ?? 0n) +
    (operation.paymasterPostOpGasLimit ?? 0n)
  )
}

/** Enough ether for any estimate: the account's balance does not decide its operation's gas. */
const ESTIMATE_BALANCE = 10n ** 30n

/**
 * What `calls` as one user operation may cost the account at most (its prefund: all its gas at
 * its highest price), estimated by the bundler with no key (a stub signature) and as if the
 * account held enough, so a poor account learns its shortfall rather than an AA21.
 */
export function userOperationCost(
  smart: SmartAccountChain,
  chain: ChainClient,
  owner: Address,
  calls: readonly AccountCall[],
): Promise<{ gas: bigint; maxFeePerGas: bigint; operation: UserOperation<'0.8'> }> {
  return onBundler(async () => {
    const account = await userSmartAccount(smart, chain, addressOnlyOwner(owner))
    const operation = (await bundlerClientFor(smart, chain, account).prepareUserOperation({
      calls: [...calls],
      parameters: ['factory', 'fees', 'gas', 'nonce', 'signature'],
      stateOverride: [{ address: account.address, balance: ESTIMATE_BALANCE }],
    })) as UserOperation<'0.8'>
    return { gas: userOperationGas(operation), maxFeePerGas: operation.maxFeePerGas, operation }
  })
}
