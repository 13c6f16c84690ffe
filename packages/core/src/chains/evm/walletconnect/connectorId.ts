/** WalletConnect's connector id in the EVM family (its own module: the page needs only the id). */
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect'
