import { PAIRING_EXPIRY_MS } from '../../../constants.ts'
import type { WalletConnectProvider } from '../../../options/walletConnectClient.ts'

type ConnectParams = Parameters<WalletConnectProvider['connect']>[0]

/** The pairing topic of a wc: URI (`wc:<topic>@2?...`). */
const topicOf = (uri: string) => uri.slice(3, uri.indexOf('@'))

/**
 * Ends the session proposals still waiting for a wallet (those of `topic`, or all), through
 * WalletConnect's own expiry: the proposal is deleted and its approval rejected, which the pair()
 * waiting on it handles. Left alone, WalletConnect's 5-minute timer rejects a second promise that
 * nobody holds, and the page gets an uncaught "Proposal expired".
 */
export function endProposals(provider: WalletConnectProvider, topic?: string): void {
  const { client } = provider
  for (const proposal of client.proposal.getAll()) {
    if (topic === undefined || proposal.pairingTopic === topic)
      client.core.expirer.set(proposal.id, 0)
  }
}

/**
 * Runs one pairing on the provider: `onUri` gets its URI; a proposal is ended once its URI counts
 * as expired (4 min), before WalletConnect's own 5-minute timer, and any proposal of an
 * earlier attempt is ended as this one starts.
 */
export async function pairOn(
  provider: WalletConnectProvider,
  namespaces: ConnectParams['optionalNamespaces'],
  onUri: (uri: string) => void,
): Promise<void> {
  endProposals(provider)
  let timer: ReturnType<typeof setTimeout> | undefined
  const shown = (uri: string) => {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(() => endProposals(provider, topicOf(uri)), PAIRING_EXPIRY_MS)
    onUri(uri)
  }
  provider.on('display_uri', shown)
  try {
    await provider.connect({ optionalNamespaces: namespaces })
  } finally {
    provider.off('display_uri', shown)
    if (timer !== undefined) clearTimeout(timer)
  }
}
