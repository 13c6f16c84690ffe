import { WALLET_API_PREFIX } from '@latch/protocol'
import { expect, it } from 'vitest'
import { WALLET_API_PATH } from './constants.ts'

it('calls the API path the protocol defines', () => {
  expect(WALLET_API_PATH).toBe(WALLET_API_PREFIX)
})
