import type { CaipNetworkId } from '@latch/protocol/caip'
import { LatchError } from '../../errors.ts'
import { linkedCall } from '../linkedCall.ts'
import type { LinkedAccount } from '../types.ts'
import type { SignerPayloadJson } from './injected.ts'

/** A hex signature (with the key type's byte for a transaction) from a wallet's answer. */
function signatureOf(result: Record<string, unknown>): string {
  const { signature } = result
  if (typeof signature !== 'string' || !/^0x([0-9a-fA-F]{2}){64,65}$/.test(signature))
    throw new LatchError('The wallet sent no valid signature')
  return signature
}

/**
 * Has the linked account sign the server-built payload through WalletConnect's Polkadot RPC:
 * polkadot_signTransaction `{ address, transactionPayload }` answered by `{ signature }`.
 */
export async function linkedSignPayload(
  linked: LinkedAccount,
  caipNetworkId: CaipNetworkId,
  address: string,
  payload: SignerPayloadJson,
): Promise<string> {
  if (!linked.methods.includes('polkadot_signTransaction'))
    throw new LatchError(`${linked.wallet.name} cannot sign transactions`)
  const result = await linkedCall(
    linked,
    'polkadot_signTransaction',
    { address, transactionPayload: payload },
    caipNetworkId,
  )
  return signatureOf(result)
}

/**
 * Has the linked account sign `message` with polkadot_signMessage `{ address, message }`; wallets
 * sign the text itself or wrapped in <Bytes>...</Bytes>, and the server accepts either.
 */
export async function linkedSignMessage(
  linked: LinkedAccount,
  caipNetworkId: CaipNetworkId,
  address: string,
  message: string,
): Promise<string> {
  if (!linked.methods.includes('polkadot_signMessage'))
    throw new LatchError(`${linked.wallet.name} cannot sign messages`)
  const result = await linkedCall(
    linked,
    'polkadot_signMessage',
    { address, message },
    caipNetworkId,
  )
  return signatureOf(result)
}
