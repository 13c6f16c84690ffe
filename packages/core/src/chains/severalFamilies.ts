// What only a site with several chain families needs (EVM and Solana): one chunk, loaded with the
// second family, so a single-family page carries none of it.

export { followActiveFamily } from '../rules/followActiveFamily.ts'
export { loadFamilies } from './loadFamilies.ts'
export { mergeWallets } from './mergeWallets.ts'
export { trackTransfers } from './trackTransfers.ts'
