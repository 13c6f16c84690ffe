import {
  isNameLike,
  LatchError,
  maxNativeSend,
  type SendRequest,
  truncateDecimal,
  UserRejectedError,
  validateSend,
} from '@latch/core'
import type { TokenBalance } from '@latch/protocol'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { formatUnits, parseUnits } from 'viem'
import { useLatchAccount } from '../../hooks/useLatch.ts'
import { useStore } from '../../hooks/useStore.ts'
import { useLatchInstance } from '../../LatchProvider.tsx'
import { useModalEffects } from '../../modal/context.ts'

type Step =
  | { name: 'form' }
  /** `receiverName`: the name the visitor typed, resolved to `request.receiver`. */
  | { name: 'review'; request: SendRequest; receiverName?: string }
  | { name: 'sending' }
  | { name: 'sent'; hash: string }

const tokenOf = (entry: TokenBalance): NonNullable<SendRequest['token']> => {
  const address = entry.address?.split(':')[2] as `0x${string}` | undefined
  return {
    decimals: Number(entry.quantity.decimals),
    symbol: entry.symbol,
    ...(address ? { address } : {}),
  }
}

const keyOf = (entry: TokenBalance) => entry.address ?? `native:${entry.symbol}`

/** Typing pauses this long before a name in the receiver field is looked up. */
const RESOLVE_DEBOUNCE_MS = 300

type Resolution =
  | { status: 'idle' }
  | { status: 'resolving'; name: string }
  | { status: 'resolved'; name: string; address: `0x${string}` }
  | { status: 'error'; name: string; message: string }

const messageOf = (caught: unknown) =>
  caught instanceof LatchError ? caught.shortMessage : 'Error resolving name'

/**
 * The receiver field's name, resolved once typing pauses (GET /v1/profile/account/{name});
 * an answer for a name no longer in the field is dropped.
 */
function useResolvedReceiver(receiver: string): Resolution {
  const latch = useLatchInstance()
  const [resolution, setResolution] = useState<Resolution>({ status: 'idle' })
  const name = isNameLike(receiver) ? receiver.trim() : undefined
  useEffect(() => {
    if (!name) {
      setResolution({ status: 'idle' })
      return
    }
    let current = true
    setResolution({ status: 'resolving', name })
    const timer = setTimeout(() => {
      latch.names.resolve(name).then(
        (address) => current && setResolution({ status: 'resolved', name, address }),
        (caught: unknown) =>
          current && setResolution({ status: 'error', name, message: messageOf(caught) }),
      )
    }, RESOLVE_DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [latch, name])
  return resolution
}

/** Send: token, amount (Max keeps gas back for the native coin), receiver, review, send. */
export function Send() {
  const latch = useLatchInstance()
  const account = useLatchAccount()
  const { shake } = useModalEffects()
  const { balances } = useStore(latch.balances.state)
  const [tokenKey, setTokenKey] = useState<string>('')
  const [amount, setAmount] = useState('')
  const [receiver, setReceiver] = useState('')
  const [error, setError] = useState<string>()
  const [step, setStep] = useState<Step>({ name: 'form' })
  const ids = { token: useId(), amount: useId(), receiver: useId(), resolved: useId() }
  const selected = balances.find((entry) => keyOf(entry) === tokenKey)
  const resolution = useResolvedReceiver(receiver)

  const request = (to = receiver): SendRequest => ({
    ...(selected ? { token: tokenOf(selected) } : {}),
    amount,
    receiver: to,
  })

  const fail = (message: string) => {
    setError(message)
    shake()
  }

  // A name goes to the address it resolves to on this chain ('Error resolving name' otherwise).
  const receiverAddress = async (): Promise<string | undefined> => {
    const name = receiver.trim()
    if (!isNameLike(name) || !selected || !amount.trim()) return receiver
    if (resolution.status === 'resolved' && resolution.name === name) return resolution.address
    try {
      return await latch.names.resolve(name)
    } catch (caught) {
      fail(messageOf(caught))
      return undefined
    }
  }

  const review = async (event: FormEvent) => {
    event.preventDefault()
    const to = await receiverAddress()
    if (to === undefined) return
    try {
      const built = validateSend(request(to))
      const held = selected ? parseUnits(selected.quantity.numeric, tokenOf(selected).decimals) : 0n
      if (built.amount > held) return fail(`Insufficient ${selected?.symbol ?? ''} balance`.trim())
      setError(undefined)
      setStep({
        name: 'review',
        request: request(built.receiver),
        ...(isNameLike(receiver) ? { receiverName: receiver.trim() } : {}),
      })
    } catch (caught) {
      fail(caught instanceof LatchError ? caught.shortMessage : 'Something went wrong')
    }
  }

  const max = async () => {
    if (!selected) return fail('A token is required')
    const token = tokenOf(selected)
    const held = parseUnits(selected.quantity.numeric, token.decimals)
    if (token.address) return setAmount(selected.quantity.numeric)
    // The native coin pays for the transfer itself: keep its gas back.
    try {
      const chainId = latch.network.state.get().activeNetwork?.caipNetworkId
      const gas = chainId ? await latch.api.gasPrice(chainId) : undefined
      setAmount(formatUnits(maxNativeSend(held, BigInt(gas?.fast ?? '0')), token.decimals))
    } catch {
      fail('Gas price unavailable: enter an amount')
    }
  }

  const send = async (sendRequest: SendRequest, receiverName?: string) => {
    setStep({ name: 'sending' })
    try {
      const hash = await latch.send(sendRequest)
      setStep({ name: 'sent', hash })
      const receipt = await latch.evm.waitForTransaction(hash)
      if (receipt.success)
        latch.snackbar.showSuccess(`Sent ${sendRequest.amount} ${sendRequest.token?.symbol ?? ''}`)
      else latch.snackbar.showError('The transaction failed on chain')
    } catch (caught) {
      setStep({ name: 'review', request: sendRequest, ...(receiverName ? { receiverName } : {}) })
      fail(
        caught instanceof UserRejectedError
          ? 'Signature declined'
          : caught instanceof LatchError
            ? caught.shortMessage
            : ((caught as Error).message.split('\n')[0] ?? 'Something went wrong'),
      )
    }
  }

  if (!account.address) return null

  if (step.name === 'sent') {
    return (
      <div className="latch-center" data-testid="latch-send-sent">
        <p>Transaction sent</p>
        <p className="latch-muted latch-address-text">{step.hash}</p>
        <button type="button" className="latch-button" onClick={() => latch.router.goBack()}>
          Done
        </button>
      </div>
    )
  }

  if (step.name === 'review' || step.name === 'sending') {
    const shown = step.name === 'review' ? step.request : request()
    return (
      <div className="latch-list" data-testid="latch-send-review">
        <p className="latch-center">
          Send {shown.amount} {shown.token?.symbol}
        </p>
        {step.name === 'review' && step.receiverName ? (
          <>
            <p className="latch-muted">to {step.receiverName}</p>
            <p className="latch-muted latch-address-text">{shown.receiver}</p>
          </>
        ) : (
          <p className="latch-muted latch-address-text">to {shown.receiver}</p>
        )}
        {error && (
          <p className="latch-error-text" role="alert">
            {error}
          </p>
        )}
        <button
          type="button"
          className="latch-button"
          disabled={step.name === 'sending'}
          onClick={() => step.name === 'review' && void send(step.request, step.receiverName)}
        >
          {step.name === 'sending' ? 'Confirm in your wallet…' : 'Send'}
        </button>
        <button
          type="button"
          className="latch-button"
          data-variant="secondary"
          disabled={step.name === 'sending'}
          onClick={() => setStep({ name: 'form' })}
        >
          Edit
        </button>
      </div>
    )
  }

  return (
    <form className="latch-list latch-form" onSubmit={(event) => void review(event)} noValidate>
      <label htmlFor={ids.token}>Token</label>
      <select
        id={ids.token}
        className="latch-input"
        value={tokenKey}
        onChange={(event) => setTokenKey(event.target.value)}
      >
        <option value="">Choose a token</option>
        {balances.map((entry) => (
          <option key={keyOf(entry)} value={keyOf(entry)}>
            {entry.symbol} · {truncateDecimal(entry.quantity.numeric)}
          </option>
        ))}
      </select>
      <label htmlFor={ids.amount}>Amount</label>
      <div className="latch-row">
        <input
          id={ids.amount}
          className="latch-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <button type="button" className="latch-button" data-variant="secondary" onClick={max}>
          Max
        </button>
      </div>
      <label htmlFor={ids.receiver}>Receiver</label>
      <input
        id={ids.receiver}
        className="latch-input"
        autoComplete="off"
        spellCheck={false}
        placeholder="0x… or a name"
        aria-describedby={ids.resolved}
        value={receiver}
        onChange={(event) => setReceiver(event.target.value)}
      />
      <div id={ids.resolved} aria-live="polite">
        {resolution.status === 'resolving' && (
          <p className="latch-muted" aria-busy="true">
            Resolving {resolution.name}…
          </p>
        )}
        {resolution.status === 'resolved' && (
          <p className="latch-muted latch-address-text" data-testid="latch-send-resolved">
            {resolution.address}
          </p>
        )}
        {resolution.status === 'error' && <p className="latch-error-text">{resolution.message}</p>}
      </div>
      {error && (
        <p className="latch-error-text" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="latch-button">
        Review
      </button>
    </form>
  )
}
