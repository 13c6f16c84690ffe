/**
 * The dapp side for the WalletConnect tests: a real @walletconnect/sign-client, offline like the
 * wallet, with the events it receives collected so a test can wait for them.
 */
import type { SignClientTypes } from '@walletconnect/types'
import {
  closeOfflineSignClient,
  createOfflineSignClient,
  type OfflineSignClient,
} from './signClient.ts'
import { pollUntil } from './wait.ts'

export type DappEvent =
  | { name: 'session_event'; args: SignClientTypes.EventArguments['session_event'] }
  | { name: 'session_update'; args: SignClientTypes.EventArguments['session_update'] }
  | { name: 'session_delete'; args: SignClientTypes.EventArguments['session_delete'] }

export type TestDapp = {
  client: OfflineSignClient
  events: DappEvent[]
  /** connect() asking for eip155 `chains` with the usual EVM methods and events. */
  connect(chains: string[]): ReturnType<OfflineSignClient['connect']>
  /** The first collected event of `name` (and matching `where`) not returned before. */
  nextEvent<N extends DappEvent['name']>(
    name: N,
    where?: (event: Extract<DappEvent, { name: N }>) => boolean,
  ): Promise<Extract<DappEvent, { name: N }>>
  close(): Promise<void>
}

export const DAPP_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
]

export async function createTestDapp(
  relayUrl: string,
  projectId = 'latch-test',
): Promise<TestDapp> {
  const client = await createOfflineSignClient({
    relayUrl,
    projectId,
    metadata: {
      name: 'Latch Test Dapp',
      description: 'The dapp side of the WalletConnect tests',
      url: 'http://127.0.0.1:5173',
      icons: [],
    },
  })
  const events: DappEvent[] = []
  const taken = new Set<DappEvent>()
  client.on('session_event', (args) => events.push({ name: 'session_event', args }))
  client.on('session_update', (args) => events.push({ name: 'session_update', args }))
  client.on('session_delete', (args) => events.push({ name: 'session_delete', args }))

  return {
    client,
    events,
    connect: (chains) =>
      client.connect({
        optionalNamespaces: {
          eip155: { chains, methods: DAPP_METHODS, events: ['accountsChanged', 'chainChanged'] },
        },
      }),
    nextEvent(name, where) {
      type Wanted = Extract<DappEvent, { name: typeof name }>
      return pollUntil(
        () => {
          const event = events.find(
            (e): e is Wanted => e.name === name && !taken.has(e) && (!where || where(e as Wanted)),
          )
          if (event) taken.add(event)
          return event
        },
        `the dapp to receive ${name}`,
        10_000,
      )
    },
    close: () => closeOfflineSignClient(client),
  }
}
