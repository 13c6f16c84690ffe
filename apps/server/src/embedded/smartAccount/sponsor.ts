import {
  type PaymasterUserOperation,
  type SponsorshipRefusal,
  sponsorshipRefusedMessage,
} from '@latch/protocol'
import type { Address, Hex } from 'viem'
import type { PaymasterActions } from 'viem/account-abstraction'
import type { PaymasterService } from '../../paymaster/service.ts'
import { SponsorshipRefusedError } from '../../paymaster/service.ts'
import type { Project } from '../../projects.ts'

/** What viem hands a paymaster: the operation as prepared so far, its EntryPoint and chain. */
type PaymasterRequest = Parameters<NonNullable<PaymasterActions['getPaymasterStubData']>>[0]

/** The operation as the paymaster service reads it (its gas limits 0 until they are estimated). */
function operationOf(request: PaymasterRequest): PaymasterUserOperation {
  const operation = request as PaymasterRequest & {
    sender: Address
    nonce: bigint
    factory?: Address
    factoryData?: Hex
    callData: Hex
    callGasLimit?: bigint
    verificationGasLimit?: bigint
    preVerificationGas?: bigint
    maxFeePerGas: bigint
    maxPriorityFeePerGas: bigint
    signature?: Hex
  }
  return {
    sender: operation.sender,
    nonce: operation.nonce,
    ...(operation.factory && { factory: operation.factory, factoryData: operation.factoryData }),
    callData: operation.callData,
    callGasLimit: operation.callGasLimit ?? 0n,
    verificationGasLimit: operation.verificationGasLimit ?? 0n,
    preVerificationGas: operation.preVerificationGas ?? 0n,
    maxFeePerGas: operation.maxFeePerGas,
    maxPriorityFeePerGas: operation.maxPriorityFeePerGas,
    ...(operation.signature && { signature: operation.signature }),
  }
}

/**
 * viem's paymaster actions for the embedded wallet's user operations on `chainId`, answered by the
 * server's own paymaster service: the signing, budget and policy of POST /v1/paymaster, for
 * `project`, with `client` (the wallet's user: clientKey.ts) holding one client's share. A refusal
 * throws SponsorshipRefusedError with its reason.
 */
export function sponsorActions(
  service: PaymasterService,
  project: Project,
  chainId: number,
  client: string,
): Required<Pick<PaymasterActions, 'getPaymasterStubData' | 'getPaymasterData'>> {
  const params = (request: PaymasterRequest) =>
    [operationOf(request), request.entryPointAddress, BigInt(request.chainId)] as const
  return {
    async getPaymasterStubData(request) {
      const stub = await service.stubData(project, chainId, params(request), client)
      return {
        paymaster: stub.paymaster,
        paymasterData: stub.paymasterData,
        paymasterVerificationGasLimit: BigInt(stub.paymasterVerificationGasLimit),
        paymasterPostOpGasLimit: BigInt(stub.paymasterPostOpGasLimit),
        sponsor: stub.sponsor,
        isFinal: false,
      }
    },
    async getPaymasterData(request) {
      const signed = await service.paymasterData(project, chainId, params(request), client)
      return {
        paymaster: signed.paymaster,
        paymasterData: signed.paymasterData,
        paymasterVerificationGasLimit: BigInt(signed.paymasterVerificationGasLimit),
        paymasterPostOpGasLimit: BigInt(signed.paymasterPostOpGasLimit),
      }
    },
  }
}

/**
 * The EntryPoint's codes for a paymaster that did not pay (its deposit, its signature, its
 * window, a revert in it), as a bundler quotes them: the sponsor is not available now.
 */
const SPONSOR_AA_CODE = /\bAA(3[0-6]|5[01])\b/

/**
 * Why the sponsor did not pay, found anywhere in the wrapping viem put around the error: the
 * service's refusal and its reason, or the bundler refusing the paymaster's part.
 */
export function sponsorshipRefusalIn(error: unknown): SponsorshipRefusal | undefined {
  for (let link = error; link instanceof Error; link = link.cause) {
    if (link instanceof SponsorshipRefusedError) return link.reason
    const { details, shortMessage } = link as { details?: unknown; shortMessage?: unknown }
    const texts = [details, shortMessage, link.message]
    if (texts.some((text) => typeof text === 'string' && SPONSOR_AA_CODE.test(text)))
      return 'unavailable'
  }
  return undefined
}

/**
 * What the visitor is told of a refusal, if anything: a site that sponsors nothing says nothing
 * (its visitors always pay, as with any wallet); any other refusal is worth a sentence.
 */
export function sponsorshipNoticeOf(reason: SponsorshipRefusal): string | undefined {
  return reason === 'disabled' ? undefined : sponsorshipRefusedMessage(reason)
}
