import type { TransferDraft } from '../chains/types.ts'

// The EVM checks, exported by the package: a site may check a send before it asks for it.
export { maxNativeSend, type SendTransaction, validateSend } from '../chains/evm/validateSend.ts'

/**
 * What the visitor asks to send; amount in whole units as typed ('1.5'). The token is its contract
 * or mint on the sender's network, none for the native coin; each family reads the fields it has.
 */
export type SendRequest = TransferDraft
