import type { EventsController } from './createEvents.ts'
import type { ConnectSuccessMethod, SelectedMethod, WalletPlatform } from './types.ts'

type Events = Pick<EventsController, 'emit'>

/** The visitor picked a way to connect on the Connect view (email, social, a wallet...). */
export function trackSelectMethod(events: Events, method: SelectedMethod): void {
  events.emit({ type: 'track', event: 'SELECT_METHOD', properties: { method } })
}

/** The visitor picked a wallet: the method it belongs to, then the wallet and where it connects. */
export function trackSelectWallet(
  events: Events,
  wallet: { name: string; id?: string },
  platform: WalletPlatform,
): void {
  trackSelectMethod(events, platform === 'browser' ? 'wallet' : 'walletconnect')
  events.emit({
    type: 'track',
    event: 'SELECT_WALLET',
    properties: { name: wallet.name, platform, ...(wallet.id ? { walletId: wallet.id } : {}) },
  })
}

/** A connection failed: `message` is the sentence the visitor was shown (displayMessage). */
export function trackConnectError(
  events: Events,
  method: ConnectSuccessMethod,
  message: string,
  name?: string,
): void {
  events.emit({
    type: 'track',
    event: 'CONNECT_ERROR',
    properties: { message, method, ...(name ? { name } : {}) },
  })
}

/** Email, social and Farcaster login report their pick before their own flow starts. */
export function trackLoginMethods(
  controller: {
    connectEmail(email: string): Promise<boolean>
    connectSocial(provider: string): Promise<boolean>
    connectFarcaster(): Promise<boolean>
  },
  events: Events,
): void {
  const { connectEmail, connectSocial, connectFarcaster } = controller
  controller.connectEmail = (email) => {
    trackSelectMethod(events, 'email')
    return connectEmail(email)
  }
  // Synchronous until the flow's own call: a social login's popup opens in the click.
  controller.connectSocial = (provider) => {
    trackSelectMethod(events, 'social')
    return connectSocial(provider)
  }
  controller.connectFarcaster = () => {
    trackSelectMethod(events, 'farcaster')
    return connectFarcaster()
  }
}
