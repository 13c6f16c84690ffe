import { getBase58Encoder } from '@solana/kit'
import type { SolanaChain } from './chain.ts'
import { invalidParams, MIN_CONTEXT_SLOT_NOT_REACHED, RpcError } from './errors.ts'

/** The params array of a call; a node answers a non-array like this. */
export function paramList(params: unknown): unknown[] {
  if (params === undefined || params === null) return []
  if (!Array.isArray(params))
    throw invalidParams('Invalid params: invalid type: map, expected a sequence.')
  return params
}

/** Refuses a call with fewer than `count` params, in a node's words. */
export function requireParams(params: unknown[], count: number): void {
  if (params.length < count) {
    throw invalidParams(`\`params\` should have at least ${count} argument(s)`)
  }
}

function typeName(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'sequence'
  if (typeof value === 'object') return 'map'
  if (typeof value === 'number')
    return Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``
  if (typeof value === 'boolean') return `boolean \`${value}\``
  return `string "${String(value)}"`
}

export function stringParam(value: unknown): string {
  if (typeof value !== 'string') {
    throw invalidParams(`Invalid params: invalid type: ${typeName(value)}, expected a string.`)
  }
  return value
}

/** A 32-byte base58 address; refused as a node refuses it (Invalid, or WrongSize). */
export function pubkeyParam(value: unknown): string {
  const text = stringParam(value)
  if (text.length > 44) throw invalidParams('Invalid param: WrongSize')
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(getBase58Encoder().encode(text))
  } catch {
    throw invalidParams('Invalid param: Invalid')
  }
  if (bytes.length !== 32) throw invalidParams('Invalid param: WrongSize')
  return text
}

/** A 64-byte base58 signature; refused as a node refuses it. */
export function signatureParam(value: unknown): string {
  const text = stringParam(value)
  if (text.length > 88) throw invalidParams('Invalid param: WrongSize')
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(getBase58Encoder().encode(text))
  } catch {
    throw invalidParams('Invalid param: Invalid')
  }
  if (bytes.length !== 64) throw invalidParams('Invalid param: WrongSize')
  return text
}

export function u64Param(value: unknown): bigint {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw invalidParams(`Invalid params: invalid type: ${typeName(value)}, expected u64.`)
  }
  return BigInt(value)
}

export function usizeParam(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw invalidParams(`Invalid params: invalid type: ${typeName(value)}, expected usize.`)
  }
  return value
}

const COMMITMENTS = [
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
]

/** The config object of a call (the param at `index`), checked for the fields every call shares. */
export function configParam(
  params: unknown[],
  index: number,
  chain: SolanaChain,
): Record<string, unknown> {
  const value = params[index]
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParams(`Invalid params: invalid type: ${typeName(value)}, expected a map.`)
  }
  const config = value as Record<string, unknown>
  if (config.commitment !== undefined && !COMMITMENTS.includes(String(config.commitment))) {
    throw invalidParams(
      `Invalid params: unknown variant \`${String(config.commitment)}\`, expected one of \`processed\`, \`confirmed\`, \`finalized\`.`,
    )
  }
  if (config.minContextSlot !== undefined) {
    const min = usizeParam(config.minContextSlot)
    if (min > chain.slot) {
      throw new RpcError(
        MIN_CONTEXT_SLOT_NOT_REACHED,
        'Minimum context slot has not been reached',
        {
          contextSlot: chain.slot,
        },
      )
    }
  }
  return config
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === null) return fallback
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T
  const list = allowed.map((item) => `\`${item}\``).join(', ')
  throw invalidParams(
    `Invalid params: unknown variant \`${String(value)}\`, expected one of ${list}.`,
  )
}

/** The `context` of an RpcResponse. */
export function context(chain: SolanaChain) {
  return { apiVersion: '3.0.0', slot: chain.slot }
}
