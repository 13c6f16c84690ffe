// What only a site with several chain families needs (EVM and Solana): one chunk, loaded with the
// families' code when there is more than one, so a single-family page carries none of it.

export { followActiveFamily } from '../rules/followActiveFamily.ts'
export { mergeWallets } from './mergeWallets.ts'
