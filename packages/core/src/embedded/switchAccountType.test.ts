import { describe, expect, it, vi } from 'vitest'
import { readPreferredAccountTypes } from '../account/preferredAccountTypes.ts'
import { createSnackbar } from '../snackbar/index.ts'
import { createMemoryStorage, createStorage } from '../storage/index.ts'
import { EMBEDDED_CONNECTOR_ID } from './connectorId.ts'
import {
  SMART_ACCOUNT_NOTICE,
  switchAccountType,
  switchEmbeddedAccount,
} from './switchAccountType.ts'

function setup(switchWallet: () => Promise<void> = async () => {}) {
  const storage = createStorage({ storage: createMemoryStorage() })
  const snackbar = createSnackbar()
  return { storage, snackbar, deps: { storage, snackbar, switchWallet: vi.fn(switchWallet) } }
}

describe('switching between the smart account and the owner EOA', () => {
  it('to the EOA: switched, kept for the namespace, no notice', async () => {
    const { deps, storage, snackbar } = setup()
    expect(await switchAccountType(deps, 'eip155', 'eoa')).toBe(true)
    expect(deps.switchWallet).toHaveBeenCalledWith('eip155', 'eoa')
    expect(readPreferredAccountTypes(storage)).toEqual({ eip155: 'eoa' })
    expect(snackbar.state.get().open).toBe(false)
  })

  it('to the smart account: the toast says a site may not support it', async () => {
    vi.useFakeTimers()
    try {
      const { deps, storage, snackbar } = setup()
      expect(await switchAccountType(deps, 'eip155', 'smartAccount')).toBe(true)
      expect(readPreferredAccountTypes(storage)).toEqual({ eip155: 'smartAccount' })
      await vi.advanceTimersByTimeAsync(200)
      expect(snackbar.state.get()).toMatchObject({
        open: true,
        message: 'This application might not support Smart Accounts',
        variant: 'success',
      })
      expect(SMART_ACCOUNT_NOTICE).toBe('This application might not support Smart Accounts')
    } finally {
      vi.useRealTimers()
    }
  })

  it('a wallet that refuses: its reason shown, the earlier choice kept', async () => {
    vi.useFakeTimers()
    try {
      const { deps, storage, snackbar } = setup(async () => {
        throw new Error('The embedded wallet is not connected')
      })
      storage.setJson('@latch/preferred_account_types', { eip155: 'eoa' })
      expect(await switchAccountType(deps, 'eip155', 'smartAccount')).toBe(false)
      expect(readPreferredAccountTypes(storage)).toEqual({ eip155: 'eoa' })
      await vi.advanceTimersByTimeAsync(200)
      expect(snackbar.state.get()).toMatchObject({ open: true, variant: 'error' })
    } finally {
      vi.useRealTimers()
    }
  })

  it("only the embedded wallet's connection switches, through its connector", async () => {
    const setPreferredAccountType = vi.fn(async () => ({}))
    const evm = (connected: string) => ({
      connectedWalletId: () => connected,
      connectors: () => [
        { id: 'injected' },
        { id: EMBEDDED_CONNECTOR_ID, setPreferredAccountType },
      ],
    })
    await switchEmbeddedAccount(evm(EMBEDDED_CONNECTOR_ID), 'eip155', 'eoa')
    expect(setPreferredAccountType).toHaveBeenCalledWith('eoa')
    await expect(switchEmbeddedAccount(evm('injected'), 'eip155', 'eoa')).rejects.toThrow(
      'This wallet has no other account type to switch to',
    )
    await expect(
      switchEmbeddedAccount(evm(EMBEDDED_CONNECTOR_ID), 'solana', 'eoa'),
    ).rejects.toThrow('This wallet has no other account type to switch to')
  })
})
