import { type SendFlowController, type SendResult, shortenHex } from '@latch/core'
import { useState } from 'react'
import { useLatchInstance } from '../../context.ts'

const STATUS_TEXT: Record<SendResult['status'], string> = {
  pending: 'Transaction sent: waiting to be confirmed…',
  confirmed: 'Transaction confirmed',
  failed: 'The transaction failed on chain',
  // The wait ended without a receipt: it may still be mined, so the visitor is told where to look.
  unconfirmed: 'Could not confirm the transaction yet: check the explorer or Activity',
}

/** What the result says; without an explorer, Activity is the one place to look. */
const statusText = (result: SendResult) =>
  result.status === 'unconfirmed' && !result.explorerUrl
    ? 'Could not confirm the transaction yet: check Activity'
    : STATUS_TEXT[result.status]

/**
 * The result of a send, the same for an extension and the embedded wallet: what went where, the
 * hash shortened with a copy button, the explorer page when the network has an explorer, Done.
 */
export function SendResultView({ flow, result }: { flow: SendFlowController; result: SendResult }) {
  const latch = useLatchInstance()
  const [copied, setCopied] = useState(false)

  const copy = () => {
    navigator.clipboard?.writeText(result.hash).then(
      () => {
        setCopied(true)
        latch.snackbar.showSuccess('Transaction hash copied')
      },
      () => latch.snackbar.showError('Could not copy the transaction hash'),
    )
  }

  return (
    <div
      className="latch-list latch-center"
      data-testid="latch-send-sent"
      data-status={result.status}
    >
      <p role="status" data-testid="latch-send-status">
        {statusText(result)}
      </p>
      <p>
        {result.amount} {result.symbol} to{' '}
        <span className="latch-address-text">{result.receiverName ?? result.receiver}</span>
      </p>
      <div className="latch-row">
        <span className="latch-muted" data-testid="latch-send-hash" title={result.hash}>
          {shortenHex(result.hash, 8)}
        </span>
        <button type="button" className="latch-button" data-variant="secondary" onClick={copy}>
          {copied ? 'Copied' : 'Copy hash'}
          <span className="latch-visually-hidden"> of the transaction</span>
        </button>
      </div>
      {result.explorerUrl && (
        <a
          className="latch-button"
          data-variant="secondary"
          href={result.explorerUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          View on {result.explorerName ?? 'the explorer'}
        </a>
      )}
      <button
        type="button"
        className="latch-button"
        onClick={() => {
          flow.reset()
          latch.router.goBack()
        }}
      >
        Done
      </button>
    </div>
  )
}
