// CAIP-10 and CAIP-2 checks live in @latch/protocol, shared with the server.
// The zod-free entry: the page bundle carries no schema library (smaller, and no eval under CSP).
export { isCaipAddress, isCaipNetworkId } from '@latch/protocol/caip'
// One EVM address rule for the kit and the server: 40 hex characters, with or without 0x, in
// one case or in their EIP-55 checksum's (mixed case that is not the checksum is a typo).
export { isEvmAddress } from '@latch/protocol/evm-address'
// One Solana address check for the kit and the server: 32 to 44 base58 characters that
// decode to a 32-byte key. Its subpath, not the package root (which would bring zod into the page).
export { isSolanaAddress } from '@latch/protocol/solana'
export { isAccountName } from './isAccountName.ts'
export { isEmail } from './isEmail.ts'
export { isSignature } from './isSignature.ts'
export { isTransactionHash } from './isTransactionHash.ts'
