import type { WalletSummary } from '../router/types.ts'
import type { WalletLinking } from './types.ts'

// What sits in storage may come from another version of the kit or another tab: check it.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

const optionalString = (value: unknown) => value === undefined || typeof value === 'string'

export function isWalletSummary(value: unknown): value is WalletSummary {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    optionalString(value.imageUrl) &&
    optionalString(value.rdns)
  )
}

export function isWalletSummaryList(value: unknown): value is WalletSummary[] {
  return Array.isArray(value) && value.every(isWalletSummary)
}

export function isWalletLinking(value: unknown): value is WalletLinking {
  return isRecord(value) && typeof value.name === 'string' && typeof value.href === 'string'
}
