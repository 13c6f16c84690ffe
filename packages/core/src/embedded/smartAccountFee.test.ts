import type { ConnectedUser } from '@latch/protocol/frame'
import { describe, expect, it } from 'vitest'
import { smartAccountFee } from './smartAccountFee.ts'
import type { FrameClient } from './types.ts'

const SMART = '0x1111111111111111111111111111111111111111'
const OWNER = '0x2222222222222222222222222222222222222222'
const user = {
  address: SMART,
  chainId: 31337,
  accounts: [
    { type: 'smartAccount', address: SMART, namespace: 'eip155' },
    { type: 'eoa', address: OWNER, namespace: 'eip155' },
  ],
  preferredAccountType: 'smartAccount',
  smartAccountDeployed: true,
} as unknown as ConnectedUser

describe('smartAccountFee', () => {
  it('asks the frame for a smart account’s fee, and leaves any other sender to the chain', async () => {
    const asked: unknown[] = []
    const frame = async () =>
      ({
        async request(name: string, payload: unknown) {
          asked.push([name, payload])
          return { gas: '0x5208', maxFeePerGas: '0x3b9aca00' }
        },
      }) as unknown as FrameClient
    const transaction = { to: OWNER, value: 10n, chainId: 31337 } as const
    expect(await smartAccountFee(user, { ...transaction, from: OWNER }, frame)).toBeUndefined()
    expect(await smartAccountFee(undefined, { ...transaction, from: SMART }, frame)).toBeUndefined()
    expect(asked).toEqual([])
    const fee = await smartAccountFee(
      user,
      { ...transaction, from: SMART.toUpperCase() as `0x${string}` },
      frame,
    )
    expect(fee).toEqual({ gas: 21000n, maxFeePerGas: 1_000_000_000n })
    expect(asked).toEqual([
      [
        'ESTIMATE_FEE',
        { transaction: { from: SMART.toUpperCase(), to: OWNER, value: '0xa' }, chainId: 31337 },
      ],
    ])
  })
})
