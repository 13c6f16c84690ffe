import type { Connector } from '@wagmi/core'
import type { EmbeddedConnectorProperties } from '../../embedded/connector.ts'
import { EMBEDDED_CONNECTOR_ID } from '../../embedded/connectorId.ts'
import type { WalletOption } from '../types.ts'
import {
  WALLETCONNECT_CONNECTOR_ID,
  type WalletConnectConnectorProperties,
} from './walletconnect/connector.ts'

/** A wagmi connector as the modal shows it: WalletConnect by its peer, the embedded wallet by its own. */
export function toWalletOption(connector: Connector): WalletOption {
  if (connector.id === EMBEDDED_CONNECTOR_ID) {
    const info = (connector as unknown as EmbeddedConnectorProperties).walletInfo()
    // WalletOption.kind has no member for the embedded wallet; it is never listed (listWallets).
    return { id: connector.id, name: info.name, icon: info.icon, rdns: undefined, kind: 'injected' }
  }
  if (connector.id === WALLETCONNECT_CONNECTOR_ID) {
    const peer = (connector as unknown as WalletConnectConnectorProperties).peer()
    return {
      id: connector.id,
      name: peer?.name ?? connector.name,
      icon: peer?.icon,
      rdns: undefined,
      kind: 'walletConnect',
    }
  }
  const announced = connector.type === 'injected' && connector.id !== 'injected'
  return {
    id: connector.id,
    name: connector.id === 'injected' ? 'Browser Wallet' : connector.name,
    icon: connector.icon,
    rdns: announced ? connector.id : undefined,
    kind: announced ? 'announced' : 'injected',
  }
}

/**
 * The wallets the Connect view lists. The legacy window.ethereum entry is offered only when no
 * wallet announced itself (EIP-6963), and only when the page has one (`hasLegacy`).
 */
export function listWallets(
  connectors: readonly Connector[],
  hasLegacy: () => boolean,
): WalletOption[] {
  // Email and social login have their own sections in the Connect view.
  const options = connectors
    .filter((connector) => connector.id !== EMBEDDED_CONNECTOR_ID)
    .map(toWalletOption)
  const announced = options.filter((option) => option.kind === 'announced')
  if (announced.length > 0) return announced
  return hasLegacy() ? options.filter((option) => option.kind === 'injected') : []
}
