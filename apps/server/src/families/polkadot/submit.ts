import type { SignerPayloadJson } from '@latch/protocol'
import type { Call } from '@polkadot/types/interfaces'
import { HttpError } from '../../errors.ts'
import type { PolkadotChainClient } from './clients.ts'

/**
 * Puts the wallet's signature on the extrinsic its payload describes and submits it; answers the
 * extrinsic's hash. Only a `balances.transferKeepAlive` for this chain and runtime is accepted:
 * the server builds nothing else, and relays nothing else. A refusal by the chain (bad signature,
 * stale nonce, expired era) is a 400 with the chain's reason in plain words.
 */
export async function submitPolkadotTransfer(
  chain: PolkadotChainClient,
  payload: SignerPayloadJson,
  signature: `0x${string}`,
): Promise<`0x${string}`> {
  const api = await chain.api()
  if (payload.genesisHash.toLowerCase() !== api.genesisHash.toHex())
    throw new HttpError(400, `payload is for another chain than ${chain.caipNetworkId}`)
  const runtime = api.runtimeVersion
  if (
    Number(payload.specVersion) !== runtime.specVersion.toNumber() ||
    Number(payload.transactionVersion) !== runtime.transactionVersion.toNumber()
  )
    throw new HttpError(400, 'payload was built for an older runtime: build the transfer again')
  if (payload.version !== api.extrinsicVersion)
    throw new HttpError(
      400,
      `payload.version must be ${api.extrinsicVersion}, this chain's extrinsic version`,
    )
  let call: Call
  try {
    call = api.createType('Call', payload.method)
  } catch {
    throw new HttpError(400, 'payload.method is not a call of this chain')
  }
  if (!api.tx.balances.transferKeepAlive.is(call))
    throw new HttpError(400, 'payload.method must be a balances.transferKeepAlive')
  const extrinsic = api.createType('Extrinsic', { method: call }, { version: payload.version })
  try {
    extrinsic.addSignature(payload.address, signature, payload as never)
  } catch {
    throw new HttpError(400, 'signature or payload could not be put together into an extrinsic')
  }
  try {
    const hash = await api.rpc.author.submitExtrinsic(extrinsic)
    return hash.toHex()
  } catch (error) {
    throw new HttpError(400, refusalMessage((error as Error).message))
  }
}

/** The chain's refusal (`1010: Invalid Transaction: ...`) as a sentence for a person. */
export function refusalMessage(nodeMessage: string): string {
  if (/bad signature|BadProof/i.test(nodeMessage))
    return `The signature does not match this transfer or its sender (${nodeMessage})`
  if (/Stale|outdated/i.test(nodeMessage))
    return `This transfer's nonce was already used: build it again (${nodeMessage})`
  if (/ancient birth block|AncientBirthBlock|Transaction has an ancient/i.test(nodeMessage))
    return `This transfer expired before it was sent: build it again (${nodeMessage})`
  if (/Inability to pay|Payment/i.test(nodeMessage))
    return `The sender cannot pay this transfer's fee (${nodeMessage})`
  return `The chain refused the transfer: ${nodeMessage}`
}
