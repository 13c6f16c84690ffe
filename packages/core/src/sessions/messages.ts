/** A wallet that can neither grant nor revoke permissions (no ERC-7715 capability). */
export const PERMISSIONS_UNSUPPORTED =
  'This wallet cannot grant permissions: sign in with email or a social account, or use a wallet that supports smart sessions'
/** A grant or revoke asked for while no EVM wallet is connected. */
export const PERMISSIONS_NOT_CONNECTED = 'Connect a wallet before granting or revoking permissions'
