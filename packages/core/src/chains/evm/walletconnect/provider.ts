// Loaded only when a visitor picks WalletConnect or a phone wallet, or a stored session is
// restored: the WalletConnect client is most of the kit's code and most visitors never need it.
import { UniversalProvider } from '@walletconnect/universal-provider'
import type {
  StartWalletConnect,
  WalletConnectProvider,
} from '../../../options/walletConnectClient.ts'

/** Starts the WalletConnect client and restores the session it stored, if any. */
export const initWalletConnectProvider: StartWalletConnect = async (options) => {
  const provider = await UniversalProvider.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    metadata: options.metadata,
    customStoragePrefix: options.storagePrefix,
    logger: 'error',
    // No usage reports to a third party: Latch runs without any vendor's cloud.
    telemetryEnabled: false,
  })
  // Attestation would load a frame from verify.walletconnect.org with the site's origin in it
  // (a third party, blocked by a strict CSP, and a 5 s stall when unreachable). Wallets treat a
  // proposal without attestation as unverified, which is what a self-hosted relay is.
  provider.client.core.verify.register = async () => ''
  const fitted: WalletConnectProvider = provider
  return fitted
}
