import { describe, expect, it } from 'vitest'
import { LatchError } from '../errors.ts'
import { createStore } from '../store.ts'
import type { ChainConnection } from './connection.ts'
import { adapterOf, disconnectFamilies, loadedEvm } from './familyAccess.ts'
import type { ChainAdapter } from './types.ts'

/** A family whose wallet is in `status`, recording whether it was asked to disconnect. */
function family(namespace: 'eip155' | 'solana', status: ChainConnection['status']) {
  const ended: string[] = []
  const connection = createStore({ status } as ChainConnection)
  const adapter = {
    namespace,
    connection,
    async disconnect() {
      ended.push(namespace)
    },
  } as unknown as ChainAdapter
  return { adapter, ended }
}

describe('disconnectFamilies', () => {
  it('ends every connected family and leaves the others', async () => {
    const evm = family('eip155', 'connected')
    const solana = family('solana', 'connected')
    await disconnectFamilies({ eip155: evm.adapter, solana: solana.adapter })
    expect([...evm.ended, ...solana.ended]).toEqual(['eip155', 'solana'])

    const idle = family('eip155', 'disconnected')
    const connected = family('solana', 'connected')
    await disconnectFamilies({ eip155: idle.adapter, solana: connected.adapter })
    expect(idle.ended).toEqual([])
    expect(connected.ended).toEqual(['solana'])
  })

  it('asks the EVM family when no family is connected', async () => {
    const evm = family('eip155', 'disconnected')
    const solana = family('solana', 'disconnected')
    await disconnectFamilies({ eip155: evm.adapter, solana: solana.adapter })
    expect(evm.ended).toEqual(['eip155'])
    expect(solana.ended).toEqual([])
  })
})

describe('adapterOf and loadedEvm', () => {
  it('say which family is missing, and why latch.evm cannot be read', () => {
    expect(() => adapterOf({}, 'solana')).toThrow('No solana wallet is available')
    expect(() => loadedEvm({}, false)).toThrow('No EVM network is configured')
    expect(() => loadedEvm({}, true)).toThrow(LatchError)
    expect(() => loadedEvm({}, true)).toThrow('The EVM family has not loaded yet')
    const evm = family('eip155', 'disconnected').adapter
    expect(loadedEvm({ eip155: evm }, true)).toBe(evm)
  })
})
