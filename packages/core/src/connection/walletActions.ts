// What runs on a click in the modal (connect a browser wallet, pair by WalletConnect, switch the
// network): one chunk, loaded as the modal first opens or on the first call, not with the page.

export { connectFamilies, connectWithSameWallet } from '../chains/connectFamilies.ts'
export { connectBrowserWallet } from './connectBrowserWallet.ts'
export { createLatchWalletConnect } from './latchWalletConnect.ts'
