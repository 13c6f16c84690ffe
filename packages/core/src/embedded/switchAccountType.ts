import type { AccountType } from '../account/account.ts'
import { writePreferredAccountType } from '../account/preferredAccountTypes.ts'
import { displayMessage } from '../displayMessage.ts'
import { LatchError } from '../errors.ts'
import type { ChainNamespace } from '../siteTypes.ts'
import type { SnackbarController } from '../snackbar/index.ts'
import type { LatchStorage } from '../storage/index.ts'
import type { EmbeddedConnectorProperties } from './connector.ts'
import { EMBEDDED_CONNECTOR_ID } from './connectorId.ts'

/** The toast shown on switching to the smart account: a site may expect an EOA's signatures. */
export const SMART_ACCOUNT_NOTICE = 'This application might not support Smart Accounts'

export type SwitchAccountTypeDeps = {
  storage: LatchStorage
  snackbar: Pick<SnackbarController, 'showSuccess' | 'showError'>
  /**
   * The connected wallet's own switch: resolves once the connection acts with the account of
   * `type` (the address, balances and Activity follow the connection).
   */
  switchWallet(namespace: ChainNamespace, type: AccountType): Promise<void>
}

/**
 * Makes the account of `type` (the smart account or the owner EOA) the one the visitor acts with on
 * `namespace`, keeps the choice (per namespace, for the next visit) and, for the smart account,
 * says a site may not support it. A failure is shown in plain words; resolves whether it switched.
 * @example await switchAccountType(deps, 'eip155', 'eoa')
 */
export async function switchAccountType(
  deps: SwitchAccountTypeDeps,
  namespace: ChainNamespace,
  type: AccountType,
): Promise<boolean> {
  try {
    await deps.switchWallet(namespace, type)
  } catch (error) {
    deps.snackbar.showError(displayMessage(error))
    return false
  }
  writePreferredAccountType(deps.storage, namespace, type)
  if (type === 'smartAccount') deps.snackbar.showSuccess(SMART_ACCOUNT_NOTICE)
  return true
}

/** A connection as the EVM family reports it: which wallet is connected, and its connectors. */
export type EmbeddedSwitchSource = {
  connectedWalletId(): string | undefined
  connectors(): readonly { id: string }[]
}

/**
 * The switch of the embedded wallet (email and social login), the one wallet the kit connects
 * with two account types: its connector asks the frame and moves the connection's address.
 */
export async function switchEmbeddedAccount(
  evm: EmbeddedSwitchSource,
  namespace: ChainNamespace,
  type: AccountType,
): Promise<void> {
  if (namespace !== 'eip155' || evm.connectedWalletId() !== EMBEDDED_CONNECTOR_ID)
    throw new LatchError('This wallet has no other account type to switch to')
  const connector = evm.connectors().find((candidate) => candidate.id === EMBEDDED_CONNECTOR_ID) as
    | (EmbeddedConnectorProperties & { id: string })
    | undefined
  if (!connector) throw new LatchError('This wallet has no other account type to switch to')
  await connector.setPreferredAccountType(type)
}
