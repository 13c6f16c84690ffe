import { describe, expect, it } from 'vitest'
import { createAccountController } from './account.ts'

describe('account controller', () => {
  it('keeps one account per namespace, starting disconnected on the Tokens tab', () => {
    const accounts = createAccountController()
    expect(accounts.get()).toMatchObject({ status: 'disconnected', currentTab: 'Tokens' })
    accounts.update('eip155', {
      status: 'connected',
      address: '0xabc',
      caipAddress: 'eip155:1:0xabc',
    })
    accounts.update('solana', { status: 'connecting' })
    expect(accounts.get('eip155')).toMatchObject({ status: 'connected', address: '0xabc' })
    expect(accounts.get('solana').status).toBe('connecting')
  })

  it('resets a namespace on disconnect without touching the others', () => {
    const accounts = createAccountController()
    accounts.update('eip155', { status: 'connected', address: '0xabc', currentTab: 'Activity' })
    accounts.update('solana', { status: 'connected', address: 'So1' })
    accounts.reset('eip155')
    expect(accounts.get('eip155')).toMatchObject({ status: 'disconnected', currentTab: 'Tokens' })
    expect(accounts.get('eip155').address).toBeUndefined()
    expect(accounts.get('solana').address).toBe('So1')
  })

  it('reads the active namespace by default', () => {
    const accounts = createAccountController()
    accounts.update('solana', { address: 'So1' })
    accounts.setActiveNamespace('solana')
    expect(accounts.get().address).toBe('So1')
  })
})
