import type { EsploraTransaction } from '@latch/protocol'

/** An address's part in a transaction, in satoshis. */
export type AddressPart = {
  /** What the address's coins paid into it (its inputs). */
  sent: bigint
  /** What its outputs paid the address (change included). */
  received: bigint
  /**
   * The other side: for a payment out, the first output to another address; for a payment in,
   * the first input from another address ('' for a coinbase); the address itself when it paid
   * only itself.
   */
  counterparty: string
  /** Every output paid the address itself. */
  toSelf: boolean
}

export function addressPart(tx: EsploraTransaction, address: string): AddressPart {
  let sent = 0n
  let received = 0n
  for (const input of tx.vin)
    if (input.prevout?.scriptpubkey_address === address) sent += BigInt(input.prevout.value)
  for (const output of tx.vout)
    if (output.scriptpubkey_address === address) received += BigInt(output.value)
  const otherOutput = tx.vout.find(
    (output) => output.scriptpubkey_address !== address && output.scriptpubkey_type !== 'op_return',
  )
  const otherInput = tx.vin.find(
    (input) => input.prevout && input.prevout.scriptpubkey_address !== address,
  )
  const toSelf = sent > 0n && otherOutput === undefined
  const counterparty = toSelf
    ? address
    : sent > 0n
      ? (otherOutput?.scriptpubkey_address ?? '')
      : (otherInput?.prevout?.scriptpubkey_address ?? '')
  return { sent, received, counterparty, toSelf }
}
