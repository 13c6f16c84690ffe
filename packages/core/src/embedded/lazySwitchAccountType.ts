import type { AccountType } from '../account/account.ts'
import type { EvmAdapter } from '../chains/evm/createEvmAdapter.ts'
import type { ChainNamespace } from '../siteTypes.ts'
import type { SwitchAccountTypeDeps } from './switchAccountType.ts'

/**
 * `latch.switchAccountType`: the embedded wallet's switch through the EVM family's connection (the
 * one wallet with two account types). Its code loads on the first call.
 */
export function lazySwitchAccountType(
  deps: Omit<SwitchAccountTypeDeps, 'switchWallet'> & {
    loadEvm(): Promise<Pick<EvmAdapter, 'connection' | 'wagmiConfig'>>
  },
): (type: AccountType, namespace?: ChainNamespace) => Promise<boolean> {
  return async (type, namespace = 'eip155') => {
    const { switchAccountType, switchEmbeddedAccount } = await import('./switchAccountType.ts')
    return switchAccountType(
      {
        storage: deps.storage,
        snackbar: deps.snackbar,
        async switchWallet(target, next) {
          const evm = await deps.loadEvm()
          await switchEmbeddedAccount(
            {
              connectedWalletId: () => {
                const current = evm.connection.get()
                return current.status === 'connected' ? current.wallet.id : undefined
              },
              connectors: () => evm.wagmiConfig.connectors,
            },
            target,
            next,
          )
        },
      },
      namespace,
      type,
    )
  }
}
