import { formatUsd, type SendFee } from '@latch/core'
import { formatExactAmount, formatNativeAmount } from '@latch/protocol/fees'
import { useI18n } from '../../i18n/useI18n.ts'

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
export function SendFeeLine({ fee, estimate }: { fee: SendFee; estimate: 'about' | 'up to' }) {
  const { t, locale } = useI18n()
  if (fee.status === 'idle') return null
  const feeText =
    fee.status === 'ready'
      ? (() => {
          const amount = `${amountOf(fee, fee.fee)} ${fee.symbol}${
            fee.usd !== undefined
              ? ` (${fee.usd < 0.01 ? '<$0.01' : formatUsd(fee.usd, locale)})`
              : ''
          }`
          if (fee.exact) return amount
          return estimate === 'about'
            ? t('send.feeAbout', { amount })
            : t('send.feeUpTo', { amount })
        })()
      : fee.status === 'loading'
        ? t('send.feeEstimating')
        : t('send.feeUnknown')
  return (
    <p className="latch-muted" data-testid="latch-send-fee" aria-busy={fee.status === 'loading'}>
      {t('send.feeLine', { fee: feeText })}
      {fee.status === 'ready' && fee.vsize !== undefined && fee.feeRate !== undefined && (
        <> {t('send.feeSize', { vsize: fee.vsize, rate: fee.feeRate })}</>
      )}
      {fee.status === 'ready' && fee.tokenAccountRent !== undefined && (
        <>
          {' '}
          {t('send.feeRent', { amount: `${amountOf(fee, fee.tokenAccountRent)} ${fee.symbol}` })}
        </>
      )}
    </p>
  )
}
