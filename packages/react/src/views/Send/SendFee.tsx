import { formatUsd, type SendFee } from '@latch/core'
import { formatExactAmount, formatNativeAmount } from '@latch/protocol/fees'

/**
 * A fee amount in the native coin: an exact fee to its last digit, an estimate rounded up (never
 * understated).
 */
const amountOf = (fee: Extract<SendFee, { status: 'ready' }>, value: bigint) =>
  fee.exact ? formatExactAmount(value, fee.decimals) : formatNativeAmount(value, fee.decimals, true)

/**
 * The network fee line: the amount in the native coin and its USD value, the part that opens
 * the receiver's token account when the send must create one, and a Bitcoin fee's size and rate. `estimate` is the word before a fee
 * that is only an estimate ('about', 'up to'); an exact fee (Solana's) is shown without it.
 */
export function SendFeeLine({ fee, estimate }: { fee: SendFee; estimate: string }) {
  if (fee.status === 'idle') return null
  return (
    <p className="latch-muted" data-testid="latch-send-fee" aria-busy={fee.status === 'loading'}>
      Network fee:{' '}
      {fee.status === 'ready'
        ? `${fee.exact ? '' : `${estimate} `}${amountOf(fee, fee.fee)} ${fee.symbol}${
            fee.usd !== undefined ? ` (${fee.usd < 0.01 ? '<$0.01' : formatUsd(fee.usd)})` : ''
          }`
        : fee.status === 'loading'
          ? 'estimating…'
          : 'unknown'}
      {fee.status === 'ready' && fee.vsize !== undefined && fee.feeRate !== undefined && (
        <>
          {' '}
          · {fee.vsize} vB at {fee.feeRate} sat/vB
        </>
      )}
      {fee.status === 'ready' && fee.tokenAccountRent !== undefined && (
        <>
          {' '}
          (includes {amountOf(fee, fee.tokenAccountRent)} {fee.symbol} to create the receiver's
          token account)
        </>
      )}
    </p>
  )
}
