import { ONRAMP_AMOUNT_PRESETS, paymentLimits, purchaseNetwork } from '@latch/core'
import { type FormEvent, type ReactNode, useEffect, useId } from 'react'
import { onArrowKeys } from '../../components/arrowKeys.ts'
import { useLatchInstance } from '../../context.ts'
import { useLatchAccount, useLatchNetwork } from '../../hooks/useLatch.ts'
import { useModalEffects } from '../../hooks/useModalEffects.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { PAYMENT_METHOD_LABELS } from '../OnRampProviders/OnRampProviders.tsx'
import { QuoteDetails } from './QuoteDetails.tsx'

/**
 * OnRampBuy: what to buy and what to pay with, card or bank account, the amount
 * with presets and its limits, the quote with every fee; Buy opens the provider in a window.
 */
export function OnRampBuy() {
  const latch = useLatchInstance()
  const { onramp } = latch
  const account = useLatchAccount()
  const network = useLatchNetwork()
  const state = useStore(onramp.state)
  const { shake } = useModalEffects()
  const { t, known } = useI18n()
  const ids = { amount: useId(), hint: useId(), issue: useId() }

  useEffect(() => {
    if (onramp.state.get().currenciesStatus === 'idle') void onramp.loadCurrencies()
  }, [onramp])

  if (!account.address) return null
  const provider = state.selectedProvider
  if (!provider) {
    return (
      <div className="latch-center">
        <p className="latch-muted">{t('onramp.chooseToBuy')}</p>
        <button
          type="button"
          className="latch-button"
          onClick={() => latch.router.replace('OnRampProviders')}
        >
          {t('onramp.chooseProvider')}
        </button>
      </div>
    )
  }
  if (state.currenciesStatus !== 'ready') {
    return (
      <p className="latch-muted latch-center" aria-busy="true">
        {t('onramp.loadingCurrencies')}
      </p>
    )
  }

  const { purchaseCurrency, paymentCurrency, paymentMethod } = state
  const chainId =
    network.caipNetwork?.chainNamespace === 'eip155' ? Number(network.caipNetwork.id) : undefined
  const destination = purchaseNetwork(purchaseCurrency, chainId)
  const limits = paymentLimits(paymentCurrency, paymentMethod)
  const opening = state.checkout?.status === 'opening'
  const canBuy =
    !!state.paymentAmount?.trim() && !state.amountIssue && !state.quotesLoading && !opening

  const buy = (event: FormEvent) => {
    event.preventDefault()
    if (!canBuy) return
    // Called in the submit's task: the provider's window opens before anything is awaited.
    void onramp.buy().then((opened) => {
      if (opened) latch.router.push('BuyInProgress')
      else shake()
    })
  }

  return (
    <form className="latch-list latch-form latch-onramp" onSubmit={buy} noValidate>
      <div className="latch-row">
        <CurrencyButton
          purpose={t('onramp.toBuy')}
          code={purchaseCurrency.symbol}
          image={latch.api.tokenImageUrl(purchaseCurrency.symbol)}
          onClick={() => latch.router.push('OnRampTokenSelect')}
        >
          {destination && (
            <span className="latch-muted">
              {t('onramp.on', { network: destination.display_name })}
            </span>
          )}
        </CurrencyButton>
        <CurrencyButton
          purpose={t('onramp.toPay')}
          code={paymentCurrency.id}
          image={latch.api.currencyImageUrl(paymentCurrency.id)}
          onClick={() => latch.router.push('OnRampFiatSelect')}
        />
      </div>

      <div
        className="latch-tabs"
        role="radiogroup"
        aria-label={t('onramp.method')}
        onKeyDown={onArrowKeys}
      >
        {provider.paymentMethods.map((method) => (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control of two buttons, as the Account tabs.
          <button
            key={method}
            type="button"
            role="radio"
            className="latch-tab"
            aria-checked={paymentMethod === method}
            onClick={() => onramp.setPaymentMethod(method)}
          >
            {t(PAYMENT_METHOD_LABELS[method])}
          </button>
        ))}
      </div>

      <label htmlFor={ids.amount}>{t('onramp.amount')}</label>
      <div className="latch-name-field">
        <input
          id={ids.amount}
          className="latch-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={state.paymentAmount ?? ''}
          disabled={opening}
          aria-invalid={state.amountIssue ? true : undefined}
          aria-describedby={state.amountIssue ? ids.issue : ids.hint}
          onChange={(event) => onramp.setPaymentAmount(event.target.value)}
        />
        <span className="latch-name-zone" aria-hidden="true">
          {paymentCurrency.id}
        </span>
      </div>
      <div className="latch-chips">
        {ONRAMP_AMOUNT_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="latch-button"
            data-variant="secondary"
            data-size="sm"
            aria-pressed={state.paymentAmount === preset}
            disabled={opening}
            onClick={() => onramp.setPaymentAmount(preset)}
          >
            {`${preset} ${paymentCurrency.id}`}
          </button>
        ))}
      </div>
      {state.amountIssue ? (
        <p id={ids.issue} className="latch-error-text" role="alert">
          {known(state.amountIssue)}
        </p>
      ) : (
        <p id={ids.hint} className="latch-muted">
          {t(paymentMethod === 'card' ? 'onramp.limitsCard' : 'onramp.limitsBank', {
            min: limits.min,
            max: limits.max,
            currency: paymentCurrency.id,
          })}
        </p>
      )}

      <QuoteDetails quote={state.quote} loading={state.quotesLoading} />

      {state.error && (
        <p className="latch-error-text" role="alert">
          {known(state.error)}
        </p>
      )}
      <button type="submit" className="latch-button" disabled={!canBuy} aria-busy={opening}>
        {opening ? t('onramp.opening', { provider: provider.label }) : t('onramp.buy')}
      </button>
    </form>
  )
}

/** A currency with its image that opens its picker; `purpose` is read to screen readers first. */
function CurrencyButton(props: {
  purpose: string
  code: string
  image: string
  onClick(): void
  children?: ReactNode
}) {
  const { t } = useI18n()
  return (
    <button
      type="button"
      className="latch-button latch-swap-token latch-onramp-currency"
      data-variant="secondary"
      onClick={props.onClick}
    >
      <img className="latch-token-icon" src={props.image} alt="" width={24} height={24} />
      <span className="latch-visually-hidden">
        {t('onramp.purpose', { purpose: props.purpose })}
      </span>
      {props.code}
      {props.children}
    </button>
  )
}
