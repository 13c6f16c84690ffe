import { describe, expect, it } from 'vitest'
import { createMemoryStorage, createStorage, STORAGE_KEYS } from '../storage/index.ts'
import { readPreferredAccountTypes, writePreferredAccountType } from './preferredAccountTypes.ts'

describe('preferred account types', () => {
  it('are kept per namespace under the one storage key', () => {
    const backing = createMemoryStorage()
    const storage = createStorage({ storage: backing })
    expect(readPreferredAccountTypes(storage)).toEqual({})
    writePreferredAccountType(storage, 'eip155', 'eoa')
    writePreferredAccountType(storage, 'solana', 'eoa')
    writePreferredAccountType(storage, 'eip155', 'smartAccount')
    expect(readPreferredAccountTypes(storage)).toEqual({ eip155: 'smartAccount', solana: 'eoa' })
    expect(JSON.parse(backing.getItem('@latch/preferred_account_types') ?? '')).toEqual({
      eip155: 'smartAccount',
      solana: 'eoa',
    })
  })

  it('reads nothing from an entry another version or tab garbled', () => {
    const backing = createMemoryStorage()
    const storage = createStorage({ storage: backing, logger: () => {} })
    backing.setItem(STORAGE_KEYS.preferredAccountTypes, JSON.stringify({ eip155: 'contract' }))
    expect(readPreferredAccountTypes(storage)).toEqual({})
    backing.setItem(STORAGE_KEYS.preferredAccountTypes, 'not json')
    expect(readPreferredAccountTypes(storage)).toEqual({})
  })
})
