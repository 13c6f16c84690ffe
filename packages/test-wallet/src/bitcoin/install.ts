import { randomUUID } from 'node:crypto'
import type { BrowserContext, Frame, Page } from '@playwright/test'
import { answerBridge, defaultIcon, originOf, pagesOf } from '../pages.ts'
import { isRecord } from '../params.ts'
import type { Decision, WalletRequest } from '../wallet.ts'
import { type BitcoinNetworkName, STANDARD_CHAINS } from './keys.ts'
import { satsConnectPageScript } from './satsConnectPageScript.ts'
import { bitcoinStandardPageScript } from './standardPageScript.ts'
import {
  type BitcoinWalletCoreOptions,
  createBitcoinWalletCore,
  type MessageProtocol,
  type ReportedAddress,
} from './walletCore.ts'

export type BitcoinTestWalletOptions = Omit<BitcoinWalletCoreOptions, 'finalizePsbt'> & {
  /** The name and icon the wallet shows; anything left out gets a default. */
  info?: { name?: string; icon?: string }
  /**
   * Whether signed PSBT inputs come back finalized. Default: partial signatures from the Wallet
   * Standard wallet, finalized inputs from the sats-connect one, so a site meets both forms.
   */
  finalizePsbt?: boolean
}

export interface BitcoinTestWallet {
  /** The payment and ordinals addresses as the wallet reports them. */
  addresses: { payment: ReportedAddress; ordinals: ReportedAddress }
  /**
   * Every call the pages made, in order: `method` as the page's protocol names it
   * (`bitcoin:signTransaction`, or sats-connect's `signPsbt`, ...), `params[0]` what Node received.
   */
  requests: WalletRequest[]
  setDecision(decide: (request: WalletRequest) => Decision | Promise<Decision>): void
  /**
   * The next consent request (optionally only of `method`) is declined: Wallet Standard callers
   * get an Error with code 4001, sats-connect callers a response with error code -32000.
   */
  rejectNext(method?: string): void
  /** How messages are signed from now on when the site does not say (BIP-322 or BIP-137). */
  setMessageProtocol(protocol: MessageProtocol): void
  /** From now on PSBTs come back as they were sent, unsigned: a faulty wallet. */
  returnUnsignedPsbt(on?: boolean): void
  /** Revokes every site's approval; connected pages hear it (change with no accounts, disconnect). */
  disconnect(): Promise<void>
}

/** A page half's call through the binding: a hello (state only), or a request to the wallet. */
export function isBridgeMessage(
  value: unknown,
): value is { type: 'hello' } | { type: 'request'; method: string; params: unknown } {
  if (!isRecord(value)) return false
  if (value.type === 'hello') return true
  return value.type === 'request' && typeof value.method === 'string' && isRecord(value.params)
}

type Protocol = 'wallet-standard' | 'sats-connect'

async function install(
  target: BrowserContext | Page,
  options: BitcoinTestWalletOptions,
  protocol: Protocol,
): Promise<BitcoinTestWallet> {
  const id = randomUUID().replaceAll('-', '')
  const bindingName = `__latchBitcoinTestWallet_${id}`
  const hookName = `${bindingName}_state`
  const network: BitcoinNetworkName = options.network ?? 'regtest'

  /** Pushes the wallet state, as seen from each frame's origin, into every frame. */
  const pushState = async () => {
    const pushes: Promise<unknown>[] = []
    for (const page of pagesOf(target)) {
      if (page.isClosed()) continue
      for (const frame of page.frames()) {
        const state = JSON.stringify(core.stateFor(originOf(frame.url())))
        const hook = JSON.stringify(hookName)
        const expression = `(() => { const hook = window[${hook}]; if (typeof hook === 'function') hook(${state}) })()`
        pushes.push(frame.evaluate(expression).catch(() => {}))
      }
    }
    await Promise.all(pushes)
  }

  const core = createBitcoinWalletCore(
    { ...options, network, finalizePsbt: options.finalizePsbt ?? protocol === 'sats-connect' },
    pushState,
  )

  await target.exposeBinding(bindingName, async (source: { frame: Frame }, message: unknown) =>
    answerBridge(core, originOf(source.frame.url()), message, isBridgeMessage),
  )
  const icon = options.info?.icon ?? defaultIcon
  await target.addInitScript({
    content:
      protocol === 'wallet-standard'
        ? bitcoinStandardPageScript({
            bindingName,
            hookName,
            name: options.info?.name ?? 'Latch Bitcoin Test Wallet',
            icon,
            chain: STANDARD_CHAINS[network],
          })
        : satsConnectPageScript({
            bindingName,
            hookName,
            providerId: 'XverseProviders.BitcoinProvider',
            name: options.info?.name ?? 'Latch Sats Test Wallet',
            icon,
            networkName:
              network === 'mainnet' ? 'Mainnet' : network === 'testnet' ? 'Testnet' : 'Regtest',
          }),
  })

  return {
    addresses: core.addresses,
    requests: core.requests,
    setDecision: (decide) => core.setDecision(decide),
    rejectNext: (method) => core.rejectNext(method),
    setMessageProtocol: (next) => core.setMessageProtocol(next),
    returnUnsignedPsbt: (on = true) => core.returnUnsignedPsbt(on),
    disconnect: () => core.disconnect(),
  }
}

/**
 * Installs a Bitcoin Wallet Standard wallet (`bitcoin:connect`, `bitcoin:signMessage`,
 * `bitcoin:signTransaction`, `bitcoin:sendTransfer`, `standard:events`) into every page of
 * `target`; `getWallets()` finds it. Call it before navigating; the keys stay in Node.
 */
export function installBitcoinTestWallet(
  target: BrowserContext | Page,
  options: BitcoinTestWalletOptions,
): Promise<BitcoinTestWallet> {
  return install(target, options, 'wallet-standard')
}

/**
 * Installs a sats-connect wallet: `window.XverseProviders.BitcoinProvider`, listed in
 * `window.btc_providers`, answering `request('getAccounts' | 'signMessage' | 'signPsbt' |
 * 'sendTransfer' | ...)` as sats-connect 4 calls it. Call it before navigating; the keys stay in Node.
 */
export function installSatsConnectTestWallet(
  target: BrowserContext | Page,
  options: BitcoinTestWalletOptions,
): Promise<BitcoinTestWallet> {
  return install(target, options, 'sats-connect')
}
