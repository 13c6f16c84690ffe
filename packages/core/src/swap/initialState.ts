import { SWAP_SLIPPAGE_TOLERANCE } from '../constants.ts'
import type { SwapState } from './types.ts'

/** The Swap view before anything loaded: no tokens, no amount, the default slippage. */
export const initialSwapState = (): SwapState => ({
  tokensStatus: 'idle',
  tokens: [],
  amount: '',
  slippage: SWAP_SLIPPAGE_TOLERANCE,
  quoteStatus: 'idle',
  step: 'review',
})
