import { formatUsd, type SendFee } from '@latch/core'
import { formatNativeAmount } from '@latch/protocol/fees'

/**
 * The network fee line: the amount in the native coin (rounded up) and its USD value, and the
 * part that opens the receiver's token account when the send must create one.
 */
export function SendFeeLine({ fee, prefix }: { fee: SendFee; prefix: string }) {
  if (fee.status === 'idle') return null
  return (
    <p className="latch-muted" data-testid="latch-send-fee" aria-busy={fee.status === 'loading'}>
      Network fee:{' '}
      {fee.status === 'ready'
        ? `${prefix} ${formatNativeAmount(fee.fee, fee.decimals, true)} ${fee.symbol}${
            fee.usd !== undefined ? ` (${fee.usd < 0.01 ? '<$0.01' : formatUsd(fee.usd)})` : ''
          }`
        : fee.status === 'loading'
          ? 'estimating…'
          : 'unknown'}
      {fee.status === 'ready' && fee.tokenAccountRent !== undefined && (
        <>
          {' '}
          (includes {formatNativeAmount(fee.tokenAccountRent, fee.decimals, true)} {fee.symbol} to
          create the receiver's token account)
        </>
      )}
    </p>
  )
}
