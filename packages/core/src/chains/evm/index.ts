export { createEvmAdapter, type EvmAdapter, type EvmAdapterOptions } from './createEvmAdapter.ts'
export { ChainNotSupportedError, UserRejectedError } from './errors.ts'
export { switchOrAddChain } from './switchNetwork.ts'
export { toViemChain } from './viemChain.ts'
