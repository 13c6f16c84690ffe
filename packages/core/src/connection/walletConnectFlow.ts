import { PAIRING_EXPIRY_MARGIN_MS, RETRY_GAP_MS } from '../constants.ts'
import type { ConnectionController } from './createConnection.ts'

export type WalletConnectFlowDeps = {
  connection: ConnectionController
  /** Starts a pairing: `onUri` gets its wc: URI; resolves once the wallet approved the session. */
  pair(onUri: (uri: string) => void): Promise<void>
  /** Called once a pairing is approved: connects the session and finalizes the connection. */
  onApproved(): Promise<void>
  /**
   * True on Telegram and iOS Safari, where leaving for the wallet app and coming back must not
   * replace the pairing the wallet is answering.
   */
  isDeduplicated(): boolean
  /** Defaults to `Date.now`. */
  now?: () => number
}

export type WalletConnectFlow = {
  /**
   * Shows a pairing URI and keeps it fresh until the wallet approves; resolves once connected,
   * rejects with the wallet's answer or the pairing's failure (wcError is then set).
   */
  connect(): Promise<void>
  /**
   * Leaves the flow: no more refreshes, and an answer to a pairing still out is ignored, except on
   * Telegram and iOS Safari, where the wallet may still be answering it.
   */
  stop(): void
}

type Attempt = { id: number; settled: Promise<void>; pending: boolean }

const sleep = (ms: number) =>
  ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve()

/**
 * The WalletConnect pairing rules: a URI counts as expired 10 s before its 4 min
 * expiry and is then replaced by a new one; attempts start at least 1 s apart; on Telegram and
 * iOS Safari a pending attempt is awaited and an unexpired URI reused.
 * @example const flow = createWalletConnectFlow({ connection, pair, onApproved, isDeduplicated })
 */
export function createWalletConnectFlow(deps: WalletConnectFlowDeps): WalletConnectFlow {
  const { connection } = deps
  const now = deps.now ?? (() => Date.now())
  let nextId = 1
  let current: Attempt | undefined
  let lastStartedAt = Number.NEGATIVE_INFINITY
  let refreshTimer: ReturnType<typeof setTimeout> | undefined

  const clearRefresh = () => {
    if (refreshTimer !== undefined) clearTimeout(refreshTimer)
    refreshTimer = undefined
  }

  // Replaces the URI once it counts as expired, so the QR shown is never about to lapse.
  function scheduleRefresh(attempt: Attempt) {
    clearRefresh()
    const expiry = connection.state.get().wcPairingExpiry
    if (expiry === undefined) return
    refreshTimer = setTimeout(
      () => {
        refreshTimer = undefined
        if (current !== attempt || !attempt.pending) return
        if (!connection.isPairingExpired()) {
          scheduleRefresh(attempt)
          return
        }
        start().settled.catch(() => {})
      },
      Math.max(0, expiry - PAIRING_EXPIRY_MARGIN_MS - now()),
    )
  }

  function start(): Attempt {
    clearRefresh()
    // Attempts start at least RETRY_GAP_MS apart, however fast retries are asked for.
    const delay = Math.max(0, lastStartedAt + RETRY_GAP_MS - now())
    lastStartedAt = now() + delay
    connection.setWcUri(undefined)
    connection.setWcError(false)
    connection.setBuffering(true)
    connection.setStatus('connecting')

    const attempt: Attempt = { id: nextId++, settled: Promise.resolve(), pending: true }
    const isCurrent = () => current === attempt
    attempt.settled = sleep(delay)
      .then(() => {
        if (!isCurrent()) return false
        return deps
          .pair((uri) => {
            if (!isCurrent()) return
            connection.setWcUri(uri)
            connection.setBuffering(false)
            scheduleRefresh(attempt)
          })
          .then(() => true)
      })
      .finally(() => {
        attempt.pending = false
      })
      .then(
        async (paired) => {
          // An answer to a URI that was just replaced is as good as any: the wallet approved.
          if (!paired || current === undefined) return
          // Whichever attempt the wallet answered, the others are over.
          clearRefresh()
          current = undefined
          await deps.onApproved()
        },
        (error: unknown) => {
          if (!isCurrent()) return
          clearRefresh()
          connection.setWcUri(undefined)
          connection.setBuffering(false)
          connection.setWcError(true)
          connection.setStatus('disconnected')
          throw error
        },
      )
    current = attempt
    return attempt
  }

  return {
    async connect() {
      if (deps.isDeduplicated()) {
        if (current?.pending) {
          if (refreshTimer === undefined && connection.state.get().wcUri) scheduleRefresh(current)
          return current.settled
        }
        if (connection.state.get().wcUri && !connection.isPairingExpired()) return
      }
      return start().settled
    },
    stop() {
      clearRefresh()
      if (!deps.isDeduplicated()) current = undefined
    },
  }
}
