/** The provider's window could not open: the browser blocked it. */
export const ONRAMP_POPUP_BLOCKED =
  'The payment window was blocked. Allow pop-ups for this site and try again.'
/** Buying needs a connected wallet to send the tokens to (the kit's 'no active address' error). */
export const ONRAMP_NOT_CONNECTED = 'No ActiveCaipAddress found'
export const ONRAMP_NO_PROVIDER = 'Choose a provider first'
export const ONRAMP_NO_AMOUNT = 'Enter an amount'
/** A failed order that gives no reason. */
export const ONRAMP_PURCHASE_FAILED = 'The purchase failed'
/** Buying on a family the on-ramp does not serve. */
export const ONRAMP_NOT_SUPPORTED = 'Network not supported for Buy'

/** The families the on-ramp delivers to: EVM chains (the providers' networks are EIP-155 ids). */
export const ONRAMP_NAMESPACES = ['eip155'] as const
