import { LatchError } from '../errors.ts'
import { PERMISSIONS_NOT_CONNECTED, PERMISSIONS_UNSUPPORTED } from './messages.ts'

/** An EIP-1193 request. */
export type WalletRequest = (args: { method: string; params?: unknown }) => Promise<unknown>

/** The connected EVM wallet as the permission calls see it. */
export type ConnectedEvmWallet = {
  /** The account acting now (the smart account for an embedded user who uses it). */
  address: `0x${string}`
  /** The embedded wallet (email and social login): its provider asks in the frame. */
  embedded: boolean
  request: WalletRequest
}

export type PermissionsWalletDeps = {
  /** The connected EVM wallet, undefined when none is. */
  wallet(): Promise<ConnectedEvmWallet | undefined>
}

/** ERC-7715's capability as wallet_getCapabilities reports it per chain. */
type PermissionsCapability = { permissions?: { supported?: unknown } }

/**
 * The wallet that takes a wallet_grantPermissions or wallet_revokePermissions on `chainId`: the
 * embedded wallet always (its server builds the session on the smart account, after the visitor's
 * approval in the frame); another wallet only when its EIP-5792 capabilities on that chain report
 * ERC-7715's `permissions`; any other is refused with PERMISSIONS_UNSUPPORTED.
 */
export async function permissionsWallet(
  deps: PermissionsWalletDeps,
  chainId: `0x${string}`,
): Promise<ConnectedEvmWallet> {
  const wallet = await deps.wallet()
  if (!wallet) throw new LatchError(PERMISSIONS_NOT_CONNECTED)
  if (wallet.embedded) return wallet
  let capabilities: Record<string, PermissionsCapability | undefined> | undefined
  try {
    capabilities = (await wallet.request({
      method: 'wallet_getCapabilities',
      params: [wallet.address, [chainId]],
    })) as typeof capabilities
  } catch {
    // A wallet that does not know the method knows no permissions either.
    throw new LatchError(PERMISSIONS_UNSUPPORTED)
  }
  const onChain = capabilities?.[chainId] ?? capabilities?.[`0x${BigInt(chainId).toString(16)}`]
  if (onChain?.permissions?.supported !== true) throw new LatchError(PERMISSIONS_UNSUPPORTED)
  return wallet
}
