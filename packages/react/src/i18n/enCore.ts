import type { Message } from '@latch/protocol/i18n'

// The English words core writes as they are (its errors, the spec's among them, and the Swap
// form's states): not inline, since English shows them as core wrote them and the views that name
// them by key load with the later English part. Another language looks core's words up here to
// find their key, so its catalogue loads this chunk with it.
export const coreWords = {
  'alert.notSetUp':
    "This site's wallet service is not set up correctly. Wallets installed in your browser still work, but some features are unavailable.",
  'alert.unreachable':
    "This site's wallet service could not be reached. Wallets installed in your browser still work, but some features are unavailable.",
  'error.actionNotAllowed': 'Action not allowed',
  'error.anErrorOccurred': 'An error occurred',
  'error.authInit': 'A problem occurred while trying initialize authentication',
  'error.authenticating': 'Authenticating...',
  'error.chainNotSupported': 'Chain is not supported',
  'error.embeddedLoadFailed': 'Embedded wallet load failed',
  'error.embeddedTimedOut': 'Embedded Wallet Request Timed Out',
  'error.failedToDisconnect': 'Failed to disconnect',
  'error.fetchTransactions': 'Failed to fetch transactions',
  'error.gasPriceNetwork': 'Network not supported for Gas Price',
  'error.invalidAppConfiguration': 'Invalid App Configuration',
  'error.invalidProjectId': 'Invalid Project ID',
  'error.nameSuggestions': 'Error fetching name suggestions',
  'error.networkNotFound': 'Network Not Found',
  'error.projectIdNotConfigured': 'Project ID Not Configured',
  'error.requestAborted': 'Request was aborted',
  'error.resolvingName': 'Error resolving name',
  'error.serviceUnreachable': 'Service Unreachable',
  'error.sessionExpired': 'Session Expired',
  'error.signatureDeclined': 'Signature declined',
  'error.smartAccounts': 'This application might not support Smart Accounts',
  'error.somethingWentWrong': 'Something went wrong',
  'error.swapNetwork': 'Network not supported for Swaps',
  'error.tokenBalanceUnavailable': 'Token Balance Unavailable',
  'error.unsupportedChain': 'Unsupported chain',
  'onramp.invalidAmount': 'Enter an amount such as 50 or 49.25',
  'swap.again': 'Swap again',
  'swap.enterAmount': 'Enter an amount',
  'swap.enterNumber': 'Enter a number, e.g. 0.1',
  'swap.gettingQuote': 'Getting quote…',
  'swap.greaterThanZero': 'Enter an amount greater than 0',
  'swap.insufficient': 'Insufficient balance',
  'swap.invalidAmount': 'Invalid amount',
  'swap.noLiquidity': 'No liquidity',
  'swap.selectToken': 'Select a token',
  'swap.swapping': 'Swapping…',
  'swap.unavailableShort': 'Swap unavailable',
} as const satisfies Record<string, Message>
