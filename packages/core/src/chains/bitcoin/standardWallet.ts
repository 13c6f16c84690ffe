import { bitcoinNetworkKind } from '@latch/protocol/bitcoin-networks'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { LatchError } from '../../errors.ts'
import {
  type BitcoinAccount,
  type BitcoinWallet,
  isPurpose,
  toBase64,
  toHex,
} from './bitcoinWallet.ts'
import { rethrowRejection } from './rejection.ts'
import {
  type AddressPurpose,
  type BitcoinConnectFeature,
  type BitcoinSignMessageFeature,
  type BitcoinSignTransactionFeature,
  featureOf,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
} from './walletStandard.ts'

/** The purposes the kit asks for, in this order: the wallet answers its accounts in the same one. */
const ASKED: AddressPurpose[] = ['payment', 'ordinals']

/** The adapter's id of a Bitcoin Wallet Standard wallet: they have a name and no other id. */
export const standardWalletId = (wallet: Pick<Wallet, 'name'>) => `bitcoin-standard:${wallet.name}`

/** The Wallet Standard's chain name of a Bitcoin network (`bitcoin:mainnet`, ...). */
export function standardChainOf(caipNetworkId: string): string {
  const kind = bitcoinNetworkKind(caipNetworkId)
  return `bitcoin:${kind ?? 'mainnet'}`
}

/**
 * A Bitcoin Wallet Standard wallet as the adapter uses it. The wallet gives each account's purpose
 * by answering in the order of the purposes asked (or on the account, as some wallets add it);
 * accounts of a silent connect keep the purposes the wallet gave before.
 */
export function fromStandardWallet(wallet: Wallet): BitcoinWallet {
  // The wallet's own account objects (its signing features take them back), and the purposes it
  // gave each address, which its change events do not repeat.
  const byAddress = new Map<string, WalletAccount>()
  const purposes = new Map<string, AddressPurpose>()
  const accountsOf = (
    accounts: readonly WalletAccount[],
    known?: ReadonlyMap<string, AddressPurpose>,
  ): BitcoinAccount[] =>
    accounts.flatMap((account, index) => {
      byAddress.set(account.address, account)
      const told = (account as { purpose?: unknown }).purpose
      const purpose = isPurpose(told)
        ? told
        : (known?.get(account.address) ?? purposes.get(account.address) ?? ASKED[index])
      if (!purpose) return []
      purposes.set(account.address, purpose)
      return [{ address: account.address, publicKey: toHex(account.publicKey), purpose }]
    })
  const accountFor = (account: BitcoinAccount) => {
    const found = byAddress.get(account.address)
    if (!found) throw new LatchError(`${wallet.name} does not hold ${account.address}`)
    return found
  }

  return {
    id: standardWalletId(wallet),
    name: wallet.name,
    icon: wallet.icon,
    async connect({ silent, known }) {
      if (silent) {
        const standard = featureOf<StandardConnectFeature, 'standard:connect'>(
          wallet,
          'standard:connect',
        )
        const accounts = standard
          ? (await standard.connect({ silent: true })).accounts
          : wallet.accounts
        return accountsOf(accounts, known)
      }
      const connect = featureOf<BitcoinConnectFeature, 'bitcoin:connect'>(wallet, 'bitcoin:connect')
      if (!connect) throw new LatchError(`${wallet.name} cannot connect`)
      const { accounts } = await connect.connect({ purposes: [...ASKED] }).catch(rethrowRejection)
      return accountsOf(accounts)
    },
    async disconnect() {
      const feature = featureOf<StandardDisconnectFeature, 'standard:disconnect'>(
        wallet,
        'standard:disconnect',
      )
      await feature?.disconnect().catch(() => undefined)
    },
    async signMessage(account, message) {
      const feature = featureOf<BitcoinSignMessageFeature, 'bitcoin:signMessage'>(
        wallet,
        'bitcoin:signMessage',
      )
      if (!feature) throw new LatchError(`${wallet.name} cannot sign messages`)
      const [signed] = await feature
        .signMessage({ account: accountFor(account), message: new TextEncoder().encode(message) })
        .catch(rethrowRejection)
      if (!signed) throw new LatchError('The wallet signed nothing')
      return toBase64(signed.signature)
    },
    async signPsbt(psbt, inputs, caipNetworkId) {
      const feature = featureOf<BitcoinSignTransactionFeature, 'bitcoin:signTransaction'>(
        wallet,
        'bitcoin:signTransaction',
      )
      if (!feature) throw new LatchError(`${wallet.name} cannot sign transactions`)
      const [signed] = await feature
        .signTransaction({
          psbt,
          chain: standardChainOf(caipNetworkId),
          inputsToSign: inputs.map(({ account, indexes }) => ({
            account: accountFor(account),
            signingIndexes: [...indexes],
          })),
        })
        .catch(rethrowRejection)
      if (!signed) throw new LatchError('The wallet signed nothing')
      return signed.signedPsbt
    },
    onChange(listener) {
      const events = featureOf<StandardEventsFeature, 'standard:events'>(wallet, 'standard:events')
      if (!events) return () => undefined
      return events.on('change', ({ accounts }) => {
        if (accounts === undefined) return
        listener(accountsOf(accounts))
      })
    },
  }
}
