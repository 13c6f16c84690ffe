import { type PermissionsWalletDeps, permissionsWallet } from './permissionsWallet.ts'

/** A session to end: its id (the grant's `context`) and its chain (hex). */
export type RevokeRequest = { permissionsContext: `0x${string}`; chainId: `0x${string}` }

/**
 * Asks the connected wallet to end a session (wallet_revokePermissions): once it resolves the
 * chain refuses every user operation the session key signs.
 * @example await revokePermissions(deps, { permissionsContext: granted.context, chainId: '0x7a69' })
 */
export async function revokePermissions(
  deps: PermissionsWalletDeps,
  request: RevokeRequest,
): Promise<void> {
  const wallet = await permissionsWallet(deps, request.chainId)
  await wallet.request({ method: 'wallet_revokePermissions', params: [request] })
}
