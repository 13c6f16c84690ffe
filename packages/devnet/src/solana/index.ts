export { type AccountView, SolanaChain } from './chain.ts'
export { DEFAULT_SOLANA_PORT, SOLANA_CHAIN_NAME } from './constants.ts'
export { keypairFromMnemonic, keypairFromSeed, type SolanaKeypair } from './keys.ts'
export { type SolanaDevnet, type SolanaDevnetOptions, startSolanaDevnet } from './server.ts'
