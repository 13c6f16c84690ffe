import type { BrowserContext, Page } from '@playwright/test'
import { installTestWallet, type TestWallet, type TestWalletOptions } from './install.ts'
import { defaultIcon } from './pages.ts'
import {
  installSolanaTestWallet,
  type SolanaTestWallet,
  type SolanaTestWalletOptions,
} from './solana/install.ts'

export type MultichainTestWalletOptions = {
  /** The EVM side, as for installTestWallet (its `info` is the shared one below). */
  evm: Omit<TestWalletOptions, 'info'>
  /** The Solana side, as for installSolanaTestWallet (its `info` is the shared one below). */
  solana: Omit<SolanaTestWalletOptions, 'info'>
  /** One name and icon for both sides, the rdns and uuid for EIP-6963; defaults otherwise. */
  info?: { name?: string; icon?: string; rdns?: string; uuid?: string }
}

export interface MultichainTestWallet {
  evm: TestWallet
  solana: SolanaTestWallet
  /** Revokes every site's access on both sides. */
  disconnect(): Promise<void>
}

/**
 * One wallet offering EVM and Solana accounts, as Phantom does: it announces itself by EIP-6963
 * and registers by the Wallet Standard under the same name and icon, so a kit that lists wallets
 * shows it once and can connect either namespace or both.
 */
export async function installMultichainTestWallet(
  target: BrowserContext | Page,
  options: MultichainTestWalletOptions,
): Promise<MultichainTestWallet> {
  const name = options.info?.name ?? 'Latch Multichain Wallet'
  const icon = options.info?.icon ?? defaultIcon
  const evm = await installTestWallet(target, {
    ...options.evm,
    info: {
      name,
      icon,
      rdns: options.info?.rdns ?? 'dev.latch.multichain',
      uuid: options.info?.uuid,
    },
  })
  const solana = await installSolanaTestWallet(target, { ...options.solana, info: { name, icon } })
  return {
    evm,
    solana,
    disconnect: async () => {
      await Promise.all([evm.disconnect(), solana.disconnect()])
    },
  }
}
