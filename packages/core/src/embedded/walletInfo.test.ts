import type { ConnectedUser } from '@latch/protocol/frame'
import { describe, expect, it } from 'vitest'
import { embeddedAccountPatch } from './walletInfo.ts'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOLANA = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

const user = (accounts: ConnectedUser['accounts']): ConnectedUser => ({
  email: 'visitor@example.com',
  address: EVM,
  chainId: 31337,
  accounts,
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
})

describe('embeddedAccountPatch', () => {
  it('labels each account with its own namespace: the Solana account as solana', () => {
    const patch = embeddedAccountPatch(
      user([
        { namespace: 'eip155', address: EVM, type: 'eoa' },
        { namespace: 'solana', address: SOLANA, type: 'eoa' },
      ]),
      undefined,
    )
    expect(patch.allAccounts).toEqual([
      { namespace: 'eip155', address: EVM, type: 'eoa' },
      { namespace: 'solana', address: SOLANA, type: 'eoa' },
    ])
  })

  it('reads an entry without a namespace as an EVM account', () => {
    const patch = embeddedAccountPatch(user([{ address: EVM, type: 'eoa' }]), undefined)
    expect(patch.allAccounts).toEqual([{ namespace: 'eip155', address: EVM, type: 'eoa' }])
    expect(patch.connectedWalletInfo).toEqual({ name: 'Email', identifier: 'visitor@example.com' })
  })
})
