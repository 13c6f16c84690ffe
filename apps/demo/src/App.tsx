import { displayMessage } from '@latch/core'
import {
  ConnectButton,
  useLatchAccount,
  useLatchInstance,
  useLatchNetwork,
  useStore,
} from '@latch/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { demoConfig } from './config.ts'
import { ExportLogs } from './ExportLogs.tsx'
import { LanguagePicker } from './LanguagePicker.tsx'
import { ThemeSwitch } from './ThemeSwitch.tsx'

// The Smart session panel is shown to an EVM account only: its code loads with it.
const SmartSessionPanel = lazy(() =>
  import('./sessions/SmartSessionPanel.tsx').then((module) => ({
    default: module.SmartSessionPanel,
  })),
)

/** The Smart session panel, for a connected EVM account. */
function SmartSessionForAccount() {
  const account = useLatchAccount()
  const latch = useLatchInstance()
  const active = useStore(latch.activeAccount)
  if (!account.isConnected || active?.namespace !== 'eip155') return null
  return (
    <Suspense fallback={null}>
      <SmartSessionPanel key={active.caipAddress} />
    </Suspense>
  )
}

/** The message the demo asks a wallet to sign. */
export const DEMO_MESSAGE = 'Hello from the Latch demo'

function ServerStatus() {
  const { api } = useLatchInstance()
  const [status, setStatus] = useState('Reaching the Latch server…')
  useEffect(() => {
    api.supportedChains().then(
      (chains) => setStatus(`Latch server online · networks ${chains.http.join(', ') || 'none'}`),
      (error: Error) => setStatus(`Latch server unreachable: ${error.message}`),
    )
  }, [api])
  return <p data-testid="server-status">{status}</p>
}

function AccountSummary() {
  const account = useLatchAccount()
  const network = useLatchNetwork()
  if (!account.isConnected) return <p data-testid="demo-account">Not connected</p>
  return (
    <p data-testid="demo-account">
      Connected {account.address} on{' '}
      {network.unsupported ? 'an unsupported network' : network.caipNetwork?.name}
    </p>
  )
}

/** Each account gets its own results: another account starts with none. */
function TryItForAccount() {
  const account = useLatchAccount()
  const latch = useLatchInstance()
  const active = useStore(latch.activeAccount)
  if (!account.isConnected || !account.address) return null
  const solana = latch.adapters.solana
  if (active?.namespace === 'solana' && solana)
    return (
      <TryIt
        key={active.caipAddress}
        amount="0.001 SOL"
        sign={() => solana.signMessage(DEMO_MESSAGE)}
        send={async (onSent) => {
          const sent = await solana.sendTransfer({ to: active.address, amount: 1_000_000n })
          onSent(sent.id)
          const receipt = await solana.waitForTransfer(sent)
          return `${receipt.success ? 'Confirmed' : 'Failed'} ${sent.id}`
        }}
      />
    )
  const address = account.address as `0x${string}`
  return (
    <TryIt
      key={account.address}
      amount="0.001 ETH"
      sign={() => latch.evm.signMessage(DEMO_MESSAGE)}
      send={async (onSent) => {
        const hash = await latch.evm.sendTransaction({ to: address, value: 1_000_000_000_000_000n })
        onSent(hash)
        const receipt = await latch.evm.waitForTransaction(hash)
        return `${receipt.success ? 'Confirmed' : 'Reverted'} ${hash} in block ${receipt.blockNumber}`
      }}
    />
  )
}

/**
 * What a site does with a connected wallet: ask for a signature, send `amount` to itself (through
 * the EVM or the Solana family, whichever account is active).
 */
function TryIt(props: {
  amount: string
  sign(): Promise<string>
  /** Resolves with the outcome once mined; `onSent` hears the id as soon as the wallet sent it. */
  send(onSent: (id: string) => void): Promise<string>
}) {
  const [signature, setSignature] = useState<string>()
  const [transaction, setTransaction] = useState<string>()

  const sign = async () => {
    setSignature('Waiting for the wallet…')
    try {
      setSignature(await props.sign())
    } catch (error) {
      setSignature(`Not signed: ${displayMessage(error)}`)
    }
  }
  const send = async () => {
    setTransaction('Waiting for the wallet…')
    try {
      setTransaction(await props.send((id) => setTransaction(`Sent ${id}`)))
    } catch (error) {
      setTransaction(`Not sent: ${displayMessage(error)}`)
    }
  }
  return (
    <section className="try-it" aria-label="Try it">
      <p>
        <button type="button" onClick={sign}>
          Sign a message
        </button>{' '}
        <span className="result" data-testid="demo-signature">
          {signature}
        </span>
      </p>
      <p>
        <button type="button" onClick={send}>
          Send {props.amount} to yourself
        </button>{' '}
        <span className="result" data-testid="demo-transaction">
          {transaction}
        </span>
      </p>
    </section>
  )
}

/** The sign-in session the Latch server verified, which the site's backend can check by token. */
function SignInStatus() {
  const latch = useLatchInstance()
  const { session } = useStore(latch.siwx.state)
  if (!latch.siwx.enabled) return null
  if (!session) return <p data-testid="demo-siwx">Not signed in</p>
  return (
    <p data-testid="demo-siwx">
      Signed in as {session.session.address} on chain {session.session.chainId}{' '}
      <button type="button" onClick={() => void latch.siwx.signOut()}>
        Sign out
      </button>
    </p>
  )
}

/** The kit's tracked events, newest first, as a site's analytics would see them. */
function EventLog() {
  const { events } = useLatchInstance()
  const [log, setLog] = useState<{ id: number; text: string }[]>([])
  useEffect(
    () =>
      events.subscribe((event) => {
        const method =
          event.properties && 'method' in event.properties ? ` (${event.properties.method})` : ''
        setLog((entries) =>
          [{ id: (entries[0]?.id ?? 0) + 1, text: `${event.event}${method}` }, ...entries].slice(
            0,
            10,
          ),
        )
      }),
    [events],
  )
  return (
    <ol aria-label="Events" data-testid="demo-events">
      {log.map((entry) => (
        <li key={entry.id}>{entry.text}</li>
      ))}
    </ol>
  )
}

export function App() {
  const solana = demoConfig.devnet?.solana
  const bitcoin = demoConfig.devnet?.bitcoin
  const polkadot = demoConfig.devnet?.polkadot
  // Every chain the devnet runs, whichever families this page configures (?families=).
  const chainNames = [
    ...(demoConfig.devnet?.chains.map((chain) => `${chain.name} (${chain.chainId})`) ?? []),
    ...(solana ? [solana.name] : []),
    ...(bitcoin ? [bitcoin.name] : []),
    ...(polkadot ? [polkadot.name] : []),
  ]
  return (
    <>
      <header className="header">
        <span className="brand">Latch demo</span>
        <span className="header-actions">
          <LanguagePicker />
          <ThemeSwitch />
          <ConnectButton />
        </span>
      </header>
      <main className="main">
        <h1>A site that hosts the Latch kit</h1>
        <ServerStatus />
        <AccountSummary />
        <SignInStatus />
        <TryItForAccount />
        <SmartSessionForAccount />
        <EventLog />
        <ExportLogs />
        <p data-testid="devnet-chains">
          {chainNames.length > 0 ? `Devnet: ${chainNames.join(' · ')}` : 'No devnet manifest found'}
        </p>
      </main>
    </>
  )
}
