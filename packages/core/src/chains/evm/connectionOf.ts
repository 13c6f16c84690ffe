import type { GetConnectionReturnType } from '@wagmi/core'
import type { ChainConnection } from '../types.ts'
import { toWalletOption } from './walletOptions.ts'

/**
 * wagmi's connection in CAIP form. wagmi says 'connecting' both for a connect the visitor asked
 * for and while its start-up reconnect looks for a session when none was stored. Only the first
 * (`ownConnects` > 0) is shown as connecting: a visitor who never connected sees "Connect Wallet"
 * from the first paint, not a pending button for as long as wagmi asks each wallet whether it
 * knows the site.
 */
export function connectionOf(
  current: Pick<GetConnectionReturnType, 'status' | 'address' | 'chainId' | 'connector'>,
  ownConnects: number,
): ChainConnection {
  if (current.status === 'connecting' && ownConnects === 0) return { status: 'disconnected' }
  if (current.status === 'connected') {
    return {
      status: 'connected',
      address: current.address as string,
      caipNetworkId: `eip155:${current.chainId}`,
      caipAddress: `eip155:${current.chainId}:${current.address}`,
      wallet: toWalletOption(current.connector as NonNullable<typeof current.connector>),
    }
  }
  if (current.status === 'disconnected') return { status: 'disconnected' }
  return {
    status: current.status,
    wallet: current.connector ? toWalletOption(current.connector) : undefined,
  }
}
