/** Methods that sign a message: nothing is sent, so the screen is no "transaction". */
const SIGNATURE_TITLES: Record<string, string> = {
  personal_sign: 'Signature Request',
  eth_signTypedData_v4: 'Signature Request',
  solana_signMessage: 'Signature Request',
  wallet_grantPermissions: 'Grant Permissions',
  wallet_revokePermissions: 'Revoke Permissions',
}

/**
 * The ApproveTransaction view's title for the request it waits for: a signature request is not a
 * transaction; anything that sends (or no known request) is.
 * @example approvalTitle('personal_sign') // 'Signature Request'
 */
export function approvalTitle(method: string | undefined): string {
  return (
    (method && Object.hasOwn(SIGNATURE_TITLES, method) && SIGNATURE_TITLES[method]) ||
    'Approve Transaction'
  )
}
