// CAIP-10 and CAIP-2 checks live in @latch/protocol, shared with the server.
// The zod-free entry: the page bundle carries no schema library (smaller, and no eval under CSP).
export { isCaipAddress, isCaipNetworkId } from '@latch/protocol/caip'
export { isAccountName } from './isAccountName.ts'
export { isEmail } from './isEmail.ts'
export { isEvmAddress } from './isEvmAddress.ts'
export { isSignature } from './isSignature.ts'
export { isSolanaAddress } from './isSolanaAddress.ts'
export { isTransactionHash } from './isTransactionHash.ts'
