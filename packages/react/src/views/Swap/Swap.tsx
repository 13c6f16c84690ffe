import {
  describeSwap,
  formatDecimal,
  formatTokenAmount,
  formatTokenUnits,
  isNativeToken,
  type SwapAction,
  type SwapTokenOption,
} from '@latch/core'
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react'
import { RegionRestricted } from '../../components/RegionRestricted.tsx'
import { SkeletonRows } from '../../components/Skeleton.tsx'
import { useLatchInstance } from '../../context.ts'
import { useLatchAccount, useLatchNetwork } from '../../hooks/useLatch.ts'
import { useModalEffects } from '../../hooks/useModalEffects.ts'
import { useStore } from '../../hooks/useStore.ts'
import type { I18nValue } from '../../i18n/I18nContext.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { SwapDetails } from './SwapDetails.tsx'
import { SwapDone } from './SwapDone.tsx'
import { TokenPicker } from './TokenPicker.tsx'

/** The issues that follow something the user did and that the modal shakes for. */
const SHAKE_ON = new Set(['declined', 'price-changed', 'swap-failed'])

function TokenButton(props: {
  side: 'pay' | 'receive'
  token: SwapTokenOption | undefined
  disabled: boolean
  onClick(): void
}) {
  const { t } = useI18n()
  return (
    <button
      type="button"
      className="latch-button latch-swap-token"
      data-variant="secondary"
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.token && (
        <img className="latch-token-icon" src={props.token.logoUri} alt="" width={24} height={24} />
      )}
      <span className="latch-visually-hidden">
        {props.side === 'pay' ? t('swap.tokenToPay') : t('swap.tokenToReceive')}
      </span>
      {props.token?.symbol ?? t('swap.select')}
    </button>
  )
}

const balanceText = (token: SwapTokenOption | undefined, { t, locale }: I18nValue) =>
  token?.balanceNumeric !== undefined
    ? t('swap.balance', {
        amount: formatDecimal(formatTokenAmount(token.balanceNumeric), locale),
        symbol: token.symbol,
      })
    : undefined

/** The button's label in the modal's language: core words it in English, by its kind. */
const actionLabel = (action: SwapAction, symbol: string, { t, known }: I18nValue) =>
  action.kind === 'approve'
    ? t('swap.approve', { symbol })
    : action.kind === 'approving'
      ? t('swap.approving', { symbol })
      : known(action.label)

/**
 * Swap: the token to pay and the amount, the token to receive and the quote, its rate,
 * price impact, network fee and slippage, and one button whose label says what comes next.
 */
export function Swap() {
  const latch = useLatchInstance()
  const account = useLatchAccount()
  const network = useLatchNetwork()
  const state = useStore(latch.swap.state)
  const region = useStore(latch.region)
  const i18n = useI18n()
  const { t, known, locale } = i18n
  const summary = useMemo(() => describeSwap(state, locale), [state, locale])
  const { shake } = useModalEffects()
  const [picking, setPicking] = useState<'pay' | 'receive'>()
  const ids = { amount: useId(), receive: useId(), issue: useId() }
  const chainId = network.caipNetwork?.caipNetworkId

  // The account's tokens on its chain; another account or chain loads them again.
  useEffect(() => {
    if (account.address && chainId) void latch.swap.load()
  }, [latch, account.address, chainId])

  useEffect(() => {
    if (state.issue && SHAKE_ON.has(state.issue.kind)) shake()
  }, [state.issue, shake])

  if (!account.address) return null
  // Opened through the API in a restricted time zone: the reason, not the form.
  if (region.restricted) return <RegionRestricted />

  if (state.tokensStatus === 'error') {
    return (
      <div className="latch-center">
        <p className="latch-error-text" role="alert">
          {state.issue?.message ? known(state.issue.message) : t('swap.unavailable')}
        </p>
      </div>
    )
  }
  if (state.tokensStatus !== 'ready') {
    return <SkeletonRows count={2} label={t('swap.loadingTokens')} />
  }

  const { from, to, action } = summary

  if (picking) {
    return (
      <TokenPicker
        title={picking === 'pay' ? t('swap.pickPay') : t('swap.pickReceive')}
        tokens={state.tokens}
        selected={picking === 'pay' ? state.from : state.to}
        onPick={(token) => {
          if (picking === 'pay') latch.swap.setFrom(token.address)
          else latch.swap.setTo(token.address)
          setPicking(undefined)
        }}
        onCancel={() => setPicking(undefined)}
      />
    )
  }

  if (state.step === 'done' && from && to && summary.amount !== undefined) {
    return (
      <SwapDone
        paid={formatTokenUnits(summary.amount, from.decimals)}
        from={from.symbol}
        received={summary.receive ?? '0'}
        to={to.symbol}
        txHash={state.txHash}
      />
    )
  }

  const pending = state.step === 'approving' || state.step === 'swapping'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (action.kind === 'done') latch.swap.startOver()
    else if (action.kind === 'retry-quote') latch.swap.refreshQuote()
    else if (action.kind === 'approve' || action.kind === 'swap') void latch.swap.swap()
  }

  return (
    <form className="latch-list latch-form latch-swap" onSubmit={submit} noValidate>
      <div className="latch-swap-side">
        <label htmlFor={ids.amount}>{t('swap.youPay')}</label>
        <div className="latch-row">
          <input
            id={ids.amount}
            className="latch-input latch-swap-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            disabled={pending}
            value={state.amount}
            aria-invalid={
              state.issue?.kind === 'invalid-amount' || state.issue?.kind === 'insufficient-balance'
                ? 'true'
                : undefined
            }
            aria-describedby={state.issue ? ids.issue : undefined}
            onChange={(event) => latch.swap.setAmount(event.target.value)}
          />
          <TokenButton
            side="pay"
            token={from}
            disabled={pending}
            onClick={() => setPicking('pay')}
          />
        </div>
        <div className="latch-swap-balance">
          <span className="latch-muted" data-testid="latch-swap-pay-balance">
            {balanceText(from, i18n)}
          </span>
          {from && !isNativeToken(from.address) && from.balanceNumeric !== undefined && (
            <button
              type="button"
              className="latch-link-button"
              disabled={pending}
              onClick={() => latch.swap.setMax()}
            >
              {t('send.max')}
            </button>
          )}
        </div>
      </div>

      <button
        type="button"
        className="latch-icon-button latch-swap-flip"
        disabled={pending}
        onClick={() => latch.swap.flip()}
      >
        <span aria-hidden="true">⇅</span>
        <span className="latch-visually-hidden">{t('swap.switchTokens')}</span>
      </button>

      <div className="latch-swap-side">
        <label htmlFor={ids.receive}>{t('swap.youReceive')}</label>
        <div className="latch-row">
          <output
            id={ids.receive}
            htmlFor={ids.amount}
            className="latch-input latch-swap-amount latch-swap-output"
            data-testid="latch-swap-receive"
            aria-live="polite"
            aria-busy={state.quoteStatus === 'loading'}
          >
            {summary.receive !== undefined
              ? formatDecimal(summary.receive, locale)
              : state.quoteStatus === 'loading'
                ? '…'
                : '0'}
          </output>
          <TokenButton
            side="receive"
            token={to}
            disabled={pending}
            onClick={() => setPicking('receive')}
          />
        </div>
        <div className="latch-swap-balance">
          <span className="latch-muted">{balanceText(to, i18n)}</span>
        </div>
      </div>

      <SwapDetails
        summary={summary}
        slippage={state.slippage}
        disabled={pending}
        onSlippage={(percent) => latch.swap.setSlippage(percent)}
      />

      {state.issue && (
        <p id={ids.issue} className="latch-error-text" role="alert" data-testid="latch-swap-issue">
          {known(state.issue.message)}
        </p>
      )}
      {pending && (
        <p className="latch-muted latch-center" role="status">
          {state.step === 'approving'
            ? t('swap.approveThenConfirm', { symbol: from?.symbol ?? '' })
            : t('swap.confirm')}
        </p>
      )}
      <button
        type="submit"
        className="latch-button"
        disabled={action.disabled}
        aria-busy={action.pending}
        data-testid="latch-swap-action"
      >
        {actionLabel(action, from?.symbol ?? '', i18n)}
      </button>
    </form>
  )
}
