import { displayMessage } from '@latch/core'
import { listFormat } from '@latch/protocol/i18n'
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
import type { Said } from './i18n/DemoI18nContext.ts'
import { useDemoI18n } from './i18n/useDemoI18n.ts'
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

/**
 * The message the demo asks a wallet to sign, the same in every language: the wallet shows it, the
 * page does not, and a site's backend checks a signature against one known text.
 */
export const DEMO_MESSAGE = 'Hello from the Latch demo'

/** CAIP network ids listed the locale's way, with no "and" English never had: "a, b, c". */
const NETWORK_LIST = { type: 'conjunction', style: 'narrow' } as const

function ServerStatus() {
  const { api } = useLatchInstance()
  const { say } = useDemoI18n()
  const [status, setStatus] = useState<Said>({ key: 'server.reaching' })
  useEffect(() => {
    api.supportedChains().then(
      ({ http }) =>
        setStatus(
          http.length > 0
            ? {
                key: 'server.online',
                params: { networks: (locale) => listFormat(locale, NETWORK_LIST).format(http) },
              }
            : { key: 'server.onlineNoNetworks' },
        ),
      (error: unknown) =>
        setStatus({ key: 'server.unreachable', params: { reason: displayMessage(error) } }),
    )
  }, [api])
  return <p data-testid="server-status">{say(status)}</p>
}

function AccountSummary() {
  const account = useLatchAccount()
  const network = useLatchNetwork()
  const { t } = useDemoI18n()
  if (!account.isConnected) return <p data-testid="demo-account">{t('account.notConnected')}</p>
  const address = account.address ?? ''
  return (
    <p data-testid="demo-account">
      {network.unsupported
        ? t('account.connectedUnsupported', { address })
        : t('account.connected', { address, network: network.caipNetwork?.name ?? '' })}
    </p>
  )
}

/** What each "Send … to yourself" sends: 0.001 of the native token, to the account itself. */
const SOL_SENT = { amount: 0.001, symbol: 'SOL', lamports: 1_000_000n }
const ETH_SENT = { amount: 0.001, symbol: 'ETH', wei: 1_000_000_000_000_000n }

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
        sent={SOL_SENT}
        sign={() => solana.signMessage(DEMO_MESSAGE)}
        send={async (onSent) => {
          const sent = await solana.sendTransfer({ to: active.address, amount: SOL_SENT.lamports })
          onSent(sent.id)
          const receipt = await solana.waitForTransfer(sent)
          return {
            key: receipt.success ? 'tryIt.confirmed' : 'tryIt.failed',
            params: { id: sent.id },
          }
        }}
      />
    )
  const address = account.address as `0x${string}`
  return (
    <TryIt
      key={account.address}
      sent={ETH_SENT}
      sign={() => latch.evm.signMessage(DEMO_MESSAGE)}
      send={async (onSent) => {
        const hash = await latch.evm.sendTransaction({ to: address, value: ETH_SENT.wei })
        onSent(hash)
        const receipt = await latch.evm.waitForTransaction(hash)
        return {
          key: receipt.success ? 'tryIt.confirmedInBlock' : 'tryIt.revertedInBlock',
          // A block number names a block: written as the chain writes it, with no grouping.
          params: { id: hash, block: String(receipt.blockNumber) },
        }
      }}
    />
  )
}

/**
 * What a site does with a connected wallet: ask for a signature, send `sent` to itself (through
 * the EVM or the Solana family, whichever account is active).
 */
function TryIt(props: {
  sent: { amount: number; symbol: string }
  sign(): Promise<string>
  /** Resolves with the outcome once mined; `onSent` hears the id as soon as the wallet sent it. */
  send(onSent: (id: string) => void): Promise<Said>
}) {
  const { t, say } = useDemoI18n()
  const [signature, setSignature] = useState<Said | string>()
  const [transaction, setTransaction] = useState<Said>()

  const sign = async () => {
    setSignature({ key: 'tryIt.waiting' })
    try {
      setSignature(await props.sign())
    } catch (error) {
      setSignature({ key: 'tryIt.notSigned', params: { reason: displayMessage(error) } })
    }
  }
  const send = async () => {
    setTransaction({ key: 'tryIt.waiting' })
    try {
      setTransaction(
        await props.send((id) => setTransaction({ key: 'tryIt.sent', params: { id } })),
      )
    } catch (error) {
      setTransaction({ key: 'tryIt.notSent', params: { reason: displayMessage(error) } })
    }
  }
  return (
    <section className="try-it" aria-label={t('tryIt.label')}>
      <p>
        <button type="button" onClick={sign} data-testid="demo-sign">
          {t('tryIt.sign')}
        </button>{' '}
        <span className="result" data-testid="demo-signature">
          {say(signature)}
        </span>
      </p>
      <p>
        <button type="button" onClick={send} data-testid="demo-send">
          {t('tryIt.send', props.sent)}
        </button>{' '}
        <span className="result" data-testid="demo-transaction">
          {say(transaction)}
        </span>
      </p>
    </section>
  )
}

/** The sign-in session the Latch server verified, which the site's backend can check by token. */
function SignInStatus() {
  const latch = useLatchInstance()
  const { session } = useStore(latch.siwx.state)
  const { t } = useDemoI18n()
  if (!latch.siwx.enabled) return null
  if (!session) return <p data-testid="demo-siwx">{t('signIn.notSignedIn')}</p>
  return (
    <p data-testid="demo-siwx">
      {/* A chain id names a chain: written as it is, with no grouping. */}
      {t('signIn.signedIn', {
        address: session.session.address,
        chainId: String(session.session.chainId),
      })}{' '}
      <button type="button" onClick={() => void latch.siwx.signOut()}>
        {t('signIn.signOut')}
      </button>
    </p>
  )
}

/** The kit's tracked events, newest first, as a site's analytics would see them. */
function EventLog() {
  const { events } = useLatchInstance()
  const { t } = useDemoI18n()
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
    <ol aria-label={t('page.events')} data-testid="demo-events">
      {log.map((entry) => (
        <li key={entry.id}>{entry.text}</li>
      ))}
    </ol>
  )
}

export function App() {
  const { t } = useDemoI18n()
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
        <span className="brand">{t('page.brand')}</span>
        <span className="header-actions">
          <LanguagePicker />
          <ThemeSwitch />
          <ConnectButton />
        </span>
      </header>
      <main className="main">
        <h1>{t('page.heading')}</h1>
        <ServerStatus />
        <AccountSummary />
        <SignInStatus />
        <TryItForAccount />
        <SmartSessionForAccount />
        <EventLog />
        <ExportLogs />
        <p data-testid="devnet-chains">
          {chainNames.length > 0
            ? t('page.devnet', { chains: chainNames.join(' · ') })
            : t('page.noDevnet')}
        </p>
      </main>
    </>
  )
}
