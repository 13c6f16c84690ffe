import { type Address, getAddress } from 'viem'
import type { WalletConnectProvider } from '../../../options/walletConnectClient.ts'

/** The namespaces besides eip155 whose accounts other families link. */
export type LinkedNamespace = 'solana' | 'polkadot'

/**
 * The session's EVM accounts on `chainId` (every one when none is on it), checksummed, each once.
 * @example evmAccountsOf(provider.session, 31337)
 */
export function evmAccountsOf(
  session: WalletConnectProvider['session'],
  chainId?: number,
): Address[] {
  const accounts: string[] = session?.namespaces.eip155?.accounts ?? []
  const onChain = accounts.filter(
    (account) => chainId === undefined || account.startsWith(`eip155:${chainId}:`),
  )
  const picked = onChain.length > 0 ? onChain : accounts
  return [...new Set(picked.map((account) => getAddress(account.split(':')[2] ?? '')))]
}

/**
 * The Solana or Polkadot account a wallet told in a session event (accountsChanged on a chain of
 * that namespace, `<namespace>:<ref>:<address>` or the bare address); undefined for any other event.
 */
export function toldAccount(params: {
  chainId: string
  event: { name: string; data: unknown }
}): { namespace: LinkedNamespace; address: string } | undefined {
  const namespace = params.chainId.split(':')[0]
  if (params.event.name !== 'accountsChanged') return undefined
  if (namespace !== 'solana' && namespace !== 'polkadot') return undefined
  const [first] = Array.isArray(params.event.data) ? (params.event.data as unknown[]) : []
  if (typeof first !== 'string') return undefined
  return { namespace, address: first.slice(first.lastIndexOf(':') + 1) }
}
