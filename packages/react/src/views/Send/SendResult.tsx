import { type SendFlowController, type SendResult, shortenHex } from '@latch/core'
import { useCopy } from '../../components/useCopy.ts'
import { useLatchInstance } from '../../context.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { Rich } from '../../i18n/Rich.tsx'
import { useI18n } from '../../i18n/useI18n.ts'

const STATUS_TEXT: Record<SendResult['status'], MessageKey> = {
  pending: 'sent.pending',
  confirmed: 'sent.confirmed',
  failed: 'sent.failed',
  // The wait ended without a receipt: it may still be mined, so the visitor is told where to look.
  unconfirmed: 'sent.unconfirmed',
}

/** What the result says; without an explorer, Activity is the one place to look. */
const statusText = (result: SendResult): MessageKey =>
  result.status === 'unconfirmed' && !result.explorerUrl
    ? 'sent.unconfirmedActivity'
    : STATUS_TEXT[result.status]

/**
 * The result of a send, the same for an extension and the embedded wallet: what went where, the
 * hash shortened with a copy button, the explorer page when the network has an explorer, Done.
 */
export function SendResultView({ flow, result }: { flow: SendFlowController; result: SendResult }) {
  const latch = useLatchInstance()
  const { t } = useI18n()
  const { copied, copy } = useCopy(result.hash, {
    copied: 'sent.hashCopied',
    failed: 'sent.copyFailed',
  })

  return (
    <div
      className="latch-list latch-center"
      data-testid="latch-send-sent"
      data-status={result.status}
    >
      <p role="status" data-testid="latch-send-status">
        {t(statusText(result))}
      </p>
      <p>
        <Rich
          id="sent.amountTo"
          values={{
            amount: result.amount,
            symbol: result.symbol,
            receiver: (
              <span className="latch-address-text">{result.receiverName ?? result.receiver}</span>
            ),
          }}
        />
      </p>
      <div className="latch-row">
        <span className="latch-muted" data-testid="latch-send-hash" title={result.hash}>
          {shortenHex(result.hash, 8)}
        </span>
        <button type="button" className="latch-button" data-variant="secondary" onClick={copy}>
          {copied ? t('sent.copied') : t('sent.copyHash')}
          <span className="latch-visually-hidden">{t('sent.ofTransaction')}</span>
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
          {t('sent.viewOn', { explorer: result.explorerName ?? t('sent.theExplorer') })}
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
        {t('common.done')}
      </button>
    </div>
  )
}
