import { evmAddressProblem } from '@latch/protocol/evm-address'
import type { Text } from '@latch/protocol/i18n'
import { type Address, getAddress } from 'viem'
import { LatchError } from '../errors.ts'
import { coreEnglish, phrase } from '../i18n/phrases.ts'

/** What a visitor is told of an EVM receiver whose mixed case is not its checksum. */
export const EVM_CHECKSUM_RULE = coreEnglish['send.evmChecksumRule']

/**
 * The EVM address a visitor typed as a receiver (40 hex characters, with or without 0x), in its
 * EIP-55 form. All in one case it is taken as typed; in mixed case it must be its checksum, as
 * MetaMask and Rabby ask: anything else is a typo, and what is sent there is lost.
 * @throws LatchError 'Invalid receiver address', its details the reason
 * @example parseEvmReceiver('70997970c51812dc3a010c7d01b50e0d17dc79c8') // '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
 */
export function parseEvmReceiver(typed: string): Address {
  const problem = evmAddressProblem(typed)
  if (problem)
    throw new LatchError('Invalid receiver address', {
      details:
        problem === 'checksum'
          ? EVM_CHECKSUM_RULE
          : 'An EVM address is 40 hex characters, with or without 0x.',
    })
  return getAddress(typed.startsWith('0x') ? typed : `0x${typed}`)
}

/**
 * What a form shows for a receiver `parseEvmReceiver` refused for its checksum: 'Invalid receiver
 * address' and the reason, in the visitor's language. Undefined for any other error.
 */
export function evmChecksumRefusal(error: unknown): Text | undefined {
  if (!(error instanceof LatchError) || error.details !== EVM_CHECKSUM_RULE) return undefined
  return phrase('send.invalidReceiverBecause', { rule: { text: phrase('send.evmChecksumRule') } })
}
