import type { Latch, ViewName } from '@latch/core'
import { Component, type ReactNode } from 'react'
import { I18nContext, type I18nValue } from '../i18n/I18nContext.ts'
import { forgetFailedView } from './loadView.ts'

type Props = { latch: Latch; name: ViewName; children: ReactNode }

/**
 * Keeps a view that failed (its code did not load, or it threw) inside the modal: a plain message
 * and Retry, which loads and renders it anew. Without it the error would unmount the site's page.
 * One per visit (the modal keys it by view): a visit starts with a fresh load of a view whose
 * earlier load (a preload) failed.
 */
export class ViewErrorBoundary extends Component<Props, { error: unknown }> {
  static override contextType = I18nContext
  declare context: I18nValue
  override state: { error: unknown } = { error: undefined }

  constructor(props: Props) {
    super(props)
    forgetFailedView(props.latch, props.name)
  }

  static getDerivedStateFromError(error: unknown) {
    // Anything may be thrown, undefined too: the state needs a value that means "failed".
    return { error: error ?? new Error() }
  }

  override render() {
    if (this.state.error === undefined) return this.props.children
    const retry = () => {
      forgetFailedView(this.props.latch, this.props.name)
      this.setState({ error: undefined })
    }
    return (
      <div className="latch-list latch-center" role="alert" data-testid="latch-view-failed">
        {/* The kit's plain words for it (displayMessage), never the error itself. */}
        <p className="latch-muted">
          {this.context.known(this.props.latch.displayMessage(this.state.error))}
        </p>
        <button type="button" className="latch-button" data-variant="secondary" onClick={retry}>
          {this.context.t('common.retry')}
        </button>
      </div>
    )
  }
}
