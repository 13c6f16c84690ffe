import type { GrantResponse, PermissionRequestInput } from '@latch/protocol/smart-sessions'
import { LatchError } from '../errors.ts'
import { type PermissionsWalletDeps, permissionsWallet } from './permissionsWallet.ts'

/**
 * Asks the connected wallet for an ERC-7715 grant (wallet_grantPermissions) and resolves with the
 * session it granted (its `context` is the id the session key signs with and a revoke names).
 * @example await grantPermissions(deps, { chainId: '0x7a69', expiry, signer, permissions })
 */
export async function grantPermissions(
  deps: PermissionsWalletDeps,
  request: PermissionRequestInput,
): Promise<GrantResponse> {
  const wallet = await permissionsWallet(deps, request.chainId as `0x${string}`)
  const granted = (await wallet.request({
    method: 'wallet_grantPermissions',
    params: [request],
  })) as GrantResponse | undefined
  if (typeof granted?.context !== 'string')
    throw new LatchError('The wallet answered the grant without a permissions context')
  return granted
}
