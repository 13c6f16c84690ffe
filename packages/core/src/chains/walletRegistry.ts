import type { Wallet } from '@wallet-standard/base'

/** Where an adapter finds Wallet Standard wallets (`getWallets()` of @wallet-standard/app). */
export type WalletRegistry = {
  get(): readonly Wallet[]
  on(event: 'register' | 'unregister', listener: (...wallets: Wallet[]) => void): () => void
}

/**
 * The wallet `find` finds now, else the first one it finds as wallets register within `waitMs`
 * (a reload restores the last wallet while the page's extensions are still announcing), else
 * undefined.
 */
export function waitForRegistration<T>(
  registry: Pick<WalletRegistry, 'on'>,
  find: () => T | undefined,
  waitMs: number,
): Promise<T | undefined> {
  return new Promise((resolve) => {
    const found = find()
    if (found) return resolve(found)
    const timer = setTimeout(() => {
      off()
      resolve(find())
    }, waitMs)
    const off = registry.on('register', () => {
      const registered = find()
      if (!registered) return
      clearTimeout(timer)
      off()
      resolve(registered)
    })
  })
}
