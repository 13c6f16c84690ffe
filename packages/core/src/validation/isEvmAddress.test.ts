import { expect, it } from 'vitest'
import { isEvmAddress } from './index.ts'

it('accepts 40 hex characters with or without 0x, in one case or in their checksum case', () => {
  expect(isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true)
  expect(isEvmAddress('f39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true)
  expect(isEvmAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(true)
  expect(isEvmAddress('0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266')).toBe(true)
  expect(isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226')).toBe(false)
  expect(isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb922666')).toBe(false)
  expect(isEvmAddress('0xg39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
  // One letter in the wrong case: mixed case that is not the checksum, a likely typo.
  expect(isEvmAddress('0xf39fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
  expect(isEvmAddress('f39fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
})
