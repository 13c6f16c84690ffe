import type { BitcoinChain } from './chain.ts'
import { COINBASE_MATURITY, ORDINALS_FUNDING_SATS, PAYMENT_FUNDING_SATS } from './constants.ts'
import type { BitcoinKeys } from './keys.ts'

/** Ten minutes, the block interval the start-up blocks' times are spread by, as on a real chain. */
const BLOCK_SECONDS = 600

/**
 * Funds the accounts from coinbases: block i pays account i's payment and ordinals addresses (the
 * rest to the miner), then 100 blocks to the miner let those coinbases mature, so the accounts can
 * spend at once. Block times run up to now, ten minutes apart.
 */
export function fundAccounts(chain: BitcoinChain, keys: BitcoinKeys, now = Date.now()): void {
  const blocks = keys.accounts.length + COINBASE_MATURITY
  const start = Math.floor(now / 1000) - blocks * BLOCK_SECONDS
  let height = 0
  const time = () => start + ++height * BLOCK_SECONDS
  for (const account of keys.accounts)
    chain.mine(
      [
        { script: account.payment.script, amount: PAYMENT_FUNDING_SATS },
        { script: account.ordinals.script, amount: ORDINALS_FUNDING_SATS },
        { script: keys.miner.script },
      ],
      time(),
    )
  for (let block = 0; block < COINBASE_MATURITY; block++)
    chain.mine([{ script: keys.miner.script }], time())
}
