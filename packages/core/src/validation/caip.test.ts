import { expect, it } from 'vitest'
import { isCaipAddress, isCaipNetworkId } from './index.ts'

it('re-exports the CAIP checks: 3 non-empty parts for CAIP-10, 2 for CAIP-2', () => {
  expect(isCaipAddress('eip155:31337:0xabc')).toBe(true)
  expect(isCaipAddress('eip155::0xabc')).toBe(false)
  expect(isCaipNetworkId('eip155:31337')).toBe(true)
  expect(isCaipNetworkId('eip155:31337:0xabc')).toBe(false)
})
