import type { ActiveAccount } from '../account/activeAccount.ts'
import type { BalancesController } from '../balances/createBalances.ts'
import type { EvmAdapter } from '../chains/evm/createEvmAdapter.ts'
import type { ChainAdapter, SentTransfer } from '../chains/types.ts'
import { LatchError } from '../errors.ts'
import type { EventsController } from '../events/index.ts'
import { type LazyCode, lazyCode } from '../lazy/lazyCode.ts'
import type { ModalController } from '../modal/index.ts'
import type { NamesController } from '../names/index.ts'
import type { NetworkController } from '../network/index.ts'
import type { RouterController } from '../router/index.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import type { ReadableStore } from '../store.ts'
import type { SendFlowController } from './createSendFlow.ts'
import type { SendRequest } from './validateSend.ts'

export type WiredSend = {
  /** Checks a send, then has the active family's wallet send it (pending until mined). */
  sendTransfer(request: SendRequest): Promise<SentTransfer>
  /** The Send view's flow, its own chunk: loaded with the view. */
  sendFlow: LazyCode<SendFlowController>
}

/** Sending from the active account, through its family's adapter: `latch.send` and the Send view. */
export function wireSend(deps: {
  /** The active account in CAIP form: the sender. */
  activeAccount: ReadableStore<ActiveAccount | undefined>
  /** The active account's family adapter (it throws when none loaded). */
  activeAdapter(): ChainAdapter
  /** The EVM family's adapter (it throws when none loaded). */
  evm(): EvmAdapter
  network: Pick<NetworkController, 'find'>
  balances: Pick<BalancesController, 'state'>
  names: Pick<NamesController, 'resolve'>
  events: Pick<EventsController, 'emit'>
  snackbar: Pick<SnackbarController, 'showSuccess' | 'showError'>
  router: Pick<RouterController, 'state'>
  modal: Pick<ModalController, 'state'>
}): WiredSend {
  const { activeAdapter, network } = deps
  async function sendTransfer(request: SendRequest): Promise<SentTransfer> {
    const current = deps.activeAccount.get()
    if (!current) throw new LatchError('No ActiveCaipAddress found')
    const family = activeAdapter()
    const preparation = family.transferPreparation
    if (!preparation) throw new LatchError(`Sending is not supported on ${current.caipNetworkId}`)
    // The family checks the send by its own rules: its address and amount checks load with it.
    const { caipNetworkId } = current
    const target = network.find(caipNetworkId)
    return family.sendTransfer(
      await preparation.check(request, { caipNetworkId, ...(target ? { network: target } : {}) }),
    )
  }
  const sendFlow = lazyCode(() =>
    import('./createSendFlow.ts').then(({ createSendFlow }) =>
      createSendFlow({
        events: deps.events,
        balances: deps.balances.state,
        account: deps.activeAccount,
        resolveName: (name) => deps.names.resolve(name),
        estimateFee: (transaction) => deps.evm().estimateFee(transaction),
        nativeBalance: async (address, caipNetworkId) =>
          (await activeAdapter().getBalance(`${caipNetworkId}:${address}`)).value,
        transferFee: async (transfer) => {
          const family = activeAdapter()
          if (!family.transferFee) throw new LatchError('Network fee unavailable')
          return family.transferFee(transfer)
        },
        family: activeAdapter,
        send: sendTransfer,
        waitForTransfer: (sent) => activeAdapter().waitForTransfer(sent),
        network: (caipNetworkId) => network.find(caipNetworkId),
        snackbar: deps.snackbar,
        router: deps.router,
        modal: deps.modal,
      }),
    ),
  )
  return { sendTransfer, sendFlow }
}
