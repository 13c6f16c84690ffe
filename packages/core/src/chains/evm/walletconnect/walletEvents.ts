import { isEvmAddress } from '@latch/protocol/evm-address'
import type { CreateConnectorFn } from '@wagmi/core'
import { getAddress } from 'viem'
import type {
  WalletConnectConnectorOptions,
  WalletConnectProvider,
} from '../../../options/walletConnectClient.ts'

/** What wagmi hands a connector: its chains and its event emitter. */
export type ConnectorConfig = Parameters<CreateConnectorFn>[0]

/**
 * The wallet's EVM events told to wagmi: another account, another chain, the session ended.
 * `listen` subscribes to the provider once, however often the connector connects.
 */
export function walletEvents(
  config: Pick<ConnectorConfig, 'emitter'>,
  options: Pick<WalletConnectConnectorOptions, 'setStoredSession'>,
) {
  let listening = false
  // A session deleted from the wallet's side, or expired, disconnects the page.
  const onDisconnect = () => {
    options.setStoredSession(false)
    config.emitter.emit('disconnect')
  }
  // The provider tells every namespace's accounts here, without their namespace: EVM takes its own
  // (a Solana account, base58, is the Solana watcher's).
  const onAccountsChanged = (accounts: string[]) => {
    const evm = accounts.filter((account) => account.startsWith('0x') && isEvmAddress(account))
    if (accounts.length === 0) onDisconnect()
    else if (evm.length > 0)
      config.emitter.emit('change', { accounts: evm.map((account) => getAddress(account)) })
  }
  const onChainChanged = (chain: string) => {
    config.emitter.emit('change', { chainId: Number(chain) })
  }
  return {
    onAccountsChanged,
    onChainChanged,
    onDisconnect,
    listen(loaded: Pick<WalletConnectProvider, 'on'>) {
      if (listening) return
      listening = true
      loaded.on('accountsChanged', onAccountsChanged)
      loaded.on('chainChanged', onChainChanged)
      loaded.on('session_delete', onDisconnect)
    },
  }
}
