import { type Address, type Hex, isAddress, isHex } from 'viem'
import { invalidParams } from '../errors.ts'

/** The eth_sendTransaction fields a dapp may set; viem fills in what is missing. */
export type TransactionFields = {
  to?: Address
  data?: Hex
  value?: bigint
  gas?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  nonce?: number
}

const hexQuantity = /^0x[0-9a-fA-F]+$/

/** Reads the first eth_sendTransaction param; `from` is returned apart, for the caller to check. */
export function parseTransaction(value: unknown): { from: unknown; fields: TransactionFields } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidParams('expected [transaction]')
  }
  const tx = value as Record<string, unknown>
  const quantity = (key: string): bigint | undefined => {
    const v = tx[key]
    if (v === undefined || v === null) return undefined
    if (typeof v === 'string' && hexQuantity.test(v)) return BigInt(v)
    throw invalidParams(`${key} must be a hex quantity, got ${JSON.stringify(v)}`)
  }
  const fields: TransactionFields = {}
  if (tx.to !== undefined && tx.to !== null) {
    if (typeof tx.to !== 'string' || !isAddress(tx.to, { strict: false })) {
      throw invalidParams(`invalid to ${JSON.stringify(tx.to)}`)
    }
    fields.to = tx.to
  }
  const data = tx.data ?? tx.input
  if (data !== undefined && data !== null) {
    if (typeof data !== 'string' || !isHex(data)) throw invalidParams('data must be hex')
    fields.data = data
  }
  for (const key of ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    const v = quantity(key)
    if (v !== undefined) fields[key] = v
  }
  const nonce = quantity('nonce')
  if (nonce !== undefined) fields.nonce = Number(nonce)
  return { from: tx.from, fields }
}
