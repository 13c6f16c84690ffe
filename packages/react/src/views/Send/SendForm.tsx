import { balanceKey, type SendFlowController, type SendFlowState } from '@latch/core'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useLatchInstance } from '../../context.ts'
import { useLatchAccount } from '../../hooks/useLatch.ts'
import { useModalEffects } from '../../hooks/useModalEffects.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { SendFeeLine } from './SendFee.tsx'
import { SendFeeRateChoice } from './SendFeeRate.tsx'
import { SendTokenPicker } from './SendTokenPicker.tsx'

/** The form: the token (from a picker), the amount with Max, the receiver (an address or a name). */
export function SendForm({ flow, state }: { flow: SendFlowController; state: SendFlowState }) {
  const latch = useLatchInstance()
  const { balances } = useStore(latch.balances.state)
  const { shake } = useModalEffects()
  const { t, known } = useI18n()
  const [picking, setPicking] = useState(false)
  const ids = { amount: useId(), receiver: useId(), resolved: useId() }
  const selected = balances.find((entry) => balanceKey(entry) === state.tokenKey)
  const { resolution } = state
  // A Solana, Bitcoin or Polkadot receiver is an address of its family; names point to EVM addresses.
  const caipAddress = useLatchAccount().caipAddress
  const solana = caipAddress?.startsWith('solana:') === true
  const bitcoin = caipAddress?.startsWith('bip122:') === true
  const polkadot = caipAddress?.startsWith('polkadot:') === true

  useEffect(() => {
    if (state.error) shake()
  }, [state.error, shake])

  if (picking) {
    return (
      <SendTokenPicker
        balances={balances}
        selected={state.tokenKey}
        onPick={(key) => {
          flow.selectToken(key)
          setPicking(false)
        }}
        onCancel={() => setPicking(false)}
      />
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void flow.review()
  }

  return (
    <form className="latch-list latch-form" onSubmit={submit} noValidate>
      <button
        type="button"
        className="latch-button latch-swap-token"
        data-variant="secondary"
        data-testid="latch-send-token"
        onClick={() => setPicking(true)}
      >
        {selected && (
          <img className="latch-token-icon" src={selected.iconUrl} alt="" width={24} height={24} />
        )}
        <span className="latch-visually-hidden">{t('send.token')}</span>
        {selected?.symbol ?? t('send.chooseToken')}
      </button>
      <label htmlFor={ids.amount}>{t('send.amount')}</label>
      <div className="latch-row">
        <input
          id={ids.amount}
          className="latch-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={state.amount}
          onChange={(event) => flow.setAmount(event.target.value)}
        />
        <button
          type="button"
          className="latch-button"
          data-variant="secondary"
          onClick={() => void flow.max()}
        >
          {t('send.max')}
        </button>
      </div>
      <label htmlFor={ids.receiver}>{t('send.receiver')}</label>
      <input
        id={ids.receiver}
        className="latch-input"
        autoComplete="off"
        spellCheck={false}
        placeholder={
          solana
            ? t('send.solanaAddress')
            : bitcoin
              ? t('send.bitcoinAddress')
              : polkadot
                ? t('send.polkadotAddress')
                : t('send.evmReceiver')
        }
        aria-describedby={ids.resolved}
        value={state.receiver}
        onChange={(event) => flow.setReceiver(event.target.value)}
      />
      <div id={ids.resolved} aria-live="polite">
        {resolution.status === 'resolving' && (
          <p className="latch-muted" aria-busy="true">
            {t('send.resolving', { name: resolution.name })}
          </p>
        )}
        {resolution.status === 'resolved' && (
          <p className="latch-muted latch-address-text" data-testid="latch-send-resolved">
            {resolution.address}
          </p>
        )}
        {resolution.status === 'error' && (
          <p className="latch-error-text">{known(resolution.message)}</p>
        )}
      </div>
      {state.feeRate && <SendFeeRateChoice flow={flow} feeRate={state.feeRate} />}
      <SendFeeLine fee={state.fee} estimate="about" />
      {state.error && (
        <p className="latch-error-text" role="alert">
          {known(state.error)}
        </p>
      )}
      <button type="submit" className="latch-button">
        {t('send.review')}
      </button>
    </form>
  )
}
