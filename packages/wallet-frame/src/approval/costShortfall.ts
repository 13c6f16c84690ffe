import type { WalletRpcCost } from '@latch/protocol'
import { shortfallOf } from '@latch/protocol/fees'
import type { ScreenWords } from '../i18n/screenLanguage.ts'

/**
 * What the balance cannot pay of a request the server priced (the fee, or the amount and the fee,
 * and how much more is needed), in `words`' language; undefined when it can pay.
 */
export function costShortfall(cost: WalletRpcCost, words: ScreenWords): string | undefined {
  const shortfall = shortfallOf({
    balance: BigInt(cost.balance),
    cost: { value: BigInt(cost.value), fee: cost.fee === null ? undefined : BigInt(cost.fee) },
    currency: cost.currency,
    shortfall: BigInt(cost.shortfall),
  })
  if (!shortfall) return undefined
  return words.say(shortfall.pays === 'fee' ? 'shortfallFee' : 'shortfallAmountAndFee', {
    symbol: cost.currency.symbol,
    amount: words.amount(shortfall.more),
  })
}
