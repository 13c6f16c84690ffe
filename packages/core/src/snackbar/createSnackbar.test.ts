import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LatchError } from '../errors.ts'
import { createSnackbar, SNACKBAR_AUTO_CLOSE_MS } from './createSnackbar.ts'

describe('createSnackbar', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows at once when none is open', () => {
    const snackbar = createSnackbar()
    snackbar.showSuccess('Address copied')
    expect(snackbar.state.get()).toMatchObject({
      message: 'Address copied',
      variant: 'success',
      open: true,
      autoClose: true,
    })
  })

  it('closes an open one and shows the new one after 150 ms', () => {
    const snackbar = createSnackbar()
    snackbar.showLoading('Authenticating...')
    snackbar.showError('Signature declined')
    expect(snackbar.state.get()).toMatchObject({ message: 'Authenticating...', open: false })
    vi.advanceTimersByTime(149)
    expect(snackbar.state.get().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(snackbar.state.get()).toMatchObject({
      message: 'Signature declined',
      variant: 'error',
      open: true,
    })
  })

  it('shows only the newest of messages sent during the wait', () => {
    const snackbar = createSnackbar()
    snackbar.showSuccess('one')
    snackbar.showSuccess('two')
    vi.advanceTimersByTime(100)
    snackbar.showSuccess('three')
    expect(snackbar.state.get().open).toBe(false)
    vi.advanceTimersByTime(150)
    expect(snackbar.state.get()).toMatchObject({ message: 'three', open: true })
  })

  it('auto closes success and error, not loading', () => {
    const snackbar = createSnackbar()
    snackbar.showError(new LatchError('Signature declined', { details: 'user rejected' }))
    expect(snackbar.state.get().message).toBe('Signature declined')
    vi.advanceTimersByTime(SNACKBAR_AUTO_CLOSE_MS)
    expect(snackbar.state.get().open).toBe(false)

    snackbar.showLoading('Authenticating...')
    vi.advanceTimersByTime(60_000)
    expect(snackbar.state.get()).toMatchObject({ open: true, autoClose: false })
  })

  it('does not let an earlier auto close cut a later message short', () => {
    const snackbar = createSnackbar()
    snackbar.showSuccess('first')
    vi.advanceTimersByTime(SNACKBAR_AUTO_CLOSE_MS - 10)
    snackbar.showLoading('second')
    vi.advanceTimersByTime(1000)
    expect(snackbar.state.get()).toMatchObject({ message: 'second', open: true })
  })

  it('shows an svg and drops it for the next plain message; hide cancels a pending show', () => {
    const snackbar = createSnackbar()
    snackbar.showSvg('Link copied', { icon: 'copy', iconColor: 'accent' })
    expect(snackbar.state.get()).toMatchObject({ svg: { icon: 'copy' }, open: true })
    snackbar.showSuccess('Done')
    vi.advanceTimersByTime(150)
    expect(snackbar.state.get().svg).toBeUndefined()
    snackbar.showError('Oops')
    snackbar.hide()
    vi.advanceTimersByTime(1000)
    expect(snackbar.state.get()).toMatchObject({ message: 'Done', open: false })
  })

  it('keeps two instances apart', () => {
    const a = createSnackbar()
    const b = createSnackbar()
    a.showSuccess('only a')
    expect(b.state.get().open).toBe(false)
  })
})
