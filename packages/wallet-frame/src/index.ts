// Node side of @latch/wallet-frame, for the server and scripts. The page's own code (main.ts and
// what it imports) runs in the browser and is never imported from here.
export { ensureWalletFrameBuilt, walletFrameDistDir } from './node/ensureWalletFrameBuilt.ts'
