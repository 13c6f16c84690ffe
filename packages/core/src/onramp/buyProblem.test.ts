import { describe, expect, it } from 'vitest'
import { buyProblem } from './buyProblem.ts'
import {
  ONRAMP_NO_AMOUNT,
  ONRAMP_NO_PROVIDER,
  ONRAMP_NOT_CONNECTED,
  ONRAMP_NOT_SUPPORTED,
} from './errors.ts'
import { knownProviders } from './providers.ts'

const [meld] = knownProviders(['meld'])
const ready = { selectedProvider: meld, paymentAmount: '50', amountIssue: undefined }
const evm = { caipNetworkId: 'eip155:1' as const }

describe('buyProblem', () => {
  it('names the first thing to fix, in the order a visitor fixes them', () => {
    expect(buyProblem(ready, undefined)).toBe(ONRAMP_NOT_CONNECTED)
    expect(buyProblem(ready, { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toBe(
      ONRAMP_NOT_SUPPORTED,
    )
    expect(buyProblem({ ...ready, selectedProvider: undefined }, evm)).toBe(ONRAMP_NO_PROVIDER)
    expect(buyProblem({ ...ready, paymentAmount: ' ' }, evm)).toBe(ONRAMP_NO_AMOUNT)
    expect(buyProblem({ ...ready, amountIssue: 'The minimum is 20 USD' }, evm)).toBe(
      'The minimum is 20 USD',
    )
    expect(buyProblem(ready, evm)).toBeUndefined()
  })
})
