import { expect, it } from 'vitest'
import { unsupportedNetworkMessage } from './unsupportedNetworkMessage.ts'

it("names the wallet's chain by its id", () => {
  expect(unsupportedNetworkMessage('eip155:999')).toBe('Chain 999 is not supported by this site')
  expect(unsupportedNetworkMessage(undefined)).toBe(
    "Your wallet's network is not supported by this site",
  )
})
